public import YAML

/// Lines of a file, 1-based and inclusive, as an editor numbers them (front-matter lines included).
public struct LineSpan: Sendable, Hashable, Codable, CustomStringConvertible {
    public var start: Int
    public var end: Int
    public init(start: Int, end: Int) {
        self.start = start
        self.end = max(start, end)
    }
    public init(line: Int) { self.init(start: line, end: line) }
    public var description: String { start == end ? "\(start)" : "\(start)-\(end)" }
}

/// A code block shown as an example of a rule.
public struct Example: Sendable, Hashable, Codable {
    /// The fence's info string, such as `swift`; empty for indented code.
    public var language: String
    public var code: String
    public var lines: LineSpan
    public init(language: String, code: String, lines: LineSpan) {
        self.language = language
        self.code = code
        self.lines = lines
    }
}

/// One instruction a file gives an agent.
public struct Rule: Sendable, Hashable, Codable {
    /// Where in the Markdown a rule was found.
    public enum Source: String, Sendable, Hashable, Codable {
        case listItem = "list-item"
        case paragraph
        case tableRow = "table-row"
    }
    /// The rule's place among the file's rules, from 0.
    public var position: Int
    /// Plain text: emphasis and links stripped, inline code kept in backticks.
    public var text: String
    public var lines: LineSpan
    /// The headings above the rule, outermost first.
    public var section: [String]
    public var source: Source
    /// Code blocks that follow the rule in its section.
    public var examples: [Example]

    public init(
        position: Int, text: String, lines: LineSpan, section: [String], source: Source, examples: [Example] = []
    ) {
        self.position = position
        self.text = text
        self.lines = lines
        self.section = section
        self.source = source
        self.examples = examples
    }
}

/// A heading of a file.
public struct Section: Sendable, Hashable, Codable {
    public var title: String
    public var level: Int
    public var line: Int
    public init(title: String, level: Int, line: Int) {
        self.title = title
        self.level = level
        self.line = line
    }
}

/// A file parsed once: what every analysis and every surface reads.
public struct Document: Sendable, Hashable {
    public var path: String
    public var kind: FileKind
    /// The front matter's `name`, else (for skills) the skill's folder name, else the first heading.
    public var name: String?
    /// The first heading's text.
    public var title: String?
    /// The front matter's `description`.
    public var description: String?
    /// The parsed front matter, every key kept; `nil` when the file has none or it did not parse.
    public var frontMatter: YAMLNode?
    /// The front matter's lines, delimiters included.
    public var frontMatterLines: LineSpan?
    public var sections: [Section]
    public var rules: [Rule]
    /// Problems found that did not stop the parse.
    public var diagnostics: [FileDiagnostic]
    /// The decoded text, line endings normalised to `\n`, without a byte-order mark.
    public var text: String { didSet { lines = TextLines(text) } }
    /// The text's lines, found once for the security scan and the search body (each found them on its own).
    public private(set) var lines: TextLines
    public var lineCount: Int
    /// Words, phrases and winnowed fingerprints of the whole text, for the version measures.
    public var fingerprint: TextFingerprint

    public init(
        path: String, kind: FileKind, name: String?, title: String?, description: String?, frontMatter: YAMLNode?,
        frontMatterLines: LineSpan?, sections: [Section], rules: [Rule], diagnostics: [FileDiagnostic], text: String,
        lineCount: Int, fingerprint: TextFingerprint? = nil
    ) {
        self.path = path
        self.kind = kind
        self.name = name
        self.title = title
        self.description = description
        self.frontMatter = frontMatter
        self.frontMatterLines = frontMatterLines
        self.sections = sections
        self.rules = rules
        self.diagnostics = diagnostics
        self.text = text
        lines = TextLines(text)
        self.lineCount = lineCount
        self.fingerprint = fingerprint ?? TextFingerprint(text: text)
    }
}
