import Foundation
import Hashing
import MicroHTTP
import SkillscopeSQLite
import SkillscopeStore
import SkillscopeTesting
import Testing

@testable import SkillscopeWeb

/// Signing in with GitHub against the fake provider on loopback.
///
/// And what a signed-in person does on the file page: review, edit, delete, make and revoke their agents' tokens.
/// Requests go to the app in process; the app calls the fake over HTTP.
@Suite struct SignInTests {
    struct Setup {
        var app: WebApp
        var store: any Store
        var fake: FakeGitHubOAuth
        var fileID: Int64
    }

    func setUp(_ directory: TemporaryDirectory, callback: String = "http://127.0.0.1:9/auth/github/callback") throws
        -> Setup
    {
        let store = try SQLiteStore(path: directory.appending("r.sqlite"))
        let record = Fixtures.record("acme/skills", "review/SKILL.md", Fixtures.reviewSkill)
        _ = try store.write(repositories: [], files: [record], seenAt: "2026-11-30T10:00:00Z")
        let fake = try FakeGitHubOAuth(login: "Octo-Cat")
        var configuration = SignInConfiguration(
            clientID: fake.clientID, clientSecret: fake.clientSecret, callbackURL: callback,
            sessionKey: Array("a session key of thirty-two bytes or more".utf8))
        configuration.authorizeURL = fake.url + "/login/oauth/authorize"
        configuration.tokenURL = fake.url + "/login/oauth/access_token"
        configuration.userURL = fake.url + "/user"
        return Setup(
            app: WebApp(store: store, signIn: configuration), store: store, fake: fake,
            fileID: try #require(try store.file(.key(record.key))).id)
    }

    /// The name=value part of the response's cookie of that name.
    func cookie(_ response: HTTPResponse, _ name: String) -> String? {
        response.headers.filter { $0.name == "Set-Cookie" }.map(\.value).first { $0.hasPrefix(name + "=") }
    }

    func pair(_ setCookie: String?) -> String { setCookie.map { String($0.prefix { $0 != ";" }) } ?? "" }

    /// Starts a sign-in: the browser's state cookie and the consent page's approve and deny links.
    func start(_ setup: Setup, returnTo: String) throws -> (state: String, approve: String, deny: String) {
        let started = setup.app.handle(HTTPRequest(method: "GET", path: "/signin", query: ["return": returnTo]))
        #expect(started.status == 302)
        let location = try #require(started.header("Location"))
        #expect(location.hasPrefix(setup.fake.url + "/login/oauth/authorize?"))
        #expect(location.contains("client_id=\(setup.fake.clientID)") && !location.contains("scope="))
        let stateCookie = try #require(cookie(started, SignIn.stateCookie))
        #expect(stateCookie.contains("HttpOnly") && stateCookie.contains("SameSite=Lax"))
        let consent = try LoopbackHTTP.exchange(location)
        #expect(consent.status == 200)
        func link(_ id: String) throws -> String {
            let pattern = try NSRegularExpression(pattern: "id=\"\(id)\" href=\"([^\"]+)\"")
            let text = consent.text
            let match = try #require(pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)))
            let range = try #require(Range(match.range(at: 1), in: text))
            return String(text[range]).replacingOccurrences(of: "&amp;", with: "&")
        }
        return (pair(stateCookie), try link("approve"), try link("deny"))
    }

    /// GitHub's redirect back, handed to the app with the browser's cookies.
    func callback(_ setup: Setup, _ link: String, cookies: String) throws -> HTTPResponse {
        let components = try #require(URLComponents(string: link))
        let query = Dictionary(
            (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
        return setup.app.handle(
            HTTPRequest(method: "GET", path: components.path, query: query, headers: ["cookie": cookies]))
    }

    /// Signs in all the way; the session's cookie pair.
    func signIn(_ setup: Setup, returnTo: String = "/") throws -> String {
        let (state, approve, _) = try start(setup, returnTo: returnTo)
        let back = try callback(setup, approve, cookies: state)
        #expect(back.status == 303, "\(String(decoding: back.body, as: UTF8.self))")
        #expect(back.header("Location") == returnTo)
        return pair(try #require(cookie(back, SignIn.sessionCookie)))
    }

    func page(_ setup: Setup, cookies: String = "") -> (HTTPResponse, String, csrf: String) {
        let response = setup.app.handle(
            HTTPRequest(method: "GET", path: "/files/\(setup.fileID)", headers: ["cookie": cookies]))
        let csrf = String(pair(cookie(response, Reviews.cookie)).dropFirst(Reviews.cookie.count + 1))
        return (response, String(decoding: response.body, as: UTF8.self), csrf)
    }

    func post(_ setup: Setup, _ path: String, _ form: String, cookies: String, address: String = "10.0.0.1")
        -> (HTTPResponse, String)
    {
        var request = HTTPRequest(method: "POST", path: path, headers: ["cookie": cookies], body: Array(form.utf8))
        request.clientAddress = address
        let response = setup.app.handle(request)
        return (response, String(decoding: response.body, as: UTF8.self))
    }

    @Test func withoutConfigurationThePageSaysReviewsNeedSignInAndHow() throws {
        let directory = TemporaryDirectory()
        let store = try SQLiteStore(path: directory.appending("r.sqlite"))
        let record = Fixtures.record("acme/skills", "review/SKILL.md", Fixtures.reviewSkill)
        _ = try store.write(repositories: [], files: [record], seenAt: "2026-11-30T10:00:00Z")
        let app = WebApp(store: store)
        let id = try #require(try store.file(.key(record.key))).id
        let page = String(decoding: app.handle(HTTPRequest(method: "GET", path: "/files/\(id)")).body, as: UTF8.self)
        #expect(page.contains("need sign-in with GitHub") && page.contains("--github-client-id"))
        #expect(!page.contains("Sign in with GitHub</a>"))
        for path in ["/signin", "/account"] {
            let response = app.handle(HTTPRequest(method: "GET", path: path))
            #expect(response.status == 404, "\(path)")
            #expect(String(decoding: response.body, as: UTF8.self).contains("--github-client-id"))
        }
    }

    @Test func aVisitorSignsInReviewsEditsDeletesAndSignsOut() throws {
        let directory = TemporaryDirectory()
        let setup = try setUp(directory)
        let before = page(setup)
        #expect(before.1.contains("Sign in with GitHub</a>") && before.1.contains("/signin?return=%2Ffiles%2F"))
        let session = try signIn(setup, returnTo: "/files/\(setup.fileID)#reviews")
        let log = try setup.fake.log()
        #expect(
            log.contains {
                $0["path"] as? String == "/login/oauth/access_token" && $0["secret_matched"] as? Bool == true
            })
        // Only the login is kept; GitHub's e-mail and its token are not.
        let rows = try setup.store.exportReviews()
        #expect(rows.accounts.map(\.login) == ["Octo-Cat"])
        let dump = try RegistryDump.lines(directory.appending("r.sqlite")).joined(separator: "\n")
        #expect(!dump.contains("example.test") && !dump.contains("gho_"))

        var (_, html, csrf) = page(setup, cookies: session)
        #expect(html.contains("Signed in as <strong>@Octo-Cat</strong>") && !html.contains("id=\"token\""))
        let cookies = "\(session); \(Reviews.cookie)=\(csrf)"
        let path = "/files/\(setup.fileID)/reviews"
        var (sent, _) = post(setup, path, "outcome=partly&used_for=a+release+note&csrf=\(csrf)", cookies: cookies)
        #expect(sent.status == 303)
        (_, html, csrf) = page(setup, cookies: session)
        #expect(html.contains("<strong>Partly</strong> · by @Octo-Cat") && html.contains("used for a release note"))
        #expect(html.contains("Update your review") && html.contains("value=\"a release note\""))
        // A second review of the same version replaces the first: one per account per version.
        (sent, _) = post(
            setup, path, "outcome=worked&used_for=two+release+notes&csrf=\(csrf)",
            cookies: "\(session); \(Reviews.cookie)=\(csrf)")
        #expect(sent.status == 303)
        var reviews = try setup.store.reviews(ofFile: setup.fileID)
        try #require(reviews.count == 1)
        #expect(reviews[0].outcome == .worked && reviews[0].usedFor == "two release notes")
        #expect(reviews[0].attribution == "@Octo-Cat" && !reviews[0].byAgent)

        // Deleting: only their own.
        (_, html, csrf) = page(setup, cookies: session)
        #expect(html.contains("Delete your review"))
        let other = post(
            setup, "/files/\(setup.fileID)/reviews/\(reviews[0].id)/delete", "csrf=\(csrf)",
            cookies: "\(Reviews.cookie)=\(csrf)")
        #expect(other.0.status == 401)
        let deleted = post(
            setup, "/files/\(setup.fileID)/reviews/\(reviews[0].id)/delete", "csrf=\(csrf)",
            cookies: "\(session); \(Reviews.cookie)=\(csrf)")
        #expect(deleted.0.status == 303)
        reviews = try setup.store.reviews(ofFile: setup.fileID)
        #expect(reviews.isEmpty)

        // Signing out ends the session on the server: the old cookie no longer signs in.
        (_, html, csrf) = page(setup, cookies: session)
        let out = post(setup, "/signout", "csrf=\(csrf)&return=%2F", cookies: "\(session); \(Reviews.cookie)=\(csrf)")
        #expect(out.0.status == 303 && cookie(out.0, SignIn.sessionCookie)?.contains("Max-Age=0") == true)
        #expect(page(setup, cookies: session).1.contains("Sign in with GitHub</a>"))
    }

    @Test func theSessionCookieIsSignedHttpOnlyLaxAndSecureOverTLS() throws {
        let directory = TemporaryDirectory()
        let plain = try setUp(directory)
        let (state, approve, _) = try start(plain, returnTo: "/")
        let back = try callback(plain, approve, cookies: state)
        let set = try #require(cookie(back, SignIn.sessionCookie))
        #expect(set.contains("HttpOnly") && set.contains("SameSite=Lax") && !set.contains("Secure"))
        let session = pair(set)
        // A cookie whose signature does not match is nobody's.
        let forged = String(session.dropLast()) + (session.hasSuffix("0") ? "1" : "0")
        #expect(page(plain, cookies: forged).1.contains("Sign in with GitHub</a>"))
        #expect(page(plain, cookies: session).1.contains("Signed in as"))

        let tls = try setUp(TemporaryDirectory(), callback: "https://reviews.example/auth/github/callback")
        let started = try start(tls, returnTo: "/")
        let secure = try #require(
            cookie(try callback(tls, started.approve, cookies: started.state), SignIn.sessionCookie))
        #expect(secure.contains("; Secure"))
    }

    @Test func aDeniedConsentAReplayedStateAnExpiredCodeAndAnotherBrowsersStateAreRefused() throws {
        let directory = TemporaryDirectory()
        let setup = try setUp(directory)
        // Denied on GitHub's page.
        var (state, approve, deny) = try start(setup, returnTo: "/")
        let denied = try callback(setup, deny, cookies: state)
        #expect(denied.status == 403)
        #expect(String(decoding: denied.body, as: UTF8.self).contains("did not allow the sign-in"))
        #expect(try setup.store.exportReviews().accounts.isEmpty)
        // The state of a finished sign-in cannot be used again.
        (state, approve, _) = try start(setup, returnTo: "/")
        #expect(try callback(setup, approve, cookies: state).status == 303)
        let replayed = try callback(setup, approve, cookies: state)
        #expect(replayed.status == 400)
        #expect(String(decoding: replayed.body, as: UTF8.self).contains("used already"))
        // A code that expired at GitHub.
        (state, approve, _) = try start(setup, returnTo: "/")
        try setup.fake.expireCodes()
        let expired = try callback(setup, approve, cookies: state)
        #expect(expired.status == 400)
        #expect(String(decoding: expired.body, as: UTF8.self).contains("expired"))
        // A state started in another browser (no cookie, or another's).
        (state, approve, _) = try start(setup, returnTo: "/")
        #expect(try callback(setup, approve, cookies: "").status == 400)
        let (otherState, _, _) = try start(setup, returnTo: "/")
        #expect(try callback(setup, approve, cookies: otherState).status == 400)
        // Only the one sign-in that went through made an account.
        #expect(try setup.store.exportReviews().accounts.count == 1)
        // Back to another site is not a place the sign-in returns to.
        #expect(SignIn.safeReturn("//evil.example/") == "/" && SignIn.safeReturn("https://evil.example") == "/")
        #expect(SignIn.safeReturn("/files/3#reviews") == "/files/3#reviews")
    }

    @Test func aRefusedFormIsShownAgainWithItsTextAndTheLimitsHold() throws {
        let directory = TemporaryDirectory()
        let setup = try setUp(directory)
        let session = try signIn(setup)
        var (_, _, csrf) = page(setup, cookies: session)
        let path = "/files/\(setup.fileID)/reviews"
        // No outcome: refused, the text kept, and what to do said.
        let (refused, html) = post(
            setup, path, "used_for=a+long+migration+plan&csrf=\(csrf)", cookies: "\(session); \(Reviews.cookie)=\(csrf)"
        )
        #expect(refused.status == 400)
        #expect(html.contains("value=\"a long migration plan\"") && html.contains("role=\"alert\""))
        #expect(html.contains("outcome must be worked, partly or failed"))
        // A stale form (its CSRF field gone): refused, the text kept.
        let (stale, staleHTML) = post(
            setup, path, "outcome=worked&used_for=kept+text&csrf=old", cookies: "\(session); \(Reviews.cookie)=\(csrf)")
        #expect(stale.status == 403 && staleHTML.contains("value=\"kept text\"") && staleHTML.contains("checked"))
        #expect(staleHTML.contains("reload the page"))

        // A person writes at most ten reviews a minute.
        (_, _, csrf) = page(setup, cookies: session)
        var statuses: [Int] = []
        for index in 0..<11 {
            let (sent, body) = post(
                setup, path, "outcome=worked&used_for=try+\(index)&csrf=\(csrf)",
                cookies: "\(session); \(Reviews.cookie)=\(csrf)", address: "10.0.0.2")
            statuses.append(sent.status)
            if sent.status == 429 { #expect(body.contains("value=\"try 10\"") && body.contains("wait a minute")) }
        }
        #expect(statuses == Array(repeating: 303, count: 10) + [429])

        // An address sends at most 30 forms in ten minutes, whoever signs them.
        let token = "operator-secret"
        _ = try setup.store.createToken(
            name: "operator", secretSHA256: SHA256Hex.of(token), at: "2026-11-30T10:00:00Z")
        var last = 0
        for index in 0..<31 {
            let (sent, _) = post(
                setup, path, "outcome=partly&used_for=batch+\(index)&token=\(token)&csrf=\(csrf)",
                cookies: "\(Reviews.cookie)=\(csrf)", address: "10.0.0.3")
            last = sent.status
            if index < 30 { #expect(sent.status == 303, "form \(index)") }
        }
        #expect(last == 429)
        let elsewhere = post(
            setup, path, "outcome=partly&used_for=elsewhere&token=\(token)&csrf=\(csrf)",
            cookies: "\(Reviews.cookie)=\(csrf)", address: "10.0.0.4")
        #expect(elsewhere.0.status == 303)
    }

    @Test func aHostileReviewIsShownAsTextAndAHugeOneIsRefusedWithItsTextKept() throws {
        let directory = TemporaryDirectory()
        let setup = try setUp(directory)
        let session = try signIn(setup)
        var (_, _, csrf) = page(setup, cookies: session)
        let path = "/files/\(setup.fileID)/reviews"
        let hostile = "<img src=x onerror=alert(1)>\"><script>alert(2)</script>"
        let encoded = try #require(hostile.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        var (sent, _) = post(
            setup, path, "outcome=worked&used_for=\(encoded)&csrf=\(csrf)",
            cookies: "\(session); \(Reviews.cookie)=\(csrf)")
        #expect(sent.status == 303)
        var html: String
        (_, html, csrf) = page(setup, cookies: session)
        #expect(!html.contains("<img src=x") && !html.contains("<script>alert(2)"))
        #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;"))
        // Over 500 characters: refused, and what was typed comes back (up to 2,000 characters of it).
        let huge = String(repeating: "long ", count: 2_000)
        (sent, html) = post(
            setup, path, "outcome=partly&used_for=\(huge.replacingOccurrences(of: " ", with: "+"))&csrf=\(csrf)",
            cookies: "\(session); \(Reviews.cookie)=\(csrf)")
        #expect(sent.status == 400 && html.contains("over 500 characters"))
        #expect(html.contains("value=\"\(String(huge.prefix(2_000)))\""))
        #expect(try setup.store.reviews(ofFile: setup.fileID).map(\.outcome) == [.worked], "the earlier review stays")
    }

    @Test func reportsFromThreePeopleOrAddressesHideAReviewUntilAnOperatorLooks() throws {
        let directory = TemporaryDirectory()
        let setup = try setUp(directory)
        let token = "operator-secret"
        _ = try setup.store.createToken(name: "operator", secretSHA256: SHA256Hex.of(token), at: "2026-11-30T10:00:00Z")
        var (_, html, csrf) = page(setup)
        let path = "/files/\(setup.fileID)/reviews"
        _ = post(
            setup, path, "outcome=worked&used_for=buy+cheap+watches&token=\(token)&csrf=\(csrf)",
            cookies: "\(Reviews.cookie)=\(csrf)")
        let review = try #require(try setup.store.reviews(ofFile: setup.fileID).first)
        (_, html, csrf) = page(setup)
        #expect(html.contains("/reviews/\(review.id)/report"))
        let report = "/files/\(setup.fileID)/reviews/\(review.id)/report"
        let session = try signIn(setup)
        // Signed in, and twice from one address: counted once each.
        var (sent, _) = post(setup, report, "csrf=\(csrf)", cookies: "\(session); \(Reviews.cookie)=\(csrf)")
        #expect(sent.status == 303 && sent.header("Location")?.contains("reported=1") == true)
        (sent, _) = post(setup, report, "csrf=\(csrf)", cookies: "\(Reviews.cookie)=\(csrf)", address: "10.1.0.1")
        (sent, _) = post(setup, report, "csrf=\(csrf)", cookies: "\(Reviews.cookie)=\(csrf)", address: "10.1.0.1")
        #expect(try setup.store.moderatedReviews(hiddenOnly: false, limit: 5).first?.reports == 2)
        #expect(page(setup).1.contains("buy cheap watches"))
        let reportedPage = setup.app.handle(
            HTTPRequest(method: "GET", path: "/files/\(setup.fileID)", query: ["reported": "1"]))
        #expect(String(decoding: reportedPage.body, as: UTF8.self).contains("the review is reported"))
        // A forged report (no CSRF cookie) is refused.
        (sent, _) = post(setup, report, "csrf=\(csrf)", cookies: "", address: "10.1.0.9")
        #expect(sent.status == 403)
        // The third distinct reporter hides it.
        (sent, _) = post(setup, report, "csrf=\(csrf)", cookies: "\(Reviews.cookie)=\(csrf)", address: "10.1.0.2")
        #expect(sent.status == 303)
        #expect(!page(setup).1.contains("buy cheap watches"))
        let listing = setup.app.handle(HTTPRequest(method: "GET", path: "/api/v1/files/\(setup.fileID)/reviews"))
        #expect(!String(decoding: listing.body, as: UTF8.self).contains("cheap watches"))
        // Until an operator looks.
        #expect(try setup.store.setReviewHidden(id: review.id, hidden: false, at: ReviewSubmission.now()))
        #expect(page(setup).1.contains("buy cheap watches"))
    }

    @Test func aPersonMakesAnAgentTokenWhoseReviewsSayWhoseAgentAndRevokesIt() throws {
        let directory = TemporaryDirectory()
        let setup = try setUp(directory)
        #expect(setup.app.handle(HTTPRequest(method: "GET", path: "/account")).status == 303, "sign in first")
        let session = try signIn(setup)
        let account = setup.app.handle(HTTPRequest(method: "GET", path: "/account", headers: ["cookie": session]))
        #expect(account.status == 200 && account.header("Cache-Control") == "private, no-store")
        let csrf = String(pair(cookie(account, Reviews.cookie)).dropFirst(Reviews.cookie.count + 1))
        let cookies = "\(session); \(Reviews.cookie)=\(csrf)"
        let (bad, badHTML) = post(setup, "/account/tokens", "name=no+spaces!&csrf=\(csrf)", cookies: cookies)
        #expect(bad.status == 400 && badHTML.contains("1 to 40 letters"))
        let (made, madeHTML) = post(setup, "/account/tokens", "name=claude&csrf=\(csrf)", cookies: cookies)
        #expect(made.status == 200 && made.header("Cache-Control") == "private, no-store")
        let pattern = try NSRegularExpression(pattern: "<code id=\"new-token\">(ssa_[0-9a-f]+)</code>")
        let match = try #require(pattern.firstMatch(in: madeHTML, range: NSRange(madeHTML.startIndex..., in: madeHTML)))
        let secret = String(madeHTML[try #require(Range(match.range(at: 1), in: madeHTML))])
        // Shown once: the account page does not show it again.
        let again = setup.app.handle(HTTPRequest(method: "GET", path: "/account", headers: ["cookie": session]))
        #expect(!String(decoding: again.body, as: UTF8.self).contains(secret))
        let (duplicate, _) = post(setup, "/account/tokens", "name=claude&csrf=\(csrf)", cookies: cookies)
        #expect(duplicate.status == 409)

        // The agent reviews through the API with it.
        let body = #"{"outcome": "worked", "usedFor": "a CI fix", "reviewer": "claude-code"}"#
        let api = setup.app.handle(
            HTTPRequest(
                method: "POST", path: "/api/v1/files/\(setup.fileID)/reviews",
                headers: ["authorization": "Bearer \(secret)"], body: Array(body.utf8)))
        #expect(api.status == 201, "\(String(decoding: api.body, as: UTF8.self))")
        let html = page(setup).1
        #expect(html.contains("by claude-code, an agent of @Octo-Cat"))
        #expect(html.contains("agents: 1 of 1 said it worked (100%)"))

        let tokens = try setup.store.agentTokens(ofAccount: try #require(setup.store.exportReviews().accounts.first).id)
        try #require(tokens.count == 1)
        let (revoked, _) = post(setup, "/account/tokens/\(tokens[0].id)/revoke", "csrf=\(csrf)", cookies: cookies)
        #expect(revoked.status == 303)
        let refused = setup.app.handle(
            HTTPRequest(
                method: "POST", path: "/api/v1/files/\(setup.fileID)/reviews",
                headers: ["authorization": "Bearer \(secret)"], body: Array(body.utf8)))
        #expect(refused.status == 401)
    }
}

/// SHA-256 of a secret as the registry stores tokens.
enum SHA256Hex {
    static func of(_ text: String) -> String { Hashing.SHA256.hex(of: Array(text.utf8)) }
}
