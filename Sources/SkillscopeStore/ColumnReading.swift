internal import FoundationEssentials
public import SkillscopeCore

/// A result row as the engines read it, column by column: both engines' rows conform, so each stored value is
/// decoded in one place whatever the engine.
public protocol ColumnReading {
    func string(_ column: Int) -> String?
    func int(_ column: Int) -> Int?
    func int64(_ column: Int) -> Int64?
    /// A blob (`BLOB`, `bytea`).
    func bytes(_ column: Int) -> [UInt8]?
    /// A blob of little-endian 64-bit values (``SkillscopeCore/HashCoding``).
    func uint64s(_ column: Int) -> [UInt64]?
    func double(_ column: Int) -> Double?
}

extension StoredHash {
    /// Decodes a row's `sha256` and `status` columns, from `column` on.
    public init(reading row: some ColumnReading, from column: Int = 0) {
        self.init(
            sha256: row.string(column) ?? "", status: row.string(column + 1) == "indexed" ? .indexed : .rejected)
    }
}

extension StoredReview {
    /// The columns both engines select for a review, in the order ``init(reading:)`` reads them.
    public static let selectedColumns =
        "id, file_id, file_sha256, outcome, used_for, reviewer, at, cost_usd, latency_ms"

    /// Decodes a row of ``selectedColumns``.
    public init(reading row: some ColumnReading) {
        self.init(
            id: row.int64(0) ?? 0, fileID: row.int64(1) ?? 0, fileSHA256: row.string(2) ?? "",
            outcome: ReviewOutcome(rawValue: row.string(3) ?? "") ?? .failed, usedFor: row.string(4) ?? "",
            reviewer: row.string(5) ?? "", at: row.string(6) ?? "", costUSD: row.double(7), latencyMs: row.int(8))
    }
}

extension StoredReview {
    /// The columns both engines select for a review with its author, from ``attributedTables``.
    public static let attributedColumns = """
        r.id, r.file_id, r.file_sha256, r.outcome, r.used_for, r.reviewer, r.at, r.cost_usd, r.latency_ms, a.login,
        t.kind, r.token_id, r.hidden_at, r.hidden_by, r.kept_at
        """
    public static let attributedTables =
        "reviews r JOIN tokens t ON t.id = r.token_id LEFT JOIN accounts a ON a.id = t.account_id"

    /// The columns both engines select for moving a review: ``selectedColumns``, its token, and its moderation.
    public static let exportedColumns = selectedColumns + ", token_id, hidden_at, hidden_by, kept_at"

    /// Decodes a row of ``exportedColumns``.
    public init(readingExported row: some ColumnReading) {
        self.init(reading: row)
        tokenID = row.int64(9)
        hiddenAt = row.string(10)
        hiddenBy = row.string(11)
        keptAt = row.string(12)
    }

    /// Decodes a row of ``attributedColumns``.
    public init(readingAttributed row: some ColumnReading) {
        self.init(reading: row)
        accountLogin = row.string(9)
        byAgent = row.string(10) != TokenKind.person.rawValue
        tokenID = row.int64(11)
        hiddenAt = row.string(12)
        hiddenBy = row.string(13)
        keptAt = row.string(14)
    }
}

extension ReviewSummary {
    /// The columns both engines select for counting a file's reviews.
    public static let selectedColumns = "outcome, cost_usd, latency_ms"

    /// Counts rows of ``selectedColumns``: outcomes, the mean cost and the median latency of those that gave them.
    public init(reading rows: some Sequence<some ColumnReading>) {
        self.init()
        var costs: [Double] = []
        var latencies: [Int] = []
        for row in rows {
            count += 1
            switch ReviewOutcome(rawValue: row.string(0) ?? "") {
            case .worked?: worked += 1
            case .partly?: partly += 1
            case .failed?: failed += 1
            case nil: break
            }
            if let cost = row.double(1) { costs.append(cost) }
            if let latency = row.int(2) { latencies.append(latency) }
        }
        costUSDAverage = costs.isEmpty ? nil : costs.reduce(0, +) / Double(costs.count)
        latencies.sort()
        latencyP50Ms = latencies.isEmpty ? nil : latencies[(latencies.count - 1) / 2]
    }
}

extension StoredFile {
    /// When file `f` was last seen, in both engines' SQL.
    ///
    /// A file seen again with the same text has a row in `file_sightings`, which stands for `files.last_seen` until
    /// the file's row is written again (SQLite's schema 16). Setting `files.last_seen` would rewrite the whole row,
    /// the file's text with it.
    public static let lastSeenColumn =
        "coalesce((SELECT last_seen FROM file_sightings WHERE file_id = f.id), f.last_seen)"

    /// The columns both engines select for a stored file, in the order ``init(reading:)`` reads them, from
    /// `files f JOIN repositories r`.
    public static let selectedColumns = """
        f.id, r.full_name, f.path, f.kind, f.status, f.commit_sha, f.first_commit_at, f.last_commit_at, f.first_seen,
        \(lastSeenColumn), f.sha256, f.bytes, f.name, f.title, f.description, f.front_matter, f.diagnostics,
        f.line_count, f.rule_count, f.body, r.stars, r.license, r.topics, r.default_branch, r.pushed_at, r.head_commit,
        f.findings, f.security, (SELECT record FROM listings WHERE file_id = f.id), f.blob_sha,
        (SELECT removed_at FROM removed_files WHERE file_id = f.id)
        """

    /// Decodes a row of ``selectedColumns``.
    ///
    /// - Throws: a decoding error when the stored diagnostics or security report are not valid JSON.
    public init(reading row: some ColumnReading) throws {
        let decoder = JSONDecoder()
        let diagnostics = try decoder.decode([FileDiagnostic].self, from: Data((row.string(16) ?? "[]").utf8))
        let topics = (try? decoder.decode([String].self, from: Data((row.string(22) ?? "[]").utf8))) ?? []
        let fullName = row.string(1) ?? ""
        self.init(
            id: row.int64(0) ?? 0, key: FileKey(repository: fullName, path: row.string(2) ?? ""),
            kind: FileKind(rawValue: row.string(3) ?? "") ?? .agents,
            status: FileStatus(rawValue: row.string(4) ?? "") ?? .rejected, commit: row.string(5),
            firstCommitAt: row.string(6), lastCommitAt: row.string(7), firstSeen: row.string(8) ?? "",
            lastSeen: row.string(9) ?? "", sha256: row.string(10) ?? "", bytes: row.int(11) ?? 0, name: row.string(12),
            title: row.string(13), description: row.string(14), frontMatterJSON: row.string(15),
            diagnostics: diagnostics, lineCount: row.int(17) ?? 0, ruleCount: row.int(18) ?? 0,
            text: row.string(19) ?? "",
            repository: RepositoryRecord(
                fullName: fullName, stars: row.int(20), license: row.string(21), topics: topics,
                defaultBranch: row.string(23), pushedAt: row.string(24), commit: row.string(25)))
        findings = (try? decoder.decode([Finding].self, from: Data((row.string(26) ?? "[]").utf8))) ?? []
        if let security = row.string(27) {
            self.security = try decoder.decode(SecurityReport.self, from: Data(security.utf8))
        }
        listingJSON = row.string(28)
        blobSHA = row.string(29)
        removedAt = row.string(30)
    }
}

extension RepositoryRow {
    /// The columns both engines select for a repository row, in the order ``init(reading:)`` reads them.
    public static let selectedColumns = """
        id, full_name, stars, license, topics, default_branch, pushed_at, head_commit, first_seen, last_seen
        """

    /// Decodes a row of ``selectedColumns``.
    public init(reading row: some ColumnReading) {
        self.init(
            id: row.int64(0) ?? 0,
            record: RepositoryRecord(
                fullName: row.string(1) ?? "", stars: row.int(2), license: row.string(3),
                topics: (try? JSONDecoder().decode([String].self, from: Data((row.string(4) ?? "[]").utf8))) ?? [],
                defaultBranch: row.string(5), pushedAt: row.string(6), commit: row.string(7)),
            firstSeen: row.string(8) ?? "", lastSeen: row.string(9) ?? "")
    }
}

extension FileRow {
    /// What both engines select for an exported file, from `files f` left-joined to `listings l` and
    /// `removed_files x`, in the order ``init(reading:)`` reads it.
    ///
    /// The phrase sets are looked up a file at a time:
    /// SQLite's `file_phrases` is a view of two tables, which a left join would build whole for every page (at
    /// 350,000 files a migration then took minutes a page).
    public static let selectedColumns = """
        f.id, f.repository_id, f.path, f.kind, f.status, f.commit_sha, f.first_commit_at, f.last_commit_at,
        f.first_seen, \(StoredFile.lastSeenColumn), f.sha256, f.bytes, f.name, f.title, f.description, f.front_matter,
        f.diagnostics, f.line_count, f.rule_count, f.rules_text, f.rules_layout, f.body, f.word_count, f.words_hash,
        f.name_key, f.findings, f.security, f.security_verdict, f.blob_sha, l.record, x.removed_at,
        (SELECT p.phrases FROM file_phrases p WHERE p.file_id = f.id),
        (SELECT p.fingerprints FROM file_phrases p WHERE p.file_id = f.id)
        """

    /// The joins ``selectedColumns`` reads from.
    public static let joinedTables = """
        files f LEFT JOIN listings l ON l.file_id = f.id LEFT JOIN removed_files x ON x.file_id = f.id
        """

    /// Decodes a row of ``selectedColumns``.
    public init(reading row: some ColumnReading) {
        self.init(
            id: row.int64(0) ?? 0, repositoryID: row.int64(1) ?? 0, path: row.string(2) ?? "",
            kind: row.string(3) ?? "", status: row.string(4) ?? "", commit: row.string(5),
            firstCommitAt: row.string(6), lastCommitAt: row.string(7), firstSeen: row.string(8) ?? "",
            lastSeen: row.string(9) ?? "", sha256: row.string(10) ?? "", bytes: row.int(11) ?? 0,
            name: row.string(12), title: row.string(13), description: row.string(14),
            frontMatterJSON: row.string(15), diagnosticsJSON: row.string(16) ?? "[]", lineCount: row.int(17) ?? 0,
            ruleCount: row.int(18) ?? 0, rulesText: row.string(19) ?? "", rulesLayoutJSON: row.string(20) ?? "{}",
            body: row.string(21) ?? "", wordCount: row.int(22) ?? 0, sequenceHash: row.int64(23),
            nameKey: row.string(24), findingsJSON: row.string(25) ?? "[]", securityJSON: row.string(26) ?? "",
            securityVerdict: row.string(27) ?? "pass", blobSHA: row.string(28), listingJSON: row.string(29),
            removedAt: row.string(30), phrases: row.bytes(31), fingerprints: row.bytes(32))
    }
}

extension LineageRecord {
    /// What both engines select for a lineage record, from `files f JOIN file_phrases p JOIN repositories r`, in
    /// the order ``init(reading:)`` reads it.
    public static let selectedColumns = """
        f.id, r.full_name, f.path, f.kind, f.name, coalesce(f.first_commit_at, f.first_seen), coalesce(r.stars, 0),
        f.words_hash, f.word_count, p.phrases
        """

    /// What both engines select for a ``LineageTable`` row, from `files f JOIN file_phrases p JOIN repositories r`,
    /// in the order ``LineageTable/Row/init(reading:)`` reads it.
    public static let tableColumns = """
        f.id, r.full_name, f.path, f.kind, f.name, coalesce(r.stars, 0), coalesce(f.first_commit_at, f.first_seen),
        f.word_count, f.words_hash, p.phrases
        """

    /// Decodes a row of ``selectedColumns``.
    public init(reading row: some ColumnReading) {
        self.init(
            id: row.int64(0) ?? 0, key: FileKey(repository: row.string(1) ?? "", path: row.string(2) ?? ""),
            kind: FileKind(rawValue: row.string(3) ?? "") ?? .agents, name: row.string(4),
            firstSeen: row.string(5) ?? "", stars: row.int(6) ?? 0,
            sequenceHash: UInt64(bitPattern: row.int64(7) ?? 0), wordCount: row.int(8) ?? 0,
            phrases: row.uint64s(9) ?? [])
    }
}

extension LineageTable.Row {
    /// Decodes a row of ``LineageRecord/tableColumns``.
    public init(reading row: some ColumnReading) {
        self.init(
            id: row.int64(0) ?? 0, repository: row.string(1) ?? "", path: row.string(2) ?? "",
            kind: FileKind(rawValue: row.string(3) ?? "") ?? .agents, name: row.string(4), stars: row.int(5) ?? 0,
            firstSeen: row.string(6) ?? "", wordCount: row.int(7) ?? 0,
            sequenceHash: UInt64(bitPattern: row.int64(8) ?? 0), phrases: row.uint64s(9) ?? [])
    }
}

extension Rule {
    /// The SQL both engines select for a file's rules, in the order ``stored(reading:)`` reads them.
    public static let selectedColumns = "rules_text, rules_layout, rule_count"

    /// A file's rules from a row of ``selectedColumns``: texts one a line, the rest from its ``RulesLayout``.
    ///
    /// - Throws: a decoding error when the stored layout is not valid JSON.
    public static func stored(reading row: some ColumnReading) throws -> [Rule] {
        guard (row.int(2) ?? 0) > 0 else { return [] }
        let layout = try JSONDecoder().decode(RulesLayout.self, from: Data((row.string(1) ?? "{}").utf8))
        let texts = (row.string(0) ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return layout.rules(texts: texts)
    }
}
