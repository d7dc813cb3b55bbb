internal import Foundation
internal import SkillscopeCore

/// The checks of a report, as a terminal shows them.
enum ChecksText {
    /// Prints the security verdict with its evidence and the quality score with its rationale.
    static func print(security: SecurityReport, quality: QualityScore, to output: Output) {
        output.print("  security      \(security.verdict.rawValue)")
        for finding in security.findings {
            let place = (finding.file.map { "\($0):" } ?? "line ") + String(finding.line)
            output.print("    \(finding.level.rawValue): \(place): \(finding.message) [\(finding.category.rawValue)]")
            output.print("      \(finding.evidence)")
        }
        output.print("  quality       \(String(format: "%.3f", quality.score))")
        for line in quality.rationaleLines { output.print("    \(line)") }
    }
}
