/// The element-wise steps around the matrix products of a transformer: bias rows, residual sums, layer
/// normalisation, GELU and row softmax, vectorised eight lanes at a time.
///
/// They work in place on row-major `[Float]` buffers, like ``BLAS/multiply(_:_:_:_:transposeB:into:_:alpha:beta:)``,
/// and check their bounds once per call rather than per element.
public enum Kernels {
    typealias Lanes = SIMD8<Float>

    /// Writes `row` into each of the first `rows` rows of `matrix`.
    public static func repeatRow(_ row: [Float], into matrix: inout [Float], rows: Int) {
        precondition(rows * row.count <= matrix.count, "the matrix is too small")
        matrix.withUnsafeMutableBufferPointer { out in
            row.withUnsafeBufferPointer { source in
                for r in 0..<rows {
                    for c in 0..<source.count { out[r * source.count + c] = source[c] }
                }
            }
        }
    }

    /// Sets the first `rows` rows of `matrix` to `addend`'s rows plus `row`: a residual with the next bias.
    public static func add(_ addend: [Float], plus row: [Float], into matrix: inout [Float], rows: Int) {
        let width = row.count
        precondition(rows * width <= matrix.count && rows * width <= addend.count, "a matrix is too small")
        matrix.withUnsafeMutableBufferPointer { out in
            addend.withUnsafeBufferPointer { x in
                row.withUnsafeBufferPointer { b in
                    for r in 0..<rows {
                        for c in 0..<width { out[r * width + c] = x[r * width + c] + b[c] }
                    }
                }
            }
        }
    }

    /// Normalises each of the first `rows` rows of `matrix` to zero mean and unit variance, then scales by
    /// `scale` and shifts by `shift` (whose count is the row width), as `torch.nn.LayerNorm` does.
    public static func layerNorm(
        _ matrix: inout [Float], rows: Int, scale: [Float], shift: [Float], epsilon: Float
    ) {
        let width = scale.count
        precondition(shift.count == width && rows * width <= matrix.count, "bad layer norm shapes")
        matrix.withUnsafeMutableBufferPointer { buffer in
            scale.withUnsafeBufferPointer { gamma in
                shift.withUnsafeBufferPointer { beta in
                    guard let base = buffer.baseAddress, let gamma = gamma.baseAddress, let beta = beta.baseAddress
                    else { return }
                    for r in 0..<rows {
                        normalizeRow(base + r * width, width: width, gamma: gamma, beta: beta, epsilon: epsilon)
                    }
                }
            }
        }
    }

    private static func normalizeRow(
        _ x: UnsafeMutablePointer<Float>, width: Int, gamma: UnsafePointer<Float>, beta: UnsafePointer<Float>,
        epsilon: Float
    ) {
        var sum: Float = 0
        for c in 0..<width { sum += x[c] }
        let mean = sum / Float(width)
        var squares: Float = 0
        for c in 0..<width {
            let d = x[c] - mean
            squares += d * d
        }
        let inverse = 1 / (squares / Float(width) + epsilon).squareRoot()
        for c in 0..<width { x[c] = (x[c] - mean) * inverse * gamma[c] + beta[c] }
    }

    /// Applies GELU, x · Φ(x) = x/2 · (1 + erf(x/√2)), to `matrix[range]`.
    ///
    /// erf is Eigen's rational approximation (no exp, 4.2e-7 from glibc's `erff`, 1.2e-6 at most on GELU), eight
    /// values at a time: calling `erff` per value costs as much as a third of a BERT layer's products.
    public static func gelu(_ matrix: inout [Float], range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= matrix.count, "range outside the buffer")
        matrix.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            forEachLanes(base + range.lowerBound, count: range.count) { x in
                x * 0.5 * (1 + erf(x * 0.70710678118654752))
            }
        }
    }

    /// Replaces each row of the `layout` block of `matrix` with its softmax.
    public static func softmaxRows(_ matrix: inout [Float], _ layout: BLAS.Layout) {
        precondition(layout.fits(matrix.count), "the block overruns the buffer")
        matrix.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for r in 0..<layout.rows {
                let row = base + layout.offset + r * layout.rowStride
                var largest = -Float.infinity
                for c in 0..<layout.columns { largest = max(largest, row[c]) }
                forEachLanes(row, count: layout.columns) { exp($0 - largest) }
                var sum: Float = 0
                for c in 0..<layout.columns { sum += row[c] }
                let inverse = 1 / sum
                for c in 0..<layout.columns { row[c] *= inverse }
            }
        }
    }

    /// e^x for each `values` element, vectorised (Cephes' `expf`: range reduction by ln 2, then a degree-6
    /// polynomial; within 2 ulp on [-87, 88]).
    public static func exp(_ values: [Float]) -> [Float] {
        var result = values
        result.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            forEachLanes(base, count: buffer.count) { exp($0) }
        }
        return result
    }

    /// erf(x) for each `values` element, vectorised as in ``gelu(_:range:)``.
    public static func erf(_ values: [Float]) -> [Float] {
        var result = values
        result.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            forEachLanes(base, count: buffer.count) { erf($0) }
        }
        return result
    }

    /// Replaces `count` values at `start` by `transform` of them, eight at a time (the tail padded with zeros).
    @inline(__always)
    static func forEachLanes(_ start: UnsafeMutablePointer<Float>, count: Int, _ transform: (Lanes) -> Lanes) {
        let raw = UnsafeMutableRawPointer(start)
        var index = 0
        while index + 8 <= count {
            let x = raw.loadUnaligned(fromByteOffset: index * 4, as: Lanes.self)
            raw.storeBytes(of: transform(x), toByteOffset: index * 4, as: Lanes.self)
            index += 8
        }
        guard index < count else { return }
        var tail = Lanes()
        for lane in 0..<(count - index) { tail[lane] = start[index + lane] }
        let done = transform(tail)
        for lane in 0..<(count - index) { start[index + lane] = done[lane] }
    }

    /// Eigen's `generic_fast_erf_float`: x·P(x²)/Q(x²) on x clamped to [-4, 4], where erf is ±1 in Float.
    @inline(__always)
    static func erf(_ input: Lanes) -> Lanes {
        let x = input.clamped(lowerBound: Lanes(repeating: -4), upperBound: Lanes(repeating: 4))
        let x2 = x * x
        var p = x2 * -2.72614225801306e-10 + 2.77068142495902e-08
        p = x2 * p + -2.10102402082508e-06
        p = x2 * p + -5.69250639462346e-05
        p = x2 * p + -7.34990630326855e-04
        p = x2 * p + -2.95459980854025e-03
        p = x2 * p + -1.60960333262415e-02
        p = x * p
        var q = x2 * -1.45660718464996e-05 + -2.13374055278905e-04
        q = x2 * q + -1.68282697438203e-03
        q = x2 * q + -7.37332916720468e-03
        q = x2 * q + -1.42647390514189e-02
        return p / q
    }

    /// Cephes' `expf` on eight lanes.
    @inline(__always)
    static func exp(_ input: Lanes) -> Lanes {
        let x = input.clamped(lowerBound: Lanes(repeating: -87.3), upperBound: Lanes(repeating: 88.3))
        let n = (x * 1.44269504088896341).rounded(.toNearestOrEven)
        let r = x - n * 0.693359375 + n * 2.12194440e-4
        var y = r * 1.9875691500e-4 + 1.3981999507e-3
        y = y * r + 8.3334519073e-3
        y = y * r + 4.1665795894e-2
        y = y * r + 1.6666665459e-1
        y = y * r + 5.0000001201e-1
        y = y * r * r + r + 1
        let exponent = (SIMD8<Int32>(n, rounding: .toNearestOrEven) &+ 127) &<< 23
        return y * unsafeBitCast(exponent, to: Lanes.self)
    }
}
