public import SkillscopeCore
public import SkillscopeStore
public import SkillscopeVersions

/// Everything Skillscope says of one file, assembled once (``Reporter``): the file, its rules with their ratings
/// and evidence, its checks and quality, its versions in three bands, adoption and origin, the other files of its
/// repository, and its reviews.
///
/// Every surface (the CLI, the web pages, `/api/v1`, the MCP tools) formats this value and assembles none of
/// its own. A text that is not stored gets the same report, with no id, repository or reviews.
public struct FileReport: Sendable, Encodable {
    /// What the file is and where it comes from.
    public struct File: Sendable, Encodable {
        public var id: Int64?
        public var repository: String?
        public var path: String
        public var kind: FileKind
        /// `indexed`, `rejected` (not split into rules), or `removed` (gone from its repository).
        public var status: String
        public var name: String?
        public var title: String?
        public var description: String?
        public var stars: Int?
        public var license: String?
        public var topics: [String]
        public var commit: String?
        public var firstCommitAt: String?
        public var lastCommitAt: String?
        public var firstSeen: String?
        public var lastSeen: String?
        public var removedAt: String?
        public var sha256: String?
        public var blobSHA: String?
        public var bytes: Int
        public var lines: Int
        public var ruleCount: Int
        /// The file on GitHub, at its commit where known.
        public var url: String?
        /// The front matter, mappings as objects, sequences as arrays and scalars as strings.
        public var frontMatter: PlainJSON?
        /// Set by the MCP server for a skill: the `skill://` URI it serves the file under.
        public var skillURI: String?
        /// The text, when asked for.
        public var text: String?

        init(
            id: Int64? = nil, repository: String? = nil, path: String, kind: FileKind, status: String,
            name: String? = nil, title: String? = nil, description: String? = nil, stars: Int? = nil,
            license: String? = nil, topics: [String], commit: String? = nil, firstCommitAt: String? = nil,
            lastCommitAt: String? = nil, firstSeen: String? = nil, lastSeen: String? = nil, removedAt: String? = nil,
            sha256: String? = nil, blobSHA: String? = nil, bytes: Int, lines: Int, ruleCount: Int, url: String? = nil,
            frontMatter: PlainJSON? = nil, text: String? = nil
        ) {
            self.id = id
            self.repository = repository
            self.path = path
            self.kind = kind
            self.status = status
            self.name = name
            self.title = title
            self.description = description
            self.stars = stars
            self.license = license
            self.topics = topics
            self.commit = commit
            self.firstCommitAt = firstCommitAt
            self.lastCommitAt = lastCommitAt
            self.firstSeen = firstSeen
            self.lastSeen = lastSeen
            self.removedAt = removedAt
            self.sha256 = sha256
            self.blobSHA = blobSHA
            self.bytes = bytes
            self.lines = lines
            self.ruleCount = ruleCount
            self.url = url
            self.frontMatter = frontMatter
            self.text = text
        }
    }

    /// A rule, where it stands, and how it was rated.
    public struct RatedRuleEntry: Sendable, Encodable {
        public var position: Int
        public var line: Int
        public var endLine: Int
        public var text: String
        public var section: [String]
        public var source: String
        public var examples: [ExampleView]
        /// Nil past ``Reporter/maximumRatedRules``: listed, not rated (the evidence says so).
        public var rating: RuleRating?
        /// True for ≈ common: estimated from the registry where the file has too few edited versions.
        public var isEstimate: Bool
        public var evidence: String
        public var namedThings: [RatedRule.CountedThing]
    }

    /// The rating summary: the counts per rating and the seed page's sentence.
    public struct Ratings: Sendable, Encodable {
        public struct Counts: Sendable, Encodable, Equatable {
            public var common: Int
            public var distinctive: Int
            public var verySpecific: Int
        }
        /// "11 rules: 0 common, 6 distinctive, 5 very specific".
        public var summary: String
        /// The seed page's sentence: how many rules, and how many of each rating.
        public var sentence: String
        public var counts: Counts
        /// Rules past ``Reporter/maximumRatedRules``, listed and not rated.
        public var notRated: Int
        /// The edited versions the "common" measure read (0: estimated from the registry).
        public var editedVersions: Int
        public var registryFiles: Int
        /// The embedder the registry's rules were grouped with, if they were.
        public var embedder: String?
        /// The files most like this one that ≈ common was estimated against (nil: none was estimated).
        public var peers: Int?
        /// Whether the kinds were grouped by meaning (a model's embedder) or by words alone (the lexical one).
        public var kindsByMeaning: Bool { embedder.map { !$0.hasPrefix("lexical-") } ?? false }
    }

    /// Spec findings, the parser's diagnostics, the security scan and the quality score with its rationale.
    public struct Checks: Sendable, Encodable {
        public var diagnostics: [FileDiagnostic]
        public var findings: [Finding]
        public var security: SecurityReport
        public var quality: QualityScore
        public var rationale: String
        public var errors: Int { findings.filter { $0.severity == .error }.count }
        public var warnings: Int { findings.count - errors }
    }

    /// What people and agents said of the file: the counts are of its current version (a new version starts its
    /// own), with the previous version's beside them.
    public struct Reviews: Sendable, Encodable {
        public var count: Int
        public var worked: Int
        public var partly: Int
        public var failed: Int
        /// Worked, with a partial success counting half.
        public var successRate: Double?
        public var costUSDAverage: Double?
        public var latencyP50Ms: Int?
        /// This version's counts, people's and agents' apart.
        public var thisVersion: VersionTally
        /// The counts of the version reviewed before this one, when there is one.
        public var previous: VersionTally?
        /// The newest reviews of every version, at most ``Reporter/recentReviews``.
        public var recent: [StoredReview]

        /// Counts of one outcome each.
        public struct Tally: Sendable, Encodable, Equatable {
            public var count = 0
            public var worked = 0
            public var partly = 0
            public var failed = 0
            /// The share that said it worked; `nil` with none.
            public var shareWorked: Double? { count == 0 ? nil : Double(worked) / Double(count) }

            public init() {}

            mutating func add(_ outcome: ReviewOutcome) {
                count += 1
                switch outcome {
                case .worked: worked += 1
                case .partly: partly += 1
                case .failed: failed += 1
                }
            }

            enum CodingKeys: String, CodingKey { case count, worked, partly, failed, shareWorked }
            public func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(count, forKey: .count)
                try container.encode(worked, forKey: .worked)
                try container.encode(partly, forKey: .partly)
                try container.encode(failed, forKey: .failed)
                try container.encode(shareWorked, forKey: .shareWorked)
            }
        }

        /// One version's counts.
        public struct VersionTally: Sendable, Encodable, Equatable {
            /// The version: the file's sha256 when it was reviewed.
            public var sha256: String
            public var people = Tally()
            public var agents = Tally()
            public var all = Tally()

            public init(sha256: String) { self.sha256 = sha256 }

            mutating func add(_ review: StoredReview) {
                all.add(review.outcome)
                if review.byAgent { agents.add(review.outcome) } else { people.add(review.outcome) }
            }
        }

        /// The counts of `reviews` (newest first, every version) for a file whose current version is `sha256`.
        public init(reviews: [StoredReview], currentSHA256 sha256: String, recent: Int) {
            var current = VersionTally(sha256: sha256)
            var costs: [Double] = []
            var latencies: [Int] = []
            for review in reviews where review.fileSHA256 == sha256 {
                current.add(review)
                if let cost = review.costUSD { costs.append(cost) }
                if let latency = review.latencyMs { latencies.append(latency) }
            }
            // The previous version is the other one reviewed most recently.
            var previous: VersionTally?
            if let last = reviews.first(where: { $0.fileSHA256 != sha256 })?.fileSHA256 {
                var tally = VersionTally(sha256: last)
                for review in reviews where review.fileSHA256 == last { tally.add(review) }
                previous = tally
            }
            latencies.sort()
            count = current.all.count
            worked = current.all.worked
            partly = current.all.partly
            failed = current.all.failed
            successRate = count == 0 ? nil : (Double(worked) + 0.5 * Double(partly)) / Double(count)
            costUSDAverage = costs.isEmpty ? nil : costs.reduce(0, +) / Double(costs.count)
            latencyP50Ms = latencies.isEmpty ? nil : latencies[(latencies.count - 1) / 2]
            thisVersion = current
            self.previous = previous
            self.recent = Array(reviews.prefix(recent))
        }
    }

    public var file: File
    public var rules: [RatedRuleEntry]
    public var ratings: Ratings
    public var checks: Checks
    /// Nil for a file that was rejected, or when versions were not asked for.
    public var versions: VersionReport?
    /// Nil for a text that is not stored.
    public var reviews: Reviews?

    /// Which of the rules an answer holds, when it holds only some (``window(offset:limit:)``).
    public var rulesShown: RuleWindow?
    /// The stored file the report is of (nil for a text not stored).
    public var stored: StoredFile?

    enum CodingKeys: String, CodingKey {
        case file, rules, rulesShown, ratings, checks, versions, reviews
    }

    /// A slice of the rules: where it starts, how many it holds, and how many there are.
    public struct RuleWindow: Sendable, Encodable, Equatable {
        public var offset: Int
        public var count: Int
        public var total: Int

        public init(offset: Int, count: Int, total: Int) {
            self.offset = offset
            self.count = count
            self.total = total
        }
    }

    /// The report with only `limit` of its rules from `offset` on (the counts and everything else whole): an
    /// answer of bounded size however many rules the file has.
    public func window(offset: Int, limit: Int) -> FileReport {
        guard offset > 0 || rules.count > limit else { return self }
        var cut = self
        let start = min(max(0, offset), rules.count)
        let end = min(rules.count, start + max(0, limit))
        cut.rules = Array(rules[start..<end])
        cut.rulesShown = RuleWindow(offset: start, count: end - start, total: rules.count)
        return cut
    }
}
