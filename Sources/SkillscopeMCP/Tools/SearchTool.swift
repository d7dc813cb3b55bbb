internal import Foundation
internal import JSON
internal import SkillscopeCore
internal import SkillscopeStore

/// `registry_search`: full-text search over the registry, filtered by kind.
struct SearchTool: MCPTool {
    struct Arguments: Decodable, Sendable {
        var query: String
        var kinds: [String]?
        var limit: Int?
        var offset: Int?
        var sort: String?
    }

    struct Output: Encodable, Sendable {
        struct Hit: Encodable, Sendable {
            var id: Int64
            var repository: String
            var path: String
            var kind: String
            var name: String?
            var description: String?
            var stars: Int?
            var score: Double
            var snippet: String
            /// The skill's `skill://` resource, for skills the Skills extension serves.
            var skillURI: String?
            /// Other projects that use a version of it, whether it is their likely origin, its quality (0–1): from
            /// the registry's last `skillscope group`, absent before it.
            var versions: Int?
            var isOrigin: Bool?
            var quality: Double?
            var reviews: Int?
            /// The summary as the text block words it; not sent as JSON.
            var facts: [String] = []

            enum CodingKeys: String, CodingKey {
                case id, repository, path, kind, name, description, stars, score, snippet, skillURI, versions
                case isOrigin, quality, reviews
            }
        }
        var total: Int
        /// Whether `total` is an estimate: counting stops past 1,000 matches.
        var totalIsEstimate: Bool
        /// The total as a person reads it: "about 58,000" when estimated.
        var totalText: String
        var matchedAllTerms: Bool
        var hits: [Hit]
    }

    static let name = "registry_search"
    static let title = "Search the registry"
    static let summary = """
        Full-text search of the registry's skills, CLAUDE.md, AGENTS.md and rules files. Hits carry ids for \
        registry_read.
        """
    static let annotations = ToolAnnotations(readOnly: true, destructive: false, idempotent: true)
    static let inputSchema: JSONValue = [
        "type": "object",
        "properties": [
            "query": ["type": "string", "minLength": 1, "description": "words to search for"],
            "kinds": [
                "type": "array", "description": "only these kinds",
                "items": ["type": "string", "enum": .array(FileKind.allCases.map { .string($0.rawValue) })],
            ],
            "limit": ["type": "integer", "minimum": 1, "maximum": 50, "default": 10, "description": "hits to return"],
            "offset": ["type": "integer", "minimum": 0, "default": 0, "description": "hits to skip"],
            "sort": [
                "type": "string", "enum": ["versions", "quality"], "description": "by versions or quality",
            ],
        ],
        "required": ["query"],
    ]
    static let outputSchema: JSONValue = [
        "type": "object",
        "properties": [
            "total": ["type": "integer"],
            "hits": [
                "type": "array",
                "items": ["type": "object", "required": ["id", "repository", "path", "kind", "score", "snippet"]],
            ],
        ],
        "required": ["total", "totalIsEstimate", "totalText", "matchedAllTerms", "hits"],
    ]

    /// Characters of a hit's description the text block gives.
    static let textDescriptionLength = 200

    /// The text block: one entry per hit (id, where, kind, stars, name, description, snippet), not the JSON again.
    static func text(of output: Output, json: String) -> String {
        var lines = [
            "\(output.totalText) matches\(output.matchedAllTerms ? "" : " (not every word matched)"); "
                + "\(output.hits.count) shown. Read one with registry_read {\"id\": …}."
        ]
        for hit in output.hits {
            lines.append("")
            lines.append(
                "id \(hit.id): \(hit.repository)/\(hit.path) (\(hit.kind)\(hit.stars.map { ", ★ \($0)" } ?? ""))"
                    + (hit.name.map { " — \($0)" } ?? ""))
            if !hit.facts.isEmpty { lines.append("  " + hit.facts.joined(separator: " · ")) }
            if let description = hit.description, !description.isEmpty {
                lines.append(
                    "  "
                        + (description.count <= textDescriptionLength
                            ? description : String(description.prefix(textDescriptionLength - 1)) + "…"))
            }
            if !hit.snippet.isEmpty { lines.append("  …\(hit.snippet)…") }
        }
        return lines.joined(separator: "\n")
    }

    let store: any Store

    func call(_ arguments: Arguments, context: RPCContext) throws -> Output {
        guard !arguments.query.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ToolError("query is empty: give the words to search for")
        }
        let limit = arguments.limit ?? 10
        let offset = arguments.offset ?? 0
        guard (1...50).contains(limit) else { throw ToolError("limit must be 1–50") }
        guard offset >= 0 else { throw ToolError("offset must be 0 or more") }
        var kinds: [FileKind] = []
        for name in arguments.kinds ?? [] {
            guard let kind = FileKind(rawValue: name) else {
                throw ToolError(
                    "unknown kind \(name); kinds are \(FileKind.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            kinds.append(kind)
        }
        var sort = SearchSort.relevance
        if let name = arguments.sort {
            guard let chosen = SearchSort(rawValue: name) else {
                throw ToolError(
                    "unknown sort \(name); sorts are \(SearchSort.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            sort = chosen
        }
        let results: SearchResults
        do {
            results = try store.summarizedSearch(
                SearchQuery(text: arguments.query, kinds: kinds, limit: limit, offset: offset, sort: sort))
        } catch let error as StoreError where error.code == .invalidQuery {
            throw ToolError(error.message)
        }
        return Output(
            total: results.total, totalIsEstimate: results.totalIsEstimate, totalText: results.totalText,
            matchedAllTerms: results.matchedAllTerms,
            hits: results.hits.map { hit in
                Output.Hit(
                    id: hit.id, repository: hit.key.repository, path: hit.key.path, kind: hit.kind.rawValue,
                    name: hit.name, description: hit.description, stars: hit.stars, score: hit.score,
                    snippet: hit.snippet,
                    skillURI: hit.kind == .skill
                        ? SkillCatalog.uri(repository: hit.key.repository, path: hit.key.path, name: hit.name) : nil,
                    versions: hit.summary?.versions, isOrigin: hit.summary?.isOrigin, quality: hit.summary?.quality,
                    reviews: hit.reviews, facts: hit.summaryFacts)
            })
    }
}
