/// A current indexed file's rules, as grouping reads them: its id, its repository's id and the rule texts.
public struct FileRules: Sendable, Hashable {
    public var id: Int64
    public var repositoryID: Int64
    public var rules: [String]

    public init(id: Int64, repositoryID: Int64, rules: [String]) {
        self.id = id
        self.repositoryID = repositoryID
        self.rules = rules
    }

    /// Splits the stored `rules_text` (one rule a line).
    public init(id: Int64, repositoryID: Int64, rulesText: String) {
        self.init(
            id: id, repositoryID: repositoryID,
            rules: rulesText.isEmpty
                ? [] : rulesText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }
}
