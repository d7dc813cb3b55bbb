internal import Foundation
internal import SkillscopeCore
internal import SkillscopeReport

/// How the CLI prints a rating report: the summary line, then each rule with its line, rating and evidence.
enum RatingText {
    /// The summary line, then each rule with its line, rating and evidence, and a section heading where the
    /// section changes.
    static func lines(_ report: FileReport) -> [String] {
        var lines = [report.ratings.summary]
        var section: [String]? = nil
        for rule in report.rules {
            if rule.section != section, report.rules.contains(where: { !$0.section.isEmpty }) {
                lines.append(rule.section.isEmpty ? "(top)" : rule.section.joined(separator: " › "))
                section = rule.section
            }
            let number = String(rule.line)
            let pad = String(repeating: " ", count: max(0, 5 - number.count))
            let rating = rule.rating.map { (rule.isEstimate ? "≈ " : "") + $0.title.lowercased() } ?? "not rated"
            lines.append("\(pad)\(number)  \(rating.padding(toLength: 14, withPad: " ", startingAt: 0)) \(rule.text)")
            lines.append("       \(String(repeating: " ", count: 14)) (\(rule.evidence))")
        }
        return lines
    }
}
