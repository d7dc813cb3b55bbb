internal import SQLite

/// A write transaction's changes to the search index, held back and applied after its rows.
///
/// FTS5 gathers new words in memory and writes them out as a segment of the index when the transaction commits,
/// and also each time another statement of the transaction opens a savepoint: inserts into tables with foreign
/// keys, or with `OR REPLACE`, do. Indexing each file between its rows therefore wrote one small segment a file,
/// and FTS5's merges then rewrote them over and over. FTS5 also writes out when a row id is smaller than the one
/// before, so the changes are applied together at the end, in row-id order: each transaction adds one segment.
struct SearchIndexBatch {
    /// One change: a file's fields removed from the index (with the values that were indexed) or added.
    private struct Change {
        var rowID: Int64
        var isDelete: Bool
        var values: [any Bindable]
    }

    private var changes: [Change] = []

    /// Removes a file's indexed fields, given as they were indexed (by an earlier transaction, or by an insert
    /// held before this one); `body` is the file's search body (``SkillscopeStore/RulesLayout/searchBody(of:)``).
    mutating func delete(rowID: Int64, name: Value, description: Value, rulesText: Value, body: Value) {
        changes.append(Change(rowID: rowID, isDelete: true, values: [rowID, name, description, rulesText, body]))
    }

    /// Adds a file's fields to the index; `body` is the file's search body, its text without its rules' lines.
    mutating func insert(rowID: Int64, name: String?, description: String?, rulesText: String, body: String) {
        changes.append(Change(rowID: rowID, isDelete: false, values: [rowID, name, description, rulesText, body]))
    }

    /// Applies the held changes in row-id order; one file's changes keep the order they were made in.
    func apply(on connection: Connection) throws(SQLiteError) {
        let ordered = changes.enumerated().sorted {
            ($0.element.rowID, $0.offset) < ($1.element.rowID, $1.offset)
        }
        for (_, change) in ordered {
            if change.isDelete {
                try connection.run(
                    """
                    INSERT INTO files_fts (files_fts, rowid, name, description, rules_text, body)
                    VALUES ('delete', ?1, ?2, ?3, ?4, ?5)
                    """, change.values)
            } else {
                try connection.run(
                    "INSERT INTO files_fts (rowid, name, description, rules_text, body) VALUES (?1, ?2, ?3, ?4, ?5)",
                    change.values)
            }
        }
    }
}
