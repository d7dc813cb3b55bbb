internal import FoundationEssentials
internal import SQLite
public import SkillscopeCore
public import SkillscopeStore
internal import Xapian

extension SQLiteStore {
    public func file(_ reference: FileReference) throws -> StoredFile? {
        try reading { connection in
            let row: Row?
            switch reference {
            case .id(let id):
                row = try connection.queryOne(
                    "SELECT \(StoredFile.selectedColumns) FROM files f JOIN repositories r ON r.id = f.repository_id WHERE f.id = ?1",
                    [id])
            case .key(let key):
                row = try connection.queryOne(
                    """
                    SELECT \(StoredFile.selectedColumns) FROM files f JOIN repositories r ON r.id = f.repository_id
                    WHERE r.full_name = ?1 AND f.path = ?2
                    """, [key.repository, key.path])
            }
            return try row.map { try StoredFile(reading: $0) }
        }
    }

    public func rules(ofFile id: Int64) throws -> [Rule] {
        let row = try reading { connection in
            try connection.queryOne("SELECT \(Rule.selectedColumns) FROM files WHERE id = ?1", [id])
        }
        return try row.map { try Rule.stored(reading: $0) } ?? []
    }

    public func rules(ofFiles ids: [Int64]) throws -> [Int64: [Rule]] {
        guard !ids.isEmpty else { return [:] }
        let list = "[" + ids.map(String.init).joined(separator: ",") + "]"
        let rows = try reading { connection in
            try connection.query(
                "SELECT \(Rule.selectedColumns), id FROM files WHERE id IN (SELECT value FROM json_each(?1))", [list])
        }
        var rules: [Int64: [Rule]] = [:]
        for row in rows { rules[row.int64(3) ?? 0] = try Rule.stored(reading: row) }
        return rules
    }

    public func search(_ query: SearchQuery) throws -> SearchResults {
        // No words: browse the files the filters leave, most-starred first.
        if query.browses { return try reading { try Self.browse($0, query: query) } }
        let named = try query.nameKey.map { try namedSkills($0, query: query) } ?? []
        return try query.namedFirst(named) { query in
            try query.matchingAllTermsElseAny { terms, all in try search(terms, all: all, query: query) }
        }
    }

    /// The skills a name query names.
    ///
    /// The skills named `key` (``SearchQuery/nameKey``), by name or folder, when the query's kinds include skills:
    /// the earliest first commit first, then the most stars, then by repository and path, as the likely origin of
    /// copies is chosen. The index finds them (a term each), the rows order them.
    private func namedSkills(_ key: String, query: SearchQuery) throws -> [SearchHit] {
        guard query.kinds.isEmpty || query.kinds.contains(.skill) else { return [] }
        var request = XapianQuery(words: [])
        request.filter = [[SearchIndex.Prefix.name + key]]
        request.limit = 1_000
        let ids = try searchIndex.read { database in try database.search(request).matches.map { String($0.id) } }
        guard !ids.isEmpty else { return [] }
        return try reading { connection in
            try connection.query(
                """
                SELECT f.id, r.full_name, f.path, f.kind, f.name, f.description, r.stars, f.sha256, \(Self.recentColumn)
                FROM files f JOIN repositories r ON r.id = f.repository_id
                WHERE f.id IN (SELECT value FROM json_each(?1)) AND f.status = 'indexed' AND \(Self.isCurrent)
                ORDER BY coalesce(f.first_commit_at, f.first_seen), coalesce(r.stars, 0) DESC, r.full_name, f.path
                LIMIT ?2
                """, ["[" + ids.joined(separator: ",") + "]", SearchQuery.namedLimit])
        }.compactMap { row in
            guard let id = row.int64(0) else { return nil }
            return SearchHit(
                id: id, key: FileKey(repository: row.string(1) ?? "", path: row.string(2) ?? ""),
                kind: FileKind(rawValue: row.string(3) ?? "") ?? .agents, name: row.string(4),
                description: row.string(5), stars: row.int(6), score: 0,
                snippet: String((row.string(5) ?? "").prefix(160)), sha256: row.string(7), changedAt: row.string(8))
        }
    }

    /// Bytes of a file's text a snippet is looked for in.
    static let snippetTextBytes = 16_384

    /// Searches the index (``SearchIndex``) for a page and an estimate of the rest, then reads the page's rows.
    private func search(_ terms: [String], all: Bool, query: SearchQuery) throws -> SearchResults {
        var request = XapianQuery(words: terms)
        request.allWords = all
        if !query.kinds.isEmpty { request.filter.append(query.kinds.map { SearchIndex.Prefix.kind + $0.rawValue }) }
        if let topic = query.topic { request.filter.append([SearchIndex.Prefix.topic + topic]) }
        if let license = query.license { request.filter.append([SearchIndex.Prefix.license + license]) }
        if query.hasReviews {
            let reviewed = try reading { connection in
                try connection.query("SELECT DISTINCT file_id FROM reviews").compactMap { $0.int64(0) }
            }
            request.onlyIDs = reviewed.compactMap { UInt32(exactly: $0) }
        }
        // As FTS5's rank was weighted: skills 1.5, other instruction files 1.2, a skill's references 1; applied to
        // the best 100 matches, ordered again (one pass of the matcher, where a branch a kind took three).
        request.factors = [FileKind.skill.rawValue: 1.5, FileKind.skillReference.rawValue: 1.0]
        request.factorSlot = SearchIndex.Slot.kind
        request.defaultFactor = 1.2
        request.rerankDepth = 100
        // Tuned on the labelled queries' tuning half (bench/RESULTS.md): the field weights multiply a word's count,
        // so its weight saturates later than Xapian's default k1 of 1 lets it.
        (request.bm25K1, request.bm25B) = (10, 0.75)
        switch query.sort {
        // Versions and quality are ordered above the engine, among the best matches (`Store.summarizedSearch`).
        case .relevance, .versions, .quality: request.sortSlot = nil
        case .stars: request.sortSlot = SearchIndex.Slot.stars
        case .recent: request.sortSlot = SearchIndex.Slot.recent
        }
        request.offset = query.offset
        request.limit = query.limit
        request.checkAtLeast = SearchResults.exactCountLimit + 1
        request.countedSlots = [SearchIndex.Slot.kind, SearchIndex.Slot.license, SearchIndex.Slot.topics]
        request.timeLimit = 2
        // The search holds the index in memory (the writer's lock too) only while it matches and makes snippets: the
        // rows are read between, as a write takes SQLite's lock before the index's.
        return try searchIndex.search(request) { results in
            let ids = "[" + results.matches.map { String($0.id) }.joined(separator: ",") + "]"
            return try reading { connection in
                try connection.query(
                    """
                    SELECT f.id, r.full_name, f.path, f.kind, f.name, f.description, r.stars, f.sha256,
                        \(Self.recentColumn), substr(f.body, 1, ?2)
                    FROM files f JOIN repositories r ON r.id = f.repository_id
                    WHERE f.id IN (SELECT value FROM json_each(?1)) AND \(Self.isCurrent)
                    """, [ids, Self.snippetTextBytes])
            }
        } finish: { results, rows in
            Self.page(results, rows: rows)
        }
    }

    /// The page of a search: its hits with their snippets, the total and the facets.
    private static func page(_ results: XapianResults, rows: [Row]) -> SearchResults {
        let counts = results.counts
        // Matches counted one by one up to the limit, then estimated; the facets counted over the matches looked at,
        // scaled to the estimate.
        let exact = results.lowerBound == results.upperBound && results.counted >= results.lowerBound
        let total = exact ? results.lowerBound : SearchResults.rounded(max(results.counted, results.estimate))
        let tally = FacetTally(
            counted: results.counted, kinds: counts[SearchIndex.Slot.kind] ?? [:],
            licenses: counts[SearchIndex.Slot.license] ?? [:], topics: counts[SearchIndex.Slot.topics] ?? [:])
        let facets =
            exact || results.counted == 0
            ? tally.facets() : tally.facets(scale: Double(total) / Double(results.counted))
        var byID: [Int64: Row] = [:]
        for row in rows { if let id = row.int64(0) { byID[id] = row } }
        let hits = results.matches.compactMap { match -> SearchHit? in
            guard let row = byID[Int64(match.id)] else { return nil }
            return SearchHit(
                id: Int64(match.id), key: FileKey(repository: row.string(1) ?? "", path: row.string(2) ?? ""),
                kind: FileKind(rawValue: row.string(3) ?? "") ?? .agents, name: row.string(4),
                description: row.string(5), stars: row.int(6), score: match.weight,
                snippet: results.snippet(of: row.string(9) ?? "", bytes: 160), sha256: row.string(7),
                changedAt: row.string(8))
        }
        return SearchResults(hits: hits, total: total, matchedAllTerms: true, facets: facets, totalIsEstimate: !exact)
    }

    /// The files the filters leave, most-starred first, counted up to the limit and estimated past it.
    private static func browse(_ connection: Connection, query: SearchQuery) throws -> SearchResults {
        var filter = ""
        var arguments: [any Bindable] = []
        if !query.kinds.isEmpty {
            let placeholders = query.kinds.indices.map { "?\($0 + 1)" }.joined(separator: ", ")
            filter = "AND f.kind IN (\(placeholders))"
            arguments += query.kinds.map(\.rawValue)
        }
        if let topic = query.topic {
            arguments.append(topic)
            filter += " AND EXISTS (SELECT 1 FROM json_each(r.topics) t WHERE t.value = ?\(arguments.count))"
        }
        if let license = query.license {
            arguments.append(license)
            filter += " AND r.license = ?\(arguments.count)"
        }
        if query.hasReviews { filter += " AND EXISTS (SELECT 1 FROM reviews v WHERE v.file_id = f.id)" }
        let matched = """
            FROM files f JOIN repositories r ON r.id = f.repository_id
            WHERE \(Self.isCurrent) \(filter)
            """
        // One pass over the matches in row-id order gives the total and every facet, up to the count limit; past
        // it the counts are estimated from how far into the rows the limit was reached.
        var tally = FacetTally()
        var lastID: Int64 = 0
        var more = false
        let countLimit = SearchResults.exactCountLimit
        for row in try connection.query(
            "SELECT f.kind, r.license, r.topics, f.id \(matched) ORDER BY f.id LIMIT \(countLimit + 1)", arguments)
        {
            guard tally.counted < countLimit else {
                more = true
                break
            }
            lastID = row.int64(3) ?? lastID
            tally.add(kind: row.string(0), license: row.string(1), topicsJSON: row.string(2))
        }
        var total = tally.counted
        var facets = tally.facets()
        var estimated = more && lastID > 0
        if estimated, query.browsesKindsOnly {
            // By kind alone: counted exactly through the kind index, as the home page counts; the licences and
            // topics scaled to that count.
            let rows = try connection.query(
                "SELECT f.kind, count(*) FROM files f WHERE \(Self.isCurrent) \(filter) GROUP BY f.kind",
                arguments
            ).map { (kind: $0.string(0) ?? "", count: $0.int(1) ?? 0) }
            (total, facets) = tally.exactly(byKind: rows)
            estimated = false
        } else if estimated {
            // The matches so far are spread like the rows: scale by the share of the row ids they cover.
            let lastRow = try connection.queryOne("SELECT max(id) FROM files")?.int64(0) ?? lastID
            let scale = max(1, Double(lastRow) / Double(lastID))
            total = max(countLimit + 1, SearchResults.rounded(Int((Double(countLimit) * scale).rounded())))
            facets = tally.facets(scale: scale)
        }
        let limitIndex = arguments.count + 1
        let rows = try connection.query(
            """
            SELECT f.id, r.full_name, f.path, f.kind, f.name, f.description, r.stars, 0.0,
                coalesce(f.description, ''), f.sha256,
                coalesce(f.last_commit_at, \(StoredFile.lastSeenColumn)) AS recent, coalesce(r.stars, -1) AS stars
            \(matched)
            ORDER BY stars DESC, f.id LIMIT ?\(limitIndex) OFFSET ?\(limitIndex + 1)
            """, arguments + [query.limit, query.offset])
        return SearchResults(
            hits: rows.map(Self.hit), total: total, matchedAllTerms: true, facets: facets, totalIsEstimate: estimated)
    }

    /// A search hit from a row of id, repository, path, kind, name, description, stars, rank, snippet, sha256 and
    /// the date it last changed.
    private static func hit(_ row: Row) -> SearchHit {
        SearchHit(
            id: Int64(row.int(0) ?? 0), key: FileKey(repository: row.string(1) ?? "", path: row.string(2) ?? ""),
            kind: FileKind(rawValue: row.string(3) ?? "") ?? .agents, name: row.string(4),
            description: row.string(5), stars: row.int(6), score: -(row.double(7) ?? 0),
            snippet: row.string(8) ?? "", sha256: row.string(9), changedAt: row.string(10))
    }

    public func stats() throws -> RegistryStats {
        try reading { connection in
            var stats = RegistryStats()
            stats.engine = engine
            stats.repositories = try connection.queryOne("SELECT count(*) FROM repositories")?.int(0) ?? 0
            stats.removed = try connection.queryOne("SELECT count(*) FROM removed_files")?.int(0) ?? 0
            // One scan of the files for the counts, the bytes and the rules (the rows hold their texts: 6 GB at
            // 350,000 files).
            for row in try connection.query(
                """
                SELECT status, kind, count(*), sum(bytes), sum(rule_count) FROM files f WHERE \(Self.isCurrent)
                GROUP BY status, kind
                """)
            {
                let count = row.int(2) ?? 0
                stats.files += count
                stats.bytes += row.int(3) ?? 0
                stats.rules += row.int(4) ?? 0
                if row.string(0) == "indexed" {
                    stats.indexed += count
                    stats.byKind[row.string(1) ?? "", default: 0] += count
                } else {
                    stats.rejected += count
                }
            }
            for row in try connection.query(
                """
                SELECT f.status, json_extract(d.value, '$.code'), count(DISTINCT f.id)
                FROM files f, json_each(f.diagnostics) d WHERE \(Self.isCurrent) GROUP BY 1, 2
                """)
            {
                let code = row.string(1) ?? ""
                if row.string(0) == "rejected" {
                    stats.rejectedByReason[code] = row.int(2) ?? 0
                } else {
                    stats.diagnosticsByCode[code] = row.int(2) ?? 0
                }
            }
            stats.schemaVersion = try connection.queryOne("SELECT max(version) FROM schema_migrations")?.int(0) ?? 0
            return stats
        }
    }

    /// The SQL condition that file `f` is still in its repository (not in `removed_files`).
    static let isCurrent = "NOT EXISTS (SELECT 1 FROM removed_files x WHERE x.file_id = f.id)"

    public func fileKeys() throws -> [(id: Int64, key: FileKey)] {
        let rows = try reading { connection in
            try connection.query(
                "SELECT f.id, r.full_name, f.path FROM files f JOIN repositories r ON r.id = f.repository_id ORDER BY f.id"
            )
        }
        return rows.map { (Int64($0.int(0) ?? 0), FileKey(repository: $0.string(1) ?? "", path: $0.string(2) ?? "")) }
    }
}

extension Unicode.GeneralCategory {
    /// Letters (L*) and numbers (N*).
    var isLetterOrNumber: Bool {
        switch self {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
            .letterNumber, .otherNumber:
            true
        default: false
        }
    }
}
