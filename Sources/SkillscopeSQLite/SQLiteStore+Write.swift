internal import FoundationEssentials
internal import SQLite
internal import SkillscopeCore
public import SkillscopeStore

extension SQLiteStore {
    public func write(repositories: [RepositoryRecord], files: [FileRecord], seenAt: String) throws -> WriteSummary {
        try writing { connection, texts in
            var repositoryIDs: [String: Int64] = [:]
            for repository in repositories {
                repositoryIDs[repository.fullName] = try Self.upsert(repository, seenAt: seenAt, on: connection)
            }
            var summary = WriteSummary()
            var restored = false
            for file in files {
                let repositoryID: Int64
                if let id = repositoryIDs[file.key.repository] {
                    repositoryID = id
                } else {
                    repositoryID = try Self.upsert(
                        RepositoryRecord(fullName: file.key.repository), seenAt: seenAt, on: connection,
                        keepMetadata: true)
                    repositoryIDs[file.key.repository] = repositoryID
                }
                summary =
                    summary
                    + (try Self.write(
                        file, repositoryID: repositoryID, seenAt: seenAt, on: connection, restored: &restored,
                        texts: &texts))
            }
            if summary.written > 0 || restored { try Self.bumpFilesGeneration(on: connection) }
            return summary
        }
    }

    public func markSeen(_ keys: [FileKey], at seenAt: String) throws {
        guard !keys.isEmpty else { return }
        try writing { connection in
            // Each listed file is found once, by the unique index on repository and path; its row is not read.
            var restored = 0
            for key in keys {
                guard
                    let id = try connection.queryOne(
                        """
                        SELECT f.id FROM files f JOIN repositories r ON r.id = f.repository_id
                        WHERE r.full_name = ?1 AND f.path = ?2
                        """, [key.repository, key.path])?.int64(0)
                else { continue }
                try Self.recordSighting(fileID: id, at: seenAt, on: connection)
                try connection.run("DELETE FROM removed_files WHERE file_id = ?1", [id])
                restored += connection.changes
            }
            let repositories = Set(keys.map(\.repository))
            for repository in repositories {
                try connection.run("UPDATE repositories SET last_seen = ?1 WHERE full_name = ?2", [seenAt, repository])
            }
            if restored > 0 { try Self.bumpFilesGeneration(on: connection) }
        }
    }

    @discardableResult public func markRemoved(repository: String, present: Set<String>, at removedAt: String) throws
        -> Int
    {
        let paths = String(decoding: try JSONEncoder().encode(present.sorted()), as: UTF8.self)
        return try writing { connection in
            try connection.run(
                """
                INSERT INTO removed_files (file_id, removed_at)
                SELECT f.id, ?3 FROM files f JOIN repositories r ON r.id = f.repository_id
                WHERE r.full_name = ?1 AND f.path NOT IN (SELECT value FROM json_each(?2))
                    AND f.id NOT IN (SELECT file_id FROM removed_files)
                """, [repository, paths, removedAt])
            let marked = connection.changes
            if marked > 0 { try Self.bumpFilesGeneration(on: connection) }
            return marked
        }
    }

    public func renameRepository(_ old: String, to new: String, at seenAt: String) throws {
        guard old != new else { return }
        try writing { connection in
            guard try connection.queryOne("SELECT 1 FROM repositories WHERE full_name = ?1", [old]) != nil else {
                return
            }
            if try connection.queryOne("SELECT 1 FROM repositories WHERE full_name = ?1", [new]) == nil {
                try connection.run(
                    "UPDATE repositories SET full_name = ?2, last_seen = ?3 WHERE full_name = ?1", [old, new, seenAt])
                // The lineage table holds repository names.
                try Self.bumpFilesGeneration(on: connection)
                return
            }
            try connection.run(
                """
                INSERT INTO removed_files (file_id, removed_at)
                SELECT f.id, ?2 FROM files f JOIN repositories r ON r.id = f.repository_id
                WHERE r.full_name = ?1 AND f.id NOT IN (SELECT file_id FROM removed_files)
                """, [old, seenAt])
            if connection.changes > 0 { try Self.bumpFilesGeneration(on: connection) }
        }
    }

    /// Tells the passage index and the lineage table that the set of current files (or the names and stars that
    /// rank them) changed.
    private static func bumpFilesGeneration(on connection: Connection) throws {
        try connection.run("UPDATE meta SET value = value + 1 WHERE key = 'files_generation'")
    }

    private static func upsert(
        _ repository: RepositoryRecord, seenAt: String, on connection: Connection, keepMetadata: Bool = false
    ) throws -> Int64 {
        let topics = String(decoding: try JSONEncoder().encode(repository.topics), as: UTF8.self)
        if keepMetadata {
            try connection.run(
                """
                INSERT INTO repositories (full_name, first_seen, last_seen) VALUES (?1, ?2, ?2)
                ON CONFLICT (full_name) DO UPDATE SET last_seen = excluded.last_seen
                """, [repository.fullName, seenAt])
        } else {
            if let stars = repository.stars {
                // Versions are ranked by stars: the lineage table must be reloaded when they change.
                try connection.run(
                    """
                    UPDATE meta SET value = value + 1 WHERE key = 'files_generation'
                        AND EXISTS (SELECT 1 FROM repositories WHERE full_name = ?1 AND coalesce(stars, 0) <> ?2)
                    """, [repository.fullName, stars])
            }
            try connection.run(
                """
                INSERT INTO repositories (full_name, stars, license, topics, default_branch, pushed_at, head_commit,
                    first_seen, last_seen)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8)
                ON CONFLICT (full_name) DO UPDATE SET
                    stars = coalesce(excluded.stars, stars), license = coalesce(excluded.license, license),
                    topics = CASE WHEN excluded.topics = '[]' THEN topics ELSE excluded.topics END,
                    default_branch = coalesce(excluded.default_branch, default_branch),
                    pushed_at = coalesce(excluded.pushed_at, pushed_at),
                    head_commit = coalesce(excluded.head_commit, head_commit), last_seen = excluded.last_seen
                """,
                [
                    repository.fullName, repository.stars, repository.license, topics, repository.defaultBranch,
                    repository.pushedAt, repository.commit, seenAt,
                ])
        }
        guard
            let id = try connection.queryOne("SELECT id FROM repositories WHERE full_name = ?1", [repository.fullName])?
                .int(0)
        else { throw StoreError(.corrupt, "repository \(repository.fullName) vanished during a write") }
        return Int64(id)
    }

    /// Writes one file's rows and hands its texts to the search index in `texts`; `restored` becomes `true` when a
    /// removed file came back.
    private static func write(
        _ file: FileRecord, repositoryID: Int64, seenAt: String, on connection: Connection, restored: inout Bool,
        texts: inout SearchTexts
    ) throws -> WriteSummary {
        var summary = WriteSummary()
        let existing = try connection.queryOne(
            """
            SELECT id, sha256, status, blob_sha FROM files WHERE repository_id = ?1 AND path = ?2
            """, [repositoryID, file.key.path])
        if let id = existing?.int(0) {
            try connection.run("DELETE FROM removed_files WHERE file_id = ?1", [id])
            if connection.changes > 0 { restored = true }
        }
        if let existing, let id = existing.int64(0), existing.string(1) == file.sha256, !file.reanalyzed {
            try recordSighting(fileID: id, at: seenAt, on: connection)
            if let blob = file.blobSHA, blob != existing.string(3) {
                try connection.run("UPDATE files SET blob_sha = ?2 WHERE id = ?1", [id, blob])
            }
            summary.unchanged = 1
            return summary
        }
        let document: Document?
        switch file.outcome {
        case .parsed(let parsed): document = parsed
        case .rejected: document = nil
        }
        let encoded = file.encoded
        let diagnosticsJSON = encoded.diagnosticsJSON
        let frontMatterJSON = encoded.frontMatterJSON
        let rulesText = encoded.rulesText
        let values: [any Bindable] = [
            repositoryID, file.key.path, file.kind.rawValue, document == nil ? "rejected" : "indexed", file.commit,
            file.firstCommitAt, file.lastCommitAt, seenAt, file.sha256, file.bytes, document?.name, document?.title,
            document?.description, frontMatterJSON, diagnosticsJSON, document?.lineCount ?? 0,
            document?.rules.count ?? 0, rulesText, document?.text ?? "", encoded.rulesLayoutJSON,
            encoded.wordCount, encoded.sequenceHash, encoded.nameKey, encoded.findingsJSON, encoded.securityJSON,
            encoded.securityVerdict, file.blobSHA,
        ]
        let fileID: Int64
        if let existing, let id = existing.int(0) {
            fileID = Int64(id)
            try connection.run(
                """
                UPDATE files SET repository_id = ?1, path = ?2, kind = ?3, status = ?4, commit_sha = ?5,
                    first_commit_at = ?6, last_commit_at = ?7, last_seen = ?8, sha256 = ?9, bytes = ?10, name = ?11,
                    title = ?12, description = ?13, front_matter = ?14, diagnostics = ?15, line_count = ?16,
                    rule_count = ?17, rules_text = ?18, body = ?19, rules_layout = ?20, word_count = ?21,
                    words_hash = ?22, name_key = ?23, findings = ?24, security = ?25, security_verdict = ?26,
                    blob_sha = ?27
                WHERE id = ?28
                """, values + [fileID])
            // The row's own `last_seen` is the newest again.
            try connection.run("DELETE FROM file_sightings WHERE file_id = ?1", [fileID])
        } else {
            try connection.run(
                """
                INSERT INTO files (repository_id, path, kind, status, commit_sha, first_commit_at, last_commit_at,
                    first_seen, last_seen, sha256, bytes, name, title, description, front_matter, diagnostics,
                    line_count, rule_count, rules_text, body, rules_layout, word_count, words_hash, name_key, findings,
                    security, security_verdict, blob_sha)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20,
                    ?21, ?22, ?23, ?24, ?25, ?26, ?27)
                """, values)
            fileID = connection.lastInsertRowID
        }
        summary.written = 1
        let isNew = existing == nil
        if let listing = file.listingJSON {
            try connection.run(
                "\(isNew ? "INSERT" : "INSERT OR REPLACE") INTO listings (file_id, record) VALUES (?1, ?2)",
                [fileID, listing])
        }
        guard let document else {
            try connection.run("DELETE FROM file_phrase_sets WHERE file_id = ?1", [fileID])
            try connection.run("DELETE FROM file_fingerprints WHERE file_id = ?1", [fileID])
            return summary
        }
        try storePhrases(
            fileID: fileID, phrases: encoded.phrases, fingerprints: encoded.fingerprints, replacing: !isNew,
            on: connection)
        texts.set(
            fileID, name: document.name, description: document.description, rulesText: rulesText,
            body: encoded.searchBody)
        summary.rulesWritten = document.rules.count
        return summary
    }

    /// Records that a file whose text did not change was seen at `seenAt`, in `file_sightings` (schema 16), which
    /// leaves the file's long row as it is.
    private static func recordSighting(fileID: Int64, at seenAt: String, on connection: Connection) throws {
        try connection.run(
            """
            INSERT INTO file_sightings (file_id, last_seen) VALUES (?1, ?2)
            ON CONFLICT (file_id) DO UPDATE SET last_seen = excluded.last_seen
            """, [fileID, seenAt])
    }

    /// Stores a file's phrase set and fingerprints, each in its table (schema 13); `replacing` when the file had
    /// rows there before.
    ///
    /// A new file's rows go in with a plain `INSERT`. `OR REPLACE` may delete a row as well as add one, so SQLite
    /// keeps a statement journal for it: a copy of every page the statement changes, spilled to a temporary file
    /// past 64 KiB. For phrase sets of several KiB that was 372 MB of temporary files at 50,000 files
    /// (bench/RESULTS.md).
    static func storePhrases(
        fileID: Int64, phrases: [UInt8], fingerprints: [UInt8], replacing: Bool, on connection: Connection
    ) throws {
        let insert = replacing ? "INSERT OR REPLACE" : "INSERT"
        try connection.run("\(insert) INTO file_phrase_sets (file_id, phrases) VALUES (?1, ?2)", [fileID, phrases])
        try connection.run(
            "\(insert) INTO file_fingerprints (file_id, fingerprints) VALUES (?1, ?2)", [fileID, fingerprints])
    }

}
