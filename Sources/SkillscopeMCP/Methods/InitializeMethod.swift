internal import JSON

/// `initialize` (legacy era): agrees on the client's version when it is one this server speaks, else offers the
/// newest legacy one; the client then sends `notifications/initialized`.
struct InitializeMethod: MCPMethod {
    static let name = "initialize"
    let description: ServerDescription

    func handle(_ params: Params, context: RPCContext) throws -> MethodResult {
        let requested = try params.string("protocolVersion")
        guard params.object["capabilities"]?.object != nil else {
            throw RPCError(.invalidParams, "params.capabilities must be an object")
        }
        let version = ProtocolVersion.legacy.contains(requested) ? requested : ProtocolVersion.legacy[0]
        context.session.negotiated(version, clientName: params.object["clientInfo"]?["name"]?.string)
        return MethodResult([
            "protocolVersion": .string(version), "capabilities": description.capabilities,
            "serverInfo": description.serverInfo, "instructions": .string(ServerDescription.instructions),
        ])
    }
}
