internal import Foundation
internal import JSON
public import MicroHTTP
internal import Synchronization

/// MCP over Streamable HTTP at one endpoint (`/mcp`): each client message is a POST, answered with JSON or, for a
/// client that accepts only an event stream, one `message` event.
///
/// Runs synchronously on the HTTP server's threads, like every other handler. Checks, in order: the `Origin`
/// (403 unless it is this machine or allowed), the body's type (415) and size (413 by the server), the
/// `MCP-Protocol-Version`, `Mcp-Method` and `Mcp-Name` headers against the body (400 with -32020, or -32022 for a
/// version not served); a notification gets 202 and no body, an unknown method 404 with -32601. Legacy clients get
/// an `Mcp-Session-Id` on `initialize`; GET is 405 (this server starts no streams of its own).
/// Related documentation: <https://modelcontextprotocol.io/specification/2026-07-28/basic/transports>.
public final class HTTPTransport: Sendable {
    /// Which browsers' pages may call the endpoint.
    public struct Configuration: Sendable {
        /// Origins allowed beside this machine's own (`http://localhost:…`, `http://127.
        ///
        /// 0.0.1:…`, `http://[::1]:…`),
        /// such as `https://registry.example`. The default is none.
        public var allowedOrigins: Set<String> = []
        /// Legacy sessions kept; the oldest is dropped beyond this.
        ///
        /// The default is 4096.
        public var maxSessions = 4096
        public init() {}
    }

    private struct Sessions {
        var byID: [String: MCPSession] = [:]
        var order: [String] = []
    }

    let server: MCPServer
    let configuration: Configuration
    private let sessions = Mutex(Sessions())

    public init(server: MCPServer, configuration: Configuration = Configuration()) {
        self.server = server
        self.configuration = configuration
    }

    /// Answers one request to the endpoint.
    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        guard isAllowed(origin: request.header("Origin")) else {
            return Self.error(
                403, id: nil, RPCError(.invalidRequest, "Origin \(request.header("Origin") ?? "") is not allowed"))
        }
        switch request.method {
        case "POST":
            return post(request)
        case "DELETE":
            if let id = request.header("Mcp-Session-Id") {
                sessions.withLock { $0.byID[id] = nil }
            }
            return HTTPResponse(status: 204)
        default:
            return HTTPResponse(status: 405, headers: [("Allow", "POST, DELETE")], body: [])
        }
    }

    private func post(_ request: HTTPRequest) -> HTTPResponse {
        let contentType = request.header("Content-Type")?.lowercased() ?? ""
        guard contentType.hasPrefix("application/json") else {
            return Self.error(415, id: nil, RPCError(.invalidRequest, "send Content-Type: application/json"))
        }
        let accept = request.header("Accept")?.lowercased() ?? "*/*"
        let json = accept.contains("application/json") || accept.contains("*/*") || accept.contains("application/*")
        guard json || accept.contains("text/event-stream") else {
            return Self.error(406, id: nil, RPCError(.invalidRequest, "accept application/json or text/event-stream"))
        }
        let message = RPCMessage(parsing: request.body, maxBytes: server.configuration.maxMessageBytes)
        let token = request.bearerToken
        switch message {
        case .invalid(let id, let error):
            return Self.error(400, id: id, error)
        case .response:
            return HTTPResponse(status: 202)
        case .notification(let method, let params):
            if let mismatch = headerMismatch(request, method: method, params: Params(params)) {
                return Self.error(400, id: nil, mismatch)
            }
            _ = server.respond(to: message, session: session(for: request) ?? MCPSession(), token: token)
            return HTTPResponse(status: 202)
        case .request(let id, let method, let params):
            if let mismatch = headerMismatch(request, method: method, params: Params(params)) {
                return Self.error(400, id: id, mismatch)
            }
            if let error = MCPServer.metaError(method: method, meta: Params(params).meta),
                error.code != .methodNotFound
            {
                return Self.error(400, id: id, error)
            }
            var headers: [(name: String, value: String)] = []
            var session = session(for: request)
            if session == nil, request.header("Mcp-Session-Id") != nil, Params(params).meta.isEmpty,
                method != InitializeMethod.name
            {
                return Self.error(404, id: id, RPCError(.invalidRequest, "session not found: initialize again"))
            }
            // A legacy handshake opens a session; an `initialize` carrying a `_meta` version is refused below and
            // must not leave one behind.
            if method == InitializeMethod.name, Params(params).meta[ProtocolVersion.versionKey] == nil {
                let created = MCPSession(id: UUID().uuidString.lowercased())
                session = created
                headers.append(("Mcp-Session-Id", created.id))
                remember(created)
            }
            // A client that closes its connection cancels its call: long work (an analysis) stops at its next check.
            guard
                let body = server.respond(
                    to: message, session: session ?? MCPSession(), token: token,
                    cancellation: Cancellation(probe: request.isClientGone))
            else {
                return HTTPResponse(status: 202)
            }
            // An unsupported version is 400 wherever the request carried it (header or `_meta`).
            let code = Self.errorCode(body)
            let status =
                code == RPCError.Code.unsupportedProtocolVersion.rawValue
                ? 400 : code == RPCError.Code.methodNotFound.rawValue && !Params(params).meta.isEmpty ? 404 : 200
            if json {
                return HTTPResponse(
                    status: status, headers: headers + [("Content-Type", "application/json")], body: body)
            }
            return HTTPResponse(
                status: status,
                headers: headers + [("Content-Type", "text/event-stream"), ("Cache-Control", "no-cache")],
                body: Array("event: message\ndata: ".utf8) + body + Array("\n\n".utf8))
        }
    }

    /// The 2026-07-28 header checks: the version header equals `_meta`'s (and is one served), `Mcp-Method` equals
    /// the method, `Mcp-Name` equals `params.name` or `params.uri` (Base64 sentinel decoded).
    func headerMismatch(_ request: HTTPRequest, method: String, params: Params) -> RPCError? {
        let bodyVersion = params.meta[ProtocolVersion.versionKey]?.string
        let headerVersion = request.header("MCP-Protocol-Version")
        if let headerVersion, !ProtocolVersion.supported.contains(headerVersion), bodyVersion == nil {
            return RPCError(
                .unsupportedProtocolVersion, "unsupported protocol version",
                data: [
                    "supported": .array(ProtocolVersion.supported.map(JSONValue.string)),
                    "requested": .string(headerVersion),
                ])
        }
        guard let bodyVersion else { return nil }
        guard headerVersion == bodyVersion else {
            return RPCError(.headerMismatch, "MCP-Protocol-Version header must equal _meta's \(bodyVersion)")
        }
        guard request.header("Mcp-Method") == method else {
            return RPCError(.headerMismatch, "Mcp-Method header must equal the method \(method)")
        }
        let named = params.object["name"]?.string ?? params.object["uri"]?.string
        if let name = request.header("Mcp-Name") {
            guard Self.decodeHeader(name) == named else {
                return RPCError(.headerMismatch, "Mcp-Name header must equal params.name or params.uri")
            }
        } else if let named, Self.namedMethods.contains(method) {
            // A body without its name is the method's own -32602; a named one must say the name in the header too.
            return RPCError(.headerMismatch, "\(method) needs the header Mcp-Name: \(named)")
        }
        return nil
    }

    /// The methods whose POST must carry `Mcp-Name`: the tool, prompt or resource they name.
    static let namedMethods: Set<String> = ["tools/call", "resources/read", "prompts/get"]

    private func session(for request: HTTPRequest) -> MCPSession? {
        guard let id = request.header("Mcp-Session-Id") else { return nil }
        return sessions.withLock { $0.byID[id] }
    }

    private func remember(_ session: MCPSession) {
        sessions.withLock { state in
            state.byID[session.id] = session
            state.order.append(session.id)
            while state.order.count > configuration.maxSessions {
                state.byID[state.order.removeFirst()] = nil
            }
        }
    }

    /// Whether a browser page at `origin` may call: no `Origin` (not a browser), this machine, or an allowed one.
    func isAllowed(origin: String?) -> Bool {
        guard let origin, origin != "null" else { return origin == nil }
        if configuration.allowedOrigins.contains(origin) { return true }
        guard let host = URLComponents(string: origin)?.host?.lowercased() else { return false }
        return host == "localhost" || host == "127.0.0.1" || host == "::1" || host == "[::1]"
    }

    /// The answer to a body the HTTP server would not read whole: a JSON-RPC error, as every answer at `/mcp` is.
    public static func tooLarge(limit: Int) -> HTTPResponse {
        error(413, id: nil, RPCError(.invalidRequest, "the request body is over \(limit) bytes"))
    }

    static func error(_ status: Int, id: RequestID?, _ error: RPCError) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: [("Content-Type", "application/json")],
            body: RPCMessage.encode(id: id, error: error))
    }

    /// The JSON-RPC error code of an answer, or nil for a result.
    static func errorCode(_ body: [UInt8]) -> Int? {
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: Data(body)) else { return nil }
        return value["error"]?["code"]?.integer
    }

    /// A header value, or the text inside its `=?base64?…?=` sentinel.
    static func decodeHeader(_ value: String) -> String? {
        guard value.hasPrefix("=?base64?"), value.hasSuffix("?="), value.count >= 11 else { return value }
        let payload = value.dropFirst("=?base64?".count).dropLast(2)
        return Data(base64Encoded: String(payload)).flatMap { String(data: $0, encoding: .utf8) }
    }
}
