internal import Foundation
internal import SQLite
public import SkillscopeStore
internal import Xapian

/// A registry's whole content but the seen times (which record when a run happened), for resume tests to
/// compare a killed-and-rerun registry with an uninterrupted one.
public enum RegistryDump {
    /// One line per row of every table, in id order, and the files in the search index beside it.
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
        ] {
            for row in try connection.query(sql) { lines.append("\(row.values)") }
        }
        // The search index's documents: the files that match some common words, as the index has them.
        let index = try XapianDatabase(path: path + "-search", writable: false)
        var query = XapianQuery(words: ["rule", "always", "use"])
        query.allWords = false
        query.limit = 100_000
        lines.append("search \(index.documentCount) \(try index.search(query).matches.map(\.id).sorted())")
        return lines
    }
}

extension RegistryDump {
    /// A registry's whole content through the ``Store`` protocol, whatever the engine, seen times included: one
    /// JSON line per repository and per file (every stored column, phrase sets in hexadecimal), then the stats.
    ///
    /// Two registries with the same lines hold the same data.
    public static func lines(store: any Store) throws -> [String] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dataEncodingStrategy = .base64
        func line(_ value: some Encodable) throws -> String {
            String(decoding: try encoder.encode(value), as: UTF8.self)
        }
        var lines = try store.exportRepositories().map(line)
        var after: Int64 = 0
        while true {
            let page = try store.exportFiles(after: after, limit: 200)
            guard let last = page.last else { break }
            lines += try page.map(line)
            after = last.id
        }
        let reviews = try store.exportReviews()
        for token in reviews.tokens {
            lines.append("token \(token.id) \(token.name) \(token.secretSHA256) \(token.createdAt)")
        }
        for (review, tokenID) in reviews.reviews { lines.append("review \(tokenID) " + (try line(review))) }
        var stats = try store.stats()
        (stats.engine, stats.schemaVersion) = ("", 0)
        lines.append(try line(stats))
        return lines
    }
}
