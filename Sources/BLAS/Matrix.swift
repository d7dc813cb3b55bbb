internal import COpenBLAS

/// Single-precision matrix products on OpenBLAS.
///
/// Matrices are dense, row-major `[Float]` buffers.
public enum BLAS {
    /// Caps the threads OpenBLAS itself starts for one call; callers that run their own workers (one per core)
    /// set 1 so the two kinds of parallelism don't fight over the cores.
    ///
    /// The setting is process-wide.
    public static func setThreads(_ count: Int) {
        openblas_set_num_threads(Int32(count))
    }

    /// The number of threads OpenBLAS uses for one call.
    public static var threads: Int { Int(openblas_get_num_threads()) }

    /// C = alpha · A · op(B) + beta · C, where A is m×k, op(B) is k×n (B is n×k when `transposeB`), C is m×n.
    public static func multiply(
        _ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, into c: UnsafeMutablePointer<Float>,
        m: Int, n: Int, k: Int, transposeB: Bool = false, alpha: Float = 1, beta: Float = 0
    ) {
        precondition(m >= 0 && n >= 0 && k >= 0, "matrix sizes must not be negative")
        if m == 0 || n == 0 { return }
        cblas_sgemm(
            CblasRowMajor, CblasNoTrans, transposeB ? CblasTrans : CblasNoTrans, Int32(m), Int32(n), Int32(k), alpha,
            a, Int32(k), b, transposeB ? Int32(k) : Int32(n), beta, c, Int32(n))
    }

    /// C = A · op(B) on buffers, each checked to hold its matrix before OpenBLAS sees it (an empty matrix does
    /// nothing).
    public static func multiply(
        _ a: UnsafeBufferPointer<Float>, _ b: UnsafeBufferPointer<Float>, into c: UnsafeMutableBufferPointer<Float>,
        m: Int, n: Int, k: Int, transposeB: Bool = false
    ) {
        precondition(m >= 0 && n >= 0 && k >= 0, "matrix sizes must not be negative")
        precondition(a.count >= m * k && b.count >= k * n && c.count >= m * n, "a matrix overruns its buffer")
        guard let pa = a.baseAddress, let pb = b.baseAddress, let pc = c.baseAddress else { return }
        multiply(pa, pb, into: pc, m: m, n: n, k: k, transposeB: transposeB)
    }

    /// C = A · op(B) on arrays; returns the m×n product.
    public static func multiply(
        _ a: [Float], _ b: [Float], m: Int, n: Int, k: Int, transposeB: Bool = false
    ) -> [Float] {
        precondition(a.count == m * k && b.count == k * n, "matrix sizes do not match their buffers")
        var c = [Float](repeating: 0, count: m * n)
        multiply(
            a, Layout(rows: m, columns: k), b, Layout(rows: transposeB ? n : k, columns: transposeB ? k : n),
            transposeB: transposeB, into: &c, Layout(rows: m, columns: n))
        return c
    }

    /// C = alpha · A · op(B) + beta · C on matrices that sit inside larger buffers, each described by a ``Layout``.
    ///
    /// Any of the three may be a block of a wider matrix, such as one attention head's columns of a packed
    /// query-key-value buffer. Sizes and bounds are checked before OpenBLAS sees the pointers.
    ///
    /// - Parameters:
    ///   - a: the buffer holding A (m×k).
    ///   - b: the buffer holding B: k×n, or n×k when `transposeB`.
    ///   - c: the buffer holding C (m×n); it must be another array than `a` and `b`.
    public static func multiply(
        _ a: [Float], _ aLayout: Layout, _ b: [Float], _ bLayout: Layout, transposeB: Bool = false,
        into c: inout [Float], _ cLayout: Layout, alpha: Float = 1, beta: Float = 0
    ) {
        let (m, n, k) = (cLayout.rows, cLayout.columns, aLayout.columns)
        precondition(aLayout.rows == m, "A has \(aLayout.rows) rows, C has \(m)")
        precondition(
            transposeB ? (bLayout.rows == n && bLayout.columns == k) : (bLayout.rows == k && bLayout.columns == n),
            "B's shape does not match A and C")
        precondition(aLayout.fits(a.count) && bLayout.fits(b.count) && cLayout.fits(c.count), "a matrix overruns")
        if m == 0 || n == 0 { return }
        a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb in
                c.withUnsafeMutableBufferPointer { pc in
                    guard let pa = pa.baseAddress, let pb = pb.baseAddress, let pc = pc.baseAddress else { return }
                    cblas_sgemm(
                        CblasRowMajor, CblasNoTrans, transposeB ? CblasTrans : CblasNoTrans, Int32(m), Int32(n),
                        Int32(k), alpha, pa + aLayout.offset, Int32(aLayout.rowStride), pb + bLayout.offset,
                        Int32(bLayout.rowStride), beta, pc + cLayout.offset, Int32(cLayout.rowStride))
                }
            }
        }
    }
}

extension BLAS {
    /// Where a rows × columns matrix sits in a flat row-major buffer: its first element and the distance between
    /// the starts of two rows.
    public struct Layout: Sendable, Hashable {
        public var offset: Int
        public var rows: Int
        public var columns: Int
        /// The distance between the starts of two rows; at least `columns`.
        public var rowStride: Int

        /// A matrix at `offset` whose rows are `rowStride` apart (by default, packed: `columns` apart).
        public init(offset: Int = 0, rows: Int, columns: Int, rowStride: Int? = nil) {
            let stride = rowStride ?? columns
            precondition(offset >= 0 && rows >= 0 && columns >= 0 && stride >= max(columns, 1), "bad matrix layout")
            (self.offset, self.rows, self.columns, self.rowStride) = (offset, rows, columns, stride)
        }

        /// Whether the matrix lies inside a buffer of `count` elements.
        func fits(_ count: Int) -> Bool {
            rows == 0 || columns == 0 || offset + (rows - 1) * rowStride + columns <= count
        }
    }
}
