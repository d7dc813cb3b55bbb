public import FoundationEssentials

/// An error from GitHub's REST API that stops a request for good (after waits and retries).
public struct GitHubError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, for code to switch on.
    ///
    /// New codes can be added without breaking callers.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: Hashable, Sendable { case rateLimited, server, unreachable, badResponse }
        private let base: Base
        private init(_ base: Base) { self.base = base }
        /// The rate limit is used up for longer than the crawl may wait; ``GitHubError/resetsAt`` says when
        /// it comes back.
        public static let rateLimited = Code(.rateLimited)
        /// GitHub kept answering 5xx through every retry.
        public static let server = Code(.server)
        /// The API could not be reached (connection refused, DNS, timeout) through every retry.
        public static let unreachable = Code(.unreachable)
        /// An answer that is not the JSON GitHub documents.
        public static let badResponse = Code(.badResponse)
        public var description: String { "\(base)" }
    }

    public var code: Code
    /// One sentence, safe to show: never the token.
    public var message: String
    /// When the rate limit resets, for ``Code/rateLimited``.
    public var resetsAt: Date?

    public init(_ code: Code, _ message: String, resetsAt: Date? = nil) {
        self.code = code
        self.message = message
        self.resetsAt = resetsAt
    }

    public var description: String { message }

    /// The rate limit is used up until `reset`.
    static func rateLimited(until reset: Date, now: Date, token: Bool) -> GitHubError {
        let minutes = Int((reset.timeIntervalSince(now) / 60).rounded(.up))
        let hint = token ? "" : ", or set GITHUB_TOKEN for a higher limit"
        return GitHubError(
            .rateLimited,
            "GitHub's rate limit is used up; it resets at \(reset.formatted(.iso8601)) (in \(minutes) min). "
                + "Run again then\(hint); what was fetched is kept in the cache", resetsAt: reset)
    }
}
