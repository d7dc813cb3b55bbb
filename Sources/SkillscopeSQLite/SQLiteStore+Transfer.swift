internal import FoundationEssentials
internal import SQLite
public import SkillscopeStore

extension SQLiteStore {
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
                WHERE f.id > ?1 ORDER BY f.id LIMIT ?2
                """, [id, limit])
        }
        return rows.map { FileRow(reading: $0) }
    }

    public func importRows(repositories: [RepositoryRow], files: [FileRow]) throws {
        guard !repositories.isEmpty || !files.isEmpty else { return }
        try writing { connection, texts in
            for repository in repositories {
                let topics = String(decoding: try JSONEncoder().encode(repository.record.topics), as: UTF8.self)
                try connection.run(
                    """
                    INSERT INTO repositories (id, full_name, stars, license, topics, default_branch, pushed_at,
                        head_commit, first_seen, last_seen)
                    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
                    """,
                    [
                        repository.id, repository.record.fullName, repository.record.stars, repository.record.license,
                        topics, repository.record.defaultBranch, repository.record.pushedAt, repository.record.commit,
                        repository.firstSeen, repository.lastSeen,
                    ])
            }
            for file in files {
                try connection.run(
                    """
                    INSERT INTO files (id, repository_id, path, kind, status, commit_sha, first_commit_at,
                        last_commit_at, first_seen, last_seen, sha256, bytes, name, title, description, front_matter,
                        diagnostics, line_count, rule_count, rules_text, rules_layout, body, word_count, words_hash,
                        name_key, findings, security, security_verdict, blob_sha)
                    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20,
                        ?21, ?22, ?23, ?24, ?25, ?26, ?27, ?28, ?29)
                    """,
                    [
                        file.id, file.repositoryID, file.path, file.kind, file.status, file.commit, file.firstCommitAt,
                        file.lastCommitAt, file.firstSeen, file.lastSeen, file.sha256, file.bytes, file.name,
                        file.title, file.description, file.frontMatterJSON, file.diagnosticsJSON, file.lineCount,
                        file.ruleCount, file.rulesText, file.rulesLayoutJSON, file.body, file.wordCount,
                        file.sequenceHash, file.nameKey, file.findingsJSON, file.securityJSON, file.securityVerdict,
                        file.blobSHA,
                    ])
                if let listing = file.listingJSON {
                    try connection.run("INSERT INTO listings (file_id, record) VALUES (?1, ?2)", [file.id, listing])
                }
                if let removedAt = file.removedAt {
                    try connection.run(
                        "INSERT INTO removed_files (file_id, removed_at) VALUES (?1, ?2)", [file.id, removedAt])
                }
                if let phrases = file.phrases, let fingerprints = file.fingerprints {
                    try Self.storePhrases(
                        fileID: file.id, phrases: phrases, fingerprints: fingerprints, replacing: false,
                        on: connection)
                }
                if file.status == FileStatus.indexed.rawValue {
                    texts.set(
                        file.id, name: file.name, description: file.description, rulesText: file.rulesText,
                        body: Self.searchBody(body: file.body, layoutJSON: .text(file.rulesLayoutJSON)))
                }
            }
            if !files.isEmpty {
                try connection.run("UPDATE meta SET value = value + 1 WHERE key = 'files_generation'")
            }
        }
    }
}
