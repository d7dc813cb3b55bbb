internal import Foundation
internal import SkillscopeCore

/// How the CLI prints a rating report: the summary line, then each rule with its line, rating and evidence.
enum RatingText {
    static func lines(summary: String, rules: [RatedRule]) -> [String] {
        var lines = [summary]
        for rule in rules {
            let number = String(rule.line)
            let pad = String(repeating: " ", count: max(0, 5 - number.count))
            let rating = (rule.isEstimate ? "≈ " : "") + rule.rating.title.lowercased()
            lines.append("\(pad)\(number)  \(rating.padding(toLength: 14, withPad: " ", startingAt: 0)) \(rule.text)")
            lines.append("       \(String(repeating: " ", count: 14)) (\(rule.evidence))")
        }
        return lines
    }
}
