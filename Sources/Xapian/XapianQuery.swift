/// What a search looks for and how it ranks and counts.
public struct XapianQuery: Sendable {
    /// The words, read as ``XapianDocument/addWords(_:weight:)`` reads text; a word of several parts needs them all.
    public var words: [String]
    /// Every word required, or any.
    public var allWords = true
    /// Groups of filter terms: a match has a term of every group.
    public var filter: [[String]] = []
    /// When set, only these documents match (a filter for a few, without a term each).
    public var onlyIDs: [UInt32]?
    /// Weight multipliers by the value in ``factorSlot``, applied to the best ``rerankDepth`` matches (or to the
    /// page, when deeper), which are then ordered again; only when sorted by weight.
    public var factors: [String: Double] = [:]
    public var factorSlot: UInt32 = 0
    /// The multiplier of the values ``factors`` does not list.
    public var defaultFactor = 1.0
    public var rerankDepth = 100
    /// Sort by this slot's value, highest first, then by weight.
    ///
    /// `nil` sorts by weight alone. Ties go to the lower id.
    public var sortSlot: UInt32?
    public var offset = 0
    public var limit = 20
    /// Matches are counted exactly at least up to this many.
    public var checkAtLeast = 0
    /// Slots whose values are counted over the matches looked at.
    public var countedSlots: [UInt32] = []
    /// Seconds after which the matcher stops looking past ``checkAtLeast`` matches; 0 for no limit.
    public var timeLimit = 0.0
    /// BM25's k1: how fast a word's weight saturates with its count in a document (Xapian's default, 1).
    public var bm25K1 = 1.0
    /// BM25's b: how much a document's length discounts its words, 0 to 1 (Xapian's default, 0.5).
    public var bm25B = 0.5

    public init(words: [String]) { self.words = words }
}
