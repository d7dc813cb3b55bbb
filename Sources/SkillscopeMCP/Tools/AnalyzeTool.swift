internal import JSON
internal import SkillscopeCore
internal import SkillscopeRating
internal import SkillscopeReport
internal import SkillscopeStore

/// `registry_analyze`: the bring-your-own analysis of a pasted CLAUDE.md, AGENTS.md or SKILL.md.
///
/// Nothing is
/// stored.
struct AnalyzeTool: MCPTool {
    struct Arguments: Decodable, Sendable {
        var text: String
        var path: String?
        var kind: String?
        var findVersions: Bool?
        var rulesOffset: Int?
        var rulesLimit: Int?
        var detail: Bool?
    }

    typealias Output = ReportOutput

    static func text(of output: ReportOutput, json: String) -> String { output.summaryText }

    static let name = "registry_analyze"
    static let title = "Analyze an instruction file"
    static let summary = """
        Analyze the text of your own CLAUDE.md, AGENTS.md, SKILL.md or rules file as the registry analyzes its own: \
        the rules it contains with line numbers, the spec check (Agent Skills, Cursor, Copilot), the security scan \
        with evidence, the quality score with its rationale, and versions of it already in the registry. Nothing is \
        stored.
        """
    static let annotations = ToolAnnotations(readOnly: true, destructive: false, idempotent: true)
    /// The longest text analyzed, in UTF-8 bytes.
    static let maxBytes = Reporter.maximumTextBytes
    /// How long one analysis may take.
    static let budget: Duration = .seconds(30)
    static let inputSchema: JSONValue = [
        "type": "object",
        "properties": [
            "text": ["type": "string", "minLength": 1, "description": "the file's text (at most 1 MiB)"],
            "path": [
                "type": "string",
                "description":
                    "the file's path, which sets its kind: SKILL.md, CLAUDE.md, AGENTS.md, .cursor/rules/x.mdc…",
            ],
            "kind": ["type": "string", "enum": .array(FileKind.allCases.map { .string($0.rawValue) })],
            "findVersions": ["type": "boolean", "default": true],
            "rulesOffset": ReportOutput.windowProperties["rulesOffset"] ?? [:],
            "rulesLimit": ReportOutput.windowProperties["rulesLimit"] ?? [:],
            "detail": ReportOutput.windowProperties["detail"] ?? [:],
        ],
        "required": ["text"],
    ]
    static let outputSchema = ReportOutput.schema

    let store: any Store
    let rater: RegistryRater

    func call(_ arguments: Arguments, context: RPCContext) throws -> Output {
        let window = try ReportOutput.window(offset: arguments.rulesOffset, limit: arguments.rulesLimit)
        do {
            var reporter = Reporter(rater: rater, budget: Self.budget)
            reporter.isCancelled = { [cancellation = context.cancellation] in cancellation.isCancelled }
            return ReportOutput(
                try reporter.report(
                    text: arguments.text, path: arguments.path, kind: arguments.kind,
                    findVersions: arguments.findVersions ?? true
                ).window(offset: window.offset, limit: window.limit), detail: arguments.detail ?? false)
        } catch let error as Reporter.TextError {
            throw ToolError(error.description)
        } catch let error as Reporter.Stopped {
            throw ToolError(error.description)
        }
    }
}
