public import SkillscopeCore

/// A rule as the CLI and the JSON API print it: its lines, text, section, source and where its examples are.
public struct RuleView: Encodable, Sendable {
    public var position: Int
    public var line: Int
    public var endLine: Int
    public var text: String
    public var section: [String]
    public var source: String
    public var examples: [ExampleView]

    public init(_ rule: Rule) {
        position = rule.position
        line = rule.lines.start
        endLine = rule.lines.end
        text = rule.text
        section = rule.section
        source = rule.source.rawValue
        examples = rule.examples.map { ExampleView(language: $0.language, line: $0.lines.start, endLine: $0.lines.end) }
    }
}

/// Where a rule's code example is, and its language.
public struct ExampleView: Encodable, Sendable {
    public var language: String
    public var line: Int
    public var endLine: Int

    public init(language: String, line: Int, endLine: Int) {
        self.language = language
        self.line = line
        self.endLine = endLine
    }
}
