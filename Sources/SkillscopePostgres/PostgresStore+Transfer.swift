internal import FoundationEssentials
internal import Postgres
public import SkillscopeStore

extension PostgresStore {
    public func exportRepositories() throws -> [RepositoryRow] {
        let rows = try reading { connection in
            try connection.query(
                "SELECT \(RepositoryRow.selectedColumns) FROM repositories ORDER BY id")
        }
        return rows.map { RepositoryRow(reading: $0) }
    }

    public func exportFiles(after id: Int64, limit: Int) throws -> [FileRow] {
        let rows = try reading { connection in
            try connection.query(
                """
                SELECT \(FileRow.selectedColumns) FROM \(FileRow.joinedTables)
                WHERE f.id > $1 ORDER BY f.id LIMIT $2
                """, [id, limit], format: .binary)
        }
        return rows.map { FileRow(reading: $0) }
    }

    /// Drops the files' search index for the copy: RUM logs whole index pages for every row it takes (13 GB of
    /// write-ahead log for the first 35,000 files of the 350,000-file registry, 110 files a second), where building
    /// it once at the end reads each row once.
    public func beginImport() throws {
        try writing { connection in
            try connection.execute("DROP INDEX IF EXISTS files_search_rum")
            try connection.execute("DROP INDEX IF EXISTS files_search")
        }
    }

    /// Builds the search index again and analyses the tables, whose statistics estimate the totals of common
    /// words (``search(_:)``).
    public func finishImport() throws {
        try writing { connection in
            // Building a GIN or RUM index sorts its entries in this much memory before spilling to disk.
            try connection.execute("SET LOCAL maintenance_work_mem = '512MB'")
            try connection.execute(Self.restoreSearchIndex)
        }
        try reading { connection in try connection.execute("ANALYZE files, repositories, reviews") }
    }

    /// Writes exported rows with their ids, pipelined, then moves the id sequences past them so later writes
    /// get fresh ids.
    public func importRows(repositories: [RepositoryRow], files: [FileRow]) throws {
        guard !repositories.isEmpty || !files.isEmpty else { return }
        try writing { connection in
            var statements = try repositories.map { repository in
                PipelineStatement(
                    """
                    INSERT INTO repositories (id, full_name, stars, license, topics, default_branch, pushed_at,
                        head_commit, first_seen, last_seen)
                    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
                    """,
                    [
                        repository.id, repository.record.fullName, repository.record.stars, repository.record.license,
                        try Self.json(repository.record.topics),
                        repository.record.defaultBranch, repository.record.pushedAt, repository.record.commit,
                        repository.firstSeen, repository.lastSeen,
                    ])
            }
            for file in files {
                statements.append(
                    PipelineStatement(
                        """
                        WITH inserted AS (
                            INSERT INTO files (id, repository_id, path, kind, status, commit_sha, first_commit_at,
                                last_commit_at, first_seen, last_seen, sha256, bytes, name, title, description,
                                front_matter, diagnostics, line_count, rule_count, rules_text, rules_layout, body,
                                word_count, words_hash, name_key, findings, security, security_verdict, blob_sha)
                            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18,
                                $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29)
                            RETURNING id
                        ), listing AS (
                            INSERT INTO listings (file_id, record) SELECT id, $30::text FROM inserted
                            WHERE $30::text IS NOT NULL
                        ), removed AS (
                            INSERT INTO removed_files (file_id, removed_at) SELECT id, $31::text FROM inserted
                            WHERE $31::text IS NOT NULL
                        )
                        INSERT INTO file_phrases (file_id, phrases, fingerprints)
                        SELECT id, $32::bytea, $33::bytea FROM inserted WHERE $32::bytea IS NOT NULL
                            AND $33::bytea IS NOT NULL
                        """,
                        [
                            file.id, file.repositoryID, file.path, file.kind, file.status, file.commit,
                            file.firstCommitAt, file.lastCommitAt, file.firstSeen, file.lastSeen, file.sha256,
                            file.bytes, file.name, file.title, file.description, file.frontMatterJSON,
                            file.diagnosticsJSON, file.lineCount, file.ruleCount, file.rulesText,
                            file.rulesLayoutJSON, file.body, file.wordCount, file.sequenceHash, file.nameKey,
                            file.findingsJSON, file.securityJSON, file.securityVerdict, file.blobSHA,
                            file.listingJSON, file.removedAt, file.phrases, file.fingerprints,
                        ]))
            }
            _ = try connection.pipeline(statements)
            for table in ["repositories", "files"] {
                _ = try connection.query(
                    """
                    SELECT setval(pg_get_serial_sequence('\(table)', 'id'), coalesce(m, 1), m IS NOT NULL)
                    FROM (SELECT max(id) AS m FROM \(table)) AS s
                    """)
            }
            if !files.isEmpty { try Self.bumpFilesGeneration(on: connection) }
        }
    }
}
