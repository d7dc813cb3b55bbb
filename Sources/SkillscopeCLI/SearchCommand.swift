internal import SkillscopeCore
internal import SkillscopeStore

/// `skillscope search QUERY`: full-text search over the registry.
struct SearchCommand: Command {
    static let name = "search"
    static let summary = "search the registry by name, description, rules and text"
    static let help = """
        Usage: skillscope search QUERY… [--kind KIND]… [--sort SORT] [--limit N] [--offset N] [--json]

        Finds files whose name, description, rules or text hold every word of QUERY (falling back to any word
        when none holds them all), best first: a match in the name counts most, then the description, the rules
        and the body. Words are stemmed (observe, observable, observing match).

        Options:
          --kind KIND  only files of this kind (repeatable): skill, skill-reference, claude, agents, gemini,
                       cursor, copilot, windsurf
          --sort SORT  relevance (default), stars, recent, versions (most used first) or quality (best score
                       first); versions and quality order the 200 best matches, from the summaries
                       `skillscope group` makes
          --limit N    hits to show, 1–1000 (default 20)
          --offset N   hits to skip, for paging (default 0)
          --json       print {total, totalIsEstimate, matchedAllTerms, hits: [{id, repository, path, kind, name,
                       ..., versions, isOrigin, quality, reviews}]}
                       (past 1,000 matches the total is estimated, and shown as "about 58,000")

        Exit codes: 0 found, 1 nothing found, 64 usage, 66 no registry.
        """

    var query: SearchQuery

    init(arguments: inout Arguments, context: Context) throws(CLIError) {
        var kinds: [FileKind] = []
        for text in try arguments.options("kind") {
            if let kind = try FileLookup.parseKind(text, command: Self.name) { kinds.append(kind) }
        }
        let limit = try arguments.integer("limit", in: 1...1000) ?? 20
        let offset = try arguments.integer("offset", in: 0...1_000_000) ?? 0
        var sort = SearchSort.relevance
        if let name = try arguments.option("sort") {
            guard let chosen = SearchSort(rawValue: name) else {
                throw .usage(
                    "unknown sort '\(name)'; sorts are \(SearchSort.allCases.map(\.rawValue).joined(separator: ", "))",
                    command: Self.name)
            }
            sort = chosen
        }
        let words = try arguments.positionals()
        query = SearchQuery(
            text: words.joined(separator: " "), kinds: kinds, limit: limit, offset: offset, sort: sort)
        guard !query.terms.isEmpty else { throw .usage("give words to search for", command: Self.name) }
    }

    struct View: Encodable {
        var query: String
        var total: Int
        var totalIsEstimate: Bool
        var matchedAllTerms: Bool
        var hits: [Hit]
        struct Hit: Encodable {
            var id: Int64
            var repository: String
            var path: String
            var kind: String
            var name: String?
            var description: String?
            var stars: Int?
            var score: Double
            var snippet: String
            var versions: Int?
            var isOrigin: Bool?
            var quality: Double?
            var reviews: Int?
        }
    }

    func run(context: Context) async throws -> ExitCode {
        let store = try context.openExistingStore()
        let results = try store.summarizedSearch(query)
        if context.json {
            try context.output.json(
                View(
                    query: query.text, total: results.total, totalIsEstimate: results.totalIsEstimate,
                    matchedAllTerms: results.matchedAllTerms,
                    hits: results.hits.map {
                        View.Hit(
                            id: $0.id, repository: $0.key.repository, path: $0.key.path, kind: $0.kind.rawValue,
                            name: $0.name, description: $0.description, stars: $0.stars, score: $0.score,
                            snippet: $0.snippet, versions: $0.summary?.versions, isOrigin: $0.summary?.isOrigin,
                            quality: $0.summary?.quality, reviews: $0.reviews)
                    }))
            return results.hits.isEmpty ? .failure : .success
        }
        let output = context.output
        if results.hits.isEmpty {
            output.error("no file matches \"\(query.text)\"")
            return .failure
        }
        output.print(
            "\(results.totalText) files match\(results.matchedAllTerms ? "" : " some of the words"); showing \(query.offset + 1)–\(query.offset + results.hits.count)"
        )
        for (index, hit) in results.hits.enumerated() {
            output.print(
                "\(query.offset + index + 1). [\(hit.id)] \(hit.key) (\(hit.kind)\(hit.name.map { ", \($0)" } ?? ""))")
            if let description = hit.description, !description.isEmpty {
                output.print("   " + String(description.prefix(160)))
            }
            if !hit.summaryFacts.isEmpty { output.print("   " + hit.summaryFacts.joined(separator: " · ")) }
        }
        return .success
    }
}
