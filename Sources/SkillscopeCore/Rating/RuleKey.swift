/// The identity of a rule's words: equal for rules with the same words in the same order (case, punctuation and
/// Markdown decoration aside), the way ``Words`` defines words for versions.
public enum RuleKey {
    /// A 64-bit hash of the rule's word sequence.
    public static func of(_ text: String) -> UInt64 {
        Words.combine(Words.wordHashes(text)[...])
    }
}
