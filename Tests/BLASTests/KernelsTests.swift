import BLAS
import Foundation
import Testing

@Suite struct KernelsTests {
    @Test func erfAndGeluStayWithinAMillionthOfGlibc() {
        let xs = stride(from: Float(-7), through: 7, by: 0.001).map { $0 }
        let approx = Kernels.erf(xs)
        var worst: Float = 0
        for (x, y) in zip(xs, approx) { worst = max(worst, abs(y - erff(x))) }
        #expect(worst < 5e-7)
        var gelu = xs
        Kernels.gelu(&gelu, range: 0..<gelu.count)
        var worstGelu: Float = 0
        for (x, y) in zip(xs, gelu) {
            worstGelu = max(worstGelu, abs(y - x * 0.5 * (1 + erff(x / Float(2).squareRoot()))))
        }
        #expect(worstGelu < 2e-6)
    }

    @Test func expIsWithinTwoUlpOfGlibc() {
        let xs = stride(from: Float(-87), through: 88, by: 0.01).map { $0 }
        for (x, y) in zip(xs, Kernels.exp(xs)) {
            let reference = expf(x)
            #expect(abs(y - reference) <= 2 * reference.ulp, "exp(\(x))")
        }
    }

    @Test func softmaxRowsOfABlockLeaveTheRestAlone() {
        // A 2×2 block at offset 1 of a 2×4 buffer.
        var buffer: [Float] = [9, 0, 0, 9, 9, 1, 3, 9]
        Kernels.softmaxRows(&buffer, BLAS.Layout(offset: 1, rows: 2, columns: 2, rowStride: 4))
        #expect(buffer[0] == 9 && buffer[3] == 9 && buffer[4] == 9 && buffer[7] == 9)
        #expect(abs(buffer[1] - 0.5) < 1e-6 && abs(buffer[2] - 0.5) < 1e-6)
        let e = Foundation.exp(Float(2))
        #expect(abs(buffer[5] - 1 / (1 + e)) < 1e-6 && abs(buffer[6] - e / (1 + e)) < 1e-6)
    }

    @Test func layerNormBiasRowsAndResiduals() {
        var x: [Float] = [1, 2, 3, 4, 10, 10, 10, 10]
        Kernels.layerNorm(&x, rows: 2, scale: [1, 1, 2, 2], shift: [0, 0, 0, 1], epsilon: 1e-12)
        let s = Float(1.25).squareRoot()
        let expected: [Float] = [-1.5 / s, -0.5 / s, 1 / s, 3 / s + 1, 0, 0, 0, 1]
        for (a, b) in zip(x, expected) { #expect(abs(a - b) < 1e-5) }
        var out = [Float](repeating: -1, count: 5)
        Kernels.repeatRow([1, 2], into: &out, rows: 2)
        #expect(out == [1, 2, 1, 2, -1])
        Kernels.add([1, 1, 1, 1], plus: [10, 20], into: &out, rows: 2)
        #expect(out == [11, 21, 11, 21, -1])
    }

    @Test func blocksOfWiderMatricesMultiply() {
        // A = columns 1–2 of a 2×3 buffer; B = rows given n×k (transposed); C = column 1–2 of a 2×4 buffer.
        let a: [Float] = [0, 1, 2, 0, 3, 4]
        let b: [Float] = [1, 0, 0, 1]
        var c = [Float](repeating: 0, count: 8)
        BLAS.multiply(
            a, BLAS.Layout(offset: 1, rows: 2, columns: 2, rowStride: 3), b, BLAS.Layout(rows: 2, columns: 2),
            transposeB: true, into: &c, BLAS.Layout(offset: 1, rows: 2, columns: 2, rowStride: 4), alpha: 2)
        #expect(c == [0, 2, 4, 0, 0, 6, 8, 0])
    }
}

@Suite struct AttentionKernelTests {
    /// The one-call attention of a short sentence equals two products and a softmax per head.
    @Test func matchesProductsAndSoftmaxPerHead() {
        let (hidden, heads, length, first) = (16, 2, 5, 1)
        var generator = SystemRandomNumberGenerator()
        let qkv = (0..<(first + length) * 3 * hidden).map { _ in Float.random(in: -1...1, using: &generator) }
        var fast = [Float](repeating: 0, count: (first + length) * hidden)
        var scratch = [Float](repeating: 0, count: length)
        Kernels.attention(
            qkv, firstRow: first, length: length, hidden: hidden, heads: heads, scale: 0.25, into: &fast,
            scores: &scratch)
        var slow = [Float](repeating: 0, count: (first + length) * hidden)
        var scores = [Float](repeating: 0, count: length * length)
        let size = hidden / heads
        for head in 0..<heads {
            func part(_ index: Int) -> BLAS.Layout {
                BLAS.Layout(
                    offset: first * 3 * hidden + index * hidden + head * size, rows: length, columns: size,
                    rowStride: 3 * hidden)
            }
            let square = BLAS.Layout(rows: length, columns: length)
            BLAS.multiply(qkv, part(0), qkv, part(1), transposeB: true, into: &scores, square, alpha: 0.25)
            Kernels.softmaxRows(&scores, square)
            BLAS.multiply(
                scores, square, qkv, part(2), into: &slow,
                BLAS.Layout(offset: first * hidden + head * size, rows: length, columns: size, rowStride: hidden))
        }
        for (a, b) in zip(fast, slow) { #expect(abs(a - b) < 1e-5) }
        #expect(fast.prefix(hidden).allSatisfy { $0 == 0 })  // rows before the sentence untouched
    }
}
