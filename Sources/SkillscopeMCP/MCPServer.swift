internal import JSON
public import SkillscopeRating
public import SkillscopeStore

/// The registry as an MCP server: reads one JSON-RPC message, dispatches it to its method, answers.
///
/// Transport-free and synchronous: the stdio transport runs ``respond(to:session:token:cancellation:)`` on a
/// blocking pool, the HTTP transport on the HTTP server's handler threads (which never await). Methods and tools
/// read the store, whose calls block, so nothing here is `async`.
///
/// Both eras are served at once ("dual-era"): a request whose `_meta` names a protocol version is handled in the
/// current era (2026-07-28: `resultType`, `serverInfo` in `_meta`, `ttlMs` and `cacheScope` on cacheable
/// results), any other in the legacy era its session's `initialize` agreed on.
public final class MCPServer: Sendable {
    /// How the server describes itself and bounds its input.
    public struct Configuration: Sendable {
        /// The name in `serverInfo`.
        ///
        /// The default is `skillscope`.
        public var name = "skillscope"
        /// The version in `serverInfo`.
        ///
        /// The default is `0.1.0`.
        public var version = "0.1.0"
        /// The review token used when a request brings none (`skillscope mcp --token`).
        ///
        /// The default is none.
        public var token: String?
        /// The largest message read; longer ones are answered -32600 unread.
        ///
        /// The default is 4 MiB.
        public var maxMessageBytes = 4 << 20
        /// The registry's path, which `registry_install_plan`'s command gives as `--db`.
        ///
        /// The default is none: the command leaves `--db` out.
        public var databasePath: String?
        /// The queue heavy tools wait in; nil runs them at once (stdio serves one client).
        ///
        /// The default is none.
        public var heavyQueue: HeavyQueue?
        /// Where the tools' rule statistics, kinds and files' meaning are kept once loaded: under `serve`, the web's
        /// own, so that they load once (and `serve`'s warm-up covers `/mcp` too).
        ///
        /// The default is none: the server loads its own.
        public var ratingCache: StatisticsCache?
        public init() {}
    }

    public let configuration: Configuration
    let methods: [String: any MCPMethod]
    let log: @Sendable (String) -> Void

    /// - Parameter log: where failures the client sees only as "internal error" are described.
    public init(
        store: any Store, configuration: Configuration = Configuration(),
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.configuration = configuration
        self.log = log
        let description = ServerDescription(name: configuration.name, version: configuration.version)
        let tools = ToolRegistry(
            store: store, databasePath: configuration.databasePath, heavyQueue: configuration.heavyQueue,
            ratingCache: configuration.ratingCache ?? StatisticsCache())
        let catalog = SkillCatalog(store: store)
        let all: [any MCPMethod] = [
            InitializeMethod(description: description), ServerDiscoverMethod(description: description),
            PingMethod(), ToolsListMethod(tools: tools), ToolsCallMethod(tools: tools),
            ResourcesListMethod(catalog: catalog), ResourcesReadMethod(catalog: catalog),
            ResourceTemplatesListMethod(), SkillsListMethod(catalog: catalog), SkillsGetMethod(catalog: catalog),
        ]
        methods = Dictionary(uniqueKeysWithValues: all.map { (type(of: $0).name, $0) })
        serverInfo = description.serverInfo
    }

    private let serverInfo: JSONValue

    /// Reads and answers one message.
    ///
    /// - Returns: the response's bytes (one JSON object, no line break), or `nil` for a notification or a
    ///   response, which are never answered.
    public func respond(
        to bytes: some Collection<UInt8>, session: MCPSession, token: String? = nil,
        cancellation: Cancellation = Cancellation()
    ) -> [UInt8]? {
        respond(
            to: RPCMessage(parsing: bytes, maxBytes: configuration.maxMessageBytes), session: session, token: token,
            cancellation: cancellation)
    }

    /// Answers one parsed message; `nil` for a notification or a response.
    public func respond(
        to message: RPCMessage, session: MCPSession, token: String? = nil, cancellation: Cancellation = Cancellation()
    ) -> [UInt8]? {
        switch message {
        case .response:
            return nil
        case .notification(let method, _):
            if method == "notifications/initialized" { session.markInitialized() }
            return nil
        case .invalid(let id, let error):
            return RPCMessage.encode(id: id, error: error)
        case .request(let id, let method, let params):
            do {
                let result = try dispatch(
                    method: method, params: Params(params), session: session, token: token ?? configuration.token,
                    cancellation: cancellation)
                return RPCMessage.encode(id: id, result: result)
            } catch let error as RPCError {
                return RPCMessage.encode(id: id, error: error)
            } catch {
                log("\(method) \(id): \(String(reflecting: error))")
                return RPCMessage.encode(id: id, error: RPCError(.internalError, "internal error"))
            }
        }
    }

    /// Picks the era and method, runs it and decorates its result for the era.
    func dispatch(method: String, params: Params, session: MCPSession, token: String?, cancellation: Cancellation)
        throws -> JSONValue
    {
        let meta = params.meta
        let version: String
        let clientName: String?
        if meta[ProtocolVersion.versionKey] != nil {
            if let error = Self.metaError(method: method, meta: meta) { throw error }
            version = ProtocolVersion.current
            clientName = meta[ProtocolVersion.clientInfoKey]?["name"]?.string
        } else {
            guard method != ServerDiscoverMethod.name else {
                throw RPCError(.invalidParams, "server/discover needs params._meta[\"\(ProtocolVersion.versionKey)\"]")
            }
            version = session.negotiatedVersion ?? ProtocolVersion.legacy[0]
            clientName = session.clientName
        }
        guard let handler = methods[method] else { throw RPCError(.methodNotFound, "Method not found: \(method)") }
        let context = RPCContext(
            protocolVersion: version, clientName: clientName, token: token, session: session,
            cancellation: cancellation)
        var result = try handler.handle(params, context: context)
        if context.isCurrentEra {
            result.fields["resultType"] = "complete"
            var resultMeta = result.fields["_meta"]?.object ?? [:]
            resultMeta[ProtocolVersion.serverInfoKey] = serverInfo
            result.fields["_meta"] = .object(resultMeta)
            if let cache = result.cache {
                result.fields["ttlMs"] = .integer(Int64(cache.ttlMs))
                result.fields["cacheScope"] = .string(cache.scope)
            }
        }
        return .object(result.fields)
    }

    /// What is wrong with a request's 2026-07-28 `_meta`, or nil: a version other than the current one (-32022),
    /// `initialize` in the handshake-free era (-32601), or no client capabilities (-32602).
    ///
    /// The HTTP transport answers the first and the last with status 400, as it does a header that disagrees.
    static func metaError(method: String, meta: [String: JSONValue]) -> RPCError? {
        guard let requested = meta[ProtocolVersion.versionKey] else { return nil }
        guard let text = requested.string, text == ProtocolVersion.current else {
            // `_meta` carries only the current revision: the older ones are served after `initialize`, so
            // they are named apart, never as versions this request could have carried.
            return RPCError(
                .unsupportedProtocolVersion,
                "unsupported protocol version in _meta: requests carry \(ProtocolVersion.current); "
                    + ProtocolVersion.legacy.joined(separator: " and ") + " are served after initialize",
                data: [
                    "supported": [.string(ProtocolVersion.current)], "requested": requested,
                    "servedThroughInitialize": .array(ProtocolVersion.legacy.map(JSONValue.string)),
                ])
        }
        guard method != InitializeMethod.name else {
            return RPCError(.methodNotFound, "Method not found: initialize is not part of \(text)")
        }
        guard meta[ProtocolVersion.capabilitiesKey]?.object != nil else {
            return RPCError(
                .invalidParams,
                "params._meta[\"\(ProtocolVersion.capabilitiesKey)\"] must be an object: each \(text) request "
                    + "carries the client's capabilities ({} for none)")
        }
        return nil
    }
}

/// What the server says about itself in `initialize` and `server/discover`.
struct ServerDescription: Sendable {
    var name: String
    var version: String

    var serverInfo: JSONValue { ["name": .string(name), "title": "Skillscope registry", "version": .string(version)] }

    /// Tools, resources (skill files) and the Skills extension; nothing changes while the server runs.
    var capabilities: JSONValue {
        [
            "tools": ["listChanged": false], "resources": ["listChanged": false, "subscribe": false],
            "extensions": .object([ProtocolVersion.skillsExtension: [:]]),
        ]
    }

    static let instructions = """
        Skillscope is a registry of AI-agent instruction files (SKILL.md, CLAUDE.md, AGENTS.md, Cursor rules). \
        Use registry_search to find files, registry_read for one file with its rules, checks, versions and reviews, \
        registry_analyze to check your own file's text, registry_install_plan to see what `skillscope add` would \
        write, and after using a skill, registry_write with action "report" to say whether it worked. Skills are \
        also served through the Skills extension (skills/list, skills/get) as skill://owner/repo/name/SKILL.md.
        """
}
