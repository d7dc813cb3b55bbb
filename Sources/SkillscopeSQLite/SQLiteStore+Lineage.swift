internal import FoundationEssentials
internal import SQLite
public import SkillscopeCore
public import SkillscopeStore
internal import Synchronization

extension SQLiteStore {
    public func passageIndex() throws -> PassageIndex {
        let generation = try filesGeneration()
        if let cached = indexCache.withLock({ $0 }), cached.generation == generation { return cached.index }
        // The generation read again in the snapshot the index is read in, so a write committing meanwhile cannot
        // leave an index held under an older generation than its files'.
        let current = try reading { connection in
            try connection.snapshot { try Keeper(connection: connection).currentIndex() }
        }
        indexCache.withLock { $0 = current }
        return current.index
    }

    /// Brings the kept passage index up to date.
    ///
    /// New files alone join its tail while nothing else changed (schema 14's triggers count every other change,
    /// schema 15 added the tail), else it is built again (see ``SkillscopeStore/PassageIndexKeeping``). An ingest of
    /// a few files into a registry of 350,000 took 15 s building the index again, then 8–10 s reading, joining and
    /// writing back the whole 299 MB index.
    @discardableResult public func refreshPassageIndex() throws -> Bool {
        try writing { try Keeper(connection: $0).refresh(holding: indexCache) }
    }

    /// The registry's side of keeping the passage index, on one connection.
    private struct Keeper: PassageIndexKeeping {
        let connection: Connection

        func meta(_ key: String) throws -> Int? {
            try connection.queryOne("SELECT value FROM meta WHERE key = ?1", [key])?.int(0)
        }

        func setMeta(_ key: String, _ value: Int) throws {
            try connection.run(
                "INSERT INTO meta (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                [key, Int64(value)])
        }

        func forEachPart(of table: String, _ body: (UnsafeRawBufferPointer) -> Void) throws {
            try connection.forEachBlob("SELECT data FROM \(table) ORDER BY part", [], body)
        }

        func replace(_ table: String, with parts: [ArraySlice<UInt8>]) throws {
            try connection.run("DELETE FROM \(table)")
            for (number, part) in parts.enumerated() {
                try connection.run("INSERT INTO \(table) (part, data) VALUES (?1, ?2)", [number, Array(part)])
            }
        }

        func fingerprints(after id: Int) throws -> [(id: Int64, fingerprints: [UInt64])] {
            try connection.query(
                """
                SELECT file_id, fingerprints FROM file_fingerprints
                WHERE file_id > ?1 AND file_id NOT IN (SELECT file_id FROM removed_files) ORDER BY file_id
                """, [Int64(id)]
            ).compactMap { row in row.int(0).flatMap { id in row.uint64s(1).map { (Int64(id), $0) } } }
        }

        func highestFileID() throws -> Int {
            try connection.queryOne("SELECT coalesce(max(id), 0) FROM files")?.int(0) ?? 0
        }

        func buildIndex() throws -> PassageIndex { try SQLiteStore.buildIndex(on: connection) }
    }

    /// Streams every file's fingerprints twice (see ``PassageIndex/init(visiting:)``), never holding them all.
    private static func buildIndex(on connection: Connection) throws -> PassageIndex {
        var failure: (any Error)?
        let index = PassageIndex(visiting: { visit in
            guard failure == nil else { return }
            do {
                let statement = try connection.prepare(
                    """
                    SELECT file_id, fingerprints FROM file_fingerprints
                    WHERE file_id NOT IN (SELECT file_id FROM removed_files) ORDER BY file_id
                    """)
                defer { statement.reset() }
                while let row = try statement.step() {
                    guard let id = row.int(0), let fingerprints = row.uint64s(1) else { continue }
                    visit(Int64(id), fingerprints)
                }
            } catch {
                failure = error
            }
        })
        if let failure { throw failure }
        return index
    }

    public func filesGeneration() throws -> Int {
        try reading { try Keeper(connection: $0).meta("files_generation") ?? 0 }
    }

    /// Every current indexed file's row of the lineage table, read in id order.
    public func buildLineageTable() throws -> LineageTable {
        try reading { connection -> LineageTable in
            let size = try connection.queryOne(
                "SELECT count(*), coalesce(sum(length(phrases)), 0) / 8 FROM file_phrase_sets")
            var builder = LineageTable.Builder(reservingPhrases: size?.int(1) ?? 0, rows: size?.int(0) ?? 0)
            let statement = try connection.prepare(
                """
                SELECT \(LineageRecord.tableColumns)
                FROM files f JOIN file_phrase_sets p ON p.file_id = f.id
                    JOIN repositories r ON r.id = f.repository_id
                WHERE f.status = 'indexed' AND \(Self.isCurrent) ORDER BY f.id
                """)
            defer { statement.reset() }
            while let row = try statement.step() { builder.append(LineageTable.Row(reading: row)) }
            return builder.build()
        }
    }

    public func lineageRecords(_ ids: [Int64]) throws -> [LineageRecord] {
        guard !ids.isEmpty else { return [] }
        let list = "[" + ids.map(String.init).joined(separator: ",") + "]"
        let rows = try reading { connection in
            try connection.query(
                """
                SELECT \(LineageRecord.selectedColumns)
                FROM json_each(?1) j JOIN files f ON f.id = j.value JOIN file_phrase_sets p ON p.file_id = f.id
                JOIN repositories r ON r.id = f.repository_id
                WHERE f.status = 'indexed' AND \(Self.isCurrent)
                ORDER BY f.id
                """, [list])
        }
        return rows.map { LineageRecord(reading: $0) }
    }

    public func fingerprint(ofFile id: Int64) throws -> TextFingerprint? {
        let row = try reading { connection in
            try connection.queryOne(
                """
                SELECT f.word_count, f.words_hash, p.phrases, p.fingerprints
                FROM files f JOIN file_phrases p ON p.file_id = f.id WHERE f.id = ?1 AND f.status = 'indexed'
                """, [id])
        }
        guard let row, let phrases = row.uint64s(2), let winnowed = row.uint64s(3) else { return nil }
        return TextFingerprint(
            wordCount: row.int(0) ?? 0, sequenceHash: UInt64(bitPattern: Int64(row.int(1) ?? 0)), phrases: phrases,
            winnowed: winnowed)
    }

    public func fileIDs(sequenceHash: UInt64) throws -> [Int64] {
        try reading { connection in
            try connection.query(
                "SELECT id FROM files f WHERE words_hash = ?1 AND status = 'indexed' AND \(Self.isCurrent)",
                [Int64(bitPattern: sequenceHash)]
            ).compactMap { $0.int(0).map(Int64.init) }
        }
    }

    public func fileIDs(nameKey: String) throws -> [Int64] {
        try reading { connection in
            try connection.query(
                "SELECT id FROM files f WHERE name_key = ?1 AND status = 'indexed' AND \(Self.isCurrent)", [nameKey]
            )
            .compactMap { $0.int(0).map(Int64.init) }
        }
    }

    public func repositoryFiles(_ repository: String) throws -> [RepositoryFile] {
        try reading { connection in
            try connection.query(
                """
                SELECT f.id, f.path, f.kind, f.name FROM files f JOIN repositories r ON r.id = f.repository_id
                WHERE r.full_name = ?1 AND f.status = 'indexed' AND \(Self.isCurrent) ORDER BY f.path
                """, [repository]
            ).map {
                RepositoryFile(
                    id: Int64($0.int(0) ?? 0), path: $0.string(1) ?? "",
                    kind: FileKind(rawValue: $0.string(2) ?? "") ?? .agents, name: $0.string(3))
            }
        }
    }

    public func indexedFileCount() throws -> Int {
        try reading {
            try $0.queryOne("SELECT count(*) FROM files f WHERE status = 'indexed' AND \(Self.isCurrent)")?.int(0) ?? 0
        }
    }
}
