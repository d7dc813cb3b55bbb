internal import CSQLite

/// One SQLite database connection.
///
/// A connection is used by one thread at a time: it is opened with `SQLITE_OPEN_NOMUTEX`, and
/// ``ConnectionPool`` keeps each connection in its own `Mutex`. Statements are prepared once and cached.
public final class Connection {
    /// How a ``Connection`` opens its file.
    public struct Configuration: Sendable {
        /// Open read-only.
        ///
        /// The default is `false`.
        public var isReadOnly = false
        /// Create the file when missing.
        ///
        /// The default is `true`.
        public var createIfMissing = true
        /// How long a statement waits for a lock held by another connection.
        ///
        /// The default is 5 seconds.
        public var busyTimeout: Duration = .seconds(5)
        /// Switch the file to write-ahead logging.
        ///
        /// The default is `true`.
        public var usesWAL = true
        /// The page size for a new database (it cannot change once the file is in WAL mode).
        ///
        /// The default is `nil`: SQLite's own 4096 bytes.
        public var pageSize: Int?
        /// Pages kept in memory, as SQLite's `cache_size` (negative: KiB).
        ///
        /// The default is `nil`: SQLite's own.
        public var cacheSize: Int?
        /// Bytes of the file read through a memory map instead of `read` calls, as SQLite's `mmap_size`.
        ///
        /// SQLite caps it at its `SQLITE_MAX_MMAP_SIZE`, 2 GB in Debian's build. The default is `nil`: SQLite's
        /// own, none.
        public var mmapSize: Int?
        /// SQL functions registered on the connection as it opens, before anything else runs on it.
        ///
        /// The default is none.
        public var functions: [Function] = []
        public init() {}
    }

    let handle: OpaquePointer
    private var cache: [String: Statement] = [:]

    /// Opens (or creates) the database at `path`; `":memory:"` gives a private in-memory database.
    public init(path: String, configuration: Configuration = Configuration()) throws(SQLiteError) {
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI
        if configuration.isReadOnly {
            flags |= SQLITE_OPEN_READONLY
        } else {
            flags |= SQLITE_OPEN_READWRITE
            if configuration.createIfMissing { flags |= SQLITE_OPEN_CREATE }
        }
        var raw: OpaquePointer?
        let rc = sqlite3_open_v2(path, &raw, flags, nil)
        guard rc == SQLITE_OK, let raw else {
            let message = raw.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open database"
            sqlite3_close_v2(raw)
            throw SQLiteError(extendedCode: rc, message: message)
        }
        handle = raw
        sqlite3_extended_result_codes(raw, 1)
        for function in configuration.functions { try register(function) }
        let timeout = configuration.busyTimeout.components
        sqlite3_busy_timeout(raw, Int32(timeout.seconds * 1000 + timeout.attoseconds / 1_000_000_000_000_000))
        if let pageSize = configuration.pageSize, !configuration.isReadOnly {
            try execute("PRAGMA page_size=\(pageSize)")
        }
        if let cacheSize = configuration.cacheSize {
            try execute("PRAGMA cache_size=\(cacheSize)")
        }
        if let mmapSize = configuration.mmapSize {
            try execute("PRAGMA mmap_size=\(mmapSize)")
        }
        if configuration.usesWAL && !configuration.isReadOnly && path != ":memory:" {
            try execute("PRAGMA journal_mode=WAL")
            try execute("PRAGMA synchronous=NORMAL")
        }
        try execute("PRAGMA foreign_keys=ON")
    }

    deinit {
        cache.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements that return no rows.
    public func execute(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &message)
        if rc != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(message)
            throw SQLiteError(extendedCode: sqlite3_extended_errcode(handle), message: text, sql: sql)
        }
    }

    /// A prepared statement for `sql`, reused across calls.
    public func prepare(_ sql: String) throws(SQLiteError) -> Statement {
        if let cached = cache[sql] {
            cached.reset()
            return cached
        }
        let statement = try Statement(connection: self, sql: sql)
        cache[sql] = statement
        return statement
    }

    /// Runs `sql` with `arguments` and returns every row.
    public func query(_ sql: String, _ arguments: [any Bindable] = []) throws(SQLiteError) -> [Row] {
        let statement = try prepare(sql)
        try statement.bind(arguments)
        defer { statement.reset() }
        var rows: [Row] = []
        while let row = try statement.step() { rows.append(row) }
        return rows
    }

    /// Runs `sql` with `arguments` and hands `body` the first column of each row, a blob, in place.
    ///
    /// No copy is made: the bytes are SQLite's, valid until the next row. NULL and empty values come as empty
    /// buffers.
    public func forEachBlob(
        _ sql: String, _ arguments: [any Bindable] = [], _ body: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        let statement = try prepare(sql)
        try statement.bind(arguments)
        defer { statement.reset() }
        while try statement.advance() {
            let count = Int(sqlite3_column_bytes(statement.handle, 0))
            try body(UnsafeRawBufferPointer(start: sqlite3_column_blob(statement.handle, 0), count: count))
        }
    }

    /// Runs `sql` with `arguments` and returns the first row, if any.
    public func queryOne(_ sql: String, _ arguments: [any Bindable] = []) throws(SQLiteError) -> Row? {
        let statement = try prepare(sql)
        try statement.bind(arguments)
        defer { statement.reset() }
        return try statement.step()
    }

    /// Runs a statement that returns no rows, with `arguments`.
    public func run(_ sql: String, _ arguments: [any Bindable] = []) throws(SQLiteError) {
        let statement = try prepare(sql)
        try statement.bind(arguments)
        defer { statement.reset() }
        while try statement.step() != nil {}
    }

    /// The row id of the last inserted row.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows changed by the last statement.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// Rows changed since the connection opened.
    public var totalChanges: Int { Int(sqlite3_total_changes(handle)) }

    /// Runs `body` in a read transaction (`BEGIN … COMMIT`, deferred): its reads all see one snapshot of the
    /// database, whatever other connections commit meanwhile.
    public func snapshot<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN")
        defer { try? execute("COMMIT") }
        return try body()
    }

    /// Runs `body` in `BEGIN IMMEDIATE … COMMIT`, rolling back when it throws.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    func lastError(sql: String?) -> SQLiteError {
        SQLiteError(
            extendedCode: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }

    /// The SQLite library version, such as "3.40.1".
    public static var libraryVersion: String { String(cString: sqlite3_libversion()) }
}
