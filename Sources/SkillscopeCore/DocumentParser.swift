internal import CommonMark
internal import YAML

/// What became of one file: parsed into a ``Document``, or rejected with the reason.
public enum FileOutcome: Sendable {
    case parsed(Document)
    case rejected(FileDiagnostic)
}

/// Parses a file's bytes into a ``Document``.
///
/// No I/O: the caller reads the bytes.
///
/// Content never makes it throw: invalid UTF-8 is replaced and reported, malformed front matter is reported with
/// its line and column and the body is still parsed; only a binary file (NUL bytes) or one over the size limit
/// is rejected.
public struct DocumentParser: Sendable {
    /// The version of what an ingest stores of a file.
    ///
    /// That is its rules (``RuleExtractor``), diagnostics, spec check and security scan. Raise it with any change
    /// to them: a registry analysed by an earlier version has each file analysed again at its next ingest, though
    /// its bytes are unchanged.
    public static let analysisVersion = 3

    /// Limits on what the parser accepts.
    public struct Configuration: Sendable {
        /// The largest file parsed; larger ones are rejected.
        ///
        /// The default is 1 MiB.
        public var maxFileBytes: Int = 1 << 20
        /// Whether to fingerprint the text for the version measures; a check that compares no versions skips it.
        public var fingerprints = true
        /// Whether to split the text into sections and rules; a check that reads no rules skips it (the document then
        /// has none, and its title is nil).
        public var rules = true
        public init() {}
    }

    public var configuration: Configuration

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Parses `bytes` read from `path` (relative to its repository), of kind `kind`.
    public func parse(_ bytes: [UInt8], path: String, kind: FileKind) -> FileOutcome {
        if bytes.count > configuration.maxFileBytes {
            return .rejected(
                FileDiagnostic(
                    path: path, code: .tooLarge, severity: .error,
                    message: "file is \(bytes.count) bytes, over the \(configuration.maxFileBytes)-byte limit"))
        }
        if SourceText.isBinary(bytes) {
            let offset = bytes.firstIndex(of: 0) ?? 0
            let line = bytes[..<offset].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            return .rejected(
                FileDiagnostic(
                    path: path, code: .binary, severity: .error, message: "file holds NUL bytes: binary, not text",
                    line: line))
        }
        let source = SourceText(decoding: bytes)
        var diagnostics: [FileDiagnostic] = []
        if source.hadInvalidUTF8 {
            diagnostics.append(
                FileDiagnostic(
                    path: path, code: .invalidUTF8, severity: .warning,
                    message: "invalid UTF-8 replaced with U+FFFD", line: source.firstInvalidLine))
        }
        // The decoding normalised the line endings already.
        return .parsed(parse(normalizedText: source.text, path: path, kind: kind, diagnostics: diagnostics))
    }

    /// `document`, parsed from the same bytes read at another path or as another kind: what depends on the path
    /// (the diagnostics' path, a skill's name taken from its folder) is made anew, the rest is kept.
    ///
    /// Equal to parsing the bytes again at `path`, without the cost: an ingest parses each copy of a file once.
    public func relocated(_ document: Document, toPath path: String, kind: FileKind) -> Document {
        var moved = document
        moved.path = path
        moved.kind = kind
        moved.name = Self.name(frontMatter: document.frontMatter, title: document.title, path: path, kind: kind)
        moved.diagnostics = document.diagnostics.map { diagnostic in
            var located = diagnostic
            located.path = path
            return located
        }
        return moved
    }

    /// The front matter's `name`, else (for skills) the skill's folder name, else the first heading.
    private static func name(frontMatter: YAMLNode?, title: String?, path: String, kind: FileKind) -> String? {
        if let declared = frontMatter?["name"]?.string, !declared.isEmpty { return declared }
        if kind == .skill, let folder = FileKind.folder(of: path).split(separator: "/").last {
            return String(folder)
        }
        return title
    }

    /// Parses text that is already decoded (line endings are normalised here).
    public func parse(text rawText: String, path: String, kind: FileKind, diagnostics: [FileDiagnostic] = [])
        -> Document
    {
        parse(
            normalizedText: SourceText.normalizingLineEndings(rawText), path: path, kind: kind,
            diagnostics: diagnostics)
    }

    /// Parses decoded text whose line endings are all `\n`.
    private func parse(normalizedText text: String, path: String, kind: FileKind, diagnostics: [FileDiagnostic])
        -> Document
    {
        var diagnostics = diagnostics
        var body = text
        var frontMatter: YAMLNode?
        var frontMatterLines: LineSpan?
        switch FrontMatter.split(text) {
        case .none: break
        case .unclosed:
            body = FrontMatter.bodyAfterUnclosed(text)
            diagnostics.append(
                FileDiagnostic(
                    path: path, code: .unclosedFrontMatter, severity: .error,
                    message: "front matter opened with --- on line 1 is never closed", line: 1, column: 1))
        case .found(let split):
            body = split.body
            frontMatterLines = split.lines
            switch split.parse() {
            case .success(let node):
                if let node, node.pairs == nil, !node.isNull {
                    diagnostics.append(
                        FileDiagnostic(
                            path: path, code: .invalidFrontMatter, severity: .error,
                            message: "front matter is not a mapping of keys to values", line: node.line + 1,
                            column: node.column))
                } else {
                    frontMatter = node?.shifted(byLines: 1)
                }
            case .failure(let error):
                if let flat = split.parseFlatLines() {
                    frontMatter = flat
                    diagnostics.append(
                        FileDiagnostic(
                            path: path, code: .invalidFrontMatter, severity: .warning,
                            message:
                                "front matter is not valid YAML (\(error.message)); read as plain key: value lines",
                            line: error.line, column: error.column))
                } else {
                    diagnostics.append(
                        FileDiagnostic(
                            path: path, code: .invalidFrontMatter, severity: .error,
                            message: "invalid YAML in front matter: \(error.message)"
                                + (error.contextLine.map { ", begun on line \($0)" } ?? ""), line: error.line,
                            column: error.column))
                }
            }
        }
        if text.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }) {
            diagnostics.append(FileDiagnostic(path: path, code: .empty, severity: .warning, message: "file is empty"))
        }
        var extractor = RuleExtractor()
        if configuration.rules {
            extractor.walk(document: CommonMarkParser.parse(body, inlines: .collapsedText))
        }
        let title = extractor.sections.first?.title
        let lineCount = SourceText.lineCount(of: text)
        return Document(
            path: path, kind: kind, name: Self.name(frontMatter: frontMatter, title: title, path: path, kind: kind),
            title: title,
            description: frontMatter?["description"]?.string, frontMatter: frontMatter,
            frontMatterLines: frontMatterLines, sections: extractor.sections, rules: extractor.rules,
            diagnostics: diagnostics, text: text, lineCount: lineCount,
            fingerprint: configuration.fingerprints
                ? nil : TextFingerprint(wordCount: 0, sequenceHash: 0, phrases: [], winnowed: []))
    }
}

extension YAMLNode {
    /// The same tree with every line moved down by `offset`.
    func shifted(byLines offset: Int) -> YAMLNode {
        let moved: Value
        switch value {
        case .scalar: moved = value
        case .sequence(let items): moved = .sequence(items.map { $0.shifted(byLines: offset) })
        case .mapping(let pairs):
            moved = .mapping(
                pairs.map { Pair(key: $0.key.shifted(byLines: offset), value: $0.value.shifted(byLines: offset)) })
        }
        return YAMLNode(value: moved, line: line + offset, column: column)
    }
}
