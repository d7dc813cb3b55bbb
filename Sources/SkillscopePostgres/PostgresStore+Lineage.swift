internal import Postgres
public import SkillscopeCore
public import SkillscopeStore
internal import Synchronization

extension PostgresStore {
    public func passageIndex() throws -> PassageIndex {
        let generation = try filesGeneration()
        if let cached = indexCache.withLock({ $0 }), cached.generation == generation { return cached.index }
        let current = try reading { connection in
            // One snapshot for the generation and the parts, so a refresh committing meanwhile is not half read, and
            // a write committing meanwhile cannot leave an index held under an older generation than its files'.
            try connection.transaction { connection in
                _ = try connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
                return try Keeper(connection: connection).currentIndex()
            }
        }
        indexCache.withLock { $0 = current }
        return current.index
    }

    /// Brings the kept passage index up to date.
    ///
    /// New files alone join its tail while nothing else changed, else it is built again (see
    /// ``SkillscopeStore/PassageIndexKeeping``). It runs under the registry's write lock, so no write is in flight and
    /// ids above the kept index's highest are exactly the files written since.
    @discardableResult public func refreshPassageIndex() throws -> Bool {
        try writing { try Keeper(connection: $0).refresh(holding: indexCache) }
    }

    /// The registry's side of keeping the passage index, on one connection.
    private struct Keeper: PassageIndexKeeping {
        let connection: Connection

        func meta(_ key: String) throws -> Int? {
            try connection.queryOne("SELECT value FROM meta WHERE key = $1", [key])?.int(0)
        }

        func setMeta(_ key: String, _ value: Int) throws {
            _ = try connection.query(
                "INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                [key, Int64(value)])
        }

        func forEachPart(of table: String, _ body: (UnsafeRawBufferPointer) -> Void) throws {
            // One part at a time, so no more than one is held beside the index.
            let parts = try connection.query("SELECT part FROM \(table) ORDER BY part").compactMap { $0.int64(0) }
            for part in parts {
                let row = try connection.queryOne(
                    "SELECT data FROM \(table) WHERE part = $1", [part], format: .binary)
                (row?.bytes(0) ?? []).withUnsafeBytes(body)
            }
        }

        func replace(_ table: String, with parts: [ArraySlice<UInt8>]) throws {
            _ = try connection.query("DELETE FROM \(table)")
            for (number, part) in parts.enumerated() {
                _ = try connection.query("INSERT INTO \(table) (part, data) VALUES ($1, $2)", [number, Array(part)])
            }
        }

        func fingerprints(after id: Int) throws -> [(id: Int64, fingerprints: [UInt64])] {
            try connection.query(
                """
                SELECT p.file_id, p.fingerprints FROM file_phrases p
                WHERE p.file_id > $1 AND NOT EXISTS (SELECT 1 FROM removed_files x WHERE x.file_id = p.file_id)
                ORDER BY p.file_id
                """, [Int64(id)], format: .binary
            ).compactMap { row in row.int64(0).flatMap { id in row.uint64s(1).map { (id, $0) } } }
        }

        func highestFileID() throws -> Int {
            try connection.queryOne("SELECT coalesce(max(id), 0) FROM files")?.int(0) ?? 0
        }

        func buildIndex() throws -> PassageIndex { try PostgresStore.buildIndex(on: connection) }
    }

    /// Reads every current file's fingerprints a page of 20,000 files at a time (the index visits them twice,
    /// see ``SkillscopeCore/PassageIndex/init(visiting:)``), never holding them all.
    private static func buildIndex(on connection: Connection) throws -> PassageIndex {
        var failure: (any Error)?
        let index = PassageIndex(visiting: { visit in
            guard failure == nil else { return }
            do {
                var after: Int64 = 0
                while true {
                    let rows = try connection.query(
                        """
                        SELECT p.file_id, p.fingerprints FROM file_phrases p
                        WHERE p.file_id > $1 AND NOT EXISTS (SELECT 1 FROM removed_files x WHERE x.file_id = p.file_id)
                        ORDER BY p.file_id LIMIT 20000
                        """, [after], format: .binary)
                    for row in rows {
                        guard let id = row.int64(0), let fingerprints = row.uint64s(1) else { continue }
                        visit(id, fingerprints)
                        after = id
                    }
                    if rows.count < 20000 { break }
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

    /// Every current indexed file's row of the lineage table, read in id order in one snapshot.
    public func buildLineageTable() throws -> LineageTable {
        try reading { connection -> LineageTable in
            try connection.transaction { connection in
                _ = try connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
                let size = try connection.queryOne(
                    "SELECT count(*), coalesce(sum(octet_length(phrases)), 0) / 8 FROM file_phrases")
                var builder = LineageTable.Builder(
                    reservingPhrases: Int(size?.int64(1) ?? 0), rows: Int(size?.int64(0) ?? 0))
                // Pages of 20,000 files, so the result sets stay small.
                var after: Int64 = 0
                while true {
                    let rows = try connection.query(
                        """
                        SELECT \(LineageRecord.tableColumns)
                        FROM files f JOIN file_phrases p ON p.file_id = f.id
                        JOIN repositories r ON r.id = f.repository_id
                        WHERE f.id > $1 AND f.status = 'indexed' AND \(Self.isCurrent) ORDER BY f.id LIMIT 20000
                        """, [after], format: .binary)
                    for row in rows {
                        let row = LineageTable.Row(reading: row)
                        builder.append(row)
                        after = row.id
                    }
                    if rows.count < 20000 { break }
                }
                return builder.build()
            }
        }
    }

    public func lineageRecords(_ ids: [Int64]) throws -> [LineageRecord] {
        guard !ids.isEmpty else { return [] }
        let rows = try reading { connection in
            try connection.query(
                """
                SELECT \(LineageRecord.selectedColumns)
                FROM files f JOIN file_phrases p ON p.file_id = f.id JOIN repositories r ON r.id = f.repository_id
                WHERE f.id = ANY($1::bigint[]) AND f.status = 'indexed' AND \(Self.isCurrent)
                ORDER BY f.id
                """, [PostgresValue.array(ids)], format: .binary)
        }
        return rows.map { LineageRecord(reading: $0) }
    }

    public func fingerprint(ofFile id: Int64) throws -> TextFingerprint? {
        let row = try reading { connection in
            try connection.queryOne(
                """
                SELECT f.word_count, f.words_hash, p.phrases, p.fingerprints
                FROM files f JOIN file_phrases p ON p.file_id = f.id WHERE f.id = $1 AND f.status = 'indexed'
                """, [id], format: .binary)
        }
        guard let row, let phrases = row.uint64s(2), let winnowed = row.uint64s(3) else { return nil }
        return TextFingerprint(
            wordCount: row.int(0) ?? 0, sequenceHash: UInt64(bitPattern: row.int64(1) ?? 0), phrases: phrases,
            winnowed: winnowed)
    }

    public func fileIDs(sequenceHash: UInt64) throws -> [Int64] {
        try reading { connection in
            try connection.query(
                "SELECT id FROM files f WHERE words_hash = $1 AND status = 'indexed' AND \(Self.isCurrent) ORDER BY id",
                [Int64(bitPattern: sequenceHash)]
            ).compactMap { $0.int64(0) }
        }
    }

    public func fileIDs(nameKey: String) throws -> [Int64] {
        try reading { connection in
            try connection.query(
                "SELECT id FROM files f WHERE name_key = $1 AND status = 'indexed' AND \(Self.isCurrent) ORDER BY id",
                [nameKey]
            ).compactMap { $0.int64(0) }
        }
    }

    public func repositoryFiles(_ repository: String) throws -> [RepositoryFile] {
        try reading { connection in
            try connection.query(
                """
                SELECT f.id, f.path, f.kind, f.name FROM files f JOIN repositories r ON r.id = f.repository_id
                WHERE r.full_name = $1 AND f.status = 'indexed' AND \(Self.isCurrent) ORDER BY f.path COLLATE "C"
                """, [repository]
            ).map {
                RepositoryFile(
                    id: $0.int64(0) ?? 0, path: $0.string(1) ?? "",
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
