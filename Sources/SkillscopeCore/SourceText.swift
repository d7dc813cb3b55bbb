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
        let body = Self.normalizingLineEndings(bytes[start...])
        // Fast path: valid UTF-8 is taken as it is; only invalid text pays for locating the first bad byte.
        if let valid = String(validating: body, as: UTF8.self) {
            text = valid
            hadInvalidUTF8 = false
            firstInvalidLine = nil
            return
        }
        var decoder = UTF8()
        var iterator = body.makeIterator()
        var line = 1
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): if scalar == "\n" { line += 1 }
            case .emptyInput: break loop
            case .error: break loop
            }
        }
        text = String(decoding: body, as: UTF8.self)
        hadInvalidUTF8 = true
        firstInvalidLine = line
    }

    /// Bytes with CRLF and lone CR turned into `\n`.
    static func normalizingLineEndings(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: "\r")) else { return Array(bytes) }
        var out = [UInt8]()
        out.reserveCapacity(bytes.count)
        var previousCR = false
        for byte in bytes {
            if byte == UInt8(ascii: "\r") {
                out.append(UInt8(ascii: "\n"))
                previousCR = true
            } else {
                if !(byte == UInt8(ascii: "\n") && previousCR) { out.append(byte) }
                previousCR = false
            }
        }
        return out
    }

    /// Lines in `text` as an editor counts them: a final line ending does not start a new line.
    public static func lineCount(of text: String) -> Int {
        var count = 0
        var last: UInt8 = 0
        var text = text
        text.withUTF8 { buffer in
            for byte in buffer where byte == 0x0A { count += 1 }
            last = buffer.last ?? 0
        }
        if text.isEmpty { return 0 }
        return last == 0x0A ? count : count + 1
    }

    /// `text` with CRLF and lone CR turned into `\n`.
    public static func normalizingLineEndings(_ text: String) -> String {
        var probe = text
        let hasCR = probe.withUTF8 { $0.contains(UInt8(ascii: "\r")) }
        guard hasCR else { return text }
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
