internal import JSON
internal import SkillscopeCore
internal import SkillscopeRating
internal import SkillscopeReport
internal import SkillscopeStore

/// `registry_read`: one file with its rules, checks, versions and reviews.
struct ReadTool: MCPTool {
    struct Arguments: Decodable, Sendable {
        var id: Int64?
        var repository: String?
        var path: String?
        var includeText: Bool?
        var rulesOffset: Int?
        var rulesLimit: Int?
        var detail: Bool?
    }

    typealias Output = ReportOutput

    static func text(of output: ReportOutput, json: String) -> String { output.summaryText }

    static let name = "registry_read"
    static let title = "Read a registry file"
    static let summary = """
        One instruction file from the registry: its metadata and text, its rules with line numbers and ratings \
        (common, distinctive or very specific, with evidence), the spec check, security scan and quality score, \
        other versions in other repositories (the first 10 of each band, with each band's total), and its reviews \
        (including agents' reports). Name it by id, or by repository and path.
        """
    static let annotations = ToolAnnotations(readOnly: true, destructive: false, idempotent: true)
    static let inputSchema: JSONValue = [
        "type": "object",
        "properties": .object(
            FileTarget.schemaProperties.merging([
                "includeText": ["type": "boolean", "default": false, "description": "include the file's text"]
            ]) { _, new in new }.merging(ReportOutput.windowProperties) { _, new in new }),
    ]
    static let outputSchema = ReportOutput.schema

    let store: any Store
    let rater: RegistryRater

    func call(_ arguments: Arguments, context: RPCContext) throws -> Output {
        let file = try FileTarget.resolve(
            id: arguments.id, repository: arguments.repository, path: arguments.path, in: store)
        let window = try ReportOutput.window(offset: arguments.rulesOffset, limit: arguments.rulesLimit)
        return ReportOutput(
            try Reporter(rater: rater).report(file, includeText: arguments.includeText ?? false)
                .window(offset: window.offset, limit: window.limit), detail: arguments.detail ?? false)
    }
}
