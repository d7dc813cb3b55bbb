/// One difference between two versions of a file, rule by rule.
public struct RuleChange: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable {
        case added, removed, edited
    }
    public var kind: Kind
    /// Whether the change is to a rule (else to another line: a heading, a code line).
    public var isRule: Bool
    /// The rule's text (or the line) before, for `removed` and `edited`.
    public var before: String?
    /// The rule's text (or the line) after, for `added` and `edited`.
    public var after: String?
    /// The 1-based line in the newer version (in the older one for `removed`).
    public var line: Int

    public init(kind: Kind, isRule: Bool, before: String?, after: String?, line: Int) {
        (self.kind, self.isRule, self.before, self.after, self.line) = (kind, isRule, before, after, line)
    }

    /// One line for a terminal: `~ 12 rule: old → new`.
    public var summary: String {
        let what = isRule ? "rule" : "line"
        switch kind {
        case .added: return "+ \(line) \(what): \(after ?? "")"
        case .removed: return "- \(line) \(what): \(before ?? "")"
        case .edited: return "~ \(line) \(what): \(before ?? "") → \(after ?? "")"
        }
    }
}

/// The rule-level differences between two versions of a file.
public enum RuleDiff {
    /// What changed from `old` to `new` (both the text of the file at `path`), blank lines left out.
    public static func changes(from old: String, to new: String, path: String) -> [RuleChange] {
        let a = Chunk.split(old, path: path)
        let b = Chunk.split(new, path: path)
        var changes: [RuleChange] = []
        var i = 0
        var j = 0
        for (mi, mj) in Chunk.matches(a.map(\.text), b.map(\.text)) + [(a.count, b.count)] {
            changes += gap(Array(a[i..<mi]), Array(b[j..<mj]))
            i = mi + 1
            j = mj + 1
        }
        return changes
    }

    /// Pairs removed and added chunks of one gap in order (rules with rules, lines with lines) as edits.
    static func gap(_ removed: [Chunk], _ added: [Chunk]) -> [RuleChange] {
        let old = removed.filter { !$0.text.trimmingWhitespace().isEmpty }
        let new = added.filter { !$0.text.trimmingWhitespace().isEmpty }
        var changes: [RuleChange] = []
        for isRule in [true, false] {
            let before = old.filter { ($0.rule != nil) == isRule }
            let after = new.filter { ($0.rule != nil) == isRule }
            for index in 0..<max(before.count, after.count) {
                switch (index < before.count ? before[index] : nil, index < after.count ? after[index] : nil) {
                case (let b?, let a?):
                    changes.append(
                        RuleChange(kind: .edited, isRule: isRule, before: b.label, after: a.label, line: a.line))
                case (let b?, nil):
                    changes.append(
                        RuleChange(kind: .removed, isRule: isRule, before: b.label, after: nil, line: b.line))
                case (nil, let a?):
                    changes.append(RuleChange(kind: .added, isRule: isRule, before: nil, after: a.label, line: a.line))
                case (nil, nil): break
                }
            }
        }
        return changes.sorted { $0.line < $1.line }
    }
}
