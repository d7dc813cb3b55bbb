public import SkillscopeCore

/// How search hits are ordered.
public enum SearchSort: String, Sendable, Hashable, Codable, CaseIterable {
    /// Best match first (the engine's rank, skills weighted up).
    case relevance
    /// Most-starred repository first, then best match.
    case stars
    /// Most recently changed first (last commit, else last seen).
    case recent
    /// Most versions first (other projects that use a version of the file), among the best matches.
    case versions
    /// Best quality score first, among the best matches.
    case quality

    /// Whether the order is made above the engine, from the files' summaries (``Store/summarizedSearch(_:)``): the
    /// engine ranks by relevance.
    public var isAboveTheEngine: Bool { self == .versions || self == .quality }
}

/// A full-text search over the registry.
public struct SearchQuery: Sendable, Hashable {
    public var text: String
    public var kinds: [FileKind]
    public var limit: Int
    public var offset: Int
    /// Only files of repositories with this topic.
    public var topic: String?
    /// Only files of repositories under this licence (an SPDX id such as `MIT`).
    public var license: String?
    /// Only files someone reviewed.
    public var hasReviews: Bool
    public var sort: SearchSort
    public init(
        text: String, kinds: [FileKind] = [], limit: Int = 20, offset: Int = 0, topic: String? = nil,
        license: String? = nil, hasReviews: Bool = false, sort: SearchSort = .relevance
    ) {
        self.text = text
        self.kinds = kinds
        self.limit = limit
        self.offset = offset
        self.topic = topic
        self.license = license
        self.hasReviews = hasReviews
        self.sort = sort
    }

    /// Whether the query has no words at all: it then browses the files its filters leave, most-starred first.
    public var browses: Bool { text.allSatisfy { $0.isWhitespace } }

    /// Whether the query browses by kind alone: then its total is counted exactly, as the home page counts the kinds
    /// (an estimate from where the first matches lie in the rows would say "about 4,400" where the home page says
    /// 3,816).
    public var browsesKindsOnly: Bool { browses && !kinds.isEmpty && topic == nil && license == nil && !hasReviews }

    /// The query's words: letters and digits, lower-cased; everything else separates, `_` included, as in the
    /// full-text tokenizers (SQLite's unicode61 splits `GITHUB_TOKEN` into two words, so must the query, or a
    /// quoted term becomes a phrase).
    ///
    /// Characters outside the Basic Multilingual Plane separate too. Engines build
    /// their own query syntax from these, so no user text reaches a query parser.
    public var terms: [String] {
        var words: [String] = []
        var current = ""
        for character in text.lowercased() {
            let basic = character.unicodeScalars.allSatisfy { $0.value <= 0xFFFF }
            if basic && (character.isLetter || character.isNumber) {
                current.append(character)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        var seen = Set<String>()
        return words.filter { seen.insert($0).inserted }
    }
}

/// One file found by a search.
public struct SearchHit: Sendable, Hashable, Codable {
    public var id: Int64
    public var key: FileKey
    public var kind: FileKind
    public var name: String?
    public var description: String?
    public var stars: Int?
    /// Higher is better; only comparable within one result list.
    public var score: Double
    /// A short extract with the matches, plain text.
    public var snippet: String
    /// The file's bytes' hash: hits with the same one are word-for-word copies.
    public var sha256: String?
    /// ISO 8601: the last commit that changed the file where known, else when the registry last saw it.
    public var changedAt: String?
    /// Other projects that use a version of the file, whether it is the likely origin of its versions, and its
    /// quality score, from the registry's summaries (``FileSummaries``; nil before `skillscope group` made them).
    public var summary: FileSummary?
    /// Reviews of the file (nil when not read).
    public var reviews: Int?
    public init(
        id: Int64, key: FileKey, kind: FileKind, name: String?, description: String?, stars: Int?, score: Double,
        snippet: String, sha256: String? = nil, changedAt: String? = nil
    ) {
        self.sha256 = sha256
        self.changedAt = changedAt
        self.id = id
        self.key = key
        self.kind = kind
        self.name = name
        self.description = description
        self.stars = stars
        self.score = score
        self.snippet = snippet
    }
}

/// Counts of every matching file (beyond the page) by kind, licence and topic, for a search page's filters.
public struct SearchFacets: Sendable, Hashable, Codable {
    public var kinds: [String: Int]
    public var licenses: [String: Int]
    /// The 20 commonest topics.
    public var topics: [String: Int]
    public init(kinds: [String: Int] = [:], licenses: [String: Int] = [:], topics: [String: Int] = [:]) {
        self.kinds = kinds
        self.licenses = licenses
        self.topics = topics
    }
}

/// A page of search hits.
public struct SearchResults: Sendable, Hashable, Codable {
    public var hits: [SearchHit]
    /// Every file that matched, beyond this page; an estimate when ``totalIsEstimate``.
    public var total: Int
    /// Whether every term had to match (`true`), or the search fell back to any term.
    public var matchedAllTerms: Bool
    public var facets: SearchFacets
    /// Whether `total` and the facet counts are estimates.
    ///
    /// Counting every match stops at ``SearchResults/exactCountLimit``, past which a count would cost more than the
    /// page (58,000 files say "test" at 350,000). Shown as "about 58,000" wherever it is shown.
    public var totalIsEstimate: Bool

    /// Matches are counted one by one up to this many; beyond, the total is estimated.
    public static let exactCountLimit = 1_000

    public init(
        hits: [SearchHit], total: Int, matchedAllTerms: Bool, facets: SearchFacets = SearchFacets(),
        totalIsEstimate: Bool = false
    ) {
        self.hits = hits
        self.total = total
        self.matchedAllTerms = matchedAllTerms
        self.facets = facets
        self.totalIsEstimate = totalIsEstimate
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        hits = try container.decode([SearchHit].self, forKey: .hits)
        total = try container.decode(Int.self, forKey: .total)
        matchedAllTerms = try container.decode(Bool.self, forKey: .matchedAllTerms)
        facets = try container.decodeIfPresent(SearchFacets.self, forKey: .facets) ?? SearchFacets()
        totalIsEstimate = try container.decodeIfPresent(Bool.self, forKey: .totalIsEstimate) ?? false
    }

    /// An estimated count as people read it: two significant figures (57,640 → 58,000).
    public static func rounded(_ estimate: Int) -> Int {
        guard estimate >= 100 else { return estimate }
        var scale = 1
        while estimate / scale >= 100 { scale *= 10 }
        return (estimate + scale / 2) / scale * scale
    }

    /// The total as a phrase's number: "about 58,000" when estimated.
    public var totalText: String {
        let grouped = Number.grouped(total)
        return totalIsEstimate ? "about " + grouped : grouped
    }
}

extension SearchQuery {
    /// The engines' shared matching rule: every term must match; when nothing does and there are several terms,
    /// any term does (and the results say so).
    ///
    /// - Parameter search: runs the engine's search for `terms`, all required (`true`) or any (`false`).
    /// - Throws: ``StoreError`` `.invalidQuery` when the query has no words.
    public func matchingAllTermsElseAny(
        _ search: (_ terms: [String], _ all: Bool) throws -> SearchResults
    ) throws -> SearchResults {
        let terms = self.terms
        guard !terms.isEmpty else {
            throw StoreError(.invalidQuery, "the search has no words to look for")
        }
        var results = try search(terms, true)
        if results.total == 0 && terms.count > 1 {
            results = try search(terms, false)
            results.matchedAllTerms = false
        }
        return results
    }
}

extension SearchQuery {
    /// Skills a name query puts first at most.
    public static let namedLimit = 50

    /// The skill name the query may be (``NameKey``: `skill creator`, `Skill-Creator` and `skill_creator` are one),
    /// when it could be one: at most four words, ranked by relevance, no filter but kinds, within the first pages.
    public var nameKey: String? {
        let terms = self.terms
        guard !terms.isEmpty, terms.count <= 4, sort == .relevance, topic == nil, license == nil, !hasReviews,
            offset < 1_000
        else { return nil }
        return NameKey.make(terms.joined(separator: "-"))
    }

    /// The skills of the queried name first, then the ranking.
    ///
    /// A search whose query is a skill's name: the files of that name (`named`, ordered as the engine found them:
    /// the earliest first, so the likely origin of a group of copies leads) come first, then the rest of the
    /// ranking without them. `search` runs the engine's ranking for a query.
    ///
    /// Someone who types `skill-creator` looks for the skills of that name, not for the files that say "skill" and
    /// "creator" most often (bench/RESULTS.md, "Search that finds names").
    public func namedFirst(
        _ named: [SearchHit], search: (SearchQuery) throws -> SearchResults
    ) throws -> SearchResults {
        guard !named.isEmpty else { return try search(self) }
        // The ranking from its top, deep enough to fill this page once the named files are taken out of it.
        var ranking = self
        ranking.offset = 0
        ranking.limit = offset + limit
        var results = try search(ranking)
        let namedIDs = Set(named.map(\.id))
        let top = results.hits.first?.score ?? 1
        let first = named.map { hit in
            var hit = hit
            hit.score = top
            return hit
        }
        let combined = first + results.hits.filter { !namedIDs.contains($0.id) }
        results.hits = Array(combined.dropFirst(offset).prefix(limit))
        // The named files say their own name, so the ranking counted them already (but for a name in another
        // script than its words).
        results.total = max(results.total, named.count)
        results.matchedAllTerms = true
        return results
    }
}
