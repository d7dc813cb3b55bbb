internal import JSON
internal import SkillscopeStore

/// `registry_write`: what an agent tells the registry.
///
/// Its one action, `report`, files a review of a file from the
/// agent that used it, with the server's token (`SKILLSCOPE_TOKEN` or `--token-file`) or the request's
/// `Authorization` header; the reviewer is the token's name either way (``reviewer(token:agent:)``).
struct WriteTool: MCPTool {
    struct Arguments: Decodable, Sendable {
        var action: String
        var id: Int64?
        var repository: String?
        var path: String?
        var outcome: String?
        var usedFor: String?
        var agent: String?
        var costUSD: Double?
        var latencyMs: Int?
    }

    struct Output: Encodable, Sendable {
        var action: String
        var reviewID: Int64
        /// Whether this replaced the token's earlier report on the same file version.
        var replaced: Bool
        var fileID: Int64
        var fileSHA256: String
        var reviewer: String
        /// Who the review is by, as the file page says it: the reviewer, and for a token a person made for their
        /// agent, "…, an agent of @login".
        var by: String
        var summary: ReviewCounts
    }

    static let name = "registry_write"
    static let title = "Report on a registry file"
    static let summary = """
        After using a registry file, report whether it worked, partly or failed, and what for. One review per \
        token and file version (a second replaces it).
        """
    static let annotations = ToolAnnotations(readOnly: false, destructive: false, idempotent: false)

    /// The one reviewer rule, on stdio and over HTTP alike.
    ///
    /// The token's name, which the server trusts, then the agent's own name when it gives one, which it does not
    /// ("ci-bot (claude-code)"). The client's `clientInfo` is not used: one token's reviews carry one name.
    static func reviewer(token: String, agent: String?) -> String {
        let agent = (agent ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        // As the store keeps it: 100 characters at most.
        return String((agent.isEmpty ? token : "\(token) (\(agent))").prefix(100))
    }
    static let inputSchema: JSONValue = [
        "type": "object",
        "properties": .object(
            FileTarget.schemaProperties.merging([
                "action": ["type": "string", "enum": ["report"], "description": "report"],
                "outcome": [
                    "type": "string", "enum": ["worked", "partly", "failed"],
                    "description": "worked, partly or failed",
                ],
                "usedFor": [
                    "type": "string", "maxLength": 500,
                    "description": "what you used it for",
                ],
                "agent": [
                    "type": "string", "maxLength": 100,
                    "description": "your name (claude-code), after the token's",
                ],
                "costUSD": ["type": "number", "minimum": 0, "description": "the task's cost, USD"],
                "latencyMs": ["type": "integer", "minimum": 0, "description": "the task's time, ms"],
            ]) { _, new in new }),
        "required": ["action", "outcome", "usedFor"], "anyOf": FileTarget.anyOf,
    ]
    static let outputSchema: JSONValue = [
        "type": "object",
        "properties": [
            "reviewID": ["type": "integer"], "replaced": ["type": "boolean"], "summary": ["type": "object"],
        ],
        "required": ["action", "reviewID", "replaced", "fileID", "fileSHA256", "reviewer", "by", "summary"],
    ]

    let store: any Store

    func call(_ arguments: Arguments, context: RPCContext) throws -> Output {
        guard arguments.action == "report" else {
            throw ToolError("unknown action \(arguments.action); the only action is report")
        }
        let submission = ReviewSubmission(store: store)
        do {
            let token = try submission.authorize(secret: context.token)
            let file = try FileTarget.resolve(
                id: arguments.id, repository: arguments.repository, path: arguments.path, in: store)
            let reviewer = Self.reviewer(token: token.displayName, agent: arguments.agent)
            let written = try submission.submit(
                fileID: file.id, token: token, outcome: arguments.outcome, usedFor: arguments.usedFor,
                reviewer: reviewer, costUSD: arguments.costUSD, latencyMs: arguments.latencyMs)
            return Output(
                action: "report", reviewID: written.reviewID, replaced: written.replaced, fileID: file.id,
                fileSHA256: written.file.sha256, reviewer: reviewer,
                by: token.kind == .agent
                    ? token.accountLogin.map { "\(reviewer), an agent of @\($0)" } ?? reviewer : reviewer,
                summary: ReviewCounts(try store.reviewSummary(ofFile: file.id)))
        } catch let refusal as ReviewSubmission.Refusal {
            throw ToolError(
                refusal.code == .unauthorized
                    ? refusal.message
                        + " (start the server with SKILLSCOPE_TOKEN or --token-file, or send Authorization: Bearer over HTTP)"
                    : refusal.message)
        }
    }
}
