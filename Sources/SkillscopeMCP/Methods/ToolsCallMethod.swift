internal import JSON

/// `tools/call`: runs one tool.
///
/// An unknown tool is a protocol error (-32602); a tool that fails, or arguments it
/// cannot use, give a result with `isError: true`, so the model can read what went wrong and try again.
struct ToolsCallMethod: MCPMethod {
    static let name = "tools/call"
    let tools: ToolRegistry

    func handle(_ params: Params, context: RPCContext) throws -> MethodResult {
        let name = try params.string("name")
        guard let tool = tools.tool(named: name) else { throw RPCError(.invalidParams, "Unknown tool: \(name)") }
        let arguments = params.object["arguments"] ?? [:]
        guard arguments.object != nil else { throw RPCError(.invalidParams, "params.arguments must be an object") }
        return MethodResult(tool.call(arguments, context))
    }
}
