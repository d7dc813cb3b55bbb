internal import FoundationEssentials
public import SQLite
public import SkillscopeStore

extension SQLiteStore {
    /// `skillscope_search_body(body, rules_layout)`: the text the search index reads as a file's body, its text
    /// without its rules' lines (``RulesLayout/searchBody(of:)``).
    ///
    /// The search index's content view calls it when a snippet is made from a file, and when the index is checked
    /// or rebuilt; a connection that reads the index without it (the `sqlite3` shell) can match but not make
    /// snippets.
    public static let searchBodyFunction = Function("skillscope_search_body", argumentCount: 2) { arguments in
        guard case .text(let body) = arguments[0] else { return .null }
        return .text(searchBody(body: body, layoutJSON: arguments[1]))
    }

    /// A stored file's search body, from its stored text and rules layout.
    ///
    /// Every stored layout is one ``RulesLayout/json()`` wrote; a value that is not (text, and a layout) leaves the
    /// body whole, as a file with no rules.
    static func searchBody(body: String, layoutJSON: Value) -> String {
        guard case .text(let json) = layoutJSON,
            let layout = try? JSONDecoder().decode(RulesLayout.self, from: Data(json.utf8))
        else { return body }
        return layout.searchBody(of: body)
    }
}
