public import Foundation
internal import Synchronization

#if canImport(FoundationNetworking)
    internal import FoundationNetworking
#endif

/// GitHub's REST API over `URLSession`: conditional GETs, rate limits respected, 5xx retried with back-off.
///
/// Every request carries the token as a bearer token when there is one. A response that says the rate
/// limit is used up (403 or 429 with `retry-after`, or `x-ratelimit-remaining: 0`) is waited out and sent
/// again when the wait is within ``Configuration/maxRateLimitWait``; otherwise the request throws
/// ``GitHubError/Code/rateLimited`` naming when the limit resets. The same holds before a request when
/// the last response left nothing: the client waits, or stops without sending. Redirects (a renamed
/// repository's 301) are followed by `URLSession`.
public final class GitHubClient: Sendable {
    /// Where the client sends requests and how patiently.
    public struct Configuration: Sendable {
        /// The API's base URL.
        ///
        /// The default is `https://api.github.com`; tests point it at a local server.
        public var apiURL = "https://api.github.com"
        /// A token sent as `Authorization: Bearer …`.
        ///
        /// The default is none (60 requests an hour).
        public var token: String?
        /// Retries after a 5xx answer or a failed connection.
        ///
        /// The default is 4.
        public var retries = 4
        /// The first retry's delay, doubled for each one after.
        ///
        /// The default is 1 second.
        public var retryDelay: Duration = .seconds(1)
        /// The longest wait for a rate limit to reset; longer ones stop the crawl.
        ///
        /// The default is 60 seconds.
        public var maxRateLimitWait: Duration = .seconds(60)
        /// How long one request may take.
        ///
        /// The default is 30 seconds.
        public var timeout: Duration = .seconds(30)
        public init() {}
    }

    /// The clock the client reads and sleeps on: the system's, or a test's.
    public struct Timing: Sendable {
        /// The current time, for rate-limit resets.
        public var now: @Sendable () -> Date
        /// Waits, for back-off and rate limits.
        public var sleep: @Sendable (Duration) async -> Void

        public init(now: @escaping @Sendable () -> Date, sleep: @escaping @Sendable (Duration) async -> Void) {
            self.now = now
            self.sleep = sleep
        }

        /// The system clock and `Task.sleep`.
        public static let system = Timing(now: { Date() }, sleep: { try? await Task.sleep(for: $0) })
    }

    /// One answer: its status, headers (lower-case names) and body, and the URL it finally came from.
    public struct Response: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var body: Data
        public var url: String
    }

    /// What the client did, for the crawl's report.
    public struct Statistics: Sendable, Hashable {
        /// Requests sent, retries included.
        public var requests = 0
        /// Answers `304 Not Modified`.
        public var notModified = 0
        /// Requests sent again after a 5xx or a failed connection.
        public var retries = 0
        /// Waits for a rate limit to reset.
        public var rateLimitWaits = 0
    }

    private struct State {
        var limit: RateLimit?
        var statistics = Statistics()
    }

    public let configuration: Configuration
    private let timing: Timing
    private let session: URLSession
    private let state = Mutex(State())

    public init(configuration: Configuration = Configuration(), timing: Timing = .system) {
        self.configuration = configuration
        self.timing = timing
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        // The crawl keeps its own cache keyed by ETag: a URL cache underneath would turn a 304 into a 200.
        sessionConfiguration.urlCache = nil
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        sessionConfiguration.timeoutIntervalForRequest = configuration.timeout.seconds
        session = URLSession(configuration: sessionConfiguration)
    }

    /// What the client did so far.
    public var statistics: Statistics { state.withLock { $0.statistics } }

    /// GETs `path` (from the API's base, such as `/repos/acme/skills`) or an absolute URL (a `Link` header's).
    ///
    /// - Parameter etag: sent as `If-None-Match`; an unchanged resource then answers 304 with no body.
    /// - Returns: the final answer, whatever its status, once rate limits and 5xx retries are dealt with.
    /// - Throws: ``GitHubError`` when the rate limit is used up for too long, or 5xx answers or failed
    ///   connections outlast the retries.
    public func get(_ path: String, etag: String? = nil) async throws(GitHubError) -> Response {
        let address = path.hasPrefix("http://") || path.hasPrefix("https://") ? path : configuration.apiURL + path
        guard let url = URL(string: address) else {
            throw GitHubError(.badResponse, "not a URL: \(address)")
        }
        var request = URLRequest(url: url)
        request.setValue("application/vnd.github+json", forHTTPHeaderField: "Accept")
        request.setValue("2022-11-28", forHTTPHeaderField: "X-GitHub-Api-Version")
        request.setValue("skillscope", forHTTPHeaderField: "User-Agent")
        if let token = configuration.token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        var failures = 0
        while true {
            try await waitForRateLimit()
            state.withLock { $0.statistics.requests += 1 }
            let data: Data
            let response: HTTPURLResponse
            do {
                let (body, answer) = try await session.data(for: request)
                guard let http = answer as? HTTPURLResponse else {
                    throw GitHubError(.badResponse, "\(address) gave no HTTP answer")
                }
                (data, response) = (body, http)
            } catch let error as GitHubError {
                throw error
            } catch {
                failures += 1
                guard failures <= configuration.retries else {
                    throw GitHubError(
                        .unreachable, "cannot reach \(configuration.apiURL): \(error.localizedDescription)")
                }
                try await backOff(failures)
                continue
            }
            var headers: [String: String] = [:]
            for (name, value) in response.allHeaderFields {
                if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
            }
            let limit = RateLimit(headers: headers)
            state.withLock { $0.limit = limit }
            let status = response.statusCode
            if (500...599).contains(status) {
                failures += 1
                guard failures <= configuration.retries else {
                    throw GitHubError(
                        .server,
                        "GitHub answered HTTP \(status) to \(url.path) through \(configuration.retries) retries")
                }
                try await backOff(failures)
                continue
            }
            if case .retry(let wait, let until) = limit.verdict(status: status, now: timing.now()) {
                try await waitOut(wait, until: until)
                continue
            }
            if status == 304 { state.withLock { $0.statistics.notModified += 1 } }
            return Response(status: status, headers: headers, body: data, url: response.url?.absoluteString ?? address)
        }
    }

    /// Waits before a request when the last answer used up the window, or stops.
    private func waitForRateLimit() async throws(GitHubError) {
        guard let pause = state.withLock({ $0.limit })?.pause(now: timing.now()) else { return }
        try await waitOut(pause.wait, until: pause.until)
        state.withLock { $0.limit = nil }
    }

    private func waitOut(_ wait: Duration, until: Date) async throws(GitHubError) {
        guard wait <= configuration.maxRateLimitWait else {
            throw GitHubError.rateLimited(until: until, now: timing.now(), token: configuration.token != nil)
        }
        state.withLock { $0.statistics.rateLimitWaits += 1 }
        await timing.sleep(wait)
    }

    private func backOff(_ failures: Int) async throws(GitHubError) {
        state.withLock { $0.statistics.retries += 1 }
        await timing.sleep(configuration.retryDelay * (1 << min(failures - 1, 10)))
    }
}
