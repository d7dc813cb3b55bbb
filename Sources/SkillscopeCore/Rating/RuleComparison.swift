/// Two versions of a file compared rule by rule.
///
/// Two versions of a file compared rule by rule, with the notion of keeping measured "common" uses
/// (``RuleKeeping``): a rule of the first is kept when the second holds it word for word, changed when the second
/// still gives it in other words (most of its phrases stand there), and dropped otherwise. A rule of the second
/// that the first does not give at all is added.
///
/// So "kept by k of n edited versions" on a file page counts exactly the versions whose comparison marks the rule
/// kept or changed.
public enum RuleComparison {
    /// A rule as compared: its text and first line.
    public struct Rule: Sendable, Hashable {
        public var text: String
        public var line: Int

        public init(text: String, line: Int) {
            self.text = text
            self.line = line
        }
    }

    /// What became of a rule.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// The second version holds the rule word for word.
        case kept
        /// The second version still gives the rule, in other words.
        case changed
        /// A rule of the second version the first does not give.
        case added
        /// A rule of the first version the second no longer gives.
        case dropped

        /// Whether the second version still gives the rule (kept word for word, or changed).
        public var givesRule: Bool { self == .kept || self == .changed }
    }

    /// One rule's fate.
    public struct Entry: Sendable, Hashable {
        public var kind: Kind
        public var before: String?
        public var after: String?
        /// The line in the second version (in the first for a dropped rule).
        public var line: Int
        /// The line of the first version's rule this entry reports on; nil for an added rule, and for a rule of the
        /// second version that only repeats part of a first-version rule already matched (a split paragraph).
        public var firstLine: Int?
    }

    /// Every rule of `first` (kept, changed or dropped, in its order), then the second's rules the first did not
    /// account for: added, or a further part of a rule that was edited into several.
    public static func compare(_ first: [Rule], _ second: [Rule]) -> [Entry] {
        let secondVersion = RuleKeeping.Version(rules: second.map(\.text))
        let firstVersion = RuleKeeping.Version(rules: first.map(\.text))
        let secondPhrases = second.map { Set(RuleKeeping.phrases(of: $0.text)) }
        let firstPhrases = first.map { Set(RuleKeeping.phrases(of: $0.text)) }
        var secondByKey: [UInt64: [Int]] = [:]
        for (index, rule) in second.enumerated() { secondByKey[RuleKey.of(rule.text), default: []].append(index) }
        var used = Set<Int>()
        var entries: [Entry] = []
        for (index, rule) in first.enumerated() {
            if let matches = secondByKey[RuleKey.of(rule.text)] {
                let match = matches.first { !used.contains($0) } ?? matches[0]
                used.insert(match)
                entries.append(
                    Entry(
                        kind: .kept, before: rule.text, after: second[match].text, line: second[match].line,
                        firstLine: rule.line))
            } else if RuleKeeping.keeps(rule.text, in: secondVersion),
                let match = closest(firstPhrases[index], among: secondPhrases, preferring: used)
            {
                used.insert(match)
                entries.append(
                    Entry(
                        kind: .changed, before: rule.text, after: second[match].text, line: second[match].line,
                        firstLine: rule.line))
            } else {
                entries.append(
                    Entry(kind: .dropped, before: rule.text, after: nil, line: rule.line, firstLine: rule.line))
            }
        }
        for (index, rule) in second.enumerated() where !used.contains(index) {
            if RuleKeeping.keeps(rule.text, in: firstVersion),
                let match = closest(secondPhrases[index], among: firstPhrases, preferring: [])
            {
                entries.append(
                    Entry(kind: .changed, before: first[match].text, after: rule.text, line: rule.line, firstLine: nil))
            } else {
                entries.append(Entry(kind: .added, before: nil, after: rule.text, line: rule.line, firstLine: nil))
            }
        }
        return entries
    }

    /// The rule among `candidates` sharing most of `phrases` (one not yet used where one shares as many), or nil
    /// when none shares any.
    private static func closest(_ phrases: Set<UInt64>, among candidates: [Set<UInt64>], preferring used: Set<Int>)
        -> Int?
    {
        var best: (index: Int, shared: Int, free: Bool)?
        for (index, other) in candidates.enumerated() {
            let shared = phrases.intersection(other).count
            guard shared > 0 else { continue }
            let free = !used.contains(index)
            if let current = best, (current.shared, current.free ? 1 : 0) >= (shared, free ? 1 : 0) { continue }
            best = (index, shared, free)
        }
        return best?.index
    }
}
