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

    public init(
        id: Int64, fileID: Int64, fileSHA256: String, outcome: ReviewOutcome, usedFor: String, reviewer: String,
        at: String, costUSD: Double? = nil, latencyMs: Int? = nil
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

/// A token allowed to write reviews.
///
/// Only its SHA-256 is stored.
public struct TokenRecord: Sendable, Hashable {
    public var id: Int64
    public var name: String
    public var createdAt: String
    public init(id: Int64, name: String, createdAt: String) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
    }
}

/// Tokens and reviews as stored, for moving a registry (``RegistryMigration``): secrets stay hashed.
public struct ReviewRows: Sendable, Hashable {
    public struct Token: Sendable, Hashable {
        public var id: Int64
        public var name: String
        public var secretSHA256: String
        public var createdAt: String
        public init(id: Int64, name: String, secretSHA256: String, createdAt: String) {
            self.id = id
            self.name = name
            self.secretSHA256 = secretSHA256
            self.createdAt = createdAt
        }
    }
    public var tokens: [Token]
    /// Each with its token.
    public var reviews: [(review: StoredReview, tokenID: Int64)]

    public init(tokens: [Token] = [], reviews: [(review: StoredReview, tokenID: Int64)] = []) {
        self.tokens = tokens
        self.reviews = reviews
    }

    public static func == (lhs: ReviewRows, rhs: ReviewRows) -> Bool {
        lhs.tokens == rhs.tokens && lhs.reviews.map(\.review) == rhs.reviews.map(\.review)
            && lhs.reviews.map(\.tokenID) == rhs.reviews.map(\.tokenID)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(tokens)
        hasher.combine(reviews.map(\.review))
    }
}
