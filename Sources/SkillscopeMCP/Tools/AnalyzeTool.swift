internal import SkillscopeCore
internal import SkillscopeIngest
internal import SkillscopeRating
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
    }

    struct Output: Encodable, Sendable {
        var kind: String
        var path: String
        var name: String?
        var description: String?
        var lines: Int
        var rules: [RuleView]
        /// The rules rated against the registry.
        var ratings: RatingsSummary
        var checks: ChecksSummary
        var versions: VersionsSummary?
    }

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
    static let maxBytes = 1 << 20
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
        ],
        "required": ["text"],
    ]
    static let outputSchema: JSONValue = [
        "type": "object",
        "properties": [
            "kind": ["type": "string"], "path": ["type": "string"], "name": ["type": "string"],
            "description": ["type": "string"], "lines": ["type": "integer"],
            "rules": ["type": "array", "items": ["type": "object"]], "ratings": RatingsSummary.schema,
            "checks": ChecksSummary.schema,
            "versions": VersionsSummary.schema,
        ],
        "required": ["kind", "path", "lines", "rules", "ratings", "checks"],
    ]

    let store: any Store
    let rater: RegistryRater

    func call(_ arguments: Arguments, context: RPCContext) throws -> Output {
        guard !arguments.text.isEmpty else { throw ToolError("text is empty: paste the file's text") }
        guard arguments.text.utf8.count <= Self.maxBytes else {
            throw ToolError("text is over \(Self.maxBytes) bytes")
        }
        var kind = arguments.path.flatMap(FileKind.ownKind(of:))
        if let name = arguments.kind {
            guard let given = FileKind(rawValue: name) else { throw ToolError("unknown kind \(name)") }
            kind = given
        }
        let resolved = kind ?? FileKind.inferred(path: arguments.path, text: arguments.text.utf8)
        let path = arguments.path ?? resolved.placeholderPath
        let document = DocumentParser().parse(text: arguments.text, path: path, kind: resolved)
        let findings = SpecCheck.check(document, folderName: nil)
        let security = SecurityScan.scan(document)
        var versions: VersionsSummary?
        var report: VersionReport?
        if arguments.findVersions ?? true {
            let finder = try rater.versionFinder()
            report = try finder.versions(
                of: VersionFinder.Subject(document: document))
            versions = report.map { VersionsSummary($0) }
        }
        let quality = QualityScore(
            document: document, findings: findings, security: security, adoption: versions?.otherProjects)
        return Output(
            kind: resolved.rawValue, path: path, name: document.name, description: document.description,
            lines: document.lineCount, rules: document.rules.map(RuleView.init),
            ratings: RatingsSummary(try rater.rate(document.rules, versions: report, kind: resolved)),
            checks: ChecksSummary(findings: findings, security: security, quality: quality), versions: versions)
    }
}
