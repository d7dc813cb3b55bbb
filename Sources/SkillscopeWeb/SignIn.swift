internal import Foundation
internal import Hashing
internal import MicroHTTP
public import SkillscopeStore
internal import Synchronization

#if canImport(FoundationNetworking)
    internal import FoundationNetworking
#endif

/// Signing in with GitHub (its OAuth web flow), as the server's operator configured it.
public struct SignInConfiguration: Sendable {
    /// The OAuth app's client id and secret.
    public var clientID: String
    public var clientSecret: String
    /// Where GitHub sends the visitor back: this server's `/auth/github/callback`, as the app registered it.
    public var callbackURL: String
    /// GitHub's endpoints (a test points them at a fake provider on loopback).
    public var authorizeURL = "https://github.com/login/oauth/authorize"
    public var tokenURL = "https://github.com/login/oauth/access_token"
    public var userURL = "https://api.github.com/user"
    /// Signs the session cookie (HMAC-SHA256).
    public var sessionKey: [UInt8]
    /// How long a session lasts.
    public var sessionSeconds = 30 * 24 * 3600
    /// How long a call to GitHub may take.
    public var timeoutSeconds = 10.0

    public init(clientID: String, clientSecret: String, callbackURL: String, sessionKey: [UInt8]) {
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.callbackURL = callbackURL
        self.sessionKey = sessionKey
    }

    /// The callback's path on this server.
    var callbackPath: String {
        guard let url = URL(string: callbackURL), !url.path.isEmpty else { return "/auth/github/callback" }
        return url.path
    }

    /// Cookies are `Secure` when the site is served over TLS, as its callback URL says.
    var secureCookies: Bool { callbackURL.lowercased().hasPrefix("https://") }
}

/// The sign-in flow and the sessions it starts.
///
/// `GET /signin` sends the visitor to GitHub with a fresh state, kept here (single use, ten minutes) and in a cookie
/// of the browser that asked; the callback takes the code only with both, trades it for an access token, reads the
/// login with it and forgets the token. The session's secret is in a signed, HttpOnly, SameSite=Lax cookie; the
/// registry keeps only its SHA-256.
final class SignIn: Sendable {
    let configuration: SignInConfiguration?
    let store: any Store
    static let sessionCookie = "skillscope_session"
    static let stateCookie = "skillscope_signin"
    /// States handed out and not yet used, at most this many (the oldest go first).
    static let maxPending = 10_000
    static let stateSeconds = 600.0

    private struct Pending {
        var returnTo: String
        var expires: Date
    }
    private let pending = Mutex<[String: Pending]>([:])

    init(configuration: SignInConfiguration?, store: any Store) {
        self.configuration = configuration
        self.store = store
    }

    /// What the page says when reviews need a sign-in that is not configured.
    static let notConfigured = """
        Reviews from this page need sign-in with GitHub, which this server has not been given: its operator starts \
        it with --github-client-id, --github-client-secret-file and --github-callback-url (see skillscope serve --help).
        """

    // MARK: The flow

    /// `GET /signin?return=/files/12`.
    func start(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let configuration else { throw WebError(404, "sign_in_not_configured", Self.notConfigured) }
        let state = HMACSHA256.randomHex(bytes: 16)
        let returnTo = Self.safeReturn(request.query["return"])
        let now = Date()
        pending.withLock { pending in
            pending = pending.filter { $0.value.expires > now }
            if pending.count >= Self.maxPending {
                for key in pending.sorted(by: { $0.value.expires < $1.value.expires }).prefix(pending.count / 10 + 1)
                    .map(\.key)
                {
                    pending[key] = nil
                }
            }
            pending[state] = Pending(returnTo: returnTo, expires: now.addingTimeInterval(Self.stateSeconds))
        }
        var components = URLComponents(string: configuration.authorizeURL)
        let given = components?.queryItems ?? []
        components?.queryItems =
            given + [
                URLQueryItem(name: "client_id", value: configuration.clientID),
                URLQueryItem(name: "redirect_uri", value: configuration.callbackURL),
                URLQueryItem(name: "state", value: state),
                URLQueryItem(name: "allow_signup", value: "true"),
            ]
        guard let location = components?.url?.absoluteString else {
            throw WebError(500, "internal", "the sign-in address is not a URL")
        }
        return HTTPResponse(
            status: 302,
            headers: [
                ("Location", location),
                (
                    "Set-Cookie",
                    cookie(Self.stateCookie, state, maxAge: Int(Self.stateSeconds), path: configuration.callbackPath)
                ),
                ("Cache-Control", "no-store"),
            ], body: [])
    }

    /// GitHub's redirect back: `?code=…&state=…`, or `?error=access_denied&state=…`.
    func callback(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let configuration else { throw WebError(404, "sign_in_not_configured", Self.notConfigured) }
        let state = request.query["state"] ?? ""
        let browserState = Reviews.cookies(request.header("Cookie") ?? "")[Self.stateCookie] ?? ""
        let taken = pending.withLock { pending -> Pending? in
            guard let found = pending[state] else { return nil }
            pending[state] = nil
            return found
        }
        guard let taken, taken.expires > Date(), !state.isEmpty, HMACSHA256.equal(state, browserState) else {
            throw WebError(
                400, "sign_in_state",
                "This sign-in link was used already, has expired, or was started in another browser. Sign in again.")
        }
        if let error = request.query["error"] {
            let denied = error == "access_denied"
            throw WebError(
                403, denied ? "sign_in_denied" : "sign_in_refused",
                denied
                    ? "You did not allow the sign-in on GitHub, so you are not signed in and nothing was stored."
                    : "GitHub refused the sign-in (\(error.prefix(80))). Sign in again.")
        }
        guard let code = request.query["code"], !code.isEmpty, code.utf8.count <= 512 else {
            throw WebError(400, "sign_in_code", "GitHub sent no sign-in code back. Sign in again.")
        }
        let accessToken = try exchange(code: code, configuration: configuration)
        let login = try login(accessToken: accessToken, configuration: configuration)
        let now = ReviewSubmission.now()
        let account = try store.account(login: login, at: now)
        let secret = HMACSHA256.randomHex(bytes: 32)
        let expires = Date().addingTimeInterval(Double(configuration.sessionSeconds))
        try store.createSession(
            accountID: account.id, secretSHA256: SHA256.hex(of: Array(secret.utf8)), at: now,
            expiresAt: ReviewSubmission.timestamp(expires))
        let signed = secret + "." + HMACSHA256.hex(key: configuration.sessionKey, message: Array(secret.utf8))
        return HTTPResponse(
            status: 303,
            headers: [
                ("Location", taken.returnTo),
                ("Set-Cookie", cookie(Self.sessionCookie, signed, maxAge: configuration.sessionSeconds, path: "/")),
                ("Set-Cookie", cookie(Self.stateCookie, "", maxAge: 0, path: configuration.callbackPath)),
                ("Cache-Control", "no-store"),
            ], body: [])
    }

    /// `POST /signout` from the page's form (with its CSRF field): ends the session here and in the browser.
    func signOut(_ request: HTTPRequest) throws -> HTTPResponse {
        let form = Reviews.formValues(String(decoding: request.body, as: UTF8.self))
        try Reviews.checkCSRF(form: form, request: request)
        if let secret = sessionSecret(request) {
            try store.deleteSession(secretSHA256: SHA256.hex(of: Array(secret.utf8)), at: ReviewSubmission.now())
        }
        return HTTPResponse(
            status: 303,
            headers: [
                ("Location", Self.safeReturn(form["return"])),
                ("Set-Cookie", cookie(Self.sessionCookie, "", maxAge: 0, path: "/")),
            ], body: [])
    }

    /// The signed-in account of a request, or `nil` (no cookie, a bad signature, an ended or expired session).
    func account(_ request: HTTPRequest) throws -> AccountRecord? {
        guard let secret = sessionSecret(request) else { return nil }
        return try store.session(secretSHA256: SHA256.hex(of: Array(secret.utf8)), at: ReviewSubmission.now())
    }

    /// Whether the request carries a session cookie at all (such pages are not shared through the cache).
    static func hasSessionCookie(_ request: HTTPRequest) -> Bool {
        Reviews.cookies(request.header("Cookie") ?? "")[sessionCookie].map { !$0.isEmpty } ?? false
    }

    private func sessionSecret(_ request: HTTPRequest) -> String? {
        guard let configuration,
            let value = Reviews.cookies(request.header("Cookie") ?? "")[Self.sessionCookie],
            let dot = value.firstIndex(of: ".")
        else { return nil }
        let secret = String(value[..<dot])
        let signature = String(value[value.index(after: dot)...])
        guard secret.utf8.count == 64,
            HMACSHA256.equal(
                signature, HMACSHA256.hex(key: configuration.sessionKey, message: Array(secret.utf8)))
        else { return nil }
        return secret
    }

    private func cookie(_ name: String, _ value: String, maxAge: Int, path: String) -> String {
        var cookie = "\(name)=\(value); Path=\(path); Max-Age=\(maxAge); HttpOnly; SameSite=Lax"
        if configuration?.secureCookies == true { cookie += "; Secure" }
        return cookie
    }

    /// A path on this site to go back to: anything else (another site, `//host`) goes home.
    static func safeReturn(_ value: String?) -> String {
        guard let value, value.hasPrefix("/"), !value.hasPrefix("//"), !value.contains("\\"),
            !value.contains(where: { $0.isNewline }), value.utf8.count <= 512
        else { return "/" }
        return value
    }

    // MARK: GitHub

    /// Trades the code for an access token (`POST` to the token URL, JSON back).
    private func exchange(code: String, configuration: SignInConfiguration) throws -> String {
        guard let url = URL(string: configuration.tokenURL) else {
            throw WebError(500, "internal", "the token address is not a URL")
        }
        var request = URLRequest(url: url, timeoutInterval: configuration.timeoutSeconds)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        let fields = [
            ("client_id", configuration.clientID), ("client_secret", configuration.clientSecret), ("code", code),
            ("redirect_uri", configuration.callbackURL),
        ]
        request.httpBody = Data(fields.map { "\($0)=\(Self.formEncoded($1))" }.joined(separator: "&").utf8)
        let object = try Self.json(Self.send(request))
        if let token = object["access_token"] as? String, !token.isEmpty { return token }
        let error = object["error"] as? String ?? "no access token"
        if error == "bad_verification_code" {
            throw WebError(
                400, "sign_in_code", "GitHub says the sign-in code is wrong or has expired. Sign in again.")
        }
        throw WebError(
            502, "sign_in_github", "GitHub did not give an access token (\(error.prefix(80))). Sign in again.")
    }

    /// The login the access token belongs to; the token is forgotten after.
    private func login(accessToken: String, configuration: SignInConfiguration) throws -> String {
        guard let url = URL(string: configuration.userURL) else {
            throw WebError(500, "internal", "the user address is not a URL")
        }
        var request = URLRequest(url: url, timeoutInterval: configuration.timeoutSeconds)
        request.setValue("Bearer \(accessToken)", forHTTPHeaderField: "Authorization")
        request.setValue("application/vnd.github+json", forHTTPHeaderField: "Accept")
        let object = try Self.json(Self.send(request))
        // GitHub's logins: ASCII letters, digits and hyphens, at most 39.
        guard let login = object["login"] as? String, (1...39).contains(login.utf8.count),
            login.unicodeScalars.allSatisfy({
                $0.isASCII && ($0 == "-" || $0.properties.isAlphabetic || ("0"..."9").contains($0))
            })
        else { throw WebError(502, "sign_in_github", "GitHub did not say who you are. Sign in again.") }
        return login
    }

    private static func json(_ data: Data) throws -> [String: Any] {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw WebError(502, "sign_in_github", "GitHub's answer was not JSON. Sign in again.")
        }
        return object
    }

    /// One call, waited for on this server thread (bounded by the request's timeout).
    private static func send(_ request: URLRequest) throws -> Data {
        final class Box: @unchecked Sendable {
            var result: Result<(Data, Int), any Error> = .failure(URLError(.timedOut))
        }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        let task = URLSession.shared.dataTask(with: request) { data, response, error in
            if let error {
                box.result = .failure(error)
            } else {
                box.result = .success((data ?? Data(), (response as? HTTPURLResponse)?.statusCode ?? 0))
            }
            done.signal()
        }
        task.resume()
        if done.wait(timeout: .now() + request.timeoutInterval + 1) == .timedOut {
            task.cancel()
            throw WebError(504, "sign_in_github", "GitHub did not answer in time. Sign in again.")
        }
        switch box.result {
        case .failure:
            throw WebError(502, "sign_in_github", "GitHub could not be reached. Sign in again.")
        case .success(let (data, status)):
            guard (200..<300).contains(status) || status == 400 || status == 401 else {
                throw WebError(502, "sign_in_github", "GitHub answered \(status). Sign in again.")
            }
            return data
        }
    }

    private static func formEncoded(_ value: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }
}
