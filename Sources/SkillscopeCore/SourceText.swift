/// Bytes decoded into text the parser can number by line.
///
/// Invalid UTF-8 becomes U+FFFD (with a diagnostic), a leading byte-order mark is dropped, and CRLF and lone CR
/// line endings become `\n`: each ending still ends exactly one line, so line numbers stay those an editor shows.
public struct SourceText: Sendable {
    public var text: String
    public var hadInvalidUTF8: Bool
    /// 1-based line of the first invalid byte, when there was one.
    public var firstInvalidLine: Int?

    /// Whether `bytes` hold a NUL byte, the mark of a binary file.
    public static func isBinary(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.contains(0)
    }

    public init(decoding bytes: [UInt8]) {
        var start = 0
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { start = 3 }
        let body = bytes[start...]
        // Validate: find the first invalid sequence's line, if any.
        var invalidLine: Int?
        var decoder = UTF8()
        var iterator = body.makeIterator()
        var line = 1
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): if scalar == "\n" { line += 1 }
            case .emptyInput: break loop
            case .error:
                invalidLine = line
                break loop
            }
        }
        let decoded = String(decoding: body, as: UTF8.self)
        hadInvalidUTF8 = invalidLine != nil
        firstInvalidLine = invalidLine
        text = Self.normalizingLineEndings(decoded)
    }

    /// `text` with CRLF and lone CR turned into `\n`.
    public static func normalizingLineEndings(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "\r")) else { return text }
        var out = [UInt8]()
        out.reserveCapacity(text.utf8.count)
        var previousCR = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\r") {
                out.append(UInt8(ascii: "\n"))
                previousCR = true
                continue
            }
            if byte == UInt8(ascii: "\n") && previousCR {
                previousCR = false
                continue
            }
            previousCR = false
            out.append(byte)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
