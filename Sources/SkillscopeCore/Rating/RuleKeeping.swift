/// Whether a version of a file still gives one of its rules: word for word, or edited.
///
/// A reader says a version keeps a rule when it still instructs it, though a sentence was added, the wording
/// changed a little or the item was merged into a longer paragraph. So a rule is kept when the version holds its
/// words (``RuleKey``), or when at least ``share`` of the rule's three-word phrases stand among the version's rules.
/// Chosen on the blind kept-rules labels (`Tests/SkillscopeCoreTests/Fixtures/truth/kept-rules.jsonl`, tune part;
/// `RuleKeepingTruthTests` prints the sweep and holds the held-out figure).
public enum RuleKeeping {
    /// The share of a rule's three-word phrases a version must hold for the rule to be kept, edited.
    public static let share = 0.3

    /// One version's rules as the test reads them: their words' keys and every three-word phrase.
    public struct Version: Sendable {
        public var keys: Set<UInt64>
        public var phrases: Set<UInt64>

        public init(rules: [String]) {
            keys = Set(rules.map(RuleKey.of))
            phrases = Set(rules.flatMap(RuleKeeping.phrases(of:)))
        }

        public init(keys: Set<UInt64>, phrases: Set<UInt64>) {
            self.keys = keys
            self.phrases = phrases
        }
    }

    /// The hashes of a text's three-word phrases (of its words as one phrase when it has fewer than three).
    public static func phrases(of text: String) -> [UInt64] {
        let words = Words.wordHashes(text)
        guard words.count >= 3 else { return words.isEmpty ? [] : [Words.combine(words[...])] }
        return (0...(words.count - 3)).map { Words.combine(words[$0..<$0 + 3]) }
    }

    /// The share of `rule`'s three-word phrases that `version` holds (1 when it holds the rule word for word).
    public static func sharedShare(of rule: String, in version: Version) -> Double {
        if version.keys.contains(RuleKey.of(rule)) { return 1 }
        let own = Set(phrases(of: rule))
        guard !own.isEmpty else { return 0 }
        return Double(own.filter(version.phrases.contains).count) / Double(own.count)
    }

    /// Whether `version` still gives `rule`, word for word or edited.
    public static func keeps(_ rule: String, in version: Version) -> Bool {
        sharedShare(of: rule, in: version) >= share
    }
}
