internal import SkillscopeCore

/// A unit of a file for diffs and merges: one rule with its exact lines, or one other line.
///
/// Rules come from ``SkillscopeCore/DocumentParser``, so a rule spread over several lines (a list item with a
/// continuation) moves, changes and conflicts as one piece, and the lines around it (headings, blank lines, code)
/// merge line by line.
struct Chunk: Hashable, Sendable {
    /// The exact lines, each with its line ending.
    var text: String
    /// The rule's plain text when the chunk is a rule.
    var rule: String?
    /// The 1-based line where the chunk starts.
    var line: Int

    /// What a report shows: the rule's text, else the line without its ending.
    var label: String { rule ?? text.trimmingWhitespace().replacingNewlines() }

    /// Cuts `text` into chunks; Markdown files (by `path`) by rule, others line by line.
    static func split(_ text: String, path: String) -> [Chunk] {
        let lines = Self.lines(of: text)
        var spans: [(LineSpan, String)] = []
        let lower = path.lowercased()
        if lower.hasSuffix(".md") || lower.hasSuffix(".mdc") || lower.hasSuffix(".markdown") {
            let kind = FileKind.ownKind(of: path) ?? .skillReference
            let document = DocumentParser().parse(text: text, path: path, kind: kind)
            var lastEnd = 0
            for rule in document.rules.sorted(by: { $0.lines.start < $1.lines.start })
            where rule.lines.start > lastEnd && rule.lines.end <= lines.count {
                spans.append((rule.lines, rule.text))
                lastEnd = rule.lines.end
            }
        }
        var chunks: [Chunk] = []
        var index = 0
        var next = spans.makeIterator()
        var span = next.next()
        while index < lines.count {
            let number = index + 1
            if let (lineSpan, ruleText) = span, lineSpan.start == number {
                chunks.append(Chunk(text: lines[index..<lineSpan.end].joined(), rule: ruleText, line: number))
                index = lineSpan.end
                span = next.next()
            } else {
                chunks.append(Chunk(text: lines[index], rule: nil, line: number))
                index += 1
            }
        }
        return chunks
    }

    /// The lines of `text`, each with its `\n` (the last may lack one).
    static func lines(of text: String) -> [String] {
        var lines: [String] = []
        var current: [UInt8] = []
        for byte in text.utf8 {
            current.append(byte)
            if byte == 0x0A {
                lines.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
            }
        }
        if !current.isEmpty { lines.append(String(decoding: current, as: UTF8.self)) }
        return lines
    }

    /// The pairs of equal elements of a longest common subsequence of `a` and `b`, in order.
    ///
    /// - Complexity: O(n·m) time and memory after trimming the common prefix and suffix; above 16 million cells
    ///   only the prefix and suffix are matched (the middle then differs as a whole).
    static func matches<T: Equatable>(_ a: [T], _ b: [T]) -> [(Int, Int)] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        var pairs = (0..<prefix).map { ($0, $0) }
        let n = a.count - prefix - suffix
        let m = b.count - prefix - suffix
        if n > 0, m > 0, n * m <= 16_000_000 {
            var table = [Int32](repeating: 0, count: (n + 1) * (m + 1))
            for i in stride(from: n - 1, through: 0, by: -1) {
                for j in stride(from: m - 1, through: 0, by: -1) {
                    table[i * (m + 1) + j] =
                        a[prefix + i] == b[prefix + j]
                        ? table[(i + 1) * (m + 1) + j + 1] + 1
                        : max(table[(i + 1) * (m + 1) + j], table[i * (m + 1) + j + 1])
                }
            }
            var i = 0
            var j = 0
            while i < n, j < m {
                if a[prefix + i] == b[prefix + j] {
                    pairs.append((prefix + i, prefix + j))
                    i += 1
                    j += 1
                } else if table[(i + 1) * (m + 1) + j] >= table[i * (m + 1) + j + 1] {
                    i += 1
                } else {
                    j += 1
                }
            }
        }
        pairs += (0..<suffix).map { (a.count - suffix + $0, b.count - suffix + $0) }
        return pairs
    }
}

extension String {
    func replacingNewlines() -> String { split(separator: "\n").joined(separator: " ") }
}
