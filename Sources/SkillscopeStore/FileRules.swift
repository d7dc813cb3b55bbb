/// A current indexed file's rules, as grouping reads them: its id, its repository's id and the rule texts.
public struct FileRules: Sendable, Hashable {
    public var id: Int64
    public var repositoryID: Int64
    public var rules: [String]
    public var name: String?
    public var description: String?

    public init(id: Int64, repositoryID: Int64, rules: [String], name: String? = nil, description: String? = nil) {
        self.id = id
        self.repositoryID = repositoryID
        self.rules = rules
        self.name = name
        self.description = description
    }

    /// Splits the stored `rules_text` (one rule a line).
    public init(id: Int64, repositoryID: Int64, rulesText: String, name: String? = nil, description: String? = nil) {
        let rules =
            rulesText.isEmpty
            ? [] : rulesText.utf8.split(separator: 10, omittingEmptySubsequences: false).map { String(Substring($0)) }
        self.init(id: id, repositoryID: repositoryID, rules: rules, name: name, description: description)
    }
}
