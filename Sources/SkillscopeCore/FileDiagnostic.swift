/// A problem with one file, located by path and, where known, line and column.
public struct FileDiagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    /// What kind of problem, for code and summaries to group on.
    public struct Code: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The front matter is not valid YAML, or not a mapping.
        public static let invalidFrontMatter = Code(rawValue: "invalid-front-matter")
        /// The front matter opens with `---` but is never closed.
        public static let unclosedFrontMatter = Code(rawValue: "unclosed-front-matter")
        /// Bytes that are not UTF-8 were replaced with U+FFFD.
        public static let invalidUTF8 = Code(rawValue: "invalid-utf8")
        /// The file holds NUL bytes: it is binary, not text.
        public static let binary = Code(rawValue: "binary")
        /// The file is over the size limit.
        public static let tooLarge = Code(rawValue: "too-large")
        /// The file is empty or holds only white space.
        public static let empty = Code(rawValue: "empty")
        /// The file could not be read.
        public static let unreadable = Code(rawValue: "unreadable")
        /// The repository or file does not exist where the source looked (a 404 from GitHub).
        public static let notFound = Code(rawValue: "not-found")
        /// The path is not an instruction file.
        public static let notInstructionFile = Code(rawValue: "not-instruction-file")
        public var description: String { rawValue }

        /// A few words for summaries: "invalid front matter".
        public var summary: String {
            self == .invalidUTF8 ? "invalid UTF-8" : rawValue.split(separator: "-").joined(separator: " ")
        }
    }

    /// Whether the file was still parsed.
    public enum Severity: String, Sendable, Hashable, Codable {
        case warning
        case error
    }

    public var path: String
    public var code: Code
    public var severity: Severity
    public var message: String
    public var line: Int?
    public var column: Int?

    public init(path: String, code: Code, severity: Severity, message: String, line: Int? = nil, column: Int? = nil) {
        self.path = path
        self.code = code
        self.severity = severity
        self.message = message
        self.line = line
        self.column = column
    }

    /// `path:line:column: message`, as compilers print it.
    public var description: String {
        var location = path
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        return "\(location): \(message)"
    }
}
