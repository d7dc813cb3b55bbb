/// An error from libpq or the PostgreSQL server, with the server's SQLSTATE kept verbatim.
///
/// `description` is safe to show anyone; the SQL and the server's detail go only to `String(reflecting:)`.
public struct PostgresError: Error, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// Where the error came from.
    ///
    /// New codes can be added without breaking callers.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: Hashable, Sendable { case connection, server, client }
        private let base: Base
        private init(_ base: Base) { self.base = base }
        /// The server could not be reached, refused the login, or the connection broke.
        public static let connection = Code(.connection)
        /// The server ran the statement and reported an error; ``PostgresError/sqlState`` says which.
        public static let server = Code(.server)
        /// The client refused the call (a bad parameter, an unexpected result).
        public static let client = Code(.client)
        public var description: String { "\(base)" }
    }

    public var code: Code
    /// The five-character SQLSTATE the server sent, such as `23505` (unique violation); `nil` for client errors.
    ///
    /// Related documentation: <https://www.postgresql.org/docs/15/errcodes-appendix.html>
    public var sqlState: String?
    /// The server's primary message, or libpq's.
    public var message: String
    /// The server's detail line, when it sent one.
    public var detail: String?
    /// The statement that failed, for logs.
    public var sql: String?

    public init(_ code: Code, sqlState: String? = nil, message: String, detail: String? = nil, sql: String? = nil) {
        self.code = code
        self.sqlState = sqlState
        self.message = message
        self.detail = detail
        self.sql = sql
    }

    /// A uniqueness rule was broken (`23505`).
    public var isUniqueViolation: Bool { sqlState == "23505" }
    /// The transaction lost a serialization race or a deadlock (`40001`, `40P01`) and may be run again.
    public var isRetryable: Bool { sqlState == "40001" || sqlState == "40P01" }
    /// The SQLSTATE is of class 08 (connection exception), or libpq lost the connection.
    public var isConnectionFailure: Bool { code == .connection || sqlState?.hasPrefix("08") == true }

    public var description: String {
        "PostgreSQL error" + (sqlState.map { " \($0)" } ?? "") + ": " + message
    }

    public var debugDescription: String {
        var text = description
        if let detail { text += " (detail: \(detail))" }
        if let sql { text += " in: \(sql)" }
        return text
    }
}
