/// Conflict markers left in a file: the `<<<<<<<` … `>>>>>>>` blocks `update` writes (and git's own).
///
/// A file holding one is never loaded as a skill's text by choice: `status`, `list`, `install --frozen` and
/// `update` report it until it is edited away and `skillscope resolve` records the result.
public enum ConflictMarkers {
    /// One unresolved block.
    public struct Block: Sendable, Hashable, Codable {
        /// The 1-based line of its `<<<<<<<` marker.
        public var line: Int
        /// The first line of the local side, trimmed and cut to 80 characters: the rule in question.
        public var rule: String
    }

    /// The blocks in `bytes`: a `<<<<<<<` line followed, later, by a `>>>>>>>` line; empty for text without them.
    public static func blocks(in bytes: [UInt8]) -> [Block] {
        guard bytes.count >= 7, let text = String(validating: bytes, as: UTF8.self) else { return [] }
        var blocks: [Block] = []
        var open: (line: Int, rule: String?)?
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            if line.hasPrefix("<<<<<<<") {
                open = (index + 1, nil)
            } else if line.hasPrefix(">>>>>>>"), let found = open {
                blocks.append(Block(line: found.line, rule: found.rule ?? ""))
                open = nil
            } else if line.hasPrefix("|||||||") || line == "=======" {
                if open?.rule == nil { open?.rule = "" }
            } else if let found = open, found.rule == nil, !line.trimmingWhitespace().isEmpty {
                open?.rule = String(line.trimmingWhitespace().prefix(80))
            }
        }
        return blocks
    }

    /// `name/path:line: "rule"` for each block of one file, for messages.
    static func describe(_ blocks: [Block], skill: String, path: String) -> [String] {
        blocks.map { "\(skill)/\(path):\($0.line): unresolved conflict at \"\($0.rule)\"" }
    }
}
