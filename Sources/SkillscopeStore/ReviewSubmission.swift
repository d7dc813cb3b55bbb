public import Foundation
internal import Hashing

/// Writing a review with a token's secret: the checks the JSON API, the file page's form and MCP's
/// `registry_write` share, so each only maps the errors to its own surface.
public struct ReviewSubmission: Sendable {
    /// Reviews one token may write per minute; the next is refused.
    public static let perMinute = 60
    /// Reviews a signed-in person may write from the page per minute.
    public static let personPerMinute = 10
    /// The longest `usedFor` kept.
    public static let maxUsedFor = 500

    /// Why a review was refused.
    public struct Refusal: Error, Sendable {
        public struct Code: Hashable, Sendable, CustomStringConvertible {
            private let base: String
            private init(_ base: String) { self.base = base }
            /// No token was given, or it is not known (HTTP 401).
            public static let unauthorized = Code("unauthorized")
            /// A field is missing or out of range (HTTP 400).
            public static let invalid = Code("invalid")
            /// No such file (HTTP 404).
            public static let notFound = Code("not_found")
            /// The token wrote ``ReviewSubmission/perMinute`` reviews in the last minute (HTTP 429).
            public static let rateLimited = Code("rate_limited")
            public var description: String { base }
        }
        public var code: Code
        public var message: String
        init(_ code: Code, _ message: String) {
            self.code = code
            self.message = message
        }
    }

    /// What was written.
    public struct Written: Sendable {
        public var reviewID: Int64
        /// Whether it replaced the token's earlier review of this file version.
        public var replaced: Bool
        public var file: StoredFile
    }

    public let store: any Store

    public init(store: any Store) {
        self.store = store
    }

    /// The token whose secret this is.
    ///
    /// - Throws: ``Refusal`` `.unauthorized` when there is none or it is unknown; store errors as they come.
    public func authorize(secret: String?) throws -> TokenRecord {
        guard let secret, !secret.isEmpty else {
            throw Refusal(.unauthorized, "writing a review needs a token: skillscope token create --name …")
        }
        guard let token = try store.token(secretSHA256: SHA256.hex(of: Array(secret.utf8))) else {
            throw Refusal(.unauthorized, "this token is not known to the registry")
        }
        return token
    }

    /// Checks the fields and writes the review of the file's current version.
    ///
    /// - Parameters:
    ///   - outcome: `worked`, `partly`, or `failed` (`didnt` and `didn't` mean failed too).
    ///   - reviewer: who reviewed; the token's name when `nil`.
    /// - Throws: ``Refusal`` for a bad field, an unknown file or the rate limit; store errors as they come.
    public func submit(
        fileID: Int64, token: TokenRecord, outcome: String?, usedFor: String?, reviewer: String?,
        costUSD: Double? = nil, latencyMs: Int? = nil
    ) throws -> Written {
        guard let file = try store.file(.id(fileID)) else { throw Refusal(.notFound, "no file \(fileID)") }
        guard let outcome = outcome.flatMap(Self.outcome) else {
            throw Refusal(.invalid, "outcome must be worked, partly or failed (didnt is read as failed)")
        }
        let usedFor = (usedFor ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !usedFor.isEmpty else {
            throw Refusal(.invalid, "usedFor is required: say what you used the file for")
        }
        guard usedFor.count <= Self.maxUsedFor else {
            throw Refusal(.invalid, "usedFor is over \(Self.maxUsedFor) characters")
        }
        if let costUSD, !(costUSD >= 0 && costUSD < 1_000_000) {
            throw Refusal(.invalid, "costUSD must be 0 or more")
        }
        if let latencyMs, latencyMs < 0 { throw Refusal(.invalid, "latencyMs must be 0 or more") }
        let reviewer = String((reviewer.flatMap { $0.isEmpty ? nil : $0 } ?? token.displayName).prefix(100))
        let review = ReviewRecord(
            fileID: fileID, fileSHA256: file.sha256, tokenID: token.id, outcome: outcome, usedFor: usedFor,
            reviewer: reviewer, at: Self.now(), costUSD: costUSD, latencyMs: latencyMs)
        let limit = token.kind == .person ? Self.personPerMinute : Self.perMinute
        switch try store.writeReview(review, perMinute: limit) {
        case .created(let id): return Written(reviewID: id, replaced: false, file: file)
        case .replaced(let id): return Written(reviewID: id, replaced: true, file: file)
        case .rateLimited:
            throw Refusal(
                .rateLimited,
                token.kind == .person
                    ? "you wrote \(limit) reviews in the last minute: wait a minute and send it again"
                    : "this token wrote \(limit) reviews in the last minute")
        }
    }

    static func outcome(_ text: String) -> ReviewOutcome? {
        switch text.lowercased() {
        case "didnt", "didn't", "did not": .failed
        default: ReviewOutcome(rawValue: text.lowercased())
        }
    }

    /// Now in ISO 8601 with milliseconds, the form the rate window compares.
    public static func now() -> String { timestamp(Date()) }

    /// `date` in ISO 8601 with milliseconds, UTC: how the registry writes review, session and token times.
    public static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}
