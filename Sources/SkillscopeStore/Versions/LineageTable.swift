public import SkillscopeCore

/// What the version measures need of every current indexed file, held in memory in flat arrays: the phrase sets
/// (a ``SkillscopeCore/PhraseTable``) and their inversion (a ``SkillscopeCore/PhraseIndex``), word counts and
/// sequence hashes, what ranks a version (its repository, that repository's stars and name, its first-seen time)
/// and what a listed version shows (path, kind, name).
///
/// A store loads it once per files generation, like the passage index, so a query measures its candidates without
/// reading a row per candidate. Strings are kept as ranks (their position in sorted order), which compare as the
/// strings do.
public struct LineageTable: Sendable {
    /// File ids, ascending; a file's row is its position here.
    public private(set) var ids: [Int64] = []
    public private(set) var phrases = PhraseTable()
    /// The phrases inverted: which rows hold each.
    public private(set) var phraseIndex = PhraseIndex()
    public private(set) var wordCounts: [UInt32] = []
    public private(set) var sequenceHashes: [UInt64] = []
    /// Each row's repository, an index into ``repositoryNames``.
    public private(set) var repositories: [Int32] = []
    /// Each row's first-seen time as a rank: rows compare by it as their first-seen strings do.
    public private(set) var firstSeenRanks: [Int32] = []
    public private(set) var firstSeen: [String] = []
    public private(set) var paths: [String] = []
    public private(set) var kinds: [FileKind] = []
    public private(set) var names: [String?] = []
    public private(set) var repositoryNames: [String] = []
    public private(set) var repositoryStars: [Int] = []
    /// Each repository's name as a rank.
    public private(set) var repositoryNameRanks: [Int32] = []
    private var rowByID: [Int32] = []
    private var repositoryByName: [String: Int32] = [:]

    public init() {}

    /// A table of parts read back (``mapped(path:tag:)``): the id map and the repositories by name made again.
    init(
        ids: [Int64], phrases: PhraseTable, phraseIndex: PhraseIndex, wordCounts: [UInt32], sequenceHashes: [UInt64],
        repositories: [Int32], firstSeenRanks: [Int32], firstSeen: [String], paths: [String], kinds: [FileKind],
        names: [String?], repositoryNames: [String], repositoryStars: [Int], repositoryNameRanks: [Int32]
    ) {
        self.ids = ids
        self.phrases = phrases
        self.phraseIndex = phraseIndex
        self.wordCounts = wordCounts
        self.sequenceHashes = sequenceHashes
        self.repositories = repositories
        self.firstSeenRanks = firstSeenRanks
        self.firstSeen = firstSeen
        self.paths = paths
        self.kinds = kinds
        self.names = names
        self.repositoryNames = repositoryNames
        self.repositoryStars = repositoryStars
        self.repositoryNameRanks = repositoryNameRanks
        var rowByID = [Int32](repeating: -1, count: Int(ids.last ?? -1) + 1)
        for (row, id) in ids.enumerated() { rowByID[Int(id)] = Int32(row) }
        self.rowByID = rowByID
        repositoryByName = Dictionary(
            repositoryNames.enumerated().map { ($1, Int32($0)) }, uniquingKeysWith: { first, _ in first })
    }

    /// Whether the phrases and their index are read in place from a mapped file.
    public var isMapped: Bool { phrases.low.isMapped && phraseIndex.postings.isMapped }

    /// A table of `records` alone (in ascending id order, as ``Store/lineageRecords(_:)`` gives them): what a query
    /// that asks once measures its candidates on, instead of the whole registry's table.
    public init(records: [LineageRecord]) {
        var builder = Builder(reservingPhrases: records.reduce(0) { $0 + $1.phrases.count }, rows: records.count)
        for record in records {
            builder.append(
                Row(
                    id: record.id, repository: record.key.repository, path: record.key.path, kind: record.kind,
                    name: record.name, stars: record.stars, firstSeen: record.firstSeen, wordCount: record.wordCount,
                    sequenceHash: record.sequenceHash, phrases: record.phrases))
        }
        self = builder.build()
    }

    /// Rows in the table.
    public var count: Int { ids.count }

    /// The row of file `id`, or `nil` when it is not a current indexed file.
    @inline(__always) public func row(of id: Int64) -> Int? {
        guard id >= 0, id < rowByID.count else { return nil }
        let row = rowByID[Int(id)]
        return row < 0 ? nil : Int(row)
    }

    /// What the store's ``LineageRecord`` says of `row`, without its phrases (they stay in ``phrases``).
    public func record(_ row: Int) -> LineageRecord {
        let repository = Int(repositories[row])
        return LineageRecord(
            id: ids[row], key: FileKey(repository: repositoryNames[repository], path: paths[row]), kind: kinds[row],
            name: names[row], firstSeen: firstSeen[row], stars: repositoryStars[repository],
            sequenceHash: sequenceHashes[row], wordCount: Int(wordCounts[row]), phrases: [])
    }

    /// The repository named `name`, or `nil`.
    public func repository(named name: String) -> Int32? { repositoryByName[name] }

    /// One file, as a store reads it.
    public struct Row {
        public var id: Int64
        public var repository: String
        public var path: String
        public var kind: FileKind
        public var name: String?
        public var stars: Int
        public var firstSeen: String
        public var wordCount: Int
        public var sequenceHash: UInt64
        public var phrases: [UInt64]

        public init(
            id: Int64, repository: String, path: String, kind: FileKind, name: String?, stars: Int, firstSeen: String,
            wordCount: Int, sequenceHash: UInt64, phrases: [UInt64]
        ) {
            self.id = id
            self.repository = repository
            self.path = path
            self.kind = kind
            self.name = name
            self.stars = stars
            self.firstSeen = firstSeen
            self.wordCount = wordCount
            self.sequenceHash = sequenceHash
            self.phrases = phrases
        }
    }

    /// Builds a table from rows handed over in ascending id order.
    public struct Builder {
        private var table: LineageTable

        /// A builder with room for `phrases` phrases in `rows` rows (both may be estimates).
        public init(reservingPhrases phrases: Int = 0, rows: Int = 0) {
            table = LineageTable()
            table.phrases = PhraseTable(reservingPhrases: phrases, rows: rows)
            table.ids.reserveCapacity(rows)
            table.firstSeen.reserveCapacity(rows)
        }

        /// Appends one file; ids must ascend.
        public mutating func append(_ row: Row) {
            precondition(table.ids.last.map { $0 < row.id } ?? true, "lineage rows must come in ascending id order")
            let repository: Int32
            if let known = table.repositoryByName[row.repository] {
                repository = known
            } else {
                repository = Int32(table.repositoryNames.count)
                table.repositoryByName[row.repository] = repository
                table.repositoryNames.append(row.repository)
                table.repositoryStars.append(row.stars)
            }
            table.ids.append(row.id)
            table.phrases.append(row.phrases)
            table.wordCounts.append(UInt32(clamping: row.wordCount))
            table.sequenceHashes.append(row.sequenceHash)
            table.repositories.append(repository)
            table.firstSeen.append(row.firstSeen)
            table.paths.append(row.path)
            table.kinds.append(row.kind)
            table.names.append(row.name)
        }

        /// The table, with its ranks and id map.
        public consuming func build() -> LineageTable {
            table.firstSeenRanks = Self.ranks(table.firstSeen)
            table.repositoryNameRanks = Self.ranks(table.repositoryNames)
            var rowByID = [Int32](repeating: -1, count: Int(table.ids.last ?? -1) + 1)
            for (row, id) in table.ids.enumerated() { rowByID[Int(id)] = Int32(row) }
            table.rowByID = rowByID
            table.phraseIndex = PhraseIndex(table.phrases)
            return table
        }

        /// Each string's position among the distinct strings in sorted order.
        private static func ranks(_ strings: [String]) -> [Int32] {
            let order = strings.indices.sorted { strings[$0] < strings[$1] }
            var ranks = [Int32](repeating: 0, count: strings.count)
            var rank: Int32 = -1
            var previous: String?
            for index in order {
                if previous != strings[index] {
                    rank += 1
                    previous = strings[index]
                }
                ranks[index] = rank
            }
            return ranks
        }
    }
}
