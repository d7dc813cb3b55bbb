internal import CPCRE2

/// A pattern PCRE2 could not compile.
public struct PCREError: Error, CustomStringConvertible, Sendable {
    /// PCRE2's error code.
    public var code: Int32
    /// The byte offset in the pattern where PCRE2 stopped.
    public var offset: Int
    public var pattern: String

    /// PCRE2's own message for the code.
    public var message: String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let length = pcre2_get_error_message_8(code, &buffer, buffer.count)
        return length > 0 ? String(decoding: buffer[..<Int(length)], as: UTF8.self) : "error \(code)"
    }

    public var description: String { "regular expression at offset \(offset): \(message) (pattern: \(pattern))" }
}
