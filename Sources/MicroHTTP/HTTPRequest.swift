/// One HTTP request, read whole before the handler sees it.
public struct HTTPRequest: Sendable {
    public var method: String
    /// The path, percent-decoded by libmicrohttpd, without the query string.
    public var path: String
    /// Query arguments, decoded; the last value wins for a repeated name.
    public var query: [String: String]
    /// Header names lowercased.
    public var headers: [String: String]
    public var body: [UInt8]
    /// Whether the client has closed its connection, asked while the handler runs (a long analysis stops
    /// then); always false for a request not read from a socket.
    public var isClientGone: @Sendable () -> Bool = { false }
    /// The address the request came from (IPv4 or IPv6 text); empty for a request not read from a socket.
    public var clientAddress = ""

    public init(
        method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:], body: [UInt8] = []
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// A header by name, any case.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The token of an `Authorization: Bearer TOKEN` header, or `nil`.
    public var bearerToken: String? {
        guard let header = header("Authorization") else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].drop { $0 == " " }
        return token.isEmpty ? nil : String(token.reversed().drop { $0 == " " }.reversed())
    }
}
