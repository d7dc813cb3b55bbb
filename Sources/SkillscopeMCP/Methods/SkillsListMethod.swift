internal import JSON

/// `skills/list` (Skills extension): the registry's skills, a page at a time, each a complete manifest.
struct SkillsListMethod: MCPMethod {
    static let name = "skills/list"
    let catalog: SkillCatalog

    func handle(_ params: Params, context: RPCContext) throws -> MethodResult {
        let page = try catalog.page(cursor: try params.optionalString("cursor"))
        var fields: [String: JSONValue] = ["skills": .array(page.skills.compactMap(catalog.entry))]
        if let next = page.next { fields["nextCursor"] = .string(next) }
        return MethodResult(fields, cache: (ttlMs: 60_000, scope: "public"))
    }
}
