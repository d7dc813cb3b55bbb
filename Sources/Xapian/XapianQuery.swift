/// What a search looks for and how it ranks and counts.
public struct XapianQuery: Sendable {
    /// The words, read as ``XapianDocument/addWords(_:weight:)`` reads text; a word of several parts needs them all.
    public var words: [String]
    /// Every word required, or any.
    public var allWords = true
    /// Groups of filter terms: a match has a term of every group.
    public var filter: [[String]] = []
    /// Weight multipliers by boolean term, for terms no document has two of.
    public var factors: [(term: String, factor: Double)] = []
    /// The multiplier of documents with none of the ``factors``' terms.
    public var defaultFactor = 1.0
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

    public init(words: [String]) { self.words = words }
}
