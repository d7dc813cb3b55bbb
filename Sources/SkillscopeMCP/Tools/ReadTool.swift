internal import SkillscopeCore
internal import SkillscopeIngest
internal import SkillscopeRating
internal import SkillscopeStore

/// `registry_read`: one file with its rules, checks, versions and reviews.
struct ReadTool: MCPTool {
    struct Arguments: Decodable, Sendable {
        var id: Int64?
        var repository: String?
        var path: String?
        var includeText: Bool?
    }

    struct Output: Encodable, Sendable {
        var file: FileSummary
        var rules: [RuleView]
        /// The rules rated against the registry.
        var ratings: RatingsSummary
        var checks: ChecksSummary
        var versions: VersionsSummary?
        var reviews: ReviewCounts
        /// The newest reviews, at most ten.
        var recentReviews: [StoredReview]
        /// The listing record's aggregate of agent reviews, as `registry_read`'s readers see it on the web.
        var agentReviews: JSONValue
    }

    static let name = "registry_read"
    static let title = "Read a registry file"
    static let summary = """
        One instruction file from the registry: its metadata and text, its rules with line numbers and ratings \
        (common, distinctive or very specific, with evidence), the spec check, \
        security scan and quality score, other versions in other repositories, and its reviews (including agents' \
        reports). Name it by id, or by repository and path.
        """
    static let annotations = ToolAnnotations(readOnly: true, destructive: false, idempotent: true)
    static let inputSchema: JSONValue = [
        "type": "object",
        "properties": .object(
            FileTarget.schemaProperties.merging([
                "includeText": ["type": "boolean", "default": true, "description": "include the file's text"]
            ]) { _, new in new }),
    ]
    static let outputSchema: JSONValue = [
        "type": "object",
        "properties": [
            "file": FileSummary.schema,
            "rules": [
                "type": "array",
                "items": [
                    "type": "object",
                    "properties": [
                        "position": ["type": "integer"], "line": ["type": "integer"], "endLine": ["type": "integer"],
                        "text": ["type": "string"], "section": ["type": "array", "items": ["type": "string"]],
                        "source": ["type": "string"], "examples": ["type": "array"],
                    ],
                    "required": ["position", "line", "endLine", "text"],
                ],
            ],
            "ratings": RatingsSummary.schema, "checks": ChecksSummary.schema, "versions": VersionsSummary.schema,
            "reviews": ReviewCounts.schema,
            "recentReviews": ["type": "array", "items": ["type": "object"]],
            "agentReviews": ["type": "object"],
        ],
        "required": ["file", "rules", "ratings", "checks", "reviews", "recentReviews", "agentReviews"],
    ]

    let store: any Store
    let rater: RegistryRater

    func call(_ arguments: Arguments, context: RPCContext) throws -> Output {
        let file = try FileTarget.resolve(
            id: arguments.id, repository: arguments.repository, path: arguments.path, in: store)
        let rules = try store.rules(ofFile: file.id)
        let quality = try QualityScore.of(
            file, rules: rules, store: store, tableScope: rater.versionConfiguration.tableScope)
        var versions: VersionsSummary?
        var report: VersionReport?
        if file.status == .indexed {
            let finder = try rater.versionFinder()
            report = try finder.versions(of: try finder.subject(for: file))
            versions = report.map { VersionsSummary($0) }
        }
        let summary = try store.reviewSummary(ofFile: file.id)
        let listing = ListingRecord.export(
            file, facts: ListingRecord.Facts(quality: quality, reviews: summary))
        return Output(
            file: FileSummary(file, includeText: arguments.includeText ?? true), rules: rules.map(RuleView.init),
            ratings: RatingsSummary(try rater.rate(rules, versions: report, kind: file.kind)),
            checks: ChecksSummary(findings: file.findings, security: file.security, quality: quality),
            versions: versions,
            reviews: ReviewCounts(summary), recentReviews: Array(try store.reviews(ofFile: file.id).prefix(10)),
            agentReviews: listing["agentReviews"] ?? [:])
    }
}
