internal import FoundationEssentials
internal import Postgres
internal import SkillscopeCore
public import SkillscopeStore

extension PostgresStore {
    /// Writes a batch: repositories upserted, the batch's stored rows read in one query, unchanged files touched
    /// in one statement, and changed files upserted in one pipelined round trip per 64 files.
    public func write(repositories: [RepositoryRecord], files: [FileRecord], seenAt: String) throws -> WriteSummary {
        try writing { connection in
            var repositoryIDs: [String: Int64] = [:]
            for repository in repositories {
                repositoryIDs[repository.fullName] = try Self.upsert(repository, seenAt: seenAt, on: connection)
            }
            for name in Set(files.map(\.key.repository)).sorted() where repositoryIDs[name] == nil {
                repositoryIDs[name] = try Self.upsert(
                    RepositoryRecord(fullName: name), seenAt: seenAt, on: connection, keepMetadata: true)
            }
            let existing = try Self.storedRows(files.map(\.key), on: connection)
            var summary = WriteSummary()
            // A stored file written again is back in its repository.
            let storedIDs = existing.values.map(\.id)
            let restored =
                storedIDs.isEmpty
                ? 0
                : try connection.query(
                    "DELETE FROM removed_files WHERE file_id = ANY($1::bigint[])", [PostgresValue.array(storedIDs)]
                ).affectedRows
            let unchanged = files.filter { existing[$0.key]?.sha256 == $0.sha256 && !$0.reanalyzed }
            if !unchanged.isEmpty {
                let touched = try Self.json(
                    unchanged.compactMap { file in existing[file.key].map { Touch(id: $0.id, blob: file.blobSHA) } })
                // The file's row is left as it is: its sighting stands for its `last_seen` (schema 6).
                _ = try connection.query(
                    """
                    INSERT INTO file_sightings (file_id, last_seen)
                    SELECT DISTINCT k.id, $1 FROM jsonb_to_recordset($2::jsonb) AS k(id bigint, blob text)
                    ON CONFLICT (file_id) DO UPDATE SET last_seen = excluded.last_seen
                    """, [seenAt, touched])
                _ = try connection.query(
                    """
                    UPDATE files SET blob_sha = k.blob FROM jsonb_to_recordset($1::jsonb) AS k(id bigint, blob text)
                    WHERE files.id = k.id AND k.blob IS NOT NULL AND files.blob_sha IS DISTINCT FROM k.blob
                    """, [touched])
                summary.unchanged = unchanged.count
            }
            let changed = files.filter { existing[$0.key]?.sha256 != $0.sha256 || $0.reanalyzed }
            let statements = changed.map { file in
                Self.upsertStatement(file, repositoryID: repositoryIDs[file.key.repository] ?? 0, seenAt: seenAt)
            }
            _ = try connection.pipeline(statements)
            for file in changed {
                summary.written += 1
                if case .parsed(let document) = file.outcome { summary.rulesWritten += document.rules.count }
            }
            if summary.written > 0 || restored > 0 { try Self.bumpFilesGeneration(on: connection) }
            return summary
        }
    }

    private struct Touch: Encodable {
        var id: Int64
        var blob: String?
    }

    private struct Key: Encodable {
        var r: String
        var p: String
    }

    static func json(_ value: some Encodable) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    /// The id and sha256 of each stored file among `keys`.
    private static func storedRows(_ keys: [FileKey], on connection: Connection) throws -> [FileKey: (
        id: Int64, sha256: String
    )] {
        guard !keys.isEmpty else { return [:] }
        let rows = try connection.query(
            """
            SELECT r.full_name, f.path, f.id, f.sha256
            FROM jsonb_to_recordset($1::jsonb) AS k(r text, p text)
            JOIN repositories r ON r.full_name = k.r JOIN files f ON f.repository_id = r.id AND f.path = k.p
            """, [try json(keys.map { Key(r: $0.repository, p: $0.path) })])
        var stored: [FileKey: (id: Int64, sha256: String)] = [:]
        for row in rows {
            stored[FileKey(repository: row.string(0) ?? "", path: row.string(1) ?? "")] = (
                row.int64(2) ?? 0, row.string(3) ?? ""
            )
        }
        return stored
    }

    /// One statement that upserts a file with its phrase sets and listing record.
    private static func upsertStatement(_ file: FileRecord, repositoryID: Int64, seenAt: String) -> PipelineStatement {
        let document: Document?
        switch file.outcome {
        case .parsed(let parsed): document = parsed
        case .rejected: document = nil
        }
        let encoded = file.encoded
        let values: [any PostgresBindable] = [
            repositoryID, file.key.path, file.kind.rawValue, document == nil ? "rejected" : "indexed", file.commit,
            file.firstCommitAt, file.lastCommitAt, seenAt, file.sha256, file.bytes, document?.name, document?.title,
            document?.description, encoded.frontMatterJSON, encoded.diagnosticsJSON, document?.lineCount ?? 0,
            document?.rules.count ?? 0, encoded.rulesText, document?.text ?? "", encoded.rulesLayoutJSON,
            encoded.wordCount, encoded.sequenceHash, encoded.nameKey, encoded.findingsJSON, encoded.securityJSON,
            encoded.securityVerdict, file.blobSHA, document == nil ? nil : encoded.phrases,
            document == nil ? nil : encoded.fingerprints, file.listingJSON,
        ]
        return PipelineStatement(
            """
            WITH upserted AS (
                INSERT INTO files (repository_id, path, kind, status, commit_sha, first_commit_at, last_commit_at,
                    first_seen, last_seen, sha256, bytes, name, title, description, front_matter, diagnostics,
                    line_count, rule_count, rules_text, body, rules_layout, word_count, words_hash, name_key,
                    findings, security, security_verdict, blob_sha)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19,
                    $20, $21, $22, $23, $24, $25, $26, $27)
                ON CONFLICT (repository_id, path) DO UPDATE SET kind = excluded.kind, status = excluded.status,
                    commit_sha = excluded.commit_sha, first_commit_at = excluded.first_commit_at,
                    last_commit_at = excluded.last_commit_at, last_seen = excluded.last_seen,
                    sha256 = excluded.sha256, bytes = excluded.bytes, name = excluded.name, title = excluded.title,
                    description = excluded.description, front_matter = excluded.front_matter,
                    diagnostics = excluded.diagnostics, line_count = excluded.line_count,
                    rule_count = excluded.rule_count, rules_text = excluded.rules_text, body = excluded.body,
                    rules_layout = excluded.rules_layout, word_count = excluded.word_count,
                    words_hash = excluded.words_hash, name_key = excluded.name_key, findings = excluded.findings,
                    security = excluded.security, security_verdict = excluded.security_verdict,
                    blob_sha = excluded.blob_sha
                RETURNING id
            ), phrases AS (
                INSERT INTO file_phrases (file_id, phrases, fingerprints)
                SELECT id, $28::bytea, $29::bytea FROM upserted WHERE $28::bytea IS NOT NULL
                ON CONFLICT (file_id) DO UPDATE SET phrases = excluded.phrases, fingerprints = excluded.fingerprints
            ), unphrased AS (
                DELETE FROM file_phrases WHERE $28::bytea IS NULL AND file_id IN (SELECT id FROM upserted)
            ), listing AS (
                INSERT INTO listings (file_id, record) SELECT id, $30::text FROM upserted WHERE $30::text IS NOT NULL
                ON CONFLICT (file_id) DO UPDATE SET record = excluded.record
            ), sighting AS (
                DELETE FROM file_sightings WHERE file_id IN (SELECT id FROM upserted)
            )
            SELECT id FROM upserted
            """, values)
    }

    public func markSeen(_ keys: [FileKey], at seenAt: String) throws {
        guard !keys.isEmpty else { return }
        let list = try Self.json(keys.map { Key(r: $0.repository, p: $0.path) })
        try writing { connection in
            _ = try connection.query(
                """
                INSERT INTO file_sightings (file_id, last_seen)
                SELECT DISTINCT f.id, $1 FROM files f, repositories r, jsonb_to_recordset($2::jsonb) AS k(r text, p text)
                WHERE r.id = f.repository_id AND r.full_name = k.r AND f.path = k.p
                ON CONFLICT (file_id) DO UPDATE SET last_seen = excluded.last_seen
                """, [seenAt, list])
            let restored = try connection.query(
                """
                DELETE FROM removed_files x USING files f, repositories r,
                    jsonb_to_recordset($1::jsonb) AS k(r text, p text)
                WHERE x.file_id = f.id AND r.id = f.repository_id AND r.full_name = k.r AND f.path = k.p
                """, [list]
            ).affectedRows
            _ = try connection.query(
                "UPDATE repositories SET last_seen = $1 WHERE full_name = ANY($2::text[])",
                [seenAt, PostgresValue.array(Set(keys.map(\.repository)).sorted())])
            if restored > 0 { try Self.bumpFilesGeneration(on: connection) }
        }
    }

    @discardableResult public func markRemoved(repository: String, present: Set<String>, at removedAt: String) throws
        -> Int
    {
        let paths = try Self.json(present.sorted())
        return try writing { connection in
            let marked = try connection.query(
                """
                INSERT INTO removed_files (file_id, removed_at)
                SELECT f.id, $3 FROM files f JOIN repositories r ON r.id = f.repository_id
                WHERE r.full_name = $1 AND f.path NOT IN (SELECT value FROM jsonb_array_elements_text($2::jsonb))
                ON CONFLICT (file_id) DO NOTHING
                """, [repository, paths, removedAt]
            ).affectedRows
            if marked > 0 { try Self.bumpFilesGeneration(on: connection) }
            return marked
        }
    }

    public func renameRepository(_ old: String, to new: String, at seenAt: String) throws {
        guard old != new else { return }
        try writing { connection in
            guard try connection.queryOne("SELECT 1 FROM repositories WHERE full_name = $1", [old]) != nil else {
                return
            }
            if try connection.queryOne("SELECT 1 FROM repositories WHERE full_name = $1", [new]) == nil {
                _ = try connection.query(
                    "UPDATE repositories SET full_name = $2, last_seen = $3 WHERE full_name = $1", [old, new, seenAt])
                // The lineage table holds repository names.
                try Self.bumpFilesGeneration(on: connection)
                return
            }
            let marked = try connection.query(
                """
                INSERT INTO removed_files (file_id, removed_at)
                SELECT f.id, $2 FROM files f JOIN repositories r ON r.id = f.repository_id WHERE r.full_name = $1
                ON CONFLICT (file_id) DO NOTHING
                """, [old, seenAt]
            ).affectedRows
            if marked > 0 { try Self.bumpFilesGeneration(on: connection) }
        }
    }

    /// Tells the passage index and the lineage table that the set of current files (or the names and stars that
    /// rank them) changed.
    static func bumpFilesGeneration(on connection: Connection) throws {
        _ = try connection.query("UPDATE meta SET value = value + 1 WHERE key = 'files_generation'")
    }

    private static func upsert(
        _ repository: RepositoryRecord, seenAt: String, on connection: Connection, keepMetadata: Bool = false
    ) throws -> Int64 {
        let row: Row?
        if keepMetadata {
            row = try connection.queryOne(
                """
                INSERT INTO repositories (full_name, first_seen, last_seen) VALUES ($1, $2, $2)
                ON CONFLICT (full_name) DO UPDATE SET last_seen = excluded.last_seen RETURNING id
                """, [repository.fullName, seenAt])
        } else {
            if let stars = repository.stars {
                // Versions are ranked by stars: the lineage table must be reloaded when they change.
                _ = try connection.query(
                    """
                    UPDATE meta SET value = value + 1 WHERE key = 'files_generation'
                        AND EXISTS (SELECT 1 FROM repositories WHERE full_name = $1 AND coalesce(stars, 0) <> $2)
                    """, [repository.fullName, stars])
            }
            row = try connection.queryOne(
                """
                INSERT INTO repositories (full_name, stars, license, topics, default_branch, pushed_at, head_commit,
                    first_seen, last_seen)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
                ON CONFLICT (full_name) DO UPDATE SET
                    stars = coalesce(excluded.stars, repositories.stars),
                    license = coalesce(excluded.license, repositories.license),
                    topics = CASE WHEN excluded.topics = '[]' THEN repositories.topics ELSE excluded.topics END,
                    default_branch = coalesce(excluded.default_branch, repositories.default_branch),
                    pushed_at = coalesce(excluded.pushed_at, repositories.pushed_at),
                    head_commit = coalesce(excluded.head_commit, repositories.head_commit),
                    last_seen = excluded.last_seen
                RETURNING id
                """,
                [
                    repository.fullName, repository.stars, repository.license, try json(repository.topics),
                    repository.defaultBranch, repository.pushedAt, repository.commit, seenAt,
                ])
        }
        guard let id = row?.int64(0) else {
            throw StoreError(.corrupt, "repository \(repository.fullName) vanished during a write")
        }
        return id
    }
}
