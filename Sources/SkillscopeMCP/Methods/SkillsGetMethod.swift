internal import JSON

/// `skills/get` (Skills extension): one skill's entry by the URI of its `SKILL.md`; -32602 for any other URI.
struct SkillsGetMethod: MCPMethod {
    static let name = "skills/get"
    let catalog: SkillCatalog

    func handle(_ params: Params, context: RPCContext) throws -> MethodResult {
        let uri = try params.string("uri")
        guard let found = try catalog.resolve(uri), found.path == "SKILL.md", let entry = catalog.entry(found.skill)
        else { throw RPCError(.invalidParams, "no skill at \(uri)", data: ["uri": .string(uri)]) }
        return MethodResult(["skill": entry], cache: (ttlMs: 60_000, scope: "public"))
    }
}
