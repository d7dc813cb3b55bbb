import SkillscopeCore
import Testing

@Suite struct QualityScoreTests {
    static let full = QualityScore.Inputs(
        kind: .skill, findings: [],
        description: "Builds SwiftUI views with observable state. Use when structuring a SwiftUI app.",
        lineCount: 120, ruleCount: 12, hasExamples: true, security: .pass,
        reviews: QualityScore.Inputs.Reviews(count: 4, worked: 3, partly: 1), stars: 999, adoption: 9)

    @Test func aScoreIsThePointsEarnedRounded() {
        let quality = QualityScore(Self.full)
        // Everything full but reviews: 3 worked and 1 partly of 4 earn 0.0875 of 0.10, so 0.9875.
        #expect(quality.score == 0.988)
        #expect(
            quality.parts.map(\.signal) == [
                "spec", "description", "size", "rules", "examples", "security", "reviews", "stars", "adoption",
            ])
        #expect(quality.parts.reduce(0) { $0 + $1.weight } == 1.0)
    }

    @Test func theRationaleNamesEachSignalWithItsPoints() {
        var inputs = Self.full
        inputs.findings = [Finding(code: "client-extension", severity: .warning, message: "m", line: 3)]
        inputs.description = "Formats code."
        inputs.ruleCount = 2
        inputs.reviews = nil
        inputs.stars = 0
        inputs.adoption = 0
        let quality = QualityScore(inputs)
        #expect(
            quality.rationaleLines == [
                "spec: valid, 1 warning (+0.15 of 0.20)",
                "description: too short, not when to use it, 13 characters (+0.03 of 0.15)",
                "size: 120 lines (+0.10 of 0.10)",
                "rules: 2 rules (+0.04 of 0.10)",
                "examples: rules with code examples (+0.05 of 0.05)",
                "security: scan passed (+0.15 of 0.15)",
                "stars: 0 github stars (+0.00 of 0.10)",
                "adoption: 0 other projects use a version (+0.00 of 0.05)",
                "reviews: none yet",
            ])
        // 0.15 + 0.03 + 0.10 + 0.04 + 0.05 + 0.15 of the 0.90 that applies.
        #expect(quality.score == 0.578)
        #expect(quality.rationale.hasPrefix("deterministic score 0.58 from registry signals: · spec: valid"))
    }

    @Test func aFailedScanCapsTheScore() {
        var inputs = Self.full
        inputs.security = .fail
        #expect(QualityScore(inputs).score == 0.30)
    }

    @Test func signalsThatDoNotApplyAreLeftOutOfBothSums() {
        let quality = QualityScore(
            QualityScore.Inputs(
                kind: .claude, findings: [], description: nil, lineCount: 40, ruleCount: 8, hasExamples: false,
                security: .pass))
        #expect(
            quality.notApplicable == [
                "description: not used by claude files", "reviews: none yet", "stars: not known", "adoption: not known",
            ])
        // 0.20 + 0.10 + 0.10 + 0 + 0.15 of 0.60.
        #expect(quality.score == 0.917)
    }

    @Test func longFilesLoseInProportion() {
        var inputs = Self.full
        inputs.lineCount = 1000
        let size = QualityScore(inputs).parts.first { $0.signal == "size" }
        #expect(size?.earned == 0.05)
    }
}
