internal import Foundation

/// Where commands write: stdout for results, stderr for messages and progress.
public final class Output: Sendable {
    public init() {}

    /// Whether stderr is a terminal (progress bars are drawn only then).
    public var isErrorTerminal: Bool { isatty(2) == 1 }

    public func print(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    public func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Writes `text` to stderr with no newline (for a progress line redrawn with `\r`).
    public func progress(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Writes `value` as pretty, key-sorted JSON on stdout.
    public func json(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }
}
