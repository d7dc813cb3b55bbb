internal import SQLite

/// A registry's whole content but the seen times (which record when a run happened), for resume tests to
/// compare a killed-and-rerun registry with an uninterrupted one.
public enum RegistryDump {
    /// One line per row of every table, in id order; also checks the search index's integrity.
    public static func lines(_ path: String) throws -> [String] {
        let connection = try Connection(path: path)
        var lines: [String] = []
        for sql in [
            "SELECT id, full_name, stars, license, topics, default_branch, pushed_at, head_commit FROM repositories ORDER BY id",
            """
            SELECT id, repository_id, path, kind, status, commit_sha, blob_sha, first_commit_at, last_commit_at, sha256,
                bytes, name, title, description, front_matter, diagnostics, findings, line_count, rule_count, rules_text,
                rules_layout, body
            FROM files ORDER BY id
            """,
            "SELECT file_id FROM removed_files ORDER BY file_id",
            "SELECT file_id, hex(phrases), hex(fingerprints) FROM file_phrases ORDER BY file_id",
            "SELECT rowid FROM files_fts WHERE files_fts MATCH 'rule OR always OR use' ORDER BY rowid",
        ] {
            for row in try connection.query(sql) { lines.append("\(row.values)") }
        }
        try connection.execute("INSERT INTO files_fts(files_fts) VALUES('integrity-check')")
        return lines
    }
}
