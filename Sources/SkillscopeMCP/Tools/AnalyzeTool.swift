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
        Analyze the text of your own CLAUDE.md, AGENTS.md, SKILL.md or rules file as registry_read answers for a \
        stored one. Nothing is stored.
        """
    static let annotations = ToolAnnotations(readOnly: true, destructive: false, idempotent: true)
    static let isHeavy = true
    /// The longest text analyzed, in UTF-8 bytes.
    static let maxBytes = Reporter.maximumTextBytes
    /// How long one analysis may take.
    static let budget: Duration = .seconds(30)
    static let inputSchema: JSONValue = [
        "type": "object",
        "properties": [
            "text": ["type": "string", "minLength": 1, "description": "the file's text (≤ 1 MiB)"],
            "path": [
                "type": "string",
                "description": "its path, which sets its kind (SKILL.md, CLAUDE.md, .cursor/rules/x.mdc…)",
            ],
            "kind": [
                "type": "string", "enum": .array(FileKind.allCases.map { .string($0.rawValue) }),
                "description": "its kind, when no path says it (else read from the text)",
            ],
            "findVersions": [
                "type": "boolean", "default": true,
                "description": "look for its versions in the registry",
            ],
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
        if let path = arguments.path, let kind = arguments.kind, let own = FileKind.ownKind(of: path),
            own.rawValue != kind
        {
            throw ToolError(
                "kind \(kind) and path \(path) disagree: \(path) is a \(own.rawValue) file; give one of them")
        }
        let window = try ReportOutput.window(offset: arguments.rulesOffset, limit: arguments.rulesLimit)
        do {
            var reporter = Reporter(rater: rater, budget: Self.budget)
            reporter.isCancelled = { [cancellation = context.cancellation] in cancellation.isCancelled }
            var output = ReportOutput(
                try reporter.report(
                    text: arguments.text, path: arguments.path, kind: arguments.kind,
                    findVersions: arguments.findVersions ?? true
                ).window(offset: window.offset, limit: window.limit), detail: arguments.detail ?? false)
            output.hasPath = arguments.path != nil
            return output
        } catch let error as Reporter.TextError {
            throw ToolError(error.description)
        } catch let error as Reporter.Stopped {
            throw ToolError(error.description)
        }
    }
}
