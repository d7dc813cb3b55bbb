internal import FoundationEssentials
internal import SQLite
public import SkillscopeStore

extension SQLiteStore {
    public func exportRepositories() throws -> [RepositoryRow] {
        let rows = try reading { connection in
            try connection.query(
                """
                SELECT id, full_name, stars, license, topics, default_branch, pushed_at, head_commit, first_seen,
                    last_seen
                FROM repositories ORDER BY id
                """)
        }
        return rows.map { row in
            RepositoryRow(
                id: Int64(row.int(0) ?? 0),
                record: RepositoryRecord(
                    fullName: row.string(1) ?? "", stars: row.int(2), license: row.string(3),
                    topics: (try? JSONDecoder().decode([String].self, from: Data((row.string(4) ?? "[]").utf8))) ?? [],
                    defaultBranch: row.string(5), pushedAt: row.string(6), commit: row.string(7)),
                firstSeen: row.string(8) ?? "", lastSeen: row.string(9) ?? "")
        }
    }

    public func exportFiles(after id: Int64, limit: Int) throws -> [FileRow] {
        let rows = try reading { connection in
            try connection.query(
                """
                SELECT f.id, f.repository_id, f.path, f.kind, f.status, f.commit_sha, f.first_commit_at,
                    f.last_commit_at, f.first_seen, f.last_seen, f.sha256, f.bytes, f.name, f.title, f.description,
                    f.front_matter, f.diagnostics, f.line_count, f.rule_count, f.rules_text, f.rules_layout, f.body,
                    f.word_count, f.words_hash, f.name_key, f.findings, f.security, f.security_verdict, f.blob_sha,
                    l.record, x.removed_at, p.phrases, p.fingerprints
                FROM files f LEFT JOIN listings l ON l.file_id = f.id LEFT JOIN removed_files x ON x.file_id = f.id
                    LEFT JOIN file_phrases p ON p.file_id = f.id
                WHERE f.id > ?1 ORDER BY f.id LIMIT ?2
                """, [id, limit])
        }
        return rows.map { row in
            func blob(_ index: Int) -> [UInt8]? {
                if case .blob(let bytes) = row[index] { return bytes }
                return nil
            }
            return FileRow(
                id: Int64(row.int(0) ?? 0), repositoryID: Int64(row.int(1) ?? 0), path: row.string(2) ?? "",
                kind: row.string(3) ?? "", status: row.string(4) ?? "", commit: row.string(5),
                firstCommitAt: row.string(6), lastCommitAt: row.string(7), firstSeen: row.string(8) ?? "",
                lastSeen: row.string(9) ?? "", sha256: row.string(10) ?? "", bytes: row.int(11) ?? 0,
                name: row.string(12), title: row.string(13), description: row.string(14),
                frontMatterJSON: row.string(15), diagnosticsJSON: row.string(16) ?? "[]", lineCount: row.int(17) ?? 0,
                ruleCount: row.int(18) ?? 0, rulesText: row.string(19) ?? "", rulesLayoutJSON: row.string(20) ?? "{}",
                body: row.string(21) ?? "", wordCount: row.int(22) ?? 0, sequenceHash: row.int(23).map(Int64.init),
                nameKey: row.string(24), findingsJSON: row.string(25) ?? "[]", securityJSON: row.string(26) ?? "",
                securityVerdict: row.string(27) ?? "pass", blobSHA: row.string(28), listingJSON: row.string(29),
                removedAt: row.string(30), phrases: blob(31), fingerprints: blob(32))
        }
    }

    public func importRows(repositories: [RepositoryRow], files: [FileRow]) throws {
        guard !repositories.isEmpty || !files.isEmpty else { return }
        try writing { connection in
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
                    try connection.run(
                        "INSERT INTO file_phrases (file_id, phrases, fingerprints) VALUES (?1, ?2, ?3)",
                        [file.id, phrases, fingerprints])
                }
                if file.status == FileStatus.indexed.rawValue {
                    try connection.run(
                        "INSERT INTO files_fts (rowid, name, description, rules_text, body) VALUES (?1, ?2, ?3, ?4, ?5)",
                        [file.id, file.name, file.description, file.rulesText, file.body])
                }
            }
            if !files.isEmpty {
                try connection.run("UPDATE meta SET value = value + 1 WHERE key = 'files_generation'")
            }
        }
    }
}
