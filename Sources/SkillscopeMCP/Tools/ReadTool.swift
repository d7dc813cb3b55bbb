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
        One registry file (id, or repository and path): rules with line, rating and evidence; checks; versions and \
        likely origin; reviews.
        """
    static let annotations = ToolAnnotations(readOnly: true, destructive: false, idempotent: true)
    static let inputSchema: JSONValue = [
        "type": "object",
        "properties": .object(
            FileTarget.schemaProperties.merging([
                "includeText": ["type": "boolean", "default": false, "description": "with its text"]
            ]) { _, new in new }.merging(ReportOutput.windowProperties) { _, new in new }),
        "anyOf": FileTarget.anyOf,
    ]
    static let outputSchema = ReportOutput.schema

    let store: any Store
    let rater: RegistryRater
    let cache = ReportCache()

    func call(_ arguments: Arguments, context: RPCContext) throws -> Output {
        let window = try ReportOutput.window(offset: arguments.rulesOffset, limit: arguments.rulesLimit)
        let stamp = try store.changeStamp()
        let file = try FileTarget.resolve(
            id: arguments.id, repository: arguments.repository, path: arguments.path, in: store)
        let includeText = arguments.includeText ?? false
        let detail = arguments.detail ?? false
        let key = "\(file.id) \(includeText) \(detail) \(window.offset) \(window.limit)"
        return try cache.output(for: key, stamp: stamp) {
            ReportOutput(
                try Reporter(rater: rater).report(file, includeText: includeText)
                    .window(offset: window.offset, limit: window.limit), detail: detail)
        }
    }
}
