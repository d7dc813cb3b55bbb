internal import JSON
internal import SkillscopeStore

/// `resources/read`: one file of a skill, as the text its digest covers; -32602 for an unknown URI.
struct ResourcesReadMethod: MCPMethod {
    static let name = "resources/read"
    let catalog: SkillCatalog

    func handle(_ params: Params, context: RPCContext) throws -> MethodResult {
        let uri = try params.string("uri")
        guard let found = try catalog.resolve(uri), let file = found.skill.files[found.path] else {
            throw RPCError(.invalidParams, "Resource not found: \(uri)", data: ["uri": .string(uri)])
        }
        return MethodResult(
            ["contents": [["uri": .string(uri), "mimeType": "text/markdown", "text": .string(file.text)]]],
            cache: (ttlMs: 60_000, scope: "public"))
    }
}
