internal import FoundationEssentials
internal import Postgres
public import SkillscopeCore
public import SkillscopeStore

extension PostgresStore {
    public func file(_ reference: FileReference) throws -> StoredFile? {
        let row = try reading { connection -> Row? in
            switch reference {
            case .id(let id):
                return try connection.queryOne(
                    "SELECT \(StoredFile.selectedColumns) FROM files f JOIN repositories r ON r.id = f.repository_id WHERE f.id = $1",
                    [id])
            case .key(let key):
                return try connection.queryOne(
                    """
                    SELECT \(StoredFile.selectedColumns) FROM files f JOIN repositories r ON r.id = f.repository_id
                    WHERE r.full_name = $1 AND f.path = $2
                    """, [key.repository, key.path])
            }
        }
        return try row.map { try StoredFile(reading: $0) }
    }

    public func rules(ofFile id: Int64) throws -> [Rule] {
        let row = try reading { connection in
            try connection.queryOne("SELECT \(Rule.selectedColumns) FROM files WHERE id = $1", [id])
        }
        return try row.map { try Rule.stored(reading: $0) } ?? []
    }

    public func rules(ofFiles ids: [Int64]) throws -> [Int64: [Rule]] {
        guard !ids.isEmpty else { return [:] }
        return try reading { connection in
            var rules: [Int64: [Rule]] = [:]
            for row in try connection.query(
                "SELECT \(Rule.selectedColumns), id FROM files WHERE id = ANY($1::bigint[])", [PostgresValue.array(ids)]
            ) {
                rules[row.int64(3) ?? 0] = try Rule.stored(reading: row)
            }
            return rules
        }
    }

    /// Searches the weighted `tsvector`: every term must match, else any term does.
    ///
    /// Terms are joined with `&` (then `|`) into `to_tsquery('english', …)`; ``SkillscopeStore/SearchQuery/terms``
    /// holds only letters, digits and `_`, so no user text reaches the query syntax. Ranking mirrors SQLite's:
    /// `ts_rank` with weights in SQLite's bm25 proportions (name 10, description 5, rules 2, body 1), divided by
    /// 1 + log(length) as bm25 normalises for length, times the same kind multipliers (skills 1.5, reference
    /// files 1.0, the rest 1.2).
    ///
    /// - Complexity: the GIN index finds the matches; ranking reads each match's `tsvector`; snippets are made
    ///   for the returned page only.
    public func search(_ query: SearchQuery) throws -> SearchResults {
        let rankOperator = rankOperator
        return try reading { connection in
            // No words: browse the files the filters leave, most-starred first.
            if query.browses { return try Self.search(connection, tsquery: "", query: query, browsing: true) }
            let named = try query.nameKey.map { try Self.named($0, query: query, connection) } ?? []
            return try query.namedFirst(named) { query in
                try query.matchingAllTermsElseAny { terms, all in
                    try Self.search(
                        connection, tsquery: terms.joined(separator: all ? " & " : " | "), query: query,
                        rankOperator: rankOperator)
                }
            }
        }
    }

    /// The skills named `key` (``SearchQuery/nameKey``), by name or folder, when the query's kinds include skills:
    /// the earliest first commit first, then the most stars, then by repository and path, as the likely origin of
    /// copies is chosen.
    private static func named(_ key: String, query: SearchQuery, _ connection: Connection) throws -> [SearchHit] {
        guard query.kinds.isEmpty || query.kinds.contains(.skill) else { return [] }
        let arguments: [any PostgresBindable] = [key, SearchQuery.namedLimit]
        return try connection.query(
            """
            SELECT f.id, r.full_name, f.path, f.kind, f.name, f.description, r.stars, f.sha256,
                coalesce(f.last_commit_at, \(StoredFile.lastSeenColumn))
            FROM files f JOIN repositories r ON r.id = f.repository_id
            WHERE f.kind = 'skill' AND (f.name_key = $1 OR f.path = $1 || '/SKILL.md' OR f.path LIKE '%/' || $1 || '/SKILL.md')
                AND f.status = 'indexed' AND \(isCurrent)
            ORDER BY coalesce(f.first_commit_at, f.first_seen), coalesce(r.stars, 0) DESC, r.full_name, f.path
            LIMIT $2
            """, arguments
        ).compactMap { row in
            guard let id = row.int64(0) else { return nil }
            return SearchHit(
                id: id, key: FileKey(repository: row.string(1) ?? "", path: row.string(2) ?? ""),
                kind: FileKind(rawValue: row.string(3) ?? "") ?? .agents, name: row.string(4),
                description: row.string(5), stars: row.int(6), score: 0,
                snippet: String((row.string(5) ?? "").prefix(160)), sha256: row.string(7), changedAt: row.string(8))
        }
    }

    /// Files a search ranked by the RUM index's order reranks for a page (schema 7): four pages' worth, at least 200.
    static func rankedCandidates(for query: SearchQuery) -> Int { max(200, 4 * (query.offset + query.limit)) }

    /// How deep a page may start and still be ranked from the RUM index's order; deeper pages rank every match.
    static let rankedDepth = 500

    private static func search(
        _ connection: Connection, tsquery: String, query: SearchQuery, browsing: Bool = false,
        rankOperator: String? = nil
    ) throws -> SearchResults {
        var filter = ""
        var arguments: [any PostgresBindable] = [tsquery]
        if !query.kinds.isEmpty {
            filter = "AND f.kind = ANY($2::text[])"
            arguments.append(PostgresValue.array(query.kinds.map(\.rawValue)))
        }
        if let topic = query.topic {
            arguments.append(topic)
            filter +=
                " AND EXISTS (SELECT 1 FROM repositories rt WHERE rt.id = f.repository_id"
                + " AND rt.topics::jsonb ? $\(arguments.count))"
        }
        if let license = query.license {
            arguments.append(license)
            filter +=
                " AND EXISTS (SELECT 1 FROM repositories rl WHERE rl.id = f.repository_id AND rl.license = $\(arguments.count))"
        }
        if query.hasReviews { filter += " AND EXISTS (SELECT 1 FROM reviews v WHERE v.file_id = f.id)" }
        let match =
            browsing
            ? "$1::text = '' \(filter) AND \(isCurrent)"
            : "f.search @@ to_tsquery('english', $1) \(filter) AND \(isCurrent)"
        // The matches are counted, with their facets, up to the count limit; past it the planner's estimate of the
        // matches (the lexeme statistics of `ANALYZE`: common words are the ones it keeps) gives the total, and the
        // counted facets are scaled to it.
        let countLimit = SearchResults.exactCountLimit
        var tally = FacetTally()
        var more = false
        for row in try connection.query(
            """
            SELECT f.kind, r.license, r.topics FROM files f JOIN repositories r ON r.id = f.repository_id
            WHERE \(match) LIMIT \(countLimit + 1)
            """, arguments)
        {
            guard tally.counted < countLimit else {
                more = true
                break
            }
            tally.add(kind: row.string(0), license: row.string(1), topicsJSON: row.string(2))
        }
        var total = tally.counted
        var facets = tally.facets()
        var estimated = more
        if estimated, browsing, query.browsesKindsOnly {
            // By kind alone: counted exactly, as the home page counts; the licences and topics scaled to that count.
            let rows = try connection.query(
                "SELECT f.kind, count(*) FROM files f WHERE \(match) GROUP BY f.kind", arguments
            ).map { (kind: $0.string(0) ?? "", count: $0.int(1) ?? 0) }
            (total, facets) = tally.exactly(byKind: rows)
            estimated = false
        } else if estimated {
            let plan = try connection.queryOne("EXPLAIN (FORMAT JSON) SELECT 1 FROM files f WHERE \(match)", arguments)
            var planned = plan?.string(0).flatMap(Self.plannedRows) ?? 0
            if planned <= countLimit {
                // The statistics are stale (a registry not analysed since it grew): count exactly once.
                planned = try connection.queryOne("SELECT count(*) FROM files f WHERE \(match)", arguments)?.int(0) ?? 0
            }
            let scale = Double(max(planned, countLimit + 1)) / Double(countLimit)
            total = max(countLimit + 1, SearchResults.rounded(max(planned, countLimit + 1)))
            facets = tally.facets(scale: scale)
        }
        guard total > query.offset else {
            return SearchResults(
                hits: [], total: total, matchedAllTerms: true, facets: facets, totalIsEstimate: estimated)
        }
        let order =
            switch browsing ? SearchSort.stars : query.sort {
            // Versions and quality are ordered above the engine, among the best matches (`Store.summarizedSearch`).
            case .relevance, .versions, .quality: "weighted DESC, f.id"
            case .stars:
                "(SELECT coalesce(rs.stars, -1) FROM repositories rs WHERE rs.id = f.repository_id) DESC, weighted DESC, f.id"
            case .recent: "changed DESC, weighted DESC, f.id"
            }
        let outerOrder =
            switch browsing ? SearchSort.stars : query.sort {
            case .relevance, .versions, .quality: "page.weighted DESC, page.id"
            case .stars: "coalesce(r.stars, -1) DESC, page.weighted DESC, page.id"
            case .recent: "page.changed DESC, page.weighted DESC, page.id"
            }
        let limit = arguments.count + 1
        let snippet =
            browsing
            ? "coalesce(page.description, '')"
            : """
            ts_headline('english', page.body, to_tsquery('english', $1),
                'StartSel="", StopSel="", MaxWords=16, MinWords=6, MaxFragments=1, FragmentDelimiter=" … "')
            """
        let rank =
            browsing ? "0.0" : "ts_rank('{0.1, 0.2, 0.5, 1.0}', f.search, to_tsquery('english', $1), 1)"
        // With the RUM index (schema 7), the index returns the matches best first by its own rank, which reads no
        // row: the page is the best of the first candidates, reranked with the weights and kind multipliers. Without
        // it, or sorted otherwise, or deep in the results, every match is ranked (`ts_rank` reads each one's row).
        let candidates: String
        if let rankOperator, !browsing, query.sort == .relevance, query.offset + query.limit <= rankedDepth {
            candidates = """
                (SELECT f.id FROM files f WHERE \(match)
                    ORDER BY f.search \(rankOperator) to_tsquery('english', $1) LIMIT \(rankedCandidates(for: query)))
                    AS c JOIN files f ON f.id = c.id
                """
        } else {
            candidates = "files f WHERE \(match)"
        }
        let rows = try connection.query(
            """
            SELECT page.id, r.full_name, page.path, page.kind, page.name, page.description, r.stars, page.weighted,
                \(snippet),
                page.sha256, page.changed
            FROM (
                SELECT f.id, f.repository_id, f.path, f.kind, f.name, f.description, f.body, f.sha256,
                    coalesce(f.last_commit_at, \(StoredFile.lastSeenColumn)) AS changed,
                    \(rank)
                        * (CASE f.kind WHEN 'skill' THEN 1.5 WHEN 'skill-reference' THEN 1.0 ELSE 1.2 END) AS weighted
                FROM \(candidates)
                ORDER BY \(order) LIMIT $\(limit) OFFSET $\(limit + 1)
            ) AS page JOIN repositories r ON r.id = page.repository_id
            ORDER BY \(outerOrder)
            """, arguments + [query.limit, query.offset])
        let hits = rows.map { row in
            SearchHit(
                id: row.int64(0) ?? 0, key: FileKey(repository: row.string(1) ?? "", path: row.string(2) ?? ""),
                kind: FileKind(rawValue: row.string(3) ?? "") ?? .agents, name: row.string(4),
                description: row.string(5), stars: row.int(6), score: row.double(7) ?? 0,
                snippet: row.string(8) ?? "", sha256: row.string(9), changedAt: row.string(10))
        }
        return SearchResults(
            hits: hits, total: total, matchedAllTerms: true, facets: facets, totalIsEstimate: estimated)
    }

    /// The rows the top node of an `EXPLAIN (FORMAT JSON)` plan expects.
    static func plannedRows(_ json: String) -> Int? {
        struct Explained: Decodable {
            struct Plan: Decodable {
                var rows: Double
                enum CodingKeys: String, CodingKey { case rows = "Plan Rows" }
            }
            var plan: Plan
            enum CodingKeys: String, CodingKey { case plan = "Plan" }
        }
        guard let explained = try? JSONDecoder().decode([Explained].self, from: Data(json.utf8)),
            let rows = explained.first?.plan.rows
        else { return nil }
        return Int(rows)
    }

    public func stats() throws -> RegistryStats {
        try reading { connection in
            var stats = RegistryStats()
            stats.engine = engine
            stats.repositories = try connection.queryOne("SELECT count(*) FROM repositories")?.int(0) ?? 0
            stats.removed = try connection.queryOne("SELECT count(*) FROM removed_files")?.int(0) ?? 0
            for row in try connection.query(
                """
                SELECT status, kind, count(*), coalesce(sum(bytes), 0)::bigint, coalesce(sum(rule_count), 0)::bigint
                FROM files f WHERE \(Self.isCurrent) GROUP BY status, kind
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
                SELECT f.status, d.value ->> 'code', count(DISTINCT f.id)
                FROM files f, jsonb_array_elements(f.diagnostics::jsonb) AS d WHERE \(Self.isCurrent) GROUP BY 1, 2
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

    public func fileKeys() throws -> [(id: Int64, key: FileKey)] {
        let rows = try reading { connection in
            try connection.query(
                "SELECT f.id, r.full_name, f.path FROM files f JOIN repositories r ON r.id = f.repository_id ORDER BY f.id"
            )
        }
        return rows.map { ($0.int64(0) ?? 0, FileKey(repository: $0.string(1) ?? "", path: $0.string(2) ?? "")) }
    }
}
