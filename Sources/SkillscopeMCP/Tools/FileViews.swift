internal import Foundation
internal import SkillscopeCore
internal import SkillscopeIngest
internal import SkillscopeRating
internal import SkillscopeStore

/// A stored file as the tools show it.
struct FileSummary: Encodable, Sendable {
    var id: Int64
    var repository: String
    var path: String
    var kind: String
    var status: String
    var name: String?
    var title: String?
    var description: String?
    var stars: Int?
    var license: String?
    var sha256: String
    var lines: Int
    var ruleCount: Int
    var lastCommitAt: String?
    var skillURI: String?
    var text: String?

    init(_ file: StoredFile, includeText: Bool) {
        id = file.id
        repository = file.key.repository
        path = file.key.path
        kind = file.kind.rawValue
        status = file.removedAt == nil ? file.status.rawValue : "removed"
        name = file.name
        title = file.title
        description = file.description
        stars = file.repository.stars
        license = file.repository.license
        sha256 = file.sha256
        lines = file.lineCount
        ruleCount = file.ruleCount
        lastCommitAt = file.lastCommitAt
        skillURI = file.kind == .skill ? SkillCatalog.uri(repository: file.key.repository, name: file.name) : nil
        text = includeText ? file.text : nil
    }

    static let schema: JSONValue = [
        "type": "object",
        "properties": [
            "id": ["type": "integer"], "repository": ["type": "string"], "path": ["type": "string"],
            "kind": ["type": "string"], "status": ["type": "string", "enum": ["indexed", "rejected", "removed"]],
            "name": ["type": "string"], "title": ["type": "string"], "description": ["type": "string"],
            "stars": ["type": "integer"], "license": ["type": "string"], "sha256": ["type": "string"],
            "lines": ["type": "integer"], "ruleCount": ["type": "integer"], "lastCommitAt": ["type": "string"],
            "skillURI": ["type": "string"], "text": ["type": "string"],
        ],
        "required": ["id", "repository", "path", "kind", "status", "sha256", "lines", "ruleCount"],
    ]
}

/// Spec findings, security report and quality score, as stored or as computed for a pasted text.
struct ChecksSummary: Encodable, Sendable {
    var findings: [Finding]
    var security: SecurityReport
    var quality: QualityScore
    var rationale: String

    init(findings: [Finding], security: SecurityReport, quality: QualityScore) {
        self.findings = findings
        self.security = security
        self.quality = quality
        rationale = quality.rationale
    }

    static let schema: JSONValue = [
        "type": "object",
        "properties": [
            "findings": ["type": "array", "items": ["type": "object"]], "security": ["type": "object"],
            "quality": ["type": "object"], "rationale": ["type": "string"],
        ],
        "required": ["findings", "security", "quality", "rationale"],
    ]
}

/// Other versions of a text in the registry: the closest ones first.
struct VersionsSummary: Encodable, Sendable {
    struct Version: Encodable, Sendable {
        var id: Int64
        var repository: String
        var path: String
        var band: String
        var percentSame: Int
        var isLikelyOrigin: Bool
    }
    var otherProjects: Int
    var adoptedBy: Int
    var versions: [Version]

    init(_ report: VersionReport, limit: Int = 10) {
        otherProjects = report.otherProjects
        adoptedBy = report.adoptedBy
        versions = Array(
            report.bands.flatMap(\.versions).prefix(limit).map {
                Version(
                    id: $0.id, repository: $0.repository, path: $0.path, band: $0.band.rawValue,
                    percentSame: $0.percentSame, isLikelyOrigin: $0.isLikelyOrigin)
            })
    }

    static let schema: JSONValue = [
        "type": "object",
        "properties": [
            "otherProjects": ["type": "integer"], "adoptedBy": ["type": "integer"],
            "versions": [
                "type": "array",
                "items": [
                    "type": "object",
                    "properties": [
                        "id": ["type": "integer"], "repository": ["type": "string"], "path": ["type": "string"],
                        "band": ["type": "string"], "percentSame": ["type": "integer"],
                        "isLikelyOrigin": ["type": "boolean"],
                    ],
                    "required": ["id", "repository", "path", "band", "percentSame", "isLikelyOrigin"],
                ],
            ],
        ],
        "required": ["otherProjects", "adoptedBy", "versions"],
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

extension RatingsSummary {
    static let schema: JSONValue = [
        "type": "object",
        "properties": [
            "summary": ["type": "string"], "sentence": ["type": "string"],
            "rules": [
                "type": "array",
                "items": [
                    "type": "object",
                    "properties": [
                        "line": ["type": "integer"], "text": ["type": "string"],
                        "rating": ["type": "string", "enum": ["common", "distinctive", "very-specific"]],
                        "isEstimate": ["type": "boolean"], "evidence": ["type": "string"],
                    ],
                    "required": ["line", "text", "rating", "evidence"],
                ],
            ],
        ],
        "required": ["summary", "sentence", "rules"],
    ]
}
