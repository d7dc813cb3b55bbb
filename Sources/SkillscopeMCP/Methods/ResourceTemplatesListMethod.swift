internal import JSON

/// `resources/templates/list`: the shape of a skill file's URI, so a client can read one it was told about.
struct ResourceTemplatesListMethod: MCPMethod {
    static let name = "resources/templates/list"

    func handle(_ params: Params, context: RPCContext) throws -> MethodResult {
        MethodResult(
            [
                "resourceTemplates": [
                    [
                        "uriTemplate": "skill://{owner}/{repo}/{name}/{+path}", "name": "skill-file",
                        "description": "a file of a registry skill; path SKILL.md is the skill itself",
                        "mimeType": "text/markdown",
                    ]
                ]
            ], cache: (ttlMs: 300_000, scope: "public"))
    }
}
