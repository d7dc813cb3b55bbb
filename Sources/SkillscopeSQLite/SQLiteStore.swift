internal import FoundationEssentials
internal import SQLite
internal import SkillscopeCore
public import SkillscopeStore
internal import Synchronization
internal import Xapian

/// The embedded registry: one SQLite file in WAL mode, one writer and several readers, and a Xapian index beside
/// it for search (``SearchIndex``).
public final class SQLiteStore: Store, LineageTableSource {
    /// How the store opens its file.
    public struct Configuration: Sendable {
        /// Reading connections; size it to at least the threads that read at once.
        ///
        /// The default is 4.
        public var readers = 4
        public init() {}
    }

    public let engine = "sqlite"
    let pool: ConnectionPool
    /// The passage index with the files generation it was built for; rebuilt when a write moved the generation.
    let indexCache = Mutex<(generation: Int, index: PassageIndex)?>(nil)
    /// The lineage table with the files generation it was built for.
    public let tableCache = LineageTableCache()
    /// The database path.
    public let path: String
    /// The search index beside the file.
    let searchIndex: SearchIndex

    /// Opens the registry at `path`, creating it and applying migrations as needed.
    ///
    /// - Throws: ``StoreError`` `.corrupt` when the file is not a registry or is newer than this program,
    ///   `.unavailable` when it cannot be opened.
    public init(path: String, configuration: Configuration = Configuration()) throws(StoreError) {
        self.path = path
        do {
            searchIndex = try SearchIndex(path: Self.derivedFilePath("search", beside: path))
            var writer = Connection.Configuration()
            // Bodies average 8 KiB: 16 KiB pages keep most in one page instead of an overflow chain.
            writer.pageSize = 16384
            writer.cacheSize = -262_144
            writer.functions = [Self.searchBodyFunction]
            // Readers map the file: a search touches thousands of pages of the index (the positions of a common
            // word), which a map serves from the OS's page cache without a read call and a copy each.
            var reader = Connection.Configuration()
            reader.mmapSize = Self.readerMapBytes
            reader.functions = [Self.searchBodyFunction]
            pool = try ConnectionPool(
                path: path, readers: configuration.readers, writerConfiguration: writer, readerConfiguration: reader,
                checkpointsInBackground: true
            ) {
                connection in
                try Self.migrate(connection, path: path)
            }
            try prepareSearchIndex()
        } catch let error as StoreError {
            throw error
        } catch let error as SQLiteError {
            throw Self.storeError(error, path: path)
        } catch let error as XapianError {
            throw StoreError(
                .unavailable, "the search index beside the registry at \(path) failed: \(error.message)",
                underlying: error)
        } catch {
            throw StoreError(.unavailable, "cannot open the registry at \(path)")
        }
    }

    /// Beside the database file, as SQLite keeps its `-wal` file: `registry.sqlite-kinds.index`.
    public func derivedFilePath(_ name: String) -> String? { Self.derivedFilePath(name, beside: path) }

    static func derivedFilePath(_ name: String, beside path: String) -> String? {
        path.isEmpty || path == ":memory:" || path.hasPrefix("file:") ? nil : path + "-" + name
    }

    /// How much of the file each reader maps (SQLite caps it at its compile-time limit).
    static let readerMapBytes = 1 << 31

    static func storeError(_ error: SQLiteError, path: String) -> StoreError {
        if error.isCorrupt {
            return StoreError(
                .corrupt, "\(path) is not a Skillscope registry (not an SQLite database)", underlying: error)
        }
        if error.isBusy {
            return StoreError(.unavailable, "the registry at \(path) is locked by another process", underlying: error)
        }
        if error.isConstraintViolation {
            return StoreError(.conflict, "a uniqueness rule of the registry was broken", underlying: error)
        }
        return StoreError(.unavailable, "the registry at \(path) failed: \(error.message)", underlying: error)
    }

    private static func migrate(_ connection: Connection, path: String) throws {
        try connection.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)")
        let current = try connection.queryOne("SELECT coalesce(max(version), 0) FROM schema_migrations")?.int(0) ?? 0
        if current > Schema.version {
            throw StoreError(
                .corrupt,
                "the registry at \(path) has schema version \(current), newer than this skillscope's \(Schema.version)")
        }
        for (index, sql) in Schema.migrations.enumerated() where index + 1 > current {
            try connection.transaction {
                try connection.execute(sql)
                try connection.run(
                    "INSERT INTO schema_migrations (version, applied_at) VALUES (?1, ?2)", [index + 1, Timestamp.now()])
            }
        }
    }

    /// Runs a read, mapping SQLite errors.
    func reading<T: Sendable>(_ body: (Connection) throws -> T) throws(StoreError) -> T {
        do {
            return try pool.read(body)
        } catch let error as SQLiteError {
            throw Self.storeError(error, path: path)
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(.unavailable, "registry read failed", underlying: nil)
        }
    }

    /// Runs a write transaction, mapping SQLite errors; the search index takes the files it changed before it
    /// commits.
    func writing<T: Sendable>(_ body: (Connection) throws -> T) throws(StoreError) -> T {
        try writing { connection, _ in try body(connection) }
    }

    /// Runs a write transaction in which `body` may hand the search index the texts of the files it writes.
    func writing<T: Sendable>(_ body: (Connection, inout SearchTexts) throws -> T) throws(StoreError) -> T {
        do {
            return try pool.write { connection in
                var texts = SearchTexts()
                let value = try body(connection, &texts)
                if try connection.queryOne("SELECT 1 FROM search_changes LIMIT 1") != nil {
                    try syncSearchIndex(on: connection, texts: texts)
                }
                return value
            }
        } catch let error as SQLiteError {
            throw Self.storeError(error, path: path)
        } catch let error as StoreError {
            throw error
        } catch let error as XapianError {
            throw StoreError(
                .unavailable, "the search index beside the registry at \(path) failed: \(error.message)",
                underlying: error)
        } catch {
            throw StoreError(.unavailable, "registry write failed", underlying: nil)
        }
    }

    /// Looks each key up on its own when they are few against the registry's files, and reads them all otherwise.
    ///
    /// Both read the index `files_stored_hash` (schema 16), named because the planner takes the unique index on
    /// repository and path for a lookup and then reads the row, text and all. A scan of the rows for a few listed
    /// files read the whole files table (6 GB at 350,000 files), 40 s when it was not in the page cache; the index
    /// is 46 MB.
    public func storedHashes(of keys: [FileKey]) throws -> [FileKey: StoredHash] {
        try reading { connection in
            var hashes: [FileKey: StoredHash] = [:]
            let files = try connection.queryOne("SELECT coalesce(max(id), 0) FROM files")?.int(0) ?? 0
            if keys.count * 8 > files {
                let listed = Set(keys)
                for row in try connection.query(
                    """
                    SELECT r.full_name, f.path, f.sha256, f.status
                    FROM files f INDEXED BY files_stored_hash JOIN repositories r ON r.id = f.repository_id
                    """
                ) {
                    let key = FileKey(repository: row.string(0) ?? "", path: row.string(1) ?? "")
                    if listed.contains(key) { hashes[key] = StoredHash(reading: row, from: 2) }
                }
                return hashes
            }
            for key in keys {
                if let row = try connection.queryOne(
                    """
                    SELECT f.sha256, f.status
                    FROM files f INDEXED BY files_stored_hash JOIN repositories r ON r.id = f.repository_id
                    WHERE r.full_name = ?1 AND f.path = ?2
                    """, [key.repository, key.path])
                {
                    hashes[key] = StoredHash(reading: row)
                }
            }
            return hashes
        }
    }

    public func schemaVersion() throws -> Int {
        try reading { try $0.queryOne("SELECT coalesce(max(version), 0) FROM schema_migrations")?.int(0) ?? 0 }
    }
}

/// ISO 8601 UTC timestamps, the registry's one time format.
enum Timestamp {
    static func now() -> String {
        Date.now.formatted(.iso8601)
    }
}

extension Row: ColumnReading {
    func int64(_ column: Int) -> Int64? { int(column).map(Int64.init) }
    func bytes(_ column: Int) -> [UInt8]? {
        if case .blob(let bytes) = self[column] { return bytes }
        return nil
    }
}
