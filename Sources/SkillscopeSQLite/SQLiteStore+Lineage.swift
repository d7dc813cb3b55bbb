internal import FoundationEssentials
internal import SQLite
public import SkillscopeCore
public import SkillscopeStore
internal import Synchronization

extension SQLiteStore {
    public func passageIndex() throws -> PassageIndex {
        let generation = try filesGeneration()
        if let cached = indexCache.withLock({ $0 }), cached.generation == generation { return cached.index }
        let index = try reading { connection -> PassageIndex in
            if try Self.generation("passage_index_generation", on: connection) == generation,
                let kept = try Self.loadKeptIndex(on: connection)
            {
                return kept
            }
            return try Self.buildIndex(on: connection)
        }
        indexCache.withLock { $0 = (generation, index) }
        return index
    }

    /// Brings the kept passage index up to date.
    ///
    /// When the only changes since it was kept are new files (ids above the highest it was built over; the triggers
    /// of schema 14 count every other change), their fingerprints are indexed alone and joined to the kept index's
    /// tail (``SkillscopeCore/PassageIndex/appending(_:)``), a small index of the files added since the last build or
    /// merge. The tail is merged into the rest once it holds an eighth of its postings. An ingest of a few files into a
    /// registry of 350,000 took 15 s building the index again, then 8–10 s reading, joining and writing back the
    /// whole 299 MB index. Otherwise the index is built again.
    ///
    /// `passage_index_appended` records which way it went: the files added, or -1 for a build;
    /// `passage_index_tail_files` the files the tail holds.
    @discardableResult public func refreshPassageIndex() throws -> Bool {
        let held = indexCache.withLock { $0 }
        return try writing { connection -> Bool in
            let generation = try Self.generation("files_generation", on: connection)
            let keptGeneration = try Self.generation("passage_index_generation", on: connection)
            guard keptGeneration != generation else { return false }
            let changes = try Self.generation("passage_changes", on: connection)
            let high = try connection.queryOne("SELECT coalesce(max(id), 0) FROM files")?.int(0) ?? 0
            var whole: PassageIndex?
            var appended = -1
            var tailFiles = 0
            if let keptHigh = try Self.meta("passage_index_high", on: connection),
                try Self.meta("passage_index_changes", on: connection) == changes,
                let tail = try Self.loadTail(on: connection)
            {
                let later = try Self.fingerprints(after: keptHigh, on: connection)
                let added = PassageIndex(files: later)
                let grown = tail.appending(added)
                appended = later.count
                tailFiles = (try Self.meta("passage_index_tail_files", on: connection) ?? 0) + later.count
                if grown.postingCount * 8 <= (try Self.meta("passage_index_base_postings", on: connection) ?? 0) {
                    if appended > 0 { try Self.keep(grown, in: "passage_index_tail", on: connection) }
                    // A held index of the kept generation is the kept index: the new files join it in memory.
                    if let held, held.generation == keptGeneration { whole = held.index.appending(added) }
                } else if let base = try Self.loadBase(on: connection) {
                    whole = try Self.keepBase(base.appending(grown), on: connection)
                    tailFiles = 0
                } else {
                    whole = try Self.keepBase(try Self.buildIndex(on: connection), on: connection)
                    appended = -1
                    tailFiles = 0
                }
            } else {
                whole = try Self.keepBase(try Self.buildIndex(on: connection), on: connection)
            }
            for (key, value) in [
                ("passage_index_generation", generation), ("passage_index_changes", changes),
                ("passage_index_high", high), ("passage_index_appended", appended),
                ("passage_index_tail_files", tailFiles),
            ] {
                try connection.run(
                    "INSERT INTO meta (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                    [key, Int64(value)])
            }
            indexCache.withLock { $0 = whole.map { (generation, $0) } }
            return true
        }
    }

    /// Keeps `index` as the whole kept index, with an empty tail; returns it.
    private static func keepBase(_ index: PassageIndex, on connection: Connection) throws -> PassageIndex {
        try keep(index, in: "passage_index", on: connection)
        try keep(PassageIndex(), in: "passage_index_tail", on: connection)
        try connection.run(
            "INSERT INTO meta (key, value) VALUES ('passage_index_base_postings', ?1) "
                + "ON CONFLICT (key) DO UPDATE SET value = excluded.value", [Int64(index.postingCount)])
        return index
    }

    /// Writes `index` to `table` (`passage_index` or `passage_index_tail`), in parts of 32 MiB.
    private static func keep(_ index: PassageIndex, in table: String, on connection: Connection) throws {
        let bytes = index.encoded()
        try connection.run("DELETE FROM \(table)")
        let part = 32 << 20
        for (number, start) in stride(from: 0, to: bytes.count, by: part).enumerated() {
            try connection.run(
                "INSERT INTO \(table) (part, data) VALUES (?1, ?2)",
                [number, Array(bytes[start..<min(start + part, bytes.count)])])
        }
    }

    /// A number kept in `meta`, or `nil` when none is.
    private static func meta(_ key: String, on connection: Connection) throws -> Int? {
        try connection.queryOne("SELECT value FROM meta WHERE key = ?1", [key])?.int(0)
    }

    /// The fingerprints of the current files above `id`, in id order.
    private static func fingerprints(after id: Int, on connection: Connection) throws -> [(
        id: Int64, fingerprints: [UInt64]
    )] {
        try connection.query(
            """
            SELECT file_id, fingerprints FROM file_fingerprints
            WHERE file_id > ?1 AND file_id NOT IN (SELECT file_id FROM removed_files) ORDER BY file_id
            """, [Int64(id)]
        ).compactMap { row in row.int(0).flatMap { id in row.uint64s(1).map { (Int64(id), $0) } } }
    }

    private static func generation(_ key: String, on connection: Connection) throws -> Int {
        try meta(key, on: connection) ?? 0
    }

    /// The kept index, its base joined to its tail; `nil` when none is kept.
    private static func loadKeptIndex(on connection: Connection) throws -> PassageIndex? {
        guard let base = try loadBase(on: connection), let tail = try loadTail(on: connection) else { return nil }
        return base.appending(tail)
    }

    /// The kept index without its tail; `nil` when none is kept, or its bytes are not an index.
    private static func loadBase(on connection: Connection) throws -> PassageIndex? {
        PassageIndex(encoded: try bytes(of: "passage_index", on: connection))
    }

    /// The kept index's tail: empty when none is kept (a registry the tail came after), `nil` when its bytes are
    /// not an index.
    private static func loadTail(on connection: Connection) throws -> PassageIndex? {
        let bytes = try bytes(of: "passage_index_tail", on: connection)
        return bytes.isEmpty ? PassageIndex() : PassageIndex(encoded: bytes)
    }

    /// The parts of `table` joined.
    private static func bytes(of table: String, on connection: Connection) throws -> [UInt8] {
        var bytes: [UInt8] = []
        for row in try connection.query("SELECT data FROM \(table) ORDER BY part") {
            if case .blob(let part) = row[0] { bytes += part }
        }
        return bytes
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
        try reading { try Self.generation("files_generation", on: $0) }
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
