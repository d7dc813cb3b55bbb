internal import JSON
internal import Synchronization

/// What a method or tool sees of the request it serves: the era and version, who asks, the review token.
public struct RPCContext: Sendable {
    /// The protocol revision of this request: from `_meta` (current era) or the session's `initialize`.
    public var protocolVersion: String
    /// Whether the request came in the current, handshake-free era (2026-07-28).
    public var isCurrentEra: Bool { protocolVersion == ProtocolVersion.current }
    /// The client's name from `_meta` or `initialize`, such as `claude-code`.
    public var clientName: String?
    /// The review token: the request's `Authorization` header, else the one the server was started with.
    public var token: String?
    /// The connection's state (the version `initialize` negotiated).
    public var session: MCPSession
    /// Set when the client cancelled the request; long work checks it and stops.
    public var cancellation: Cancellation

    public init(
        protocolVersion: String, clientName: String? = nil, token: String? = nil, session: MCPSession,
        cancellation: Cancellation = Cancellation()
    ) {
        self.protocolVersion = protocolVersion
        self.clientName = clientName
        self.token = token
        self.session = session
        self.cancellation = cancellation
    }
}

/// A flag the transport sets on `notifications/cancelled`.
public final class Cancellation: Sendable {
    private let flag = Atomic<Bool>(false)
    public init() {}
    public var isCancelled: Bool { flag.load(ordering: .acquiring) }
    public func cancel() { flag.store(true, ordering: .releasing) }
}

/// One client connection: stdio's only one, or an HTTP session (`Mcp-Session-Id`) of a legacy client.
///
/// Clients of
/// the current era need none; each of their requests carries its version.
public final class MCPSession: Sendable {
    private struct State {
        var negotiatedVersion: String?
        var clientName: String?
        var isInitialized = false
    }
    private let state = Mutex(State())
    public let id: String

    public init(id: String = "") {
        self.id = id
    }

    /// The version `initialize` agreed on, or `nil` before it.
    public var negotiatedVersion: String? { state.withLock { $0.negotiatedVersion } }
    var clientName: String? { state.withLock { $0.clientName } }
    /// Whether `notifications/initialized` arrived.
    public var isInitialized: Bool { state.withLock { $0.isInitialized } }

    func negotiated(_ version: String, clientName: String?) {
        state.withLock {
            $0.negotiatedVersion = version
            $0.clientName = clientName
        }
    }

    func markInitialized() { state.withLock { $0.isInitialized = true } }
}

/// What a method answers: the result's fields, and for results a client may cache, for how long and for whom.
struct MethodResult: Sendable {
    var fields: [String: JSONValue]
    /// `ttlMs` and `cacheScope` (2026-07-28 list and read results); `nil` for results that carry none.
    var cache: (ttlMs: Int, scope: String)?

    init(_ fields: [String: JSONValue], cache: (ttlMs: Int, scope: String)? = nil) {
        self.fields = fields
        self.cache = cache
    }
}

/// One MCP method, such as `tools/list`: one type each, as sourcekit-lsp's protocol layer has.
protocol MCPMethod: Sendable {
    static var name: String { get }
    /// Answers the request, or throws an ``RPCError`` (anything else becomes `-32603`).
    func handle(_ params: Params, context: RPCContext) throws -> MethodResult
}

/// A request's `params`, read with errors that say which field was wrong (`-32602`).
struct Params: Sendable {
    var object: [String: JSONValue]

    init(_ value: JSONValue?) {
        object = value?.object ?? [:]
    }

    func string(_ key: String) throws(RPCError) -> String {
        guard let value = object[key] else { throw RPCError(.invalidParams, "params.\(key) is missing") }
        guard let text = value.string else { throw RPCError(.invalidParams, "params.\(key) must be a string") }
        return text
    }

    func optionalString(_ key: String) throws(RPCError) -> String? {
        guard let value = object[key], value != .null else { return nil }
        guard let text = value.string else { throw RPCError(.invalidParams, "params.\(key) must be a string") }
        return text
    }

    var meta: [String: JSONValue] { object["_meta"]?.object ?? [:] }
}
