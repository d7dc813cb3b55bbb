internal import Foundation

/// Whether a file worked for the one who used it: the file page's "Does it work?".
public enum ReviewOutcome: String, Sendable, Hashable, Codable, CaseIterable {
    case worked
    case partly
    case failed
}

/// A review to write: one per token per file version (the file's sha256); a second replaces the first.
public struct ReviewRecord: Sendable, Hashable {
    public var fileID: Int64
    /// The version reviewed: the file's sha256 when the review was written.
    public var fileSHA256: String
    public var tokenID: Int64
    public var outcome: ReviewOutcome
    /// What it was used for, in the reviewer's words (at most 500 characters).
    public var usedFor: String
    /// Who reviewed: a person, or an agent naming itself ("claude-code").
    public var reviewer: String
    /// ISO 8601, UTC.
    public var at: String
    /// What using the file cost, in US dollars, when the reviewer (an agent) says.
    public var costUSD: Double?
    /// How long the task took, in milliseconds, when the reviewer says.
    public var latencyMs: Int?

    public init(
        fileID: Int64, fileSHA256: String, tokenID: Int64, outcome: ReviewOutcome, usedFor: String, reviewer: String,
        at: String, costUSD: Double? = nil, latencyMs: Int? = nil
    ) {
        self.fileID = fileID
        self.fileSHA256 = fileSHA256
        self.tokenID = tokenID
        self.outcome = outcome
        self.usedFor = usedFor
        self.reviewer = reviewer
        self.at = at
        self.costUSD = costUSD
        self.latencyMs = latencyMs
    }
}

extension ReviewRecord {
    /// The ISO 8601 time a minute before `time` (same format), for the rate window.
    public static func minuteBefore(_ time: String) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let plain = ISO8601DateFormatter()
        guard let date = formatter.date(from: time) ?? plain.date(from: time) else { return time }
        return formatter.string(from: date.addingTimeInterval(-60))
    }
}

/// A stored review.
public struct StoredReview: Sendable, Hashable, Codable {
    public var id: Int64
    public var fileID: Int64
    public var fileSHA256: String
    public var outcome: ReviewOutcome
    public var usedFor: String
    public var reviewer: String
    public var at: String
    public var costUSD: Double?
    public var latencyMs: Int?
    /// The GitHub login of the person who wrote it, or whose agent did; `nil` for an operator's token.
    public var accountLogin: String?
    /// Whether an agent wrote it with a token its person made (or an operator's token: agents too).
    public var byAgent: Bool
    /// The token it was written with (not shown: it says whose review it is to the page that edits it).
    public var tokenID: Int64?
    /// Moderation, for operators and for moving a registry (not shown): when it was hidden and by what
    /// (`reports` or `operator`), and when an operator showed it again (reports no longer hide it after).
    public var hiddenAt: String?
    public var hiddenBy: String?
    public var keptAt: String?

    public init(
        id: Int64, fileID: Int64, fileSHA256: String, outcome: ReviewOutcome, usedFor: String, reviewer: String,
        at: String, costUSD: Double? = nil, latencyMs: Int? = nil, accountLogin: String? = nil, byAgent: Bool = true,
        tokenID: Int64? = nil
    ) {
        self.id = id
        self.fileID = fileID
        self.fileSHA256 = fileSHA256
        self.outcome = outcome
        self.usedFor = usedFor
        self.reviewer = reviewer
        self.at = at
        self.costUSD = costUSD
        self.latencyMs = latencyMs
        self.accountLogin = accountLogin
        self.byAgent = byAgent
        self.tokenID = tokenID
    }

    enum CodingKeys: String, CodingKey {
        case id, fileID, fileSHA256, outcome, usedFor, reviewer, at, costUSD, latencyMs, accountLogin, byAgent
    }

    /// Who wrote it, as the pages say it: "@login", "an agent of @login", or the operator's token's reviewer.
    public var attribution: String {
        guard let accountLogin else { return reviewer }
        return byAgent ? "\(reviewer), an agent of @\(accountLogin)" : "@\(accountLogin)"
    }
}

/// What reporting a review did.
public enum ReviewReport: Sendable, Hashable {
    /// Counted; this many distinct reporters so far.
    case reported(Int)
    /// Counted, and the review is now hidden until an operator looks.
    case hidden
    /// This reporter had reported it before; nothing changed.
    case alreadyReported
    /// No such review (or it is hidden already).
    case notFound
}

/// A review as an operator sees it: with its reports and whether it is hidden.
public struct ModeratedReview: Sendable, Hashable {
    public var review: StoredReview
    public var reports: Int
    public init(review: StoredReview, reports: Int) {
        self.review = review
        self.reports = reports
    }
}

/// What writing a review did.
public enum ReviewWrite: Sendable, Hashable {
    case created(Int64)
    /// The token had reviewed this file version before; that review was replaced.
    case replaced(Int64)
    /// The token wrote its limit of reviews in the last minute; nothing was written.
    case rateLimited
}

/// Reviews of a file (all its versions), counted.
public struct ReviewSummary: Sendable, Hashable, Codable {
    public var count: Int
    public var worked: Int
    public var partly: Int
    public var failed: Int
    /// The mean cost of the reviews that gave one; `nil` when none did.
    public var costUSDAverage: Double?
    /// The median latency of the reviews that gave one; `nil` when none did.
    public var latencyP50Ms: Int?

    public init(
        count: Int = 0, worked: Int = 0, partly: Int = 0, failed: Int = 0, costUSDAverage: Double? = nil,
        latencyP50Ms: Int? = nil
    ) {
        self.count = count
        self.worked = worked
        self.partly = partly
        self.failed = failed
        self.costUSDAverage = costUSDAverage
        self.latencyP50Ms = latencyP50Ms
    }

    /// The share that worked, a partial success counting half; `nil` with no reviews.
    public var successRate: Double? {
        count == 0 ? nil : (Double(worked) + 0.5 * Double(partly)) / Double(count)
    }
}

/// Who holds a token.
public enum TokenKind: String, Sendable, Hashable, Codable {
    /// Made on the server with `skillscope token create`.
    case `operator`
    /// A signed-in person's own, for the reviews they write on the page; its secret is never known.
    case person
    /// Made by a signed-in person for their agent, on the page.
    case agent
}

/// A token allowed to write reviews.
///
/// Only its SHA-256 is stored.
public struct TokenRecord: Sendable, Hashable {
    public var id: Int64
    public var name: String
    public var createdAt: String
    public var kind: TokenKind
    /// The account that made it (a person's and their agents' tokens).
    public var accountID: Int64?
    public var accountLogin: String?
    public init(
        id: Int64, name: String, createdAt: String, kind: TokenKind = .operator, accountID: Int64? = nil,
        accountLogin: String? = nil
    ) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
        self.kind = kind
        self.accountID = accountID
        self.accountLogin = accountLogin
    }

    /// The name as its holder gave it: an agent token's stored name carries its account (`agent:ID:name`),
    /// since names are unique across the registry.
    public var displayName: String {
        guard kind == .agent, let accountID, name.hasPrefix("agent:\(accountID):") else { return name }
        return String(name.dropFirst("agent:\(accountID):".count))
    }

    /// The stored name of a person's agent token.
    public static func agentTokenName(accountID: Int64, name: String) -> String { "agent:\(accountID):\(name)" }

    /// The stored name and secret of an account's person token: no secret hashes to it (a SHA-256 is hex).
    public static func personToken(accountID: Int64) -> String { "person:\(accountID)" }

    /// The columns both engines select for a token from `tokens t LEFT JOIN accounts a`, in the order
    /// ``init(reading:)`` reads them.
    public static let selectedColumns = "t.id, t.name, t.created_at, t.kind, t.account_id, a.login"
    public static let joinedTables = "tokens t LEFT JOIN accounts a ON a.id = t.account_id"

    /// Decodes a row of ``selectedColumns``.
    public init(reading row: some ColumnReading) {
        self.init(
            id: row.int64(0) ?? 0, name: row.string(1) ?? "", createdAt: row.string(2) ?? "",
            kind: TokenKind(rawValue: row.string(3) ?? "") ?? .operator, accountID: row.int64(4),
            accountLogin: row.string(5))
    }
}

/// A person signed in with GitHub: their login, and nothing else of the GitHub account.
public struct AccountRecord: Sendable, Hashable, Codable {
    public var id: Int64
    /// As GitHub spells it; two logins that differ only in case are one account.
    public var login: String
    public var createdAt: String
    /// The token the reviews they write on the page are written with (``TokenKind/person``).
    public var personTokenID: Int64
    public init(id: Int64, login: String, createdAt: String, personTokenID: Int64) {
        self.id = id
        self.login = login
        self.createdAt = createdAt
        self.personTokenID = personTokenID
    }

    /// The columns both engines select for an account from `accounts a JOIN tokens p` (its person token).
    public static let selectedColumns = "a.id, a.login, a.created_at, p.id"
    public static let joinedTables = "accounts a JOIN tokens p ON p.account_id = a.id AND p.kind = 'person'"

    /// Decodes a row of ``selectedColumns``.
    public init(reading row: some ColumnReading) {
        self.init(
            id: row.int64(0) ?? 0, login: row.string(1) ?? "", createdAt: row.string(2) ?? "",
            personTokenID: row.int64(3) ?? 0)
    }
}

/// Tokens and reviews as stored, for moving a registry (``RegistryMigration``): secrets stay hashed.
public struct ReviewRows: Sendable, Hashable {
    public struct Token: Sendable, Hashable {
        public var id: Int64
        public var name: String
        public var secretSHA256: String
        public var createdAt: String
        public var kind: TokenKind
        public var accountID: Int64?
        public var revokedAt: String?
        public init(
            id: Int64, name: String, secretSHA256: String, createdAt: String, kind: TokenKind = .operator,
            accountID: Int64? = nil, revokedAt: String? = nil
        ) {
            self.id = id
            self.name = name
            self.secretSHA256 = secretSHA256
            self.createdAt = createdAt
            self.kind = kind
            self.accountID = accountID
            self.revokedAt = revokedAt
        }

        /// The columns both engines select for an exported token, in the order ``init(reading:)`` reads them.
        public static let selectedColumns = "id, name, secret_sha256, created_at, kind, account_id, revoked_at"

        public init(reading row: some ColumnReading) {
            self.init(
                id: row.int64(0) ?? 0, name: row.string(1) ?? "", secretSHA256: row.string(2) ?? "",
                createdAt: row.string(3) ?? "", kind: TokenKind(rawValue: row.string(4) ?? "") ?? .operator,
                accountID: row.int64(5), revokedAt: row.string(6))
        }
    }
    public struct Account: Sendable, Hashable {
        public var id: Int64
        public var login: String
        public var createdAt: String
        public init(id: Int64, login: String, createdAt: String) {
            self.id = id
            self.login = login
            self.createdAt = createdAt
        }
    }
    /// Accounts move with their tokens; sessions do not (people sign in again).
    public var accounts: [Account] = []
    /// A report of a review: who, and when.
    public struct Report: Sendable, Hashable {
        public var reviewID: Int64
        public var reporter: String
        public var at: String
        public init(reviewID: Int64, reporter: String, at: String) {
            self.reviewID = reviewID
            self.reporter = reporter
            self.at = at
        }
    }
    /// Who reported which review, and when.
    public var reports: [Report] = []
    public var tokens: [Token]
    /// Each with its token.
    public var reviews: [(review: StoredReview, tokenID: Int64)]

    public init(tokens: [Token] = [], reviews: [(review: StoredReview, tokenID: Int64)] = []) {
        self.tokens = tokens
        self.reviews = reviews
    }

    public static func == (lhs: ReviewRows, rhs: ReviewRows) -> Bool {
        lhs.accounts == rhs.accounts && lhs.tokens == rhs.tokens
            && lhs.reviews.map(\.review) == rhs.reviews.map(\.review)
            && lhs.reviews.map(\.tokenID) == rhs.reviews.map(\.tokenID)
            && lhs.reports == rhs.reports
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(tokens)
        hasher.combine(reviews.map(\.review))
    }
}
