internal import JSON

/// `skills/list` (Skills extension): the registry's skills, a page at a time, each a complete manifest.
struct SkillsListMethod: MCPMethod {
    static let name = "skills/list"
    /// The `_meta` key of the skill files a page passed over, each `{repository, path, name?, reason}`.
    static let leftOutKey = "dev.skillscope/leftOut"
    let catalog: SkillCatalog

    func handle(_ params: Params, context: RPCContext) throws -> MethodResult {
        let page = try catalog.page(cursor: try params.optionalString("cursor"))
        var fields: [String: JSONValue] = ["skills": .array(page.skills.compactMap(catalog.entry))]
        if let next = page.next { fields["nextCursor"] = .string(next) }
        // The registry's skill files this page passed over, each with the reason: never dropped without a word.
        if !page.leftOut.isEmpty { fields["_meta"] = [Self.leftOutKey: .array(page.leftOut.map(\.json))] }
        return MethodResult(fields, cache: (ttlMs: 60_000, scope: "public"))
    }
}
