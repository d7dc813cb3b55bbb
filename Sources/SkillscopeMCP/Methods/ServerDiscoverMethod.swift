internal import JSON

/// `server/discover` (2026-07-28): the versions, capabilities and instructions, with no handshake.
struct ServerDiscoverMethod: MCPMethod {
    static let name = "server/discover"
    let description: ServerDescription

    func handle(_ params: Params, context: RPCContext) throws -> MethodResult {
        MethodResult(
            [
                "supportedVersions": .array(ProtocolVersion.supported.map(JSONValue.string)),
                "capabilities": description.capabilities,
                "instructions": .string(ServerDescription.instructions),
            ],
            cache: (ttlMs: 60_000, scope: "public"))
    }
}
