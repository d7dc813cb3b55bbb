internal import Foundation

/// The bytes of a locally kept file, as `skillscope.lock` holds them: `{"text": …}` for UTF-8 text, so a review
/// reads the team's edit, else `{"base64": …}`.
public struct KeptFile: Sendable, Hashable, Codable {
    public var text: String?
    public var base64: String?

    public init(_ bytes: [UInt8]) {
        if let text = String(validating: bytes, as: UTF8.self) {
            self.text = text
        } else {
            base64 = Data(bytes).base64EncodedString()
        }
    }

    /// The bytes, or `nil` when neither field holds any (a hand-edited lock).
    public var bytes: [UInt8]? {
        if let text { return Array(text.utf8) }
        return base64.flatMap { Data(base64Encoded: $0) }.map { [UInt8]($0) }
    }
}
