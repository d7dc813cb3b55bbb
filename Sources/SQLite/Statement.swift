internal import CSQLite
internal import Hashing

/// A prepared statement, owned by its ``Connection`` and used on that connection's thread.
public final class Statement {
    let handle: OpaquePointer
    /// Kept so the connection outlives the statement: statements are finalised before the connection closes.
    private unowned let connection: Connection
    let sql: String
    /// Column names, read once: every row shares the array.
    lazy var columnNames: [String] = (0..<sqlite3_column_count(handle)).map {
        String(cString: sqlite3_column_name(handle, $0))
    }

    init(connection: Connection, sql: String) throws(SQLiteError) {
        var raw: OpaquePointer?
        let rc = sqlite3_prepare_v3(connection.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &raw, nil)
        guard rc == SQLITE_OK, let raw else { throw connection.lastError(sql: sql) }
        self.handle = raw
        self.connection = connection
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    /// Binds `values` to the parameters `?1…?N`.
    public func bind(_ values: [any Bindable]) throws(SQLiteError) {
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let rc: Int32
            switch value.sqliteValue {
            case .null: rc = sqlite3_bind_null(handle, index)
            case .integer(let v): rc = sqlite3_bind_int64(handle, index, v)
            case .real(let v): rc = sqlite3_bind_double(handle, index, v)
            case .text(let v):
                // withCString borrows a native string's own bytes (no copy); SQLite copies them (TRANSIENT).
                rc = v.withCString { sqlite3_bind_text(handle, index, $0, Int32(v.utf8.count), csqlite_transient()) }
            case .blob(let v):
                rc = v.withUnsafeBytes { buffer in
                    sqlite3_bind_blob(handle, index, buffer.baseAddress, Int32(buffer.count), csqlite_transient())
                }
            }
            guard rc == SQLITE_OK else { throw connection.lastError(sql: sql) }
        }
    }

    /// Advances to the next row; `nil` when done.
    public func step() throws(SQLiteError) -> Row? {
        try advance() ? Row(statement: self) : nil
    }

    /// Advances to the next row without copying it out; `false` when done.
    func advance() throws(SQLiteError) -> Bool {
        let rc = sqlite3_step(handle)
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw connection.lastError(sql: sql)
        }
    }

    /// Makes the statement ready to run again.
    public func reset() {
        sqlite3_reset(handle)
    }
}

/// One result row, copied out of the statement.
public struct Row: Sendable {
    /// The row's values, by column.
    public let values: [Value]
    /// Column names, in order.
    public let columns: [String]

    init(statement: Statement) {
        let count = sqlite3_column_count(statement.handle)
        var values: [Value] = []
        values.reserveCapacity(Int(count))
        for index in 0..<count {
            switch sqlite3_column_type(statement.handle, index) {
            case SQLITE_INTEGER: values.append(.integer(sqlite3_column_int64(statement.handle, index)))
            case SQLITE_FLOAT: values.append(.real(sqlite3_column_double(statement.handle, index)))
            case SQLITE_TEXT:
                let bytes = Int(sqlite3_column_bytes(statement.handle, index))
                if let pointer = sqlite3_column_text(statement.handle, index) {
                    let buffer = UnsafeBufferPointer(start: pointer, count: bytes)
                    values.append(.text(String(decoding: buffer, as: UTF8.self)))
                } else {
                    values.append(.text(""))
                }
            case SQLITE_BLOB:
                let bytes = Int(sqlite3_column_bytes(statement.handle, index))
                if let pointer = sqlite3_column_blob(statement.handle, index), bytes > 0 {
                    values.append(.blob(Array(UnsafeRawBufferPointer(start: pointer, count: bytes))))
                } else {
                    values.append(.blob([]))
                }
            default: values.append(.null)
            }
        }
        self.values = values
        self.columns = statement.columnNames
    }

    /// The value at `index`.
    public subscript(index: Int) -> Value { values[index] }

    /// The integer at `index`, or `nil` for NULL or another type.
    public func int(_ index: Int) -> Int? {
        if case .integer(let v) = values[index] { return Int(v) }
        return nil
    }

    /// The real at `index` (integers are widened), or `nil`.
    public func double(_ index: Int) -> Double? {
        switch values[index] {
        case .real(let v): return v
        case .integer(let v): return Double(v)
        default: return nil
        }
    }

    /// A blob at `index` read as little-endian 64-bit integers (its length a multiple of 8), or `nil` when the
    /// value is no blob.
    public func uint64s(_ index: Int) -> [UInt64]? {
        guard case .blob(let bytes) = values[index] else { return nil }
        return LittleEndian.uint64s(bytes, from: 0, count: bytes.count / 8)
    }

    /// The text at `index`, or `nil` for NULL or another type.
    public func string(_ index: Int) -> String? {
        if case .text(let v) = values[index] { return v }
        return nil
    }
}
