import Foundation
import Hashing
import MicroHTTP
import SkillscopeCore
import SkillscopeSQLite
import SkillscopeStore
import SkillscopeTesting
import Synchronization
import Testing

@testable import SkillscopeWeb

/// Every page and endpoint, in process: requests handed to the app, responses read back.
@Suite struct WebAppTests {
    static let hostile = """
        ---
        name: hostile
        description: Shows <script>alert(1)</script> and "><img src=x onerror=alert(2)> as text.
        ---
        # Hostile <script>alert(3)</script>

        - Never trust "><img src=x onerror=alert(4)> in input.
        - Keep <b>tags</b> as text.
        """

    func app(_ directory: TemporaryDirectory) throws -> (WebApp, any Store) {
        let store = try SQLiteStore(path: directory.appending("r.sqlite"))
        _ = try store.write(
            repositories: [RepositoryRecord(fullName: "acme/skills", stars: 12, license: "MIT")],
            files: [
                Fixtures.record("acme/skills", "review/SKILL.md", Fixtures.reviewSkill),
                Fixtures.record("acme/skills", "hostile/SKILL.md", Self.hostile),
                Fixtures.record("lena/app", "AGENTS.md", Fixtures.agentsFile),
            ], seenAt: "2026-11-30T10:00:00Z")
        _ = try store.refreshPassageIndex()
        return (WebApp(store: store), store)
    }

    func get(_ app: WebApp, _ path: String, query: [String: String] = [:]) -> (HTTPResponse, String) {
        let response = app.handle(HTTPRequest(method: "GET", path: path, query: query))
        return (response, String(decoding: response.body, as: UTF8.self))
    }

    func id(_ store: any Store, _ repository: String, _ path: String) throws -> Int64 {
        try #require(try store.file(.key(FileKey(repository: repository, path: path)))).id
    }

    @Test func everyResponseCarriesTheSecurityHeaders() throws {
        let directory = TemporaryDirectory()
        let (app, _) = try app(directory)
        for path in ["/", "/search", "/nowhere", "/api/v1/nowhere", "/health"] {
            let (response, _) = get(app, path)
            #expect(response.header("Content-Security-Policy")?.contains("frame-ancestors 'none'") == true, "\(path)")
            #expect(response.header("X-Content-Type-Options") == "nosniff")
            #expect(response.header("Referrer-Policy") == "no-referrer")
        }
    }

    @Test func theHomeAndSearchPagesListFiles() throws {
        let directory = TemporaryDirectory()
        let (app, _) = try app(directory)
        let (home, homeText) = get(app, "/")
        #expect(home.status == 200 && homeText.contains("3 files from 2 repositories"))
        #expect(homeText.contains("<main id=\"main\">") && homeText.contains("role=\"search\""))
        let (_, results) = get(app, "/search", query: ["q": "review diff"])
        #expect(results.contains("code-review") && results.contains("acme/skills/review/SKILL.md"))
        #expect(
            results.contains(
                "Sort: <strong>relevance</strong> · <a href=\"/search?q=review%20diff&amp;sort=stars\">stars</a>"))
        #expect(results.contains("Licence: <a href=\"/search?license=MIT&amp;q=review%20diff\">MIT</a> (1)"))
        let (_, filtered) = get(app, "/search", query: ["q": "review diff", "license": "MIT"])
        #expect(filtered.contains("<strong>MIT (1)</strong>") && filtered.contains("code-review"))
    }

    @Test func searchHitsSayTheirVersionsAndSortByThemOnceSummarised() throws {
        let directory = TemporaryDirectory()
        let (app, store) = try app(directory)
        // Before `skillscope group` summarised the registry: no sort by versions or quality, nothing said of them.
        let (_, plain) = get(app, "/search", query: ["q": "review"])
        #expect(!plain.contains("sort=versions") && !plain.contains("sort=quality") && !plain.contains("used by"))
        let review = try #require(try store.file(.key(FileKey(repository: "acme/skills", path: "review/SKILL.md"))))
        var summaries = FileSummaries()
        summaries.add(
            FileSummary(versions: 3, copies: 1, edited: 2, own: 0, isOrigin: true, quality: 0.75), file: review.id,
            sha256: review.sha256)
        try store.saveBlob(FileSummaries.blobName, summaries.encoded())
        let (_, summarised) = get(app, "/search", query: ["q": "review", "sort": "versions"])
        #expect(summarised.contains("Sort: <a href=\"/search?q=review&amp;sort=relevance\">relevance</a>"))
        #expect(summarised.contains("<strong>versions</strong>") && summarised.contains("sort=quality"))
        #expect(summarised.contains("used by 3 other projects · likely origin · quality 0.75"))
        let (status, api) = get(app, "/api/v1/search", query: ["q": "review", "sort": "versions"])
        #expect(status.status == 200 && api.contains("\"isOrigin\":true") && api.contains("\"versions\":3"))
        let (wrong, message) = get(app, "/api/v1/search", query: ["q": "review", "sort": "forks"])
        #expect(wrong.status == 400)
        #expect(message.contains("sort must be relevance, stars, recent, versions or quality"))
    }

    @Test func aLongDescriptionIsShortenedAtAWordInResults() {
        let long = String(repeating: "Covers observable ownership, environment wiring, ", count: 10)
        let shown = SearchPage.shortened(long)
        #expect(shown.count <= SearchPage.shownDescription + 1 && shown.hasSuffix("…"))
        // Cut after a whole word, without the comma that followed it.
        #expect(["ownership…", "wiring…", "observable…", "environment…", "Covers…"].contains { shown.hasSuffix($0) })
        #expect(long.hasPrefix(String(shown.dropLast())))
        #expect(SearchPage.shortened("Review code.") == "Review code.")
    }

    @Test func theFilePageShowsRulesChecksAndNumberedText() throws {
        let directory = TemporaryDirectory()
        let (app, store) = try app(directory)
        let review = try id(store, "acme/skills", "review/SKILL.md")
        let (response, page) = get(app, "/files/\(review)")
        #expect(response.status == 200)
        #expect(page.contains("3 rules"))
        #expect(
            page.contains(
                "<a href=\"#L9\">line 9</a> <span class=\"rule-text\">Read the whole diff before commenting.</span>"))
        #expect(page.contains("<span class=\"line\" id=\"L9\">"))
        #expect(page.contains("Security scan: <strong class=\"verdict-pass\">pass</strong>"))
        #expect(page.contains("Quality score"))
        #expect(page.contains("0 other projects use a version of this."))
        #expect(
            page.contains("3 rules. About 0 are common, 3 are distinctive, and 0 are very specific to this project."))
        #expect(
            page.contains(
                "<li data-rating=\"distinctive\"><span class=\"rating rating-distinctive\">Distinctive</span>"))
    }

    @Test func theFilePageDrawsLineageAndListsSiblingsAndVersions() throws {
        let directory = TemporaryDirectory()
        let (app, store) = try app(directory)
        _ = try store.write(
            repositories: [], files: [Fixtures.record("fork/copy", "review/SKILL.md", Fixtures.reviewSkill)],
            seenAt: "2026-12-01T10:00:00Z")
        _ = try store.refreshPassageIndex()
        let review = try id(store, "acme/skills", "review/SKILL.md")
        let fork = try id(store, "fork/copy", "review/SKILL.md")
        let (_, page) = get(app, "/files/\(review)")
        #expect(page.contains("1 other project uses a version of this."))
        #expect(page.contains("<svg") && page.contains("<a href=\"/files/\(fork)\"><g class=\"node\">"))
        // One edge for the one version drawn, from it to the file it came from.
        #expect(page.components(separatedBy: "<path class=\"edge\"").count - 1 == 1)
        #expect(page.contains("<h2 id=\"repository\">In this repository</h2><p>1 other file it gives its agents.</p>"))
        #expect(page.contains("<a href=\"/compare?a=\(review)&amp;b="))
    }

    @Test func aSkillDownloadsAsAZipOfItsFolder() throws {
        let directory = TemporaryDirectory()
        let (app, store) = try app(directory)
        let review = try id(store, "acme/skills", "review/SKILL.md")
        let response = app.handle(HTTPRequest(method: "GET", path: "/files/\(review)/download.zip"))
        #expect(response.status == 200 && response.header("Content-Type") == "application/zip")
        #expect(response.header("Content-Disposition") == "attachment; filename=\"review.zip\"")
        #expect(response.body.starts(with: [0x50, 0x4B, 0x03, 0x04]))
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(text.contains("review/SKILL.md"))
    }

    @Test func aRemixOfPickedRulesIsAValidSkill() throws {
        let directory = TemporaryDirectory()
        let (app, store) = try app(directory)
        let review = try id(store, "acme/skills", "review/SKILL.md")
        let agents = try id(store, "lena/app", "AGENTS.md")
        let (_, form) = get(app, "/remix", query: ["files": "\(review),\(agents)"])
        #expect(form.contains("value=\"\(review):1\"") && form.contains("value=\"\(agents):1\""))
        let body =
            "pick=\(review)%3A1&pick=\(agents)%3A2&name=mixed-rules&description=Picked+rules.+Use+when+reviewing."
        let made = app.handle(HTTPRequest(method: "POST", path: "/remix", body: Array(body.utf8)))
        let page = String(decoding: made.body, as: UTF8.self)
        #expect(made.status == 200 && page.contains("Valid under the Agent Skills specification."))
        #expect(page.contains("name: mixed-rules") && page.contains("Read the whole diff before commenting."))
        let api = app.handle(
            HTTPRequest(
                method: "POST", path: "/api/v1/remix",
                body: Array(#"{"name": "Bad Name", "picks": [{"file": 1, "rules": [1]}]}"#.utf8)))
        #expect(api.status == 400)
        let script = app.handle(HTTPRequest(method: "GET", path: "/static/app.js"))
        #expect(script.header("Content-Type")?.hasPrefix("application/javascript") == true)
        #expect(String(decoding: script.body, as: UTF8.self).contains("localStorage"))
    }

    @Test func markupInAFileIsShownAsText() throws {
        let directory = TemporaryDirectory()
        let (app, store) = try app(directory)
        let hostile = try id(store, "acme/skills", "hostile/SKILL.md")
        let (_, page) = get(app, "/files/\(hostile)")
        #expect(!page.contains("<script>alert"))
        #expect(!page.contains("<img src=x"))
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(page.contains("&quot;&gt;&lt;img src=x onerror=alert(4)&gt;"))
        let (_, results) = get(app, "/search", query: ["q": "hostile"])
        #expect(!results.contains("<script>alert") && results.contains("&lt;script&gt;"))
    }

    @Test func searchBrowsesByKindFoldsCopiesAndAnswersAFormWithAPage() throws {
        let directory = TemporaryDirectory()
        let (app, store) = try app(directory)
        _ = try store.write(
            repositories: [], files: [Fixtures.record("fork/copy", "review/SKILL.md", Fixtures.reviewSkill)],
            seenAt: "2026-12-01T10:00:00Z")
        let (_, home) = get(app, "/")
        #expect(home.contains("<a href=\"/search?kind=skill\">Skill</a>"))
        let (browse, skills) = get(app, "/search", query: ["kind": "skill"])
        #expect(browse.status == 200 && skills.contains("<h1>3 Skill files</h1>"))
        #expect(!skills.contains(">AGENTS.md<"))
        // The copy folds under the file it copies.
        let (_, found) = get(app, "/search", query: ["q": "review diff"])
        #expect(found.contains("and 1 identical copy"))
        #expect(found.components(separatedBy: "<a class=\"hit\"").count - 1 == 1)
        // A bad filter from the form is a page that says what is wrong, not JSON.
        let (bad, page) = get(app, "/search", query: ["q": "review", "kind": "poem"])
        #expect(bad.status == 400 && bad.header("Content-Type")?.hasPrefix("text/html") == true)
        #expect(page.contains("unknown kind &#39;poem&#39;") || page.contains("unknown kind 'poem'"))
        let (_, none) = get(app, "/search", query: ["q": "zzqqxx"])
        #expect(none.contains("Nothing matches") && none.contains("href=\"/analyze\""))
    }

    /// Paging ends where the files end, kinds read as people name them, and stars are offered only where known.
    @Test func searchPagesEndWithTheFilesAndSpeakPlainly() throws {
        let directory = TemporaryDirectory()
        let store = try SQLiteStore(path: directory.appending("r.sqlite"))
        let records = (0..<45).map { index in
            Fixtures.record(
                "acme/repo\(index % 5)", index % 3 == 0 ? "s\(index)/references/notes.md" : "s\(index)/SKILL.md",
                "---\nname: tidy-\(index)\ndescription: Tidy part \(index).\n---\n\n- Keep widget \(index) tidy.\n")
        }
        _ = try store.write(repositories: [], files: records, seenAt: "2026-11-30T10:00:00Z")
        let app = WebApp(store: store)
        let (_, first) = get(app, "/search", query: ["q": "widget"])
        #expect(first.contains("rel=\"next\""))
        let (_, second) = get(app, "/search", query: ["q": "widget", "offset": "20"])
        #expect(second.contains("rel=\"next\""))
        let (_, last) = get(app, "/search", query: ["q": "widget", "offset": "40"])
        #expect(last.components(separatedBy: "<a class=\"hit\"").count - 1 == 5)
        #expect(!last.contains("rel=\"next\""))
        // Kinds by their names, the link keeping the slug.
        #expect(first.contains(">Skill reference</a> (15)") || first.contains(">Skill</a> (30)"))
        #expect(!first.contains(">skill-reference</a>"))
        // No repository has stars here: no sort by them.
        #expect(!first.contains("sort=stars"))
        let (_, browse) = get(app, "/search", query: ["kind": "skill", "offset": "20"])
        #expect(browse.contains("<h1>30 Skill files</h1>") && !browse.contains("rel=\"next\""))
    }

    /// A skill whose repository states no licence shows the one its front matter states; without either the page
    /// says none is stated.
    @Test func theLicenceComesFromTheFrontMatterWhenTheRepositoryStatesNone() throws {
        let directory = TemporaryDirectory()
        let (app, store) = try app(directory)
        _ = try store.write(
            repositories: [],
            files: [
                Fixtures.record(
                    "solo/tools", "lint/SKILL.md",
                    "---\nname: lint\ndescription: Lints. Use when asked.\nlicense: Apache-2.0\n---\n\n- Lint first.\n"),
                Fixtures.record(
                    "solo/tools", "fmt/SKILL.md",
                    "---\nname: fmt\ndescription: Formats. Use when asked.\n---\n\n- Format.\n"),
            ], seenAt: "2026-12-01T10:00:00Z")
        let (_, licensed) = get(app, "/files/\(try id(store, "solo/tools", "lint/SKILL.md"))")
        #expect(licensed.contains("<span class=\"license\">Apache-2.0</span>"))
        let (_, unlicensed) = get(app, "/files/\(try id(store, "solo/tools", "fmt/SKILL.md"))")
        #expect(unlicensed.contains("no licence stated"))
    }

    @Test func anAnalysisRefusesEmptyHugeAndUnknownTextsSayingWhy() throws {
        let directory = TemporaryDirectory()
        let (app, _) = try app(directory)
        func post(_ fields: [String: Any]) -> (HTTPResponse, String) {
            let body = Array(JSONSerialization.compactData(fields))
            let response = app.handle(HTTPRequest(method: "POST", path: "/api/v1/analyze", body: body))
            return (response, String(decoding: response.body, as: UTF8.self))
        }
        let (empty, emptyText) = post(["text": " \n"])
        #expect(empty.status == 400 && emptyText.contains("the text is empty"))
        let (huge, hugeText) = post(["text": String(repeating: "- a rule\n", count: 120_000)])
        #expect(huge.status == 413 && hugeText.contains("\"too_large\""))
        let (unknown, unknownText) = post(["text": "- a rule", "kind": "poem"])
        #expect(unknown.status == 400 && unknownText.contains("unknown kind 'poem'"))
        // Many rules: the answer lists a window of them, says which, and pages the rest.
        let many = (1...1_200).map { "- Check item \($0) before release." }.joined(separator: "\n")
        let (paged, pagedText) = post(["text": many, "kind": "claude"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(pagedText.utf8)) as? [String: Any])
        #expect(paged.status == 200 && (json["rules"] as? [Any])?.count == 500)
        #expect((json["rulesShown"] as? [String: Int]) == ["offset": 0, "count": 500, "total": 1_200])
        let (_, nextText) = post(["text": many, "kind": "claude", "offset": 1_000, "limit": 500])
        let next = try #require(try JSONSerialization.jsonObject(with: Data(nextText.utf8)) as? [String: Any])
        #expect((next["rulesShown"] as? [String: Int]) == ["offset": 1_000, "count": 200, "total": 1_200])
        let (badLimit, badText) = post(["text": many, "limit": 2.5])
        #expect(badLimit.status == 400 && badText.contains("limit must be a whole number"))
        // The HTML form keeps what was typed and says what to do.
        let form = app.handle(
            HTTPRequest(method: "POST", path: "/analyze", body: Array("text=+&kind=".utf8)))
        #expect(form.status == 200 && String(decoding: form.body, as: UTF8.self).contains("role=\"alert\""))
        let typed = app.handle(
            HTTPRequest(method: "POST", path: "/analyze", body: Array("text=-+keep+me&kind=poem".utf8)))
        let page = String(decoding: typed.body, as: UTF8.self)
        #expect(page.contains("unknown kind") && page.contains("- keep me</textarea>"))
    }

    @Test func theAPIAnswersJSON() throws {
        let directory = TemporaryDirectory()
        let (app, store) = try app(directory)
        let review = try id(store, "acme/skills", "review/SKILL.md")
        func json(_ path: String, _ query: [String: String] = [:]) throws -> [String: Any] {
            let (response, text) = get(app, path, query: query)
            #expect(response.header("Content-Type") == "application/json", "\(path)")
            return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        }
        #expect(try json("/api/v1/search", ["q": "review"])["total"] as? Int == 1)
        #expect(
            (try json("/api/v1/files/\(review)")["file"] as? [String: Any])?["path"] as? String == "review/SKILL.md")
        let (_, rulesText) = get(app, "/api/v1/files/\(review)/rules")
        let rules = try #require(try JSONSerialization.jsonObject(with: Data(rulesText.utf8)) as? [[String: Any]])
        #expect(rules.map { $0["line"] as? Int } == [9, 10, 11])
        let checks = try json("/api/v1/files/\(review)/checks")
        #expect((checks["security"] as? [String: Any])?["verdict"] as? String == "pass")
        #expect((checks["quality"] as? [String: Any])?["score"] is Double)
        #expect(try json("/api/v1/files/\(review)/versions")["otherProjects"] as? Int == 0)
        let ratings = try json("/api/v1/files/\(review)/ratings")
        #expect(ratings["summary"] as? String == "3 rules: 0 common, 3 distinctive, 0 very specific")
        let rated = try #require(ratings["rules"] as? [[String: Any]])
        #expect(rated.map { $0["line"] as? Int } == [9, 10, 11])
        #expect(rated.allSatisfy { ($0["evidence"] as? String)?.contains("too few files like this one") == true })
        let listing = try json("/api/v1/files/\(review)/listing")
        #expect(listing["kind"] as? String == "skill" && listing["qualityScore"] is String)
    }

    @Test func errorsAreJSONWithACodeUnderTheAPIAndPagesElsewhere() throws {
        let directory = TemporaryDirectory()
        let (app, _) = try app(directory)
        let (missing, missingText) = get(app, "/api/v1/files/999")
        #expect(missing.status == 404 && missingText == #"{"error":{"code":"not_found","message":"no file 999"}}"#)
        let (bad, badText) = get(app, "/api/v1/search", query: ["q": "x", "limit": "500"])
        #expect(bad.status == 400 && badText.contains("bad_request"))
        let (noWords, _) = get(app, "/api/v1/search")
        #expect(noWords.status == 400)
        let post = app.handle(HTTPRequest(method: "DELETE", path: "/api/v1/files/1"))
        #expect(post.status == 405)
        let (page, pageText) = get(app, "/files/999")
        #expect(page.status == 404 && pageText.contains("<h1>404</h1>"))
    }
}

/// Reviews through the API and the page's form.
@Suite struct ReviewRouteTests {
    func setUp(_ directory: TemporaryDirectory) throws -> (WebApp, any Store, Int64, String) {
        let store = try SQLiteStore(path: directory.appending("r.sqlite"))
        let record = Fixtures.record("acme/skills", "review/SKILL.md", Fixtures.reviewSkill)
        _ = try store.write(repositories: [], files: [record], seenAt: "2026-11-30T10:00:00Z")
        let id = try #require(try store.file(.key(record.key))).id
        let secret = "sks_test_secret"
        _ = try store.createToken(
            name: "reviewer-1", secretSHA256: SHA256.hex(of: Array(secret.utf8)), at: "2026-11-30T10:00:00Z")
        return (WebApp(store: store), store, id, secret)
    }

    func post(_ app: WebApp, _ path: String, token: String?, _ json: String) -> HTTPResponse {
        var headers: [String: String] = ["content-type": "application/json"]
        if let token { headers["authorization"] = "Bearer \(token)" }
        return app.handle(HTTPRequest(method: "POST", path: path, headers: headers, body: Array(json.utf8)))
    }

    @Test func aReviewNeedsATokenAndTheSixtyFirstInAMinuteIsRefused() throws {
        let directory = TemporaryDirectory()
        let (app, store, id, secret) = try setUp(directory)
        let path = "/api/v1/files/\(id)/reviews"
        let body = #"{"outcome": "worked", "usedFor": "a refactor"}"#
        #expect(post(app, path, token: nil, body).status == 401)
        #expect(post(app, path, token: "sks_wrong", body).status == 401)
        #expect(post(app, path, token: secret, #"{"outcome": "maybe"}"#).status == 400)
        #expect(post(app, path, token: secret, body).status == 201)
        for _ in 2...60 { #expect(post(app, path, token: secret, body).status == 200) }
        let refused = post(app, path, token: secret, body)
        #expect(refused.status == 429)
        #expect(String(decoding: refused.body, as: UTF8.self).contains("rate_limited"))
        #expect(try store.reviewSummary(ofFile: id).count == 1)
        let listing = app.handle(HTTPRequest(method: "GET", path: "/api/v1/files/\(id)/listing"))
        let record = try #require(try JSONSerialization.jsonObject(with: Data(listing.body)) as? [String: Any])
        #expect((record["agentReviews"] as? [String: Any])?["count"] as? Int == 1)
    }

    @Test func theFormNeedsItsCSRFCookieAndShowsTheReview() throws {
        let directory = TemporaryDirectory()
        let (app, _, id, secret) = try setUp(directory)
        let page = app.handle(HTTPRequest(method: "GET", path: "/files/\(id)"))
        let cookie = try #require(page.header("Set-Cookie")?.split(separator: ";").first.map(String.init))
        let value = String(cookie.split(separator: "=")[1])
        #expect(String(decoding: page.body, as: UTF8.self).contains("name=\"csrf\" value=\"\(value)\""))
        let form = "outcome=partly&used_for=a+release+note&token=\(secret)&csrf=\(value)"
        let forged = app.handle(
            HTTPRequest(method: "POST", path: "/files/\(id)/reviews", headers: [:], body: Array(form.utf8)))
        #expect(forged.status == 403)
        let sent = app.handle(
            HTTPRequest(
                method: "POST", path: "/files/\(id)/reviews", headers: ["cookie": cookie], body: Array(form.utf8)))
        #expect(sent.status == 303 && sent.header("Location") == "/files/\(id)#reviews")
        let after = String(decoding: app.handle(HTTPRequest(method: "GET", path: "/files/\(id)")).body, as: UTF8.self)
        #expect(after.contains("<strong>Partly</strong> · reviewer-1"))
        #expect(after.contains("used for a release note"))
    }
}

/// Kept pages: served again while nothing changed, made anew when a review or a file changes, never sharing a
/// CSRF token between two visitors.
@Suite struct PageCacheTests {
    @Test func keptPagesFollowTheRegistryAndCarryFreshTokens() throws {
        let directory = TemporaryDirectory()
        let store = try SQLiteStore(path: directory.appending("r.sqlite"))
        let record = Fixtures.record("acme/skills", "review/SKILL.md", Fixtures.reviewSkill)
        _ = try store.write(repositories: [], files: [record], seenAt: "2026-11-30T10:00:00Z")
        let id = try #require(try store.file(.key(record.key))).id
        let app = WebApp(store: store)
        func page() -> (String, String) {
            let response = app.handle(HTTPRequest(method: "GET", path: "/files/\(id)"))
            let cookie = response.header("Set-Cookie") ?? ""
            let token = String(cookie.dropFirst("skillscope_csrf=".count).prefix { $0 != ";" })
            return (String(decoding: response.body, as: UTF8.self), token)
        }
        let (first, firstToken) = page()
        let (second, secondToken) = page()
        #expect(firstToken != secondToken && !firstToken.isEmpty)
        #expect(second.contains("value=\"\(secondToken)\"") && !second.contains(firstToken))
        #expect(
            first.replacingOccurrences(of: firstToken, with: "")
                == second.replacingOccurrences(of: secondToken, with: ""))
        #expect(first.contains("No reviews yet"))

        let stamp = try store.changeStamp()
        _ = try store.createToken(
            name: "r", secretSHA256: String(repeating: "a", count: 64), at: "2026-11-30T10:00:00Z")
        let token = try #require(try store.token(secretSHA256: String(repeating: "a", count: 64)))
        let file = try #require(try store.file(.id(id)))
        _ = try store.writeReview(
            ReviewRecord(
                fileID: id, fileSHA256: file.sha256, tokenID: token.id, outcome: .worked, usedFor: "a refactor",
                reviewer: "r", at: "2026-11-30T10:01:00Z"), perMinute: 60)
        #expect(try store.changeStamp() != stamp)
        #expect(!page().0.contains("No reviews yet"))

        // A changed file changes the stamp too.
        let changed = try store.changeStamp()
        _ = try store.write(
            repositories: [], files: [Fixtures.record("acme/skills", "AGENTS.md", Fixtures.agentsFile)],
            seenAt: "2026-11-30T11:00:00Z")
        #expect(try store.changeStamp() != changed)
    }
}

/// The web's analysis of a pasted text reads its kind as every surface does (``FileKind/inferred(path:text:)``).
@Suite struct AnalysisKindTests {
    @Test func aPastedTextGetsTheKindItsFrontMatterSays() throws {
        let directory = TemporaryDirectory()
        let store = try SQLiteStore(path: directory.appending("r.sqlite"))
        let app = WebApp(store: store)
        let texts = [
            "---\ndescription: TypeScript\nglobs: *.ts\n---\n- Use strict mode.\n",
            "---\nname: pdf\ndescription: Reads PDFs.\n---\n- Read the whole file first.\n",
            "# Project\n\n- Run the tests before you push.\n",
        ]
        var kinds: [String] = []
        for text in texts {
            let body = Array(JSONSerialization.compactData(["text": text]))
            let response = app.handle(HTTPRequest(method: "POST", path: "/api/v1/analyze", body: body))
            #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
            kinds.append((json["file"] as? [String: Any])?["kind"] as? String ?? "")
        }
        #expect(kinds == ["cursor", "skill", "agents"])
        #expect(kinds == texts.map { FileKind.inferred(path: nil, text: $0.utf8).rawValue })
    }
}

/// What a visitor and the operator see when the registry fails.
@Suite struct ServerFailureTests {
    /// A store that fails (a lost disk, a lost database server) answers a 500 with a request id, on a page and in
    /// the API; the log line holds the same id and the request, and neither holds the registry's path or URL.
    @Test func aStoreFailureAnswersWithARequestIDAndLogsItWithoutTheRegistrysPath() throws {
        let lines = Lines()
        let failing = FailingStore(
            StoreError(
                .unavailable,
                "cannot read /srv/skillscope/registry.sqlite: disk I/O error (postgres://admin:hunter2@db.internal/r)"))
        let app = WebApp(store: failing, log: { lines.append($0) })
        for path in ["/", "/search", "/files/12", "/api/v1/search", "/api/v1/files/12"] {
            let response = app.handle(
                HTTPRequest(method: "GET", path: path, query: path.hasSuffix("search") ? ["q": "review"] : [:]))
            let body = String(decoding: response.body, as: UTF8.self)
            #expect(response.status == 500, "\(path)")
            let id = try #require(response.header("X-Request-Id"), "\(path)")
            #expect(id.count == 16 && id.allSatisfy { $0.isHexDigit })
            #expect(body.contains("report request \(id)"), "\(path): \(body)")
            #expect(!body.contains("/srv/skillscope") && !body.contains("hunter2") && !body.contains("disk I/O"))
            if path.hasPrefix("/api/") {
                let json = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
                #expect((json["error"] as? [String: Any])?["requestId"] as? String == id)
            } else {
                #expect(response.header("Content-Type")?.hasPrefix("text/html") == true)
            }
            let line = try #require(lines.all.last)
            #expect(line.hasPrefix("skillscope serve: 500 request \(id): GET \(path): "), "\(line)")
            #expect(line.contains("disk I/O error"))
            #expect(!line.contains("/srv/skillscope") && !line.contains("hunter2"), "\(line)")
        }
        #expect(Set(lines.all.map { $0.split(separator: " ")[4] }).count == 5)
    }
}

/// Lines a test's log took, from any thread.
extension JSONSerialization {
    /// `value` as JSON bytes, for a request's body.
    static func compactData(_ value: Any) -> [UInt8] {
        (try? JSONSerialization.data(withJSONObject: value)).map { [UInt8]($0) } ?? []
    }
}

final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}

/// The heavy routes' queue and budget: what is refused, with what, and that pages never wait behind them.
@Suite struct HeavyLimitTests {
    @Test func pastTheQueueARequestIsRefusedAt503WithRetryAfter() throws {
        // Threads of their own, not Dispatch's shared pool: with the whole suite running on 2 cores the pool can
        // start the second request after the third, which then takes the one place (seen once in a full run).
        let gate = HeavyGate(concurrency: 1, queueLength: 1, wait: .seconds(60), retryAfter: 7)
        let inside = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let order = Mutex<[String]>([])
        let group = DispatchGroup()
        group.enter()
        Thread {
            _ = try? gate.run {
                inside.signal()
                release.wait()
                order.withLock { $0.append("first") }
            }
            group.leave()
        }.start()
        inside.wait()
        group.enter()
        Thread {
            _ = try? gate.run { order.withLock { $0.append("second") } }
            group.leave()
        }.start()
        // Once the second waits, a third finds the queue full.
        let deadline = Date().addingTimeInterval(60)
        while gate.waitingNow < 1 && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        var refused: WebError?
        do { try gate.run {} } catch let error as WebError { refused = error }
        #expect(refused?.status == 503 && refused?.code == "busy")
        #expect(refused?.headers.contains { $0.name == "Retry-After" && $0.value == "7" } == true)
        release.signal()
        group.wait()
        #expect(order.withLock { $0 } == ["first", "second"])
    }

    /// An app over an empty registry in `directory`, its heavy routes' limits set by `limits`.
    static func emptyApp(in directory: TemporaryDirectory, limits: (inout WebApp.HeavyLimits) -> Void) throws -> WebApp
    {
        var heavy = WebApp.HeavyLimits()
        limits(&heavy)
        return WebApp(store: try SQLiteStore(path: directory.appending("r.sqlite")), heavy: heavy)
    }

    @Test func anAnalysisWaitingForATurnGivesItUpWhenItsClientLeaves() throws {
        let directory = TemporaryDirectory()
        let app = try Self.emptyApp(in: directory) { $0.wait = .seconds(30) }
        let statuses = Mutex<[Int]>([])
        var configuration = HTTPServer.Configuration()
        configuration.port = 0
        let server = HTTPServer(
            configuration: configuration,
            accessLog: { _, path, status, _, _ in
                if path == "/api/v1/analyze" { statuses.withLock { $0.append(status) } }
            }
        ) { app.handle($0) }
        let port = try server.start()
        defer { server.stop() }
        // Another analysis holds the one turn. The gate is captured itself and the holder is waited for at the end,
        // so no thread is left inside the gate once the test returns.
        let inside = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let gate = app.heavy
        DispatchQueue.global().async {
            _ = try? gate.run {
                inside.signal()
                release.wait()
            }
            finished.signal()
        }
        inside.wait()
        defer {
            release.signal()
            finished.wait()
            withExtendedLifetime(gate) {}
        }
        let client = try #require(LoopbackConnection(port: port))
        let body = Array(##"{"text": "# Rules\n\n- Run the tests before every push.\n", "kind": "claude"}"##.utf8)
        #expect(client.send(LoopbackConnection.request("POST", "/api/v1/analyze", body: body)))
        var deadline = Date().addingTimeInterval(20)
        while app.heavy.waitingNow < 1 && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(app.heavy.waitingNow == 1)
        // The client leaves: its request stops waiting long before the 30 s wait, while the turn is still held.
        client.close()
        deadline = Date().addingTimeInterval(20)
        while app.heavy.waitingNow > 0 && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(app.heavy.waitingNow == 0)
        while statuses.withLock({ $0 }).isEmpty && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(statuses.withLock { $0 } == [503])
    }

    @Test func aReportWhoseClientHasGoneStopsAndSaysSo() throws {
        let directory = TemporaryDirectory()
        let store = try SQLiteStore(path: directory.appending("r.sqlite"))
        let app = WebApp(store: store)
        var request = HTTPRequest(
            method: "POST", path: "/api/v1/analyze", headers: ["content-type": "application/json"],
            body: Array(##"{"text": "# Rules\n\n- Run the tests before every push.\n", "kind": "claude"}"##.utf8))
        request.isClientGone = { true }
        let response = app.handle(request)
        #expect(response.status == 503)
        #expect(String(decoding: response.body, as: UTF8.self).contains("\"cancelled\""))
        request.isClientGone = { false }
        #expect(app.handle(request).status == 200)
    }

    @Test func aTurnNotFreedWithinTheWaitIsRefused() throws {
        let gate = HeavyGate(concurrency: 1, queueLength: 4, wait: .milliseconds(150), retryAfter: 1)
        let inside = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            _ = try? gate.run {
                inside.signal()
                release.wait()
            }
        }
        inside.wait()
        let started = Date()
        var refused: WebError?
        do { try gate.run {} } catch let error as WebError { refused = error }
        #expect(Date().timeIntervalSince(started) >= 0.14)
        #expect(refused?.code == "busy")
        #expect(refused?.message.contains("no turn came within") == true, "\(refused?.message ?? "")")
        release.signal()
    }

    @Test func warmingUpLoadsNothingHarmfulAndTheAppAnswersAfter() throws {
        let directory = TemporaryDirectory()
        let store = try SQLiteStore(path: directory.appending("r.sqlite"))
        _ = try store.write(
            repositories: [], files: [Fixtures.record("acme/skills", "review/SKILL.md", Fixtures.reviewSkill)],
            seenAt: "2026-11-30T10:00:00Z")
        let app = WebApp(store: store)
        app.warmUp()  // a registry never grouped: nothing to load, nothing thrown
        let body = Array(JSONSerialization.compactData(["text": Fixtures.reviewSkill]))
        #expect(app.handle(HTTPRequest(method: "POST", path: "/api/v1/analyze", body: body)).status == 200)
    }

    @Test func anAnalysisPastItsBudgetAnswers503AndWritesNothing() throws {
        let directory = TemporaryDirectory()
        let app = try Self.emptyApp(in: directory) { $0.budget = .nanoseconds(1) }
        let store = app.store
        let body = Array(JSONSerialization.compactData(["text": "- Run the tests first.\n"]))
        let response = app.handle(HTTPRequest(method: "POST", path: "/api/v1/analyze", body: body))
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(response.status == 503 && text.contains("\"over_budget\""))
        #expect(response.header("Retry-After") == "10")
        #expect(try store.stats().files == 0)
        // Pages are not heavy: the same app serves them.
        #expect(app.handle(HTTPRequest(method: "GET", path: "/")).status == 200)
    }
}
