import Testing

@testable import SkillscopeEmbeddings

@Suite struct RidgeSystemTests {
    /// Three tokens, four texts; the fit must satisfy its normal equations (CᵀC + λI)·X = Cᵀ·Y + λ·X₀.
    @Test func conjugateGradientsSolveTheNormalEquations() {
        let weights: [Float] = [1, 0.5, 2]
        let system = RidgeSystem(rows: [[0], [1, 2], [0, 1], [2, 2]], weights: weights, ridge: 0.1, vocabulary: 3)
        let start: [Float] = [1, 0, 0, 1, 1, 1]  // two columns
        let targets: [Float] = [2, 0, 1, 1, 0, 3, 4, -1]
        let x = system.solve(start: start, targets: targets, width: 2, iterations: 10)
        let left = system.apply(x, width: 2)
        let right = zip(system.transposedProduct(targets, width: 2), start).map { $0 + 0.1 * $1 }
        for (a, b) in zip(left, right) { #expect(abs(a - b) < 1e-3) }
        // Columns are separate problems: solving one alone gives the same column.
        let first = system.solve(
            start: RidgeSystem.gather(start, width: 2, 0..<1), targets: RidgeSystem.gather(targets, width: 2, 0..<1),
            width: 1, iterations: 10)
        for token in 0..<3 { #expect(abs(first[token] - x[token * 2]) < 1e-4) }
    }

    @Test func tokensNoTextUsesKeepTheirStart() {
        let system = RidgeSystem(rows: [[0]], weights: [1, 1], ridge: 1, vocabulary: 2)
        let x = system.solve(start: [0.5, 7], targets: [3], width: 1, iterations: 5)
        #expect(abs(x[0] - 1.75) < 1e-5)  // (3 + 0.5) / 2
        #expect(x[1] == 7)
    }
}
