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
            "description": "every field (else each rule's line, text, rating, evidence; 3 versions a band)",
        ],
        "rulesOffset": ["type": "integer", "minimum": 0, "default": 0, "description": "first rule listed"],
        "rulesLimit": [
            "type": "integer", "minimum": 1, "maximum": .integer(Int64(Reporter.maximumRatedRules)),
            "default": .integer(Int64(rulesShown)), "description": "rules listed",
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
    /// What the listing record adds to the reviews: its narrative summary and score, when it has them (its counts
    /// are `reviews`' own, so they are not repeated).
    var agentReviews: JSONValue?
    /// Every field of every rule and version; false gives the compact answer (``compactBands``).
    var detail: Bool
    /// Whether the file's path is the file's own or the asker's: false for an analyzed text given without one, whose
    /// placeholder path (AGENTS.md for a plain text) is not said.
    var hasPath = true

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
        agentReviews = Reporter.listing(report)?["agentReviews"].flatMap(Self.listingOnly)
    }

    /// The listing aggregate's own fields (under this server's names), without the counts `reviews` gives; nil when
    /// it has none.
    static func listingOnly(_ aggregate: JSONValue) -> JSONValue? {
        guard case .object(let fields) = camelCase(aggregate) else { return nil }
        let counted: Set<String> = ["count", "successRate", "costUSDAverage", "latencyP50Ms"]
        let own = fields.filter { !counted.contains($0.key) && $0.value != .null }
        return own.isEmpty ? nil : .object(own)
    }

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

    /// The reviews as an answer gives them: this version's counts once, split into people's and agents' (their sum
    /// is the `count`), the previous version's beside them, and the newest reviews.
    struct CompactReviews: Encodable {
        var counts: ReviewCounts
        var people: FileReport.Reviews.Tally
        var agents: FileReport.Reviews.Tally
        var previousVersion: FileReport.Reviews.Tally?
        var recent: [StoredReview]

        init(_ reviews: FileReport.Reviews) {
            counts = ReviewCounts(
                count: reviews.count, worked: reviews.worked, partly: reviews.partly, failed: reviews.failed,
                successRate: reviews.successRate, costUSDAverage: reviews.costUSDAverage,
                latencyP50Ms: reviews.latencyP50Ms)
            people = reviews.thisVersion.people
            agents = reviews.thisVersion.agents
            previousVersion = reviews.previous?.all
            recent = reviews.recent
        }

        enum Keys: String, CodingKey { case people, agents, previousVersion, recent }

        /// The counts at the top, beside who gave them.
        func encode(to encoder: any Encoder) throws {
            try counts.encode(to: encoder)
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(people, forKey: .people)
            try container.encode(agents, forKey: .agents)
            try container.encodeIfPresent(previousVersion, forKey: .previousVersion)
            try container.encode(recent, forKey: .recent)
        }
    }

    /// The file block: for an analyzed text with no path, without the placeholder path.
    func fileValue(_ file: FileReport.File) throws -> JSONValue {
        let encoder = JSONEncoder()
        var value = try JSONDecoder().decode(JSONValue.self, from: encoder.encode(file))
        if !hasPath, case .object(var fields) = value {
            fields["path"] = nil
            value = .object(fields)
        }
        return value
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CompactKeys.self)
        if detail {
            try container.encode(try fileValue(report.file), forKey: .file)
            try container.encode(report.rules, forKey: .rules)
            try container.encode(report.checks, forKey: .checks)
            try container.encodeIfPresent(report.versions, forKey: .versions)
        } else {
            // Compact: the rules and checks in their short shapes, and of the file and its versions what a first
            // look needs (`detail` gives the rest).
            var file = report.file
            file.frontMatter = nil
            file.topics = []
            file.blobSHA = nil
            file.commit = nil
            file.firstCommitAt = nil
            file.firstSeen = nil
            file.lastSeen = nil
            try container.encode(try fileValue(file), forKey: .file)
            try container.encode(
                report.rules.map {
                    CompactRule(
                        line: $0.line, text: Self.shortened($0.text), rating: $0.rating?.rawValue,
                        evidence: $0.evidence)
                }, forKey: .rules)
            try container.encode(
                CompactChecks(
                    findings: report.checks.findings, security: report.checks.security.verdict.rawValue,
                    quality: ["score": report.checks.quality.score]),
                forKey: .checks)
            try container.encodeIfPresent(report.versions.map(CompactVersions.init), forKey: .versions)
        }
        try container.encodeIfPresent(report.rulesShown, forKey: .rulesShown)
        try container.encode(report.ratings, forKey: .ratings)
        try container.encodeIfPresent(report.reviews.map(CompactReviews.init), forKey: .reviews)
        try container.encodeIfPresent(agentReviews, forKey: .agentReviews)
    }

    /// Characters of a rule's evidence the text block gives.
    static let textEvidenceLength = 200

    /// The text block, for a client that hands the model only `content`: the file, the counts, then one line per
    /// rule listed (line, rating, text, evidence), bounded as the structured rules are (``rulesShown``,
    /// ``compactTextLength``).
    var summaryText: String {
        let file = report.file
        // A text given without a path is named by its kind alone: its placeholder path is not the asker's.
        let heading =
            hasPath
            ? "\(file.name ?? file.title ?? file.path) (\(file.kind.title))"
                + (file.repository.map { " in \($0)/\(file.path)" } ?? " at \(file.path)")
            : "\(file.name ?? file.title ?? "A text with no path") (kind \(file.kind.rawValue), read from the text)"
        var lines = [
            heading,
            "Rules: " + report.ratings.summary + ".",
        ]
        if let versions = report.versions {
            lines.append(
                "Versions: \(versions.otherProjects) other projects; "
                    + versions.bands.map { "\($0.band.title.lowercased()) \($0.total)" }.joined(separator: ", ")
                    + ".")
            if let origin = versions.likelyOrigin {
                lines.append(
                    "Likely origin: "
                        + (origin.isSubject
                            ? "this file" : "\(origin.repository.map { $0 + "/" } ?? "")\(origin.path)")
                        + (origin.firstSeen.map { ", first seen \($0)" } ?? "") + " (\(origin.reason)).")
            }
        }
        let checks = report.checks
        lines.append(
            "Checks: security \(checks.security.verdict.rawValue), \(checks.errors) spec errors, \(checks.warnings) "
                + "warnings, quality \(String(format: "%.3f", checks.quality.score)).")
        for finding in checks.findings.prefix(Self.shown) {
            lines.append("  \(finding.severity.rawValue)\(finding.line.map { " L\($0)" } ?? ""): \(finding.message)")
        }
        for finding in checks.security.findings.prefix(Self.shown) {
            lines.append("  security \(finding.level.rawValue) L\(finding.line): \(finding.message)")
        }
        if let reviews = report.reviews {
            let this = reviews.thisVersion
            lines.append(
                "Reviews of this version: \(reviews.count) (\(reviews.worked) worked, \(reviews.partly) partly, "
                    + "\(reviews.failed) failed; \(this.agents.count) by agents, \(this.people.count) by people)"
                    + (reviews.previous.map { "; previous version \($0.all.count)" } ?? "") + ".")
        }
        let shown = report.rulesShown
        let first = (shown?.offset ?? 0) + 1
        let total = shown?.total ?? report.rules.count
        if !report.rules.isEmpty {
            lines.append("")
            lines.append(
                "Rules \(first)–\(first + report.rules.count - 1) of \(total) (line, rating, rule — evidence):")
        }
        for rule in report.rules {
            let rating = rule.rating.map { (rule.isEstimate ? "≈" : "") + $0.rawValue } ?? "not rated"
            let evidence =
                rule.evidence.count <= Self.textEvidenceLength
                ? rule.evidence : String(rule.evidence.prefix(Self.textEvidenceLength - 1)) + "…"
            lines.append("L\(rule.line) [\(rating)] \(Self.shortened(rule.text)) — \(evidence)")
        }
        if let shown, shown.offset + shown.count < shown.total {
            lines.append("More rules: call again with rulesOffset \(shown.offset + shown.count).")
        }
        return lines.joined(separator: "\n")
    }

    /// The output schema of `registry_read` and `registry_analyze`: each shape written once under `$defs`, and of
    /// the large objects (checks, versions) the fields a client keys on.
    static let schema: JSONValue = [
        "type": "object",
        "$defs": ["tally": ["type": "object", "required": ["count", "worked", "partly", "failed"]]],
        "properties": [
            "file": ["type": "object", "required": ["kind", "status", "lines", "ruleCount"]],
            "rules": [
                "type": "array",
                "items": [
                    "type": "object", "required": ["line", "text", "evidence"],
                    "properties": ["rating": ["enum": ["common", "distinctive", "very-specific"]]],
                ],
            ],
            "rulesShown": ["type": "object", "required": ["offset", "count", "total"]],
            "ratings": ["type": "object", "required": ["summary", "sentence", "counts"]],
            "checks": ["type": "object", "required": ["findings", "security", "quality"]],
            "versions": ["type": "object", "required": ["otherProjects", "bands"]],
            "reviews": [
                "type": "object", "required": ["count", "people", "agents", "recent"],
                "properties": [
                    "people": ["$ref": "#/$defs/tally"], "agents": ["$ref": "#/$defs/tally"],
                    "previousVersion": ["$ref": "#/$defs/tally"],
                ],
            ],
        ],
        "required": ["file", "rules", "ratings", "checks"],
    ]
}

/// Which stored file a tool is about: `id`, or `repository` and `path`.
struct FileTarget {
    static let schemaProperties: [String: JSONValue] = [
        "id": ["type": "integer", "description": "the file's id (registry_search gives it)"],
        "repository": ["type": "string", "description": "owner/repo, with path, instead of id"],
        "path": ["type": "string", "description": "its path in repository"],
    ]

    /// The schema's way of saying "id, or repository and path".
    static let anyOf: JSONValue = [["required": ["id"]], ["required": ["repository", "path"]]]

    /// The stored file named, refused when nothing names one, or when an `id` comes with a repository or path that
    /// is not that file's (both are named, so the model can drop one).
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
        if let id {
            if let path, path != file.key.path {
                throw ToolError(
                    "id \(id) and path \(path) name different files (id \(id) is \(file.key)): give id, or repository and path"
                )
            }
            if let repository, repository != file.key.repository {
                throw ToolError(
                    "id \(id) and repository \(repository) name different files (id \(id) is \(file.key)): give id, or repository and path"
                )
            }
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

    init(
        count: Int, worked: Int, partly: Int, failed: Int, successRate: Double?, costUSDAverage: Double?,
        latencyP50Ms: Int?
    ) {
        (self.count, self.worked, self.partly, self.failed) = (count, worked, partly, failed)
        (self.successRate, self.costUSDAverage, self.latencyP50Ms) = (successRate, costUSDAverage, latencyP50Ms)
    }

    init(_ summary: ReviewSummary) {
        self.init(
            count: summary.count, worked: summary.worked, partly: summary.partly, failed: summary.failed,
            successRate: summary.successRate, costUSDAverage: summary.costUSDAverage,
            latencyP50Ms: summary.latencyP50Ms)
    }
}
