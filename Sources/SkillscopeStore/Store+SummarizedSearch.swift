internal import Foundation
internal import SkillscopeCore

extension Store {
    /// Matches ordered by versions or quality come from this many best matches at most.
    ///
    /// The engines rank by words; versions and quality are in the files' summaries, not in the search index. The
    /// best matches are read (by relevance, the snippets made only for them) and ordered again, so "the SwiftUI
    /// skill with the most versions" is the most-used among the 200 files that match SwiftUI best, and a page past
    /// them keeps relevance's order.
    public static var summarizedSortDepth: Int { 200 }

    /// A search as every surface shows it: the engine's hits, each with its summary (versions, likely origin,
    /// quality) and its review count, ordered by versions or quality when asked.
    ///
    /// - Throws: what ``search(_:)`` throws.
    public func summarizedSearch(_ query: SearchQuery) throws -> SearchResults {
        let summaries = try FileSummaries.saved(in: self)
        var results: SearchResults
        if query.sort.isAboveTheEngine, query.offset < Self.summarizedSortDepth {
            var best = query
            best.sort = .relevance
            best.offset = 0
            best.limit = Self.summarizedSortDepth
            results = try search(best)
            let value: (SearchHit) -> Double = { hit in
                guard let summary = summaries?.summary(of: hit.id, sha256: hit.sha256) else { return -1 }
                return query.sort == .versions ? Double(summary.versions) : summary.quality
            }
            // Stable: equal values keep relevance's order.
            let ordered = results.hits.enumerated().sorted { left, right in
                let (a, b) = (value(left.element), value(right.element))
                return a != b ? a > b : left.offset < right.offset
            }.map(\.element)
            results.hits = Array(ordered.dropFirst(query.offset).prefix(query.limit))
        } else {
            var engine = query
            if engine.sort.isAboveTheEngine { engine.sort = .relevance }
            results = try search(engine)
        }
        for index in results.hits.indices {
            let hit = results.hits[index]
            results.hits[index].summary = summaries?.summary(of: hit.id, sha256: hit.sha256)
            results.hits[index].reviews = try reviews(ofFile: hit.id).count
        }
        return results
    }
}

extension SearchHit {
    /// What the hit's summary and reviews say, as the file page says it.
    ///
    /// "used by 12 other projects", "likely origin", "quality 0.82", "3 reviews"; empty before the registry was
    /// summarised and with no review.
    public var summaryFacts: [String] {
        var facts: [String] = []
        if let summary {
            if summary.versions > 0 {
                facts.append(
                    "used by \(Number.grouped(summary.versions)) other \(summary.versions == 1 ? "project" : "projects")"
                )
            }
            if summary.isOrigin { facts.append("likely origin") }
            facts.append(String(format: "quality %.2f", summary.quality))
        }
        if let reviews, reviews > 0 { facts.append("\(reviews) \(reviews == 1 ? "review" : "reviews")") }
        return facts
    }
}
