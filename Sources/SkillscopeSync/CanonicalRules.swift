/// A canonical rules file split by its section markers into what each agent reads.
///
/// Two kinds of sections, each closed by its own end marker, neither nested in itself:
///
/// ```
/// <!-- skillscope:only claude cursor -->   …only these agents…   <!-- skillscope:only-end -->
/// <!-- skillscope:scope src/**/*.ts, test/**/*.ts -->   …only for these files…   <!-- skillscope:scope-end -->
/// ```
///
/// Marker lines are left out of what is written. Agents that read the canonical file itself (Codex, OpenCode)
/// see every section; the markers are HTML comments, invisible when rendered.
public struct CanonicalRules: Sendable {
    /// A run of lines with one audience and one scope.
    public struct Part: Sendable, Hashable {
        public var text: String
        /// The agents the part is for; `nil` for all.
        public var agents: Set<String>?
        /// The globs the part applies to; `nil` for every file.
        public var globs: [String]?
    }

    public var parts: [Part]

    /// Splits `text` (line endings already `\n`).
    ///
    /// - Throws: ``SyncError`` `.invalid` for an unknown agent, an unclosed or stray end marker, or a line holding
    ///   Skillscope's own block markers (which would break the block it is written into).
    public init(text: String, path: String) throws(SyncError) {
        var parts: [Part] = []
        var agents: Set<String>?
        var globs: [String]?
        var current = ""
        var lineNumber = 0
        func flush() {
            if !current.isEmpty { parts.append(Part(text: current, agents: agents, globs: globs)) }
            current = ""
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if text.utf8.last == 0x0A || text.isEmpty { lines.removeLast() }
        for rawLine in lines {
            lineNumber += 1
            let line = rawLine.trimmingWhitespace()
            let at = "\(path):\(lineNumber)"
            if line.hasPrefix(MarkedBlock.beginPrefix) || line == MarkedBlock.endLine {
                throw SyncError(.invalid, "\(at): a canonical file cannot hold skillscope block markers")
            }
            if let names = Self.marker("only", in: line) {
                guard agents == nil else { throw SyncError(.invalid, "\(at): skillscope:only sections do not nest") }
                let list = names.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
                let known = try Agent.parse(list)
                guard !known.isEmpty else { throw SyncError(.invalid, "\(at): skillscope:only names no agent") }
                flush()
                agents = Set(known.map(\.id))
            } else if line == "<!-- skillscope:only-end -->" {
                guard agents != nil else { throw SyncError(.invalid, "\(at): skillscope:only-end without only") }
                flush()
                agents = nil
            } else if let list = Self.marker("scope", in: line) {
                guard globs == nil else { throw SyncError(.invalid, "\(at): skillscope:scope sections do not nest") }
                let patterns = list.split(separator: ",").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
                guard !patterns.isEmpty else { throw SyncError(.invalid, "\(at): skillscope:scope names no glob") }
                for pattern in patterns where pattern.hasPrefix("/") || pattern.split(separator: "/").contains("..") {
                    throw SyncError(.unsafePath, "\(at): glob \(pattern) leaves the project")
                }
                flush()
                globs = patterns
            } else if line == "<!-- skillscope:scope-end -->" {
                guard globs != nil else { throw SyncError(.invalid, "\(at): skillscope:scope-end without scope") }
                flush()
                globs = nil
            } else {
                current += rawLine + "\n"
            }
        }
        if agents != nil || globs != nil { throw SyncError(.invalid, "\(path): a skillscope section is never closed") }
        flush()
        if text.utf8.last != 0x0A, var last = parts.popLast() {
            last.text.removeLast()  // the file had no final newline: neither does the last part
            parts.append(last)
        }
        self.parts = parts
    }

    /// What `agent` reads: the text for every file, and the text per glob set, in order of first appearance.
    public func rules(for agent: String) -> (always: String, scoped: [(globs: [String], text: String)]) {
        var always = ""
        var scoped: [(globs: [String], text: String)] = []
        for part in parts where part.agents?.contains(agent) ?? true {
            if let globs = part.globs {
                if let index = scoped.firstIndex(where: { $0.globs == globs }) {
                    scoped[index].text += part.text
                } else {
                    scoped.append((globs, part.text))
                }
            } else {
                always += part.text
            }
        }
        return (always, scoped)
    }

    private static func marker(_ name: String, in line: String) -> String? {
        let prefix = "<!-- skillscope:\(name) "
        guard line.hasPrefix(prefix), line.hasSuffix("-->") else { return nil }
        return String(line.dropFirst(prefix.count).dropLast(3)).trimmingWhitespace()
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces, tabs and `\r`.
    func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
