internal import Foundation
public import MicroHTTP
public import SkillscopeEmbeddings
public import SkillscopeRating
internal import SkillscopeReport
public import SkillscopeStore
internal import SkillscopeVersions

/// The registry on the web: HTML pages and the JSON API under `/api/v1`, over one ``SkillscopeStore/Store``.
///
/// Handlers run synchronously on the HTTP server's threads and read the store directly (its reads are
/// blocking and thread-safe). Every response carries the security headers; errors under `/api/` are JSON with a
/// code and a message.
public struct WebApp: Sendable {
    let store: any Store
    /// Serves `/mcp` (the MCP Streamable HTTP endpoint), when the server was given one.
    let mcp: HTTPServer.Handler?
    /// Rates rules against the registry's statistics, kept decoded between requests.
    let rater: RegistryRater
    /// Pages and API reads kept until the registry changes.
    let cache = PageCache()
    /// The heavy routes' own queue: analyze, remix, compare.
    let heavy: HeavyGate
    /// How long one analysis may take before it stops and answers 503.
    let budget: Duration
    /// Where a failure is logged, one line each (standard error unless given).
    let log: @Sendable (String) -> Void
    /// Signing in with GitHub, and the sessions it starts (the flow answers 404 when not configured).
    let signIn: SignIn
    /// Review forms one address may send in ten minutes, and sign-ins it may start in a minute.
    let reviewsByAddress = RateLimiter(limit: 30, window: 600)
    let signInsByAddress = RateLimiter(limit: 30, window: 60)

    /// - Parameters:
    ///   - modelEmbedder: makes the model-backed embedder the registry was grouped with, if installed.
    ///   - log: takes one line for each failure that answers 500: its request id, method, path and error.
    ///   - heavyGate: the heavy queue, when another endpoint shares it (`/mcp`); else one is made of `heavy`.
    ///   - ratingCache: where rule statistics, kinds and files' meaning are kept once loaded, when another endpoint
    ///     shares them (`/mcp`).
    public init(
        store: any Store, mcp: HTTPServer.Handler? = nil,
        modelEmbedder: @escaping @Sendable (String) -> (any Embedder)? = { _ in nil },
        log: (@Sendable (String) -> Void)? = nil, heavy: HeavyLimits = HeavyLimits(),
        heavyGate: HeavyGate? = nil, signIn: SignInConfiguration? = nil,
        ratingCache: StatisticsCache = StatisticsCache()
    ) {
        self.signIn = SignIn(configuration: signIn, store: store)
        self.heavy = heavyGate ?? HeavyGate(heavy)
        budget = heavy.budget
        self.store = store
        self.mcp = mcp
        self.log = log ?? { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
        var rater = RegistryRater(store: store, cache: ratingCache, modelEmbedder: modelEmbedder)
        // A server answers many queries: from the whole lineage table, once built, without one waiting for it.
        rater.versionConfiguration.tableScope = .wholeOnceBuilt
        self.rater = rater
    }

    /// The heavy routes' limits, sized for a 2-core machine.
    ///
    /// One analysis at a time: an analysis keeps one core busy, and the other core stays for pages, searches, reads
    /// and the HTTP threads (two at once would finish no sooner in all and leave light calls no core). Analyses
    /// beyond it wait for their turn, in order, rather than being refused: an agent's call or a visitor's paste
    /// that waits a few seconds has its answer, one refused has nothing. Two bounds keep the wait finite, each with
    /// its own sentence in the 503 `busy`: ``queueLength`` places, and ``wait`` seconds in one.
    public struct HeavyLimits: Sendable {
        /// Analyses, remixes and comparisons at once.
        ///
        /// The default is 1 (one core of two).
        public var concurrency = 1
        /// Those that may wait for a turn.
        ///
        /// A waiting request holds a parked thread apart (``places``) and its request: up to the body limit (4 MiB
        /// under `serve`) with its parsed JSON, so 32 of the largest could hold a few hundred MiB, and 32 texts of
        /// 182 KB a few tens (measured under 20 clients: RssAnon at most 149 MB, main's at most 103 MB with two
        /// places; bench/RESULTS.md). 32 holds every client of the bench's 20 (`bench/mcp_load.sh`) waiting at
        /// once, with room over, and drains within ``wait`` while analyses take under 0.9 s each: 167 of 182 KB
        /// ran in 57 s beside 833 light calls. The default is 32.
        public var queueLength = 32
        /// How long one waits for a turn at most.
        ///
        /// Past it the caller is better told to retry than kept waiting; with ``budget`` it bounds a heavy
        /// request's answer to 40 s. The default is 30 seconds.
        public var wait: Duration = .seconds(30)
        /// How long one analysis may take.
        ///
        /// The default is 10 seconds.
        public var budget: Duration = .seconds(10)
        /// What a refusal's `Retry-After` says, in seconds.
        ///
        /// The default is 10.
        public var retryAfter = 10
        /// Handler threads heavy requests may hold at once, running or waiting: a server needs this many on top of
        /// the threads its light requests use, so that those never wait behind an analysis.
        public var places: Int { max(1, concurrency) + max(0, queueLength) }
        public init() {}
    }

    /// Loads what the first analysis and the first file page need, so that no visitor waits for it.
    ///
    /// That is the rule statistics, the kinds' index, the files' meaning and the version finder; a registry never
    /// grouped loads nothing. Failures are left for the requests to meet and report.
    public func warmUp() {
        _ = try? rater.cache.statistics(store)
        _ = try? rater.cache.placer(store)
        _ = try? rater.cache.meaning(store)
        _ = try? rater.versionFinder()
    }

    /// The reporter of a heavy route's request: bounded by ``budget``, and stopped when its client leaves.
    func reporter(for request: HTTPRequest) -> Reporter {
        var reporter = Reporter(rater: rater, budget: budget)
        reporter.isCancelled = request.isClientGone
        return reporter
    }

    /// Headers on every response.
    static let securityHeaders: [(name: String, value: String)] = [
        (
            "Content-Security-Policy",
            "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
        ),
        ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"), ("X-Frame-Options", "DENY"),
    ]

    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        var response: HTTPResponse
        let api = request.path.hasPrefix("/api/")
        do {
            response = try route(request)
        } catch let error as WebError where error.status < 500 || HeavyGate.refusals.contains(error.code) {
            // The heavy queue's refusals are written for the visitor, and carry their `Retry-After`.
            response = error.response(api: api)
        } catch let error as Reporter.TextError {
            response = WebError(error).response(api: api)
        } catch let error as Reporter.Stopped {
            var answer: WebError
            if case .cancelled = error {
                answer = WebError(503, "cancelled", "the client closed the connection; the analysis was stopped")
            } else {
                answer = WebError(503, "over_budget", error.description)
            }
            answer.headers = [("Retry-After", String(heavy.retryAfter))]
            response = answer.response(api: api)
        } catch {
            response = failure(error, request: request, api: api)
        }
        response.headers += Self.securityHeaders
        return response
    }

    /// The answer to a failure on the server's side: a 500 (or the failure's own 5xx) that carries a request id and
    /// nothing of the error, whose text can hold the registry's path or the database's own message; the id, the
    /// request and the error (absolute paths and URLs left out) go to the log.
    private func failure(_ error: any Error, request: HTTPRequest, api: Bool) -> HTTPResponse {
        let id = String(UInt64.random(in: 0...UInt64.max), radix: 16).leftPadded(to: 16)
        let status = (error as? WebError)?.status ?? 500
        log(
            "skillscope serve: \(status) request \(id): \(request.method) \(request.path): \(Redacted.text("\(error)"))"
        )
        var answer = WebError(
            status, "internal", "Something went wrong on the server. If it happens again, report request \(id).")
        answer.requestID = id
        answer.headers.append(("X-Request-Id", id))
        return answer.response(api: api)
    }

    private func route(_ request: HTTPRequest) throws -> HTTPResponse {
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        // A signed-in visitor's pages are their own: not kept, not shared.
        guard request.method == "GET", Self.isKept(parts), !SignIn.hasSessionCookie(request) else {
            return try routeUncached(request, parts: parts)
        }
        let key = PageCache.key(request)
        let stamp = try store.changeStamp()
        if let kept = cache.response(for: key, stamp: stamp) { return kept }
        let response = try routeUncached(request, parts: parts)
        if response.status == 200 { cache.keep(response, for: key, stamp: stamp) }
        return response
    }

    /// The reads kept in the cache: the home and search pages, file pages, and the API's searches and file reads.
    private static func isKept(_ parts: [String]) -> Bool {
        switch parts.first {
        case nil, "search", "compare": true
        case "files": parts.count == 2
        case "api": parts.count >= 3 && parts[1] == "v1" && (parts[2] == "search" || parts[2] == "files")
        default: false
        }
    }

    private func routeUncached(_ request: HTTPRequest, parts: [String]) throws -> HTTPResponse {
        if parts == ["mcp"], let mcp { return mcp(request) }
        if let answer = try routeAccounts(request, parts: parts) { return answer }
        if request.method == "POST", parts.count >= 3, parts[parts.count - 1] == "reviews" {
            let isAPI = parts.count == 5 && parts[0] == "api" && parts[1] == "v1" && parts[2] == "files"
            let isPage = parts.count == 3 && parts[0] == "files"
            if isAPI || isPage {
                guard let id = Int64(parts[parts.count - 2]) else { throw WebError.notFound(request.path) }
                if isAPI { return try Reviews(store: store).post(fileID: id, request: request) }
                let account = try signIn.account(request)
                do {
                    return try Reviews(store: store).postForm(
                        fileID: id, request: request, account: account, byAddress: reviewsByAddress)
                } catch let refused as Reviews.Refused {
                    // The page again, with what was typed and what to do.
                    return try FilePage(store: store, reporter: Reporter(rater: rater)).render(
                        id: id,
                        viewer: FilePage.Viewer(
                            account: account, signInConfigured: signIn.configuration != nil, draft: refused.draft,
                            message: refused.message),
                        status: refused.status)
                }
            }
        }
        if request.method == "POST", parts.count == 5, parts[0] == "files", parts[2] == "reviews",
            parts[4] == "delete" || parts[4] == "report"
        {
            guard let id = Int64(parts[1]), let review = Int64(parts[3]) else {
                throw WebError.notFound(request.path)
            }
            let account = try signIn.account(request)
            if parts[4] == "delete" {
                return try Reviews(store: store).deleteForm(
                    fileID: id, reviewID: review, request: request, account: account)
            }
            guard reviewsByAddress.allow(request.clientAddress) else {
                throw WebError(429, "rate_limited", "Too many forms from your address in ten minutes: wait a little.")
            }
            return try Reviews(store: store).reportForm(
                fileID: id, reviewID: review, request: request, account: account)
        }
        if request.method == "POST", parts == ["remix"] {
            return try heavy.run(isAbandoned: request.isClientGone) { try RemixPage(store: store).post(request) }
        }
        if request.method == "POST", parts == ["analyze"] {
            return try heavy.run(isAbandoned: request.isClientGone) {
                try AnalyzePage(reporter: reporter(for: request)).post(request)
            }
        }
        // JSON endpoints that only take POST.
        let remix = RemixPage(store: store)
        let api = API(store: store, reporter: reporter(for: request))
        let heavy = self.heavy
        let postOnly: [[String]: (HTTPRequest) throws -> HTTPResponse] = [
            ["api", "v1", "remix"]: { request in
                try heavy.run(isAbandoned: request.isClientGone) { try remix.api(request) }
            },
            ["api", "v1", "analyze"]: { request in
                try heavy.run(isAbandoned: request.isClientGone) { try api.analyze(request) }
            },
        ]
        if let handler = postOnly[parts] {
            guard request.method == "POST" else {
                var error = WebError(405, "method_not_allowed", "\(request.method) is not served here; use POST")
                error.headers = [("Allow", "POST")]
                throw error
            }
            return try handler(request)
        }
        guard request.method == "GET" || request.method == "HEAD" else {
            let allowed =
                parts == ["api", "v1", "analyze"]
                ? "POST"
                : parts.last == "reviews" || parts == ["analyze"] || parts == ["remix"]
                    ? "GET, HEAD, POST" : "GET, HEAD"
            var error = WebError(405, "method_not_allowed", "\(request.method) is not served here; use \(allowed)")
            error.headers = [("Allow", allowed)]
            throw error
        }
        switch parts.first {
        case nil:
            return try SearchPage(store: store).home()
        case "search":
            return try SearchPage(store: store).results(request.query)
        case "files":
            guard parts.count >= 2, let id = Int64(parts[1]) else { throw WebError.notFound(request.path) }
            if parts.count == 3, parts[2] == "download.zip" { return try Download(store: store).zip(fileID: id) }
            guard parts.count == 2 else { throw WebError.notFound(request.path) }
            let viewer = FilePage.Viewer(
                account: try signIn.account(request), signInConfigured: signIn.configuration != nil,
                reported: request.query["reported"] == "1")
            return try FilePage(store: store, reporter: Reporter(rater: rater)).render(
                id: id, query: request.query, viewer: viewer)
        case "analyze":
            return AnalyzePage(reporter: Reporter(rater: rater)).form()
        case "remix":
            return try RemixPage(store: store).form(request.query)
        case "static":
            guard parts == ["static", "app.js"] else { throw WebError.notFound(request.path) }
            return HTTPResponse(contentType: "application/javascript; charset=utf-8", body: Script.app)
        case "compare":
            return try heavy.run { try ComparePage(store: store).render(request.query) }
        case "openapi.json":
            return HTTPResponse(contentType: "application/json", body: OpenAPI.document)
        case "health":
            return HTTPResponse(contentType: "text/plain; charset=utf-8", body: "ok\n")
        case "api":
            guard parts.count >= 2, parts[1] == "v1" else { throw WebError.notFound(request.path) }
            let api = API(store: store, reporter: Reporter(rater: rater))
            if parts.count >= 3, parts[2] == "compare" {
                return try heavy.run { try api.route(Array(parts.dropFirst(2)), query: request.query) }
            }
            return try api.route(Array(parts.dropFirst(2)), query: request.query)
        default:
            throw WebError.notFound(request.path)
        }
    }
}

extension WebApp {
    /// Signing in and out, and the account page; `nil` for any other request.
    func routeAccounts(_ request: HTTPRequest, parts: [String]) throws -> HTTPResponse? {
        let get = request.method == "GET" || request.method == "HEAD"
        if get, parts == ["signin"] {
            guard signInsByAddress.allow(request.clientAddress) else {
                throw WebError(429, "rate_limited", "Too many sign-ins from your address: wait a minute.")
            }
            return try signIn.start(request)
        }
        if get, let configuration = signIn.configuration, request.path == configuration.callbackPath {
            return try signIn.callback(request)
        }
        if request.method == "POST", parts == ["signout"] { return try signIn.signOut(request) }
        guard parts.first == "account" else { return nil }
        guard signIn.configuration != nil else { throw WebError(404, "sign_in_not_configured", SignIn.notConfigured) }
        guard let account = try signIn.account(request) else {
            if get { return HTTPResponse(status: 303, headers: [("Location", "/signin?return=%2Faccount")], body: []) }
            throw WebError(401, "unauthorized", "Sign in to manage your agents' tokens.")
        }
        let page = AccountPage(store: store)
        if get, parts == ["account"] { return try page.render(account: account, csrf: Reviews.newCSRF()) }
        if request.method == "POST", parts == ["account", "tokens"] {
            return try page.create(account: account, request: request)
        }
        if request.method == "POST", parts.count == 4, parts[1] == "tokens", parts[3] == "revoke",
            let token = Int64(parts[2])
        {
            return try page.revoke(account: account, tokenID: token, request: request)
        }
        throw WebError.notFound(request.path)
    }
}

/// An error answered to the client: its status, a stable code and a message.
struct WebError: Error {
    var status: Int
    var code: String
    var message: String
    /// Extra headers, such as `Allow` on a 405.
    var headers: [(name: String, value: String)] = []
    /// The id a failure was logged under (``WebApp``'s 500s), shown with it.
    var requestID: String?

    init(_ status: Int, _ code: String, _ message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    static func notFound(_ what: String) -> WebError { WebError(404, "not_found", "nothing at \(what)") }

    /// What is wrong with a text sent to be analysed, as the client is told.
    init(_ error: Reporter.TextError) {
        switch error {
        case .empty: self.init(400, "bad_request", error.description)
        case .tooLarge: self.init(413, "too_large", error.description)
        case .unknownKind: self.init(400, "bad_request", error.description)
        }
    }

    func response(api: Bool) -> HTTPResponse {
        if api {
            var fields: [String: Any] = ["code": code, "message": message]
            if let requestID { fields["requestId"] = requestID }
            let body = JSONSerialization.compact(["error": fields])
            var response = HTTPResponse(status: status, contentType: "application/json", body: body)
            response.headers += headers
            return response
        }
        let page = HTML.page(
            title: "Error \(status)",
            body: "<h1>\(status)</h1><p>\(HTML.escape(message))</p><p><a href=\"/\">Search the registry</a></p>")
        var response = HTTPResponse(status: status, contentType: "text/html; charset=utf-8", body: page)
        response.headers += headers
        return response
    }
}

extension JSONSerialization {
    /// Compact JSON text of a plain value, slashes unescaped.
    static func compact(_ value: Any) -> String {
        guard let data = try? data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes]) else {
            return "{}"
        }
        return String(decoding: data, as: UTF8.self)
    }
}

extension String {
    /// The string with `0`s in front up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

/// Text for a log line with what must not be written there left out: absolute paths (a registry's location) and
/// URLs (a PostgreSQL URL holds its password).
enum Redacted {
    static func text(_ text: String) -> String {
        var out = ""
        var token = ""
        func flush() {
            let bare = token.trimmingCharacters(in: CharacterSet(charactersIn: "'\"`()[]{}<>,;:"))
            if bare.hasPrefix("/") || bare.hasPrefix("~/") || bare.contains("://") || bare.contains(":\\") {
                out += token.replacingOccurrences(of: bare, with: "…")
            } else {
                out += token
            }
            token = ""
        }
        for character in text {
            if character.isWhitespace {
                flush()
                out.append(character)
            } else {
                token.append(character)
            }
        }
        flush()
        return out
    }
}
