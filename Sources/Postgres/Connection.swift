internal import CLibPQ

/// One libpq connection to a PostgreSQL server.
///
/// A connection is used by one thread at a time: ``ConnectionPool`` keeps each in its own `Mutex`. Every
/// `PGresult` is copied into a ``ResultSet`` and cleared (`PQclear`) before the call returns, on every path.
public final class Connection {
    let handle: OpaquePointer

    /// Connects with a libpq connection string: `key=value` pairs or a `postgresql://` URL.
    ///
    /// Related documentation: <https://www.postgresql.org/docs/15/libpq-connect.html#LIBPQ-CONNSTRING>
    ///
    /// - Throws: ``PostgresError`` `.connection` with libpq's message (which never holds the password).
    public init(_ conninfo: String) throws(PostgresError) {
        guard let raw = PQconnectdb(conninfo) else {
            throw PostgresError(.connection, message: "libpq could not allocate a connection")
        }
        guard PQstatus(raw) == CONNECTION_OK else {
            let message = String(cString: PQerrorMessage(raw)).trimmingTrailingNewlines()
            PQfinish(raw)
            throw PostgresError(.connection, message: message)
        }
        cpq_silence_notices(raw)
        handle = raw
    }

    deinit { PQfinish(handle) }

    /// Whether the connection is still open and usable.
    public var isHealthy: Bool { PQstatus(handle) == CONNECTION_OK }

    /// Whether a transaction is open (or failed and not yet rolled back) on this connection.
    public var isInTransaction: Bool {
        let status = PQtransactionStatus(handle)
        return status == PQTRANS_INTRANS || status == PQTRANS_INERROR
    }

    /// Closes and reopens the connection with the same parameters.
    public func reset() { PQreset(handle) }

    /// Runs one or more statements without parameters (schema changes, `BEGIN`), discarding rows.
    public func execute(_ sql: String) throws(PostgresError) {
        let result = PQexec(handle, sql)
        defer { PQclear(result) }
        _ = try check(result, sql: sql)
    }

    /// Runs one statement with `$1…$N` parameters and returns its rows.
    ///
    /// Text parameters go in PostgreSQL's text form with no type given, so the server types each from where it
    /// stands (write `$1::bigint[]` where it cannot); `bytea` parameters go in binary.
    ///
    /// - Parameter format: how the server sends the rows; binary saves decoding `bytea` from hex.
    public func query(
        _ sql: String, _ parameters: [any PostgresBindable] = [], format: ResultSet.Format = .text
    ) throws(PostgresError) -> ResultSet {
        let result = Self.withParameters(parameters.map(\.postgresValue)) { count, types, values, lengths, formats in
            PQexecParams(handle, sql, count, types, values, lengths, formats, format.rawValue)
        }
        defer { PQclear(result) }
        return try check(result, sql: sql)
    }

    /// The first row of ``query(_:_:format:)``, or `nil`.
    public func queryOne(
        _ sql: String, _ parameters: [any PostgresBindable] = [], format: ResultSet.Format = .text
    ) throws(PostgresError) -> Row? {
        try query(sql, parameters, format: format).first
    }

    /// Runs `body` inside `BEGIN … COMMIT`, rolling back when it throws.
    ///
    /// - Throws: what `body` threw, or ``PostgresError`` when `COMMIT` failed or found the transaction aborted
    ///   (a statement failed and its error was swallowed), in which case nothing was written.
    public func transaction<T>(_ body: (Connection) throws -> T) throws -> T {
        try execute("BEGIN")
        do {
            let value = try body(self)
            let result = PQexec(handle, "COMMIT")
            defer { PQclear(result) }
            _ = try check(result, sql: "COMMIT")
            // COMMIT of a failed transaction reports success with the tag ROLLBACK.
            if let result, String(cString: PQcmdStatus(result)) == "ROLLBACK" {
                throw PostgresError(.server, sqlState: "25P02", message: "the transaction was aborted; rolled back")
            }
            return value
        } catch {
            if isInTransaction { try? execute("ROLLBACK") }
            throw error
        }
    }

    /// Checks a result's status and copies it out; the caller clears it.
    private func check(_ result: OpaquePointer?, sql: String) throws(PostgresError) -> ResultSet {
        guard let result else {
            throw PostgresError(.connection, message: lastMessage, sql: sql)
        }
        let status = PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK || status == PGRES_EMPTY_QUERY else {
            throw Self.error(from: result, connection: self, sql: sql)
        }
        return Self.copy(result)
    }

    var lastMessage: String { String(cString: PQerrorMessage(handle)).trimmingTrailingNewlines() }

    /// The error a failed result carries, with its SQLSTATE.
    static func error(from result: OpaquePointer, connection: Connection, sql: String) -> PostgresError {
        func field(_ code: Int32) -> String? { PQresultErrorField(result, code).map { String(cString: $0) } }
        let sqlState = field(cpq_diag_sqlstate())
        let message =
            field(cpq_diag_message_primary())
            ?? String(cString: PQresultErrorMessage(result)).trimmingTrailingNewlines()
        let code: PostgresError.Code = sqlState == nil && !connection.isHealthy ? .connection : .server
        return PostgresError(
            code, sqlState: sqlState, message: message.isEmpty ? connection.lastMessage : message,
            detail: field(cpq_diag_message_detail()), sql: sql)
    }

    /// Copies every cell of `result` into one Swift buffer.
    static func copy(_ result: OpaquePointer) -> ResultSet {
        let rowCount = Int(PQntuples(result))
        let columnCount = Int(PQnfields(result))
        let columns = (0..<columnCount).map { column in
            ResultSet.Column(
                name: PQfname(result, Int32(column)).map { String(cString: $0) } ?? "",
                typeOID: PQftype(result, Int32(column)))
        }
        var total = 0
        for row in 0..<rowCount {
            for column in 0..<columnCount { total += Int(PQgetlength(result, Int32(row), Int32(column))) }
        }
        var storage: [UInt8] = []
        storage.reserveCapacity(total)
        var offsets: [Int] = []
        var lengths: [Int32] = []
        offsets.reserveCapacity(rowCount * columnCount)
        lengths.reserveCapacity(rowCount * columnCount)
        for row in 0..<rowCount {
            for column in 0..<columnCount {
                let (r, c) = (Int32(row), Int32(column))
                offsets.append(storage.count)
                guard PQgetisnull(result, r, c) == 0, let value = PQgetvalue(result, r, c) else {
                    lengths.append(-1)
                    continue
                }
                let length = PQgetlength(result, r, c)
                storage.append(contentsOf: UnsafeRawBufferPointer(start: value, count: Int(length)))
                lengths.append(length)
            }
        }
        let format: ResultSet.Format = columnCount > 0 && PQfformat(result, 0) == 1 ? .binary : .text
        let affected = PQcmdTuples(result).flatMap { Int(String(cString: $0)) } ?? 0
        return ResultSet(
            columns: columns, format: format, affectedRows: affected, storage: storage, offsets: offsets,
            lengths: lengths)
    }

    /// Lays `values` out as libpq's parallel parameter arrays for the duration of `body`.
    ///
    /// Every value's bytes go into one buffer (text NUL-terminated); the pointers are taken inside
    /// `withUnsafeBufferPointer`, so they live exactly as long as the call to libpq.
    static func withParameters<R>(
        _ values: [PostgresValue],
        _ body: (
            Int32, UnsafePointer<Oid>?, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?,
            UnsafePointer<Int32>?
        ) -> R
    ) -> R {
        var storage: [UInt8] = []
        var offsets: [Int?] = []
        var lengths: [Int32] = []
        var formats: [Int32] = []
        var types: [Oid] = []
        for value in values {
            switch value {
            case .null:
                offsets.append(nil)
                lengths.append(0)
                formats.append(0)
                types.append(0)
            case .text(let text):
                offsets.append(storage.count)
                storage.append(contentsOf: text.utf8)
                storage.append(0)
                lengths.append(Int32(text.utf8.count))
                formats.append(0)
                types.append(0)
            case .bytea(let bytes):
                offsets.append(storage.count)
                storage.append(contentsOf: bytes)
                lengths.append(Int32(bytes.count))
                formats.append(1)
                types.append(17)  // bytea
            }
        }
        storage.append(0)
        return storage.withUnsafeBytes { buffer in
            let pointers: [UnsafePointer<CChar>?] = offsets.map { offset in
                offset.flatMap { buffer.baseAddress?.advanced(by: $0).assumingMemoryBound(to: CChar.self) }
            }
            return pointers.withUnsafeBufferPointer { values in
                types.withUnsafeBufferPointer { types in
                    lengths.withUnsafeBufferPointer { lengths in
                        formats.withUnsafeBufferPointer { formats in
                            body(
                                Int32(values.count), types.baseAddress, values.baseAddress, lengths.baseAddress,
                                formats.baseAddress)
                        }
                    }
                }
            }
        }
    }
}

extension String {
    func trimmingTrailingNewlines() -> String {
        var text = self
        while text.last?.isNewline == true { text.removeLast() }
        return text
    }
}
