internal import FoundationEssentials
internal import Hashing
internal import Postgres
internal import SkillscopeCore
public import SkillscopeStore
internal import Synchronization

/// The registry on a PostgreSQL server: several processes (ingests, servers) share one database and behave as
/// one registry.
///
/// Search uses a weighted `tsvector` with a GIN index.
///
/// ## Concurrent writers
/// Two rules keep concurrent ingests from duplicating or losing files:
/// - **Upserts.** Files are written with `INSERT … ON CONFLICT (repository_id, path) DO UPDATE` and repositories
///   on `(full_name)`, so a key can never be stored twice, whoever writes it first.
/// - **One write transaction at a time per registry**, taken with `pg_advisory_xact_lock` at the start of every
///   write and released at its commit or rollback. A write reads before it writes (is the stored sha256 the
///   same? is the file marked removed? which generation is the passage index?); under the lock that read is the
///   truth until the commit, exactly as under SQLite's single writer, so two processes give the result one
///   process would. It also rules out deadlocks between batches that touch the same rows in different orders.
///   Rejected: `SERIALIZABLE` isolation with retries (every conflicting batch re-parsed and rewritten, and the
///   work lost grows with the batch size), and row locks alone (the removed-files and generation rows are read
///   across many files). Readers never wait: they see the last committed state (MVCC).
public final class PostgresStore: Store, LineageTableSource {
    /// How the store reaches its database.
    public struct Configuration: Sendable {
        /// A libpq connection string: a `postgresql://` URL or `key=value` pairs.
        public var conninfo: String
        /// The schema the registry lives in, created when missing; several registries can share a database in
        /// schemas of their own.
        ///
        /// The default is `nil`: the connection's own search path (usually `public`).
        public var schema: String?
        /// Connections held open at most; size it to at least the threads that query at once.
        ///
        /// The default is 4.
        public var connections = 4
        /// The folder where files derived from the registry (memory-mapped indexes) are kept, shared by every
        /// process on this machine that opens the same database; nil keeps them on each process's heap.
        public var derivedFilesFolder: String?
        public init(conninfo: String, schema: String? = nil) {
            self.conninfo = conninfo
            self.schema = schema
        }
    }

    public let engine = "postgres"
    let pool: ConnectionPool
    /// The passage index with the files generation it was built for; rebuilt when a write moved the generation.
    let indexCache = Mutex<(generation: Int, index: PassageIndex)?>(nil)
    /// The lineage table with the files generation it was built for.
    public let tableCache = LineageTableCache()
    /// Where the registry is, for messages: the URL without its password, and the schema.
    public let location: String
    /// How the store reaches its database.
    public let configuration: Configuration
    /// The schema's name as a quoted SQL identifier, or `nil` for the search path's.
    let quotedSchema: String?
    /// RUM's distance operator, qualified by the extension's schema (`OPERATOR("public".<=>)`), when the registry's
    /// files have the RUM index (schema 7); `nil` ranks with GIN and `ts_rank`.
    let rankOperator: String?

    public func derivedFilePath(_ name: String) -> String? {
        guard let folder = configuration.derivedFilesFolder else { return nil }
        return "\(folder)/\(SHA256.hex(of: Array(location.utf8)).prefix(16))-\(name)"
    }

    /// Connects and applies migrations as needed (several processes may start at once: they take turns).
    ///
    /// - Throws: ``StoreError`` `.unavailable` when the server cannot be reached or refuses the login,
    ///   `.corrupt` when the schema is newer than this program.
    public init(configuration: Configuration) throws(StoreError) {
        self.configuration = configuration
        location =
            Self.redacted(configuration.conninfo) + (configuration.schema.map { " (schema \($0))" } ?? "")
        let quoted = configuration.schema.map { "\"" + $0.replacing("\"", with: "\"\"") + "\"" }
        quotedSchema = quoted
        var poolConfiguration = ConnectionPool.Configuration(conninfo: configuration.conninfo)
        poolConfiguration.size = configuration.connections
        let location = location
        do {
            pool = try ConnectionPool(configuration: poolConfiguration) { connection in
                if let quoted { try connection.execute("SET search_path TO \(quoted)") }
            }
            rankOperator = try pool.withConnection { connection in
                try Self.migrate(connection, schema: configuration.schema, quotedSchema: quoted, location: location)
                try connection.execute(Self.restoreSearchIndex)
                let row = try connection.queryOne(
                    """
                    SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
                    WHERE e.extname = 'rum' AND EXISTS (
                        SELECT 1 FROM pg_class c WHERE c.relname = 'files_search_rum'
                            AND c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema()))
                    """)
                return row?.string(0).map { "OPERATOR(\"" + $0.replacing("\"", with: "\"\"") + "\".<=>)" }
            }
        } catch let error as StoreError {
            throw error
        } catch let error as PostgresError {
            throw Self.storeError(error, location: location)
        } catch {
            throw StoreError(.unavailable, "cannot open the registry at \(location)")
        }
    }

    /// `conninfo` without its password, for messages.
    public static func redacted(_ conninfo: String) -> String {
        guard let scheme = conninfo.firstRange(of: "://"), let at = conninfo.lastIndex(of: "@") else {
            return conninfo.split(separator: " ").filter { !$0.hasPrefix("password=") }.joined(separator: " ")
        }
        let credentials = conninfo[scheme.upperBound..<at]
        guard let colon = credentials.firstIndex(of: ":") else { return conninfo }
        return String(conninfo[..<colon]) + ":***" + String(conninfo[at...])
    }

    static func storeError(_ error: PostgresError, location: String) -> StoreError {
        if error.isConnectionFailure {
            return StoreError(
                .unavailable, "cannot reach the registry at \(location): \(error.message)", underlying: error)
        }
        if error.isUniqueViolation {
            return StoreError(.conflict, "a uniqueness rule of the registry was broken", underlying: error)
        }
        return StoreError(.unavailable, "the registry at \(location) failed: \(error.message)", underlying: error)
    }

    private static func migrate(
        _ connection: Connection, schema: String?, quotedSchema: String?, location: String
    ) throws {
        try connection.transaction { connection in
            // Processes starting together take turns; the lock is keyed by schema, released at commit.
            _ = try connection.query(
                "SELECT pg_advisory_xact_lock(hashtext('skillscope.migrate'), hashtext($1))", [schema ?? ""])
            if let quotedSchema { try connection.execute("CREATE SCHEMA IF NOT EXISTS \(quotedSchema)") }
            try connection.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at text NOT NULL)")
            let current =
                try connection.queryOne("SELECT coalesce(max(version), 0) FROM schema_migrations")?.int(0) ?? 0
            if current > PostgresSchema.version {
                throw StoreError(
                    .corrupt,
                    "the registry at \(location) has schema version \(current), newer than this skillscope's "
                        + "\(PostgresSchema.version)")
            }
            for (index, sql) in PostgresSchema.migrations.enumerated() where index + 1 > current {
                try connection.execute(sql)
                _ = try connection.query(
                    "INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)",
                    [index + 1, Date.now.formatted(.iso8601)])
            }
        }
    }

    /// Builds the files' search index when it is missing, as a copy stopped between ``beginImport()`` and
    /// ``finishImport()`` leaves it: RUM where the server has the extension, GIN otherwise.
    static let restoreSearchIndex = """
        DO $$
        DECLARE
            extension_schema text;
        BEGIN
            IF to_regclass('files_search_rum') IS NULL AND to_regclass('files_search') IS NULL THEN
                SELECT n.nspname INTO extension_schema
                    FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'rum';
                IF extension_schema IS NOT NULL THEN
                    EXECUTE format(
                        'CREATE INDEX files_search_rum ON files USING rum (search %I.rum_tsvector_ops)',
                        extension_schema);
                ELSE
                    CREATE INDEX files_search ON files USING gin (search);
                END IF;
            END IF;
        END $$;
        """

    /// Runs a read on a pooled connection, mapping errors.
    func reading<T: Sendable>(_ body: (Connection) throws -> T) throws(StoreError) -> T {
        do {
            return try pool.withConnection(body)
        } catch {
            throw mapped(error)
        }
    }

    /// Runs `body` as this registry's one write transaction (see the type's discussion), mapping errors.
    ///
    /// A
    /// deadlock or serialization failure, which the lock should rule out, is retried twice.
    func writing<T: Sendable>(_ body: (Connection) throws -> T) throws(StoreError) -> T {
        var attempt = 0
        while true {
            do {
                return try pool.transaction { connection in
                    _ = try connection.query(
                        "SELECT pg_advisory_xact_lock(hashtext('skillscope.write'), hashtext(current_schema()))")
                    return try body(connection)
                }
            } catch let error as PostgresError where error.isRetryable && attempt < 2 {
                attempt += 1
            } catch {
                throw mapped(error)
            }
        }
    }

    private func mapped(_ error: any Error) -> StoreError {
        switch error {
        case let error as StoreError: return error
        case let error as PostgresError: return Self.storeError(error, location: location)
        default: return StoreError(.unavailable, "registry access failed at \(location)")
        }
    }

    /// Asks for the listed keys alone, 10,000 a query, instead of every stored file.
    public func storedHashes(of keys: [FileKey]) throws -> [FileKey: StoredHash] {
        var hashes: [FileKey: StoredHash] = [:]
        hashes.reserveCapacity(keys.count)
        for start in stride(from: 0, to: keys.count, by: 10_000) {
            let part = keys[start..<min(start + 10_000, keys.count)]
            let rows = try reading { connection in
                try connection.query(
                    """
                    SELECT r.full_name, f.path, f.sha256, f.status
                    FROM unnest($1::text[], $2::text[]) AS k(repository, path)
                    JOIN repositories r ON r.full_name = k.repository
                    JOIN files f ON f.repository_id = r.id AND f.path = k.path
                    """, [PostgresValue.array(part.map(\.repository)), PostgresValue.array(part.map(\.path))])
            }
            for row in rows {
                hashes[FileKey(repository: row.string(0) ?? "", path: row.string(1) ?? "")] = StoredHash(
                    reading: row, from: 2)
            }
        }
        return hashes
    }

    /// The schema version the registry is at.
    public func schemaVersion() throws -> Int {
        try reading { try $0.queryOne("SELECT coalesce(max(version), 0) FROM schema_migrations")?.int(0) ?? 0 }
    }

    /// The SQL condition that file `f` is still in its repository (not in `removed_files`).
    static let isCurrent = "NOT EXISTS (SELECT 1 FROM removed_files x WHERE x.file_id = f.id)"
}

extension Row: ColumnReading {}
