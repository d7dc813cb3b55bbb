internal import JSON
internal import SkillscopeStore

/// `resources/list`: every skill's `SKILL.md`, a page at a time (supporting files are listed by `skills/get`).
struct ResourcesListMethod: MCPMethod {
    static let name = "resources/list"
    let catalog: SkillCatalog

    func handle(_ params: Params, context: RPCContext) throws -> MethodResult {
        let page = try catalog.page(cursor: try params.optionalString("cursor"))
        let resources = page.skills.map { skill -> JSONValue in
            var resource: [String: JSONValue] = [
                "uri": .string(skill.uri), "name": .string(skill.file.name ?? "SKILL.md"), "mimeType": "text/markdown",
            ]
            if let description = skill.file.description { resource["description"] = .string(description) }
            return .object(resource)
        }
        var fields: [String: JSONValue] = ["resources": .array(resources)]
        if let next = page.next { fields["nextCursor"] = .string(next) }
        return MethodResult(fields, cache: (ttlMs: 60_000, scope: "public"))
    }
}
