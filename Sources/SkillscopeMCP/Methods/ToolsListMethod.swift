internal import JSON

/// `tools/list`: the five tools, always in the same order, with their schemas and annotations.
struct ToolsListMethod: MCPMethod {
    static let name = "tools/list"
    let tools: ToolRegistry

    func handle(_ params: Params, context: RPCContext) throws -> MethodResult {
        MethodResult(["tools": .array(tools.descriptions)], cache: (ttlMs: 300_000, scope: "public"))
    }
}
