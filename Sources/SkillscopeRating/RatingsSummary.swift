public import SkillscopeCore

/// A file's rules rated common, distinctive or very specific, each with its line and evidence: what the CLI's
/// `rules --json` and the MCP tools print.
public struct RatingsSummary: Encodable, Sendable {
    public var summary: String
    public var sentence: String
    public var rules: [RatedRule]

    public init(_ report: RuleRatingReport) {
        summary = report.summary
        sentence = report.sentence
        rules = report.rules
    }
}
