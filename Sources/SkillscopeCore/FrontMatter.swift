public import YAML

/// Front matter split from the top of a file: the YAML between a first line `---` and the next line `---`
/// (or `...`).
public struct FrontMatter: Sendable {
    /// The YAML text, without the delimiter lines.
    public var yaml: String
    /// The delimiters' lines, 1-based: the opening `---` and the closing one.
    public var lines: LineSpan
    /// The body: the file's text with the front-matter lines blanked, so that Markdown line numbers stay file
    /// line numbers.
    public var body: String

    /// How a split went.
    public enum Split: Sendable {
        /// No front matter: the whole text is the body.
        case none
        case found(FrontMatter)
        /// An opening `---` with no closing line; the whole text is kept as the body.
        case unclosed
    }

    /// The body of a file whose front matter never closes: the opening `---` and the `key: value` lines after it
    /// are blanked, so they are not read as Markdown; the rest is kept.
    public static func bodyAfterUnclosed(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard !lines.isEmpty else { return text }
        lines[0] = ""
        var index = 1
        while index < lines.count {
            let line = lines[index]
            let isKeyLine =
                line.firstIndex(of: ":").map { colon in
                    !line[..<colon].isEmpty
                        && line[..<colon].allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
                } ?? false
            let isContinuation = line.first == " " || line.first == "\t"
            guard !line.isEmpty, isKeyLine || isContinuation else { break }
            lines[index] = ""
            index += 1
        }
        return lines.joined(separator: "\n")
    }

    /// Splits `text` (line endings already `\n`).
    public static func split(_ text: String) -> Split {
        let utf8 = text.utf8
        guard utf8.starts(with: "---".utf8) else { return .none }
        // Walk lines without splitting the whole text: front matter is short, bodies are long.
        var lineStart = utf8.startIndex
        var lineNumber = 0
        var yamlStart: String.Index?
        while lineStart < utf8.endIndex {
            let lineEnd = utf8[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex
            lineNumber += 1
            let line = text[lineStart..<lineEnd]
            if lineNumber == 1 {
                guard isDelimiter(line, allowDots: false) else { return .none }
                yamlStart = lineEnd < utf8.endIndex ? utf8.index(after: lineEnd) : lineEnd
            } else if isDelimiter(line, allowDots: true), let yamlStart {
                let yaml = yamlStart < lineStart ? String(text[yamlStart..<utf8.index(before: lineStart)]) : ""
                let blank = String(repeating: "\n", count: lineNumber - 1)
                let body = blank + String(text[lineEnd...])
                return .found(FrontMatter(yaml: yaml, lines: LineSpan(start: 1, end: lineNumber), body: body))
            }
            if lineEnd == utf8.endIndex { break }
            lineStart = utf8.index(after: lineEnd)
        }
        return .unclosed
    }

    private static func isDelimiter(_ line: Substring, allowDots: Bool) -> Bool {
        var trimmed = line
        while let last = trimmed.last, last == " " || last == "\t" { trimmed = trimmed.dropLast() }
        return trimmed == "---" || (allowDots && trimmed == "...")
    }

    /// Parses the YAML; errors are placed on file lines.
    public func parse() -> Result<YAMLNode?, YAMLError> {
        do {
            return .success(try YAMLParser.parse(yaml))
        } catch {
            var moved = error
            moved.line += lines.start
            moved.contextLine = moved.contextLine.map { $0 + lines.start }
            return .failure(moved)
        }
    }
}

extension FrontMatter {
    /// Reads front matter that is not valid YAML as flat `key: value` lines, the way Cursor reads `globs: *.ts`.
    ///
    /// Every non-empty line must be `key: value` starting at column 1 (a key of letters, digits, `-` and `_`), or
    /// an indented continuation of the previous value; otherwise `nil`.
    public func parseFlatLines() -> YAMLNode? {
        var pairs: [YAMLNode.Pair] = []
        for (offset, rawLine) in yaml.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = lines.start + 1 + offset
            if rawLine.allSatisfy({ $0 == " " || $0 == "\t" }) || rawLine.hasPrefix("#") { continue }
            if rawLine.first == " " || rawLine.first == "\t" {
                guard let last = pairs.indices.last, case .scalar(var scalar) = pairs[last].value.value else {
                    return nil
                }
                let piece = rawLine.drop { $0 == " " || $0 == "\t" }
                scalar.text += scalar.text.isEmpty ? String(piece) : " " + piece
                pairs[last].value.value = .scalar(scalar)
                continue
            }
            guard let colon = rawLine.firstIndex(of: ":") else { return nil }
            let key = rawLine[..<colon]
            guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                return nil
            }
            var value = rawLine[rawLine.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
            while let last = value.last, last == " " || last == "\t" { value = value.dropLast() }
            var text = String(value)
            // A flow collection left open is a real error, not a lenient client's plain value.
            if let first = text.first, first == "[" || first == "{", text.last != (first == "[" ? "]" : "}") {
                return nil
            }
            if text.count >= 2, let first = text.first, first == "\"" || first == "'", text.last == first {
                text = String(text.dropFirst().dropLast())
            }
            let valueColumn = rawLine.distance(from: rawLine.startIndex, to: value.startIndex) + 1
            pairs.append(
                YAMLNode.Pair(
                    key: YAMLNode(value: .scalar(.init(text: String(key), isPlain: true)), line: line, column: 1),
                    value: YAMLNode(value: .scalar(.init(text: text, isPlain: true)), line: line, column: valueColumn)))
        }
        guard let first = pairs.first else { return nil }
        return YAMLNode(value: .mapping(pairs), line: first.key.line, column: 1)
    }
}
