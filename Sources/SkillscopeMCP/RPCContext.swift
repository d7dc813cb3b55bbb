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

/// A flag the transport sets on `notifications/cancelled`, or a question it asks (over HTTP: has the client closed
/// its connection?).
public final class Cancellation: Sendable {
    private let flag = Atomic<Bool>(false)
    private let probe: @Sendable () -> Bool

    /// - Parameter probe: asked on each check beside the flag; true cancels, as when the client has gone.
    public init(probe: @escaping @Sendable () -> Bool = { false }) {
        self.probe = probe
    }

    public var isCancelled: Bool { flag.load(ordering: .acquiring) || probe() }
    public func cancel() { flag.store(true, ordering: .releasing) }
}

/// Where heavy tool calls (`registry_analyze`) wait for a turn: under `skillscope serve`, the web's own heavy queue,
/// so analyses from pages and from agents share one bound and light calls never wait behind them.
public struct HeavyQueue: Sendable {
    /// Runs `work` when a turn is free, or throws a refusal (busy, or the client left while waiting); `work`'s own
    /// failures never escape through it.
    public typealias Run = @Sendable (_ isAbandoned: () -> Bool, _ work: () -> Void) throws -> Void
    let run: Run

    public init(_ run: @escaping Run) {
        self.run = run
    }
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
