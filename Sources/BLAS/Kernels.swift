/// The element-wise steps around the matrix products of a transformer: bias rows, residual sums, layer
/// normalisation, GELU and row softmax, written as branch-free loops the compiler vectorises.
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
                guard let out = out.baseAddress, let source = source.baseAddress else { return }
                for r in 0..<rows { (out + r * row.count).update(from: source, count: row.count) }
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
        let raw = UnsafeRawPointer(x)
        let lanes = width / 8 * 8
        var sums = Lanes()
        for c in stride(from: 0, to: lanes, by: 8) { sums += raw.loadUnaligned(fromByteOffset: c * 4, as: Lanes.self) }
        var sum = total(sums)
        for c in lanes..<width { sum += x[c] }
        let mean = sum / Float(width)
        var squares = Lanes()
        for c in stride(from: 0, to: lanes, by: 8) {
            let d = raw.loadUnaligned(fromByteOffset: c * 4, as: Lanes.self) - mean
            squares += d * d
        }
        var variance = total(squares)
        for c in lanes..<width { variance += (x[c] - mean) * (x[c] - mean) }
        let inverse = 1 / (variance / Float(width) + epsilon).squareRoot()
        for c in 0..<width { x[c] = (x[c] - mean) * inverse * gamma[c] + beta[c] }
    }

    @inline(__always)
    static func total(_ lanes: Lanes) -> Float {
        (lanes[0] + lanes[1]) + (lanes[2] + lanes[3]) + ((lanes[4] + lanes[5]) + (lanes[6] + lanes[7]))
    }

    /// Applies GELU, x · Φ(x) = x/2 · (1 + erf(x/√2)), to `matrix[range]`.
    ///
    /// erf is Eigen's rational approximation (no exp, 4.2e-7 from glibc's `erff`, 1.2e-6 at most on GELU), in a
    /// branch-free loop the compiler vectorises: calling `erff` per value costs as much as a third of a BERT
    /// layer's products.
    public static func gelu(_ matrix: inout [Float], range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= matrix.count, "range outside the buffer")
        matrix.withUnsafeMutableBufferPointer { buffer in
            guard let x = buffer.baseAddress?.advanced(by: range.lowerBound) else { return }
            for i in 0..<range.count { x[i] = x[i] * 0.5 * (1 + erf(x[i] * 0.70710678118654752)) }
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
                for c in 0..<layout.columns { largest = Swift.max(largest, row[c]) }
                for c in 0..<layout.columns { row[c] = exp(row[c] - largest) }
                var sum: Float = 0
                for c in 0..<layout.columns { sum += row[c] }
                let inverse = 1 / sum
                for c in 0..<layout.columns { row[c] *= inverse }
            }
        }
    }

    /// e^x for each `values` element (Cephes' `expf`: range reduction by ln 2, then a degree-6 polynomial; within
    /// 2 ulp on [-87, 88]).
    public static func exp(_ values: [Float]) -> [Float] {
        values.map { exp($0) }
    }

    /// erf(x) for each `values` element, as in ``gelu(_:range:)``.
    public static func erf(_ values: [Float]) -> [Float] {
        values.map { erf($0) }
    }

    /// Eigen's `generic_fast_erf_float`: x·P(x²)/Q(x²) on x clamped to [-4, 4], where erf is ±1 in Float.
    @inline(__always)
    static func erf(_ input: Float) -> Float {
        let x = Swift.min(Swift.max(input, -4), 4)
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

    /// Cephes' `expf`, branch-free: n = round(x / ln 2) by the 1.5 · 2²³ trick, 2ⁿ built from its bits.
    @inline(__always)
    static func exp(_ input: Float) -> Float {
        let x = Swift.min(Swift.max(input, -87.3), 88.3)
        let n = (x * 1.44269504088896341 + 12_582_912) - 12_582_912
        let r = x - n * 0.693359375 + n * 2.12194440e-4
        var y = r * 1.9875691500e-4 + 1.3981999507e-3
        y = y * r + 8.3334519073e-3
        y = y * r + 4.1665795894e-2
        y = y * r + 1.6666665459e-1
        y = y * r + 5.0000001201e-1
        y = y * r * r + r + 1
        // n + 127 + 2²³ holds n + 127 in its low mantissa bits: shift them into the exponent field.
        let biased = (n + 8_388_735).bitPattern & 0xFF
        return y * Float(bitPattern: biased << 23)
    }
}
