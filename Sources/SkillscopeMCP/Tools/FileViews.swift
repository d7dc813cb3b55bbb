internal import Foundation
internal import JSON
internal import SkillscopeCore
internal import SkillscopeReport
internal import SkillscopeStore
internal import SkillscopeVersions

/// A ``FileReport`` as `registry_read` and `registry_analyze` return it: the report's own fields, each band's
/// versions and the repository's files cut to the first ``shown``, and (for a stored file) the listing record's
/// aggregate of agent reviews and a skill's `skill://` URI.
struct ReportOutput: Encodable, Sendable {
    /// Versions per band, and files of the repository, an answer lists.
    static let shown = 10
    /// Rules an answer lists unless `rulesLimit` says otherwise; the rest are paged with `rulesOffset`.
    static let rulesShown = 100

    /// The `rulesOffset`, `rulesLimit` and `detail` arguments' schemas.
    static let windowProperties: [String: JSONValue] = [
        "detail": [
            "type": "boolean", "default": false,
            "description":
                "every field of every rule, check and version (10 a band, and the repository's files); by default a compact answer: each rule's line, text (160 characters at most), rating and evidence, 3 versions a band",
        ],
        "rulesOffset": ["type": "integer", "minimum": 0, "default": 0, "description": "the first rule to list"],
        "rulesLimit": [
            "type": "integer", "minimum": 1, "maximum": .integer(Int64(Reporter.maximumRatedRules)),
            "default": .integer(Int64(rulesShown)), "description": "how many rules to list (rulesShown says which)",
        ],
    ]

    /// The window the arguments ask for, refused when out of range.
    static func window(offset: Int?, limit: Int?) throws -> (offset: Int, limit: Int) {
        let offset = offset ?? 0
        let limit = limit ?? rulesShown
        guard offset >= 0 else { throw ToolError("rulesOffset must be 0 or more") }
        guard (1...Reporter.maximumRatedRules).contains(limit) else {
            throw ToolError("rulesLimit must be 1–\(Reporter.maximumRatedRules)")
        }
        return (offset, limit)
    }

    var report: FileReport
    var agentReviews: JSONValue?
    /// Every field of every rule and version; false gives the compact answer (``compactBands``).
    var detail: Bool

    /// Versions a band lists in a compact answer (each band's total is always whole).
    static let compactBands = 3

    init(_ report: FileReport, detail: Bool = true) {
        self.detail = detail
        var cut = report
        if var versions = cut.versions {
            let listed = detail ? Self.shown : Self.compactBands
            versions.bands = versions.bands.map { band in
                var band = band
                band.versions = Array(band.versions.prefix(listed))
                return band
            }
            versions.sameRepository = Array(versions.sameRepository.prefix(detail ? Self.shown : 0))
            versions.mostRecentlyTakenUpBy = Array(versions.mostRecentlyTakenUpBy.prefix(Self.shown))
            cut.versions = versions
        }
        if let repository = cut.file.repository, cut.file.kind == .skill {
            cut.file.skillURI = SkillCatalog.uri(repository: repository, path: cut.file.path, name: cut.file.name)
        }
        self.report = cut
        agentReviews = Reporter.listing(report)?["agentReviews"].map(Self.camelCase)
    }

    enum Keys: String, CodingKey { case agentReviews }

    /// The listing record's aggregate under this server's key names (camelCase, as every other key it answers).
    static func camelCase(_ aggregate: JSONValue) -> JSONValue {
        guard case .object(let fields) = aggregate else { return aggregate }
        let names = [
            "score_avg": "scoreAverage", "cost_usd_avg": "costUSDAverage", "success_rate": "successRate",
            "latency_p50_ms": "latencyP50Ms", "narrative_summary": "narrativeSummary",
            "summary_updated_at": "summaryUpdatedAt",
        ]
        return .object(Dictionary(uniqueKeysWithValues: fields.map { (names[$0.key] ?? $0.key, $0.value) }))
    }

    /// A rule as a compact answer gives it: where, how rated, why (its place in the file is its line; `rulesShown`
    /// says where the page starts).
    struct CompactRule: Encodable {
        var line: Int
        var text: String
        var rating: String?
        var evidence: String
    }

    enum CompactKeys: String, CodingKey {
        case file, rules, rulesShown, ratings, checks, versions, reviews, agentReviews
    }

    /// The versions as a compact answer gives them: the counts, the bands (3 versions each, with each band's total),
    /// the likely origin and the latest adopters; the subject (the file block says it), the repository's files and
    /// the method are left to `detail`.
    struct CompactVersions: Encodable {
        var otherProjects: Int
        var bands: [VersionReport.Band]
        var sameRepositoryTotal: Int
        var adoptedBy: Int
        var mostRecentlyTakenUpBy: [VersionMatch]?
        var likelyOrigin: VersionReport.Origin?

        init(_ report: VersionReport) {
            otherProjects = report.otherProjects
            bands = report.bands
            sameRepositoryTotal = report.sameRepositoryTotal
            adoptedBy = report.adoptedBy
            mostRecentlyTakenUpBy = report.mostRecentlyTakenUpBy.isEmpty ? nil : report.mostRecentlyTakenUpBy
            likelyOrigin = report.likelyOrigin
        }
    }

    /// Characters of a rule's text a compact answer gives; a longer text ends in "…" (`detail` gives it whole).
    static let compactTextLength = 160

    static func shortened(_ text: String) -> String {
        text.count <= compactTextLength ? text : String(text.prefix(compactTextLength - 1)) + "…"
    }

    /// The checks as a compact answer gives them: the findings' count and messages, the verdict, the score (the
    /// score's rationale is left to `detail`).
    struct CompactChecks: Encodable {
        var findings: [Finding]
        var security: String
        var quality: [String: Double]
    }

    func encode(to encoder: any Encoder) throws {
        if detail {
            try report.encode(to: encoder)
            var container = encoder.container(keyedBy: Keys.self)
            try container.encodeIfPresent(agentReviews, forKey: .agentReviews)
            return
        }
        // Compact: each key once, the rules and checks in their short shapes, and of the file and its versions
        // what a first look needs (`detail` gives the rest).
        var file = report.file
        file.frontMatter = nil
        file.topics = []
        file.blobSHA = nil
        file.commit = nil
        file.firstCommitAt = nil
        file.firstSeen = nil
        file.lastSeen = nil
        let versions = report.versions.map(CompactVersions.init)
        var container = encoder.container(keyedBy: CompactKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(
            report.rules.map {
                CompactRule(
                    line: $0.line, text: Self.shortened($0.text), rating: $0.rating?.rawValue, evidence: $0.evidence)
            }, forKey: .rules)
        try container.encodeIfPresent(report.rulesShown, forKey: .rulesShown)
        try container.encode(report.ratings, forKey: .ratings)
        try container.encode(
            CompactChecks(
                findings: report.checks.findings, security: report.checks.security.verdict.rawValue,
                quality: ["score": report.checks.quality.score]),
            forKey: .checks)
        try container.encodeIfPresent(versions, forKey: .versions)
        try container.encodeIfPresent(report.reviews, forKey: .reviews)
        try container.encodeIfPresent(agentReviews, forKey: .agentReviews)
    }

    /// The text block: a few lines a person or a model reads, not the structured content again.
    var summaryText: String {
        let file = report.file
        var lines = [
            "\(file.name ?? file.path) (\(file.kind.title))"
                + (file.repository.map { " in \($0)/\(file.path)" } ?? ""),
            report.ratings.summary,
        ]
        if let versions = report.versions {
            lines.append(
                "\(versions.otherProjects) other projects use a version: "
                    + versions.bands.map { "\($0.band.title.lowercased()) \($0.total)" }.joined(separator: ", "))
        }
        let checks = report.checks
        lines.append(
            "security \(checks.security.verdict.rawValue), \(checks.errors) spec errors, quality \(String(format: "%.3f", checks.quality.score))"
        )
        if let reviews = report.reviews, reviews.count > 0 {
            lines.append(
                "\(reviews.count) reviews: \(reviews.worked) worked, \(reviews.partly) partly, \(reviews.failed) failed"
            )
        }
        if let shown = report.rulesShown {
            lines.append("rules \(shown.offset + 1)–\(shown.offset + shown.count) of \(shown.total) listed")
        }
        lines.append("The structured content holds the rules with their lines, ratings and evidence.")
        return lines.joined(separator: "\n")
    }

    static let versionSchema: JSONValue = [
        "type": "object",
        "properties": [
            "id": ["type": "integer"], "repository": ["type": "string"], "path": ["type": "string"],
            "kind": ["type": "string"], "name": ["type": "string"], "stars": ["type": "integer"],
            "firstSeen": ["type": "string"], "band": ["type": "string"], "percentSame": ["type": "integer"],
            "reason": ["type": "string"], "isLikelyOrigin": ["type": "boolean"], "cameFrom": ["type": "object"],
        ],
        "required": ["id", "repository", "path", "band", "percentSame", "isLikelyOrigin"],
    ]

    static let schema: JSONValue = [
        "type": "object",
        "properties": [
            "file": [
                "type": "object",
                "properties": [
                    "id": ["type": "integer"], "repository": ["type": "string"], "path": ["type": "string"],
                    "kind": ["type": "string"],
                    "status": ["type": "string", "enum": ["indexed", "rejected", "removed"]],
                    "name": ["type": "string"], "title": ["type": "string"], "description": ["type": "string"],
                    "stars": ["type": "integer"], "license": ["type": "string"],
                    "topics": ["type": "array", "items": ["type": "string"]], "sha256": ["type": "string"],
                    "bytes": ["type": "integer"], "lines": ["type": "integer"], "ruleCount": ["type": "integer"],
                    "lastCommitAt": ["type": "string"], "url": ["type": "string"], "skillURI": ["type": "string"],
                    "text": ["type": "string"],
                ],
                "required": ["path", "kind", "status", "lines", "ruleCount"],
            ],
            "rules": [
                "type": "array",
                "items": [
                    "type": "object",
                    "properties": [
                        "position": ["type": "integer"], "line": ["type": "integer"], "endLine": ["type": "integer"],
                        "text": ["type": "string"], "section": ["type": "array", "items": ["type": "string"]],
                        "source": ["type": "string"], "examples": ["type": "array"],
                        "rating": [
                            "type": "string", "enum": ["common", "distinctive", "very-specific"],
                            "description": "absent for a rule past the first 2,000: listed, not rated",
                        ],
                        "isEstimate": ["type": "boolean"], "evidence": ["type": "string"],
                        "namedThings": ["type": "array"],
                    ],
                    "required": ["line", "text", "evidence"],
                ],
            ],
            "ratings": [
                "type": "object",
                "properties": [
                    "summary": ["type": "string"], "sentence": ["type": "string"],
                    "counts": [
                        "type": "object",
                        "properties": [
                            "common": ["type": "integer"], "distinctive": ["type": "integer"],
                            "verySpecific": ["type": "integer"],
                        ],
                        "required": ["common", "distinctive", "verySpecific"],
                    ],
                    "notRated": ["type": "integer"], "editedVersions": ["type": "integer"],
                    "registryFiles": ["type": "integer"],
                    "embedder": ["type": "string"],
                ],
                "required": ["summary", "sentence", "counts"],
            ],
            "checks": [
                "type": "object",
                "properties": [
                    "diagnostics": ["type": "array"], "findings": ["type": "array", "items": ["type": "object"]],
                    "security": ["type": ["object", "string"]], "quality": ["type": "object"],
                    "rationale": ["type": "string"],
                ],
                "required": ["findings", "security", "quality"],
                "description": "compact: security is the verdict and quality its score; with detail, both whole",
            ],
            "versions": [
                "type": "object",
                "properties": [
                    "otherProjects": ["type": "integer"], "adoptedBy": ["type": "integer"],
                    "bands": [
                        "type": "array",
                        "items": [
                            "type": "object",
                            "properties": [
                                "band": ["type": "string"], "total": ["type": "integer"],
                                "versions": ["type": "array", "items": versionSchema],
                            ],
                            "required": ["band", "total", "versions"],
                        ],
                    ],
                    "sameRepository": ["type": "array"], "sameRepositoryTotal": ["type": "integer"],
                    "mostRecentlyTakenUpBy": ["type": "array", "items": versionSchema],
                    "likelyOrigin": ["type": "object"], "method": ["type": "string"], "subject": ["type": "object"],
                ],
                "required": ["otherProjects", "adoptedBy", "bands"],
            ],
            "reviews": [
                "type": "object",
                "properties": [
                    "count": ["type": "integer"], "worked": ["type": "integer"], "partly": ["type": "integer"],
                    "failed": ["type": "integer"], "successRate": ["type": "number"],
                    "costUSDAverage": ["type": "number"], "latencyP50Ms": ["type": "integer"],
                    "recent": ["type": "array", "items": ["type": "object"]],
                ],
                "required": ["count", "worked", "partly", "failed", "recent"],
            ],
            "agentReviews": ["type": "object"],
            "rulesShown": [
                "type": "object",
                "properties": [
                    "offset": ["type": "integer"], "count": ["type": "integer"], "total": ["type": "integer"],
                ],
                "required": ["offset", "count", "total"],
            ],
        ],
        "required": ["file", "rules", "ratings", "checks"],
    ]
}

/// Which stored file a tool is about: `id`, or `repository` and `path`.
struct FileTarget {
    static let schemaProperties: [String: JSONValue] = [
        "id": ["type": "integer", "description": "the file's registry id (from registry_search)"],
        "repository": ["type": "string", "description": "owner/repo, with path"],
        "path": ["type": "string", "description": "the file's path in its repository, with repository"],
    ]

    static func resolve(id: Int64?, repository: String?, path: String?, in store: any Store) throws -> StoredFile {
        let reference: FileReference
        if let id {
            reference = .id(id)
        } else if let repository, let path {
            reference = .key(FileKey(repository: repository, path: path))
        } else {
            throw ToolError("name the file: give id, or repository and path")
        }
        guard let file = try store.file(reference) else {
            throw ToolError(
                "no such file in the registry: \(id.map(String.init) ?? "\(repository ?? "")/\(path ?? "")")")
        }
        return file
    }
}

/// A file's reviews counted, with the share that worked and what agents reported of cost and latency.
struct ReviewCounts: Encodable, Sendable {
    var count: Int
    var worked: Int
    var partly: Int
    var failed: Int
    var successRate: Double?
    var costUSDAverage: Double?
    var latencyP50Ms: Int?

    init(_ summary: ReviewSummary) {
        count = summary.count
        worked = summary.worked
        partly = summary.partly
        failed = summary.failed
        successRate = summary.successRate
        costUSDAverage = summary.costUSDAverage
        latencyP50Ms = summary.latencyP50Ms
    }

    static let schema: JSONValue = [
        "type": "object",
        "properties": [
            "count": ["type": "integer"], "worked": ["type": "integer"], "partly": ["type": "integer"],
            "failed": ["type": "integer"], "successRate": ["type": "number"], "costUSDAverage": ["type": "number"],
            "latencyP50Ms": ["type": "integer"],
        ],
        "required": ["count", "worked", "partly", "failed"],
    ]
}
