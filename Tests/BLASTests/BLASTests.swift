import BLAS
import Testing

@Suite struct BLASTests {
    @Test func productMatchesHandComputedValues() {
        // [1 2 3; 4 5 6] · [7 8; 9 10; 11 12] = [58 64; 139 154]
        let c = BLAS.multiply([1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12], m: 2, n: 2, k: 3)
        #expect(c == [58, 64, 139, 154])
    }

    @Test func transposedRightOperand() {
        // B given as n×k = [7 9 11; 8 10 12] gives the same product.
        let c = BLAS.multiply([1, 2, 3, 4, 5, 6], [7, 9, 11, 8, 10, 12], m: 2, n: 2, k: 3, transposeB: true)
        #expect(c == [58, 64, 139, 154])
    }

    @Test func emptyShapesGiveEmptyProducts() {
        #expect(BLAS.multiply([], [1, 2], m: 0, n: 2, k: 1).isEmpty)
    }
}
