internal import FoundationEssentials

/// The engines' shared count of a search's matches, up to ``SearchResults/exactCountLimit``: each engine reads the
/// matches its own way and adds them here, then scales the counts when it estimated the total.
public struct FacetTally {
    /// Matches added, up to the limit.
    public private(set) var counted = 0
    private var kinds: [String: Int] = [:]
    private var licenses: [String: Int] = [:]
    private var topics: [String: Int] = [:]
    private let decoder = JSONDecoder()

    public init() {}

    /// Counts an engine made itself: `counted` matches, with the matches of each kind, licence and topic.
    public init(counted: Int, kinds: [String: Int], licenses: [String: Int], topics: [String: Int]) {
        (self.counted, self.kinds, self.licenses, self.topics) = (counted, kinds, licenses, topics)
    }

    /// Adds one match: its kind, its repository's licence and its topics as a JSON array text.
    public mutating func add(kind: String?, license: String?, topicsJSON: String?) {
        counted += 1
        kinds[kind ?? "", default: 0] += 1
        if let license { licenses[license, default: 0] += 1 }
        if let topicsJSON, topicsJSON != "[]",
            let list = try? decoder.decode([String].self, from: Data(topicsJSON.utf8))
        {
            for topic in Set(list) { topics[topic, default: 0] += 1 }
        }
    }

    /// The facets, each count multiplied by `scale` and rounded as an estimate when the total was estimated;
    /// the 20 commonest topics.
    public func facets(scale: Double? = nil) -> SearchFacets {
        func shown(_ count: Int) -> Int {
            guard let scale else { return count }
            return SearchResults.rounded(Int((Double(count) * scale).rounded()))
        }
        var facets = SearchFacets(kinds: kinds.mapValues(shown), licenses: licenses.mapValues(shown))
        let commonest = topics.mapValues(shown).sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(20)
        for (topic, count) in commonest { facets.topics[topic] = count }
        return facets
    }

    /// The total and facets of a browse by kind alone, counted exactly by kind (rows of kind and count): the kinds as
    /// counted, the licences and topics of the matches looked at scaled to that total.
    public func exactly(byKind rows: [(kind: String, count: Int)]) -> (total: Int, facets: SearchFacets) {
        let kinds = Dictionary(rows, uniquingKeysWith: +)
        let total = kinds.values.reduce(0, +)
        var facets = facets(scale: Double(total) / Double(Swift.max(1, counted)))
        facets.kinds = kinds
        return (total, facets)
    }
}
