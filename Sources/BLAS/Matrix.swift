internal import COpenBLAS

/// Single-precision matrix products on OpenBLAS. Matrices are dense, row-major `[Float]` buffers.
public enum BLAS {
    /// Caps the threads OpenBLAS itself starts for one call; callers that run their own workers (one per core)
    /// set 1 so the two kinds of parallelism don't fight over the cores.
    public static func setThreads(_ count: Int) {
        openblas_set_num_threads(Int32(count))
    }

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

    /// C = A · op(B) on arrays; returns the m×n product.
    public static func multiply(
        _ a: [Float], _ b: [Float], m: Int, n: Int, k: Int, transposeB: Bool = false
    ) -> [Float] {
        precondition(a.count == m * k && b.count == k * n, "matrix sizes do not match their buffers")
        var c = [Float](repeating: 0, count: m * n)
        a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb in
                c.withUnsafeMutableBufferPointer { pc in
                    multiply(
                        pa.baseAddress!, pb.baseAddress!, into: pc.baseAddress!, m: m, n: n, k: k,
                        transposeB: transposeB)
                }
            }
        }
        return c
    }
}
