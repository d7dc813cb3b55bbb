internal import FoundationEssentials

/// GitHub's rate-limit headers on one response, and what they ask of the next request.
///
/// Related documentation: <https://docs.github.com/en/rest/using-the-rest-api/rate-limits-for-the-rest-api>
struct RateLimit: Sendable, Hashable {
    /// `x-ratelimit-remaining`: requests left in the window.
    var remaining: Int?
    /// `x-ratelimit-reset`: when the window resets.
    var reset: Date?
    /// `retry-after`: seconds to wait before trying again (secondary limits, 429).
    var retryAfter: Int?

    /// Reads the headers; `headers` has lower-case names.
    init(headers: [String: String]) {
        remaining = headers["x-ratelimit-remaining"].flatMap { Int($0) }
        reset = headers["x-ratelimit-reset"].flatMap { Double($0) }.map { Date(timeIntervalSince1970: $0) }
        retryAfter = headers["retry-after"].flatMap { Int($0) }
    }

    init(remaining: Int?, reset: Date?, retryAfter: Int? = nil) {
        self.remaining = remaining
        self.reset = reset
        self.retryAfter = retryAfter
    }

    /// What a response with `status` and these headers means for the request that got it.
    enum Verdict: Equatable {
        /// The answer stands (including a 403 that is no rate limit).
        case accept
        /// Limited: the same request may be sent again after this wait.
        case retry(after: Duration, until: Date)
    }

    /// A 403 or 429 is a rate limit when it says when to retry or that nothing remains.
    func verdict(status: Int, now: Date) -> Verdict {
        guard status == 403 || status == 429 else { return .accept }
        if let retryAfter {
            return .retry(after: .seconds(retryAfter), until: now.addingTimeInterval(Double(retryAfter)))
        }
        if remaining == 0, let reset {
            return .retry(after: Self.wait(until: reset, now: now), until: reset)
        }
        return status == 429 ? .retry(after: .seconds(60), until: now.addingTimeInterval(60)) : .accept
    }

    /// The wait before the next request, when this response used up the window; `nil` when requests remain.
    func pause(now: Date) -> (wait: Duration, until: Date)? {
        guard remaining == 0, let reset, reset > now else { return nil }
        return (Self.wait(until: reset, now: now), reset)
    }

    /// Until `reset` and one second more: the header has whole seconds and clocks differ a little.
    private static func wait(until reset: Date, now: Date) -> Duration {
        .milliseconds(Int64(max(0, reset.timeIntervalSince(now)) * 1000) + 1000)
    }
}
