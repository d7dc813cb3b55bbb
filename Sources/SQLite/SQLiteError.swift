/// An error from SQLite, with its extended result code kept.
public struct SQLiteError: Error, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The extended result code, such as 2067 for `SQLITE_CONSTRAINT_UNIQUE`.
    public var extendedCode: Int32
    /// SQLite's own message.
    public var message: String
    /// The statement that failed, for logs only.
    public var sql: String?

    /// The primary result code (`SQLITE_BUSY`, `SQLITE_CONSTRAINT`, …): the low byte of ``extendedCode``.
    public var primaryCode: Int32 { extendedCode & 0xff }

    /// Whether a uniqueness or other constraint rejected the write.
    public var isConstraintViolation: Bool { primaryCode == 19 }

    /// Whether the database was locked or busy past the timeout.
    public var isBusy: Bool { primaryCode == 5 || primaryCode == 6 }

    /// Whether the file is not a database or is damaged.
    public var isCorrupt: Bool { primaryCode == 11 || primaryCode == 26 }

    public init(extendedCode: Int32, message: String, sql: String? = nil) {
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
    }

    public var description: String { "SQLite error \(extendedCode): \(message)" }
    public var debugDescription: String { description + (sql.map { " in `\($0)`" } ?? "") }
}
