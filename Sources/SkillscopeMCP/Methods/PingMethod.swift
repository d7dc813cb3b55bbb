/// `ping`: an empty result, in either era.
struct PingMethod: MCPMethod {
    static let name = "ping"

    func handle(_ params: Params, context: RPCContext) throws -> MethodResult { MethodResult([:]) }
}
