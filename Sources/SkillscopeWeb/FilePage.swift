internal import CommonMark
internal import Foundation
internal import MicroHTTP
internal import SkillscopeCore
internal import SkillscopeReport
internal import SkillscopeStore
internal import SkillscopeVersions

/// The file page, laid out as the seed pages are: what the file is, who else uses a version of it, the other
/// files of its repository, its rules rated (with a filter by rating), its checks, its text with line numbers,
/// whether it works, the visitor's trail and a way to do the same for their own files.
///
/// It formats the file's ``FileReport`` and reads nothing else.
struct FilePage {
    let store: any Store
    let reporter: Reporter

    /// Other files of the repository listed before the rest are folded.
    static let repositoryShown = 20
    /// Rules a page shows; the rest are a link away (`?rules=OFFSET`).
    static let rulesShown = 500

    /// Who is looking, for the reviews' part of the page.
    struct Viewer {
        /// The signed-in person, if any.
        var account: AccountRecord?
        /// Whether this server signs people in (else the page says how its operator turns it on).
        var signInConfigured = false
        /// A refused form, shown again with its text and why.
        var draft: Reviews.Draft?
        var message: String?
        /// The visitor just reported a review.
        var reported = false
    }

    /// A short table of contents: the page is long (a file's text, hundreds of rules), and "Does it work?" would
    /// otherwise be thousands of pixels down on a phone.
    static func contents(hasVersions: Bool) -> String {
        var links = hasVersions ? ["<a href=\"#versions\">Versions</a>"] : []
        links += [
            "<a href=\"#rules\">Rules</a>", "<a href=\"#text\">The file</a>", "<a href=\"#reviews\">Reviews</a>",
        ]
        return "<nav aria-label=\"On this page\" class=\"contents\">\(links.joined(separator: " · "))</nav>"
    }

    func render(id: Int64, query: [String: String] = [:], viewer: Viewer = Viewer(), status: Int = 200) throws
        -> HTTPResponse
    {
        let file = try API.file(id, in: store)
        let from = max(0, Int(query["rules"] ?? "0") ?? 0)
        let report = try reporter.report(file).window(offset: from, limit: Self.rulesShown)
        let title = file.name ?? file.title ?? file.key.path
        var body =
            "<article class=\"file\" data-file-id=\"\(file.id)\" data-title=\"\(HTML.escape(title))\">"
        body += Self.head(report, title: title)
        body += Self.contents(hasVersions: report.versions != nil)
        if let versions = report.versions {
            body += Self.adoption(versions)
            body += Self.otherVersions(of: report, versions)
        }
        // The rules before the repository's other files: on a phone a 20-item list would push them screens down.
        body += RatingHTML.section(report, more: { "/files/\(id)?rules=\($0)#rules" })
        if let versions = report.versions { body += Self.repository(of: report, versions) }
        body += Self.checks(report)
        body += Self.text(report)
        let csrf = Reviews.newCSRF()
        body += Self.reviews(report, csrf: csrf, viewer: viewer)
        body += Self.trail
        body += Self.ownFiles
        body += "</article>"
        var response = HTTPResponse(
            status: status, contentType: "text/html; charset=utf-8", body: HTML.page(title: title, body: body))
        response.headers.append(
            ("Set-Cookie", "\(Reviews.cookie)=\(csrf); Path=/; HttpOnly; SameSite=Strict"))
        if viewer.account != nil || viewer.draft != nil {
            response.headers.append(("Cache-Control", "private, no-store"))
        }
        return response
    }

    /// The licence a file's front matter states (`license: Apache-2.0`), or nil.
    static func frontMatterLicense(_ file: FileReport.File) -> String? {
        guard case .object(let pairs) = file.frontMatter else { return nil }
        for (key, value) in pairs where key == "license" || key == "licence" {
            if case .string(let text) = value, !text.allSatisfy(\.isWhitespace) { return text }
        }
        return nil
    }

    /// Kind, stars, "changed N ago", licence and "View on GitHub"; the path; the description rendered; Download.
    static func head(_ report: FileReport, title: String) -> String {
        let file = report.file
        var out = "<header class=\"file-head\"><h1>\(HTML.escape(title))</h1><p class=\"facts\">"
        var facts = ["<span class=\"kind\">\(HTML.escape(file.kind.title))</span>"]
        if let stars = file.stars { facts.append("<span class=\"stars\">★ \(Number.grouped(stars)) stars</span>") }
        if let changed = file.lastCommitAt ?? file.lastSeen {
            facts.append("<span class=\"changed\">Changed \(age(of: changed))</span>")
        }
        if file.repository != nil {
            // The repository's licence, else the one the file's front matter states (`license:`, as skills do).
            facts.append(
                (file.license ?? frontMatterLicense(file)).map { "<span class=\"license\">\(HTML.escape($0))</span>" }
                    ?? "<span class=\"license muted\">no licence stated</span>")
        }
        if let url = file.url {
            facts.append("<a class=\"github\" href=\"\(HTML.escape(url))\">View on GitHub</a>")
        }
        out += facts.joined(separator: " · ") + "</p>"
        if let repository = file.repository {
            out += "<p class=\"path muted\">\(HTML.escape(repository))/\(HTML.escape(file.path))</p>"
        }
        if file.status == "removed" { out += "<p class=\"notice\"><strong>Removed from its repository.</strong></p>" }
        if file.status == "rejected" {
            out += "<p class=\"notice\"><strong>Not split into rules:</strong> "
            out += HTML.escape(report.checks.diagnostics.first?.message ?? "the registry could not read it") + "</p>"
        }
        if let description = file.description {
            out += "<div class=\"description\">\(CommonMarkParser.html(description))</div>"
        }
        if file.status != "rejected", let id = file.id {
            out +=
                "<p><a class=\"button\" href=\"/files/\(id)/download.zip\" download>Download \(file.kind == .skill ? "the skill folder" : "the file") (ZIP)</a></p>"
        }
        return out + "</header>"
    }

    /// "N other projects use a version of this", Adopted by and Most recently taken up by.
    static func adoption(_ versions: VersionReport) -> String {
        var out = "<section class=\"adoption\" aria-labelledby=\"adoption\">"
        out +=
            "<p id=\"adoption\" class=\"lead\">\(Number.grouped(versions.otherProjects)) other \(versions.otherProjects == 1 ? "project uses" : "projects use") a version of this.</p>"
        out += "<h2>Adopted by</h2>"
        out +=
            "<p>\(Number.grouped(versions.adoptedBy)) \(versions.adoptedBy == 1 ? "project" : "projects") after it first appeared.</p>"
        out += "<h3>Most recently taken up by</h3>"
        if versions.mostRecentlyTakenUpBy.isEmpty {
            out += "<p class=\"muted\">No one yet.</p>"
        } else {
            out += "<ul class=\"versions\">"
            for version in versions.mostRecentlyTakenUpBy {
                out += "<li><a href=\"/files/\(version.id)\">\(HTML.escape(version.repository))</a> "
                out +=
                    "<span class=\"muted\">\(HTML.escape(bandPhrase(version.band))), first seen \(HTML.escape(date(version.firstSeen)))</span></li>"
            }
            out += "</ul>"
        }
        if let origin = versions.likelyOrigin {
            let name =
                origin.isSubject ? "this file" : "\(HTML.escape(origin.repository ?? ""))/\(HTML.escape(origin.path))"
            out +=
                "<p>Likely origin: \(name), first seen \(HTML.escape(date(origin.firstSeen))) <span class=\"muted\">(\(HTML.escape(origin.reason)))</span>.</p>"
        }
        return out + "</section>"
    }

    /// Other versions: each band its own list with its count and per-row evidence, the lineage, then "How
    /// matches are found".
    static func otherVersions(of report: FileReport, _ versions: VersionReport) -> String {
        var out = "<section aria-labelledby=\"versions\"><h2 id=\"versions\">Other versions</h2>"
        out +=
            "<p>\(Number.grouped(versions.otherProjects)) \(versions.otherProjects == 1 ? "project uses" : "projects use") a version of this.</p>"
        for band in versions.bands {
            out += "<section class=\"band\" data-band=\"\(band.band.rawValue)\">"
            out += "<h3>\(HTML.escape(band.band.title)) · \(Number.grouped(band.total))</h3>"
            if band.versions.isEmpty {
                out += "<p class=\"muted\">None found.</p>"
            } else {
                out += "<ul class=\"versions\">"
                for version in band.versions.prefix(10) { out += row(version, subject: report.file.id) }
                out += "</ul>"
                if band.versions.count > 10 {
                    out += "<details><summary>\(band.versions.count - 10) more</summary><ul class=\"versions\">"
                    for version in band.versions.dropFirst(10) { out += row(version, subject: report.file.id) }
                    out += "</ul></details>"
                }
            }
            out += "</section>"
        }
        if let id = report.file.id, let repository = report.file.repository,
            let svg = LineageSVG.render(
                subject: LineageSVG.Subject(id: id, repository: repository, path: report.file.path),
                report: versions)
        {
            out += "<h3>Lineage</h3><figure class=\"lineage\">\(svg)</figure>"
        }
        out += """
            <p class="how muted"><strong>How matches are found.</strong> Word for word: the exact same text. Edited: \
            shares passages with this file (“99% same” means 99% of its five-word phrases also appear here; 10% or \
            more counts). Their own version: close in meaning, or, weakest, the same name. We can’t always tell \
            which project had it first: the likely origin is the earliest we saw. Projects are counted among the \
            200 most-starred candidates a band holds, so the counts are a floor.</p>
            """
        return out + "</section>"
    }

    /// One version: repository, stars, evidence and first-seen date, with a link to compare.
    static func row(_ version: VersionMatch, subject: Int64?) -> String {
        var out = "<li><a href=\"/files/\(version.id)\">\(HTML.escape(version.repository))</a>"
        // Unknown stars (0) are left out: "★ 0" beside "100% same" reads as a count of something else.
        if version.stars > 0 { out += " <span class=\"stars\">★ \(Number.grouped(version.stars))</span>" }
        out += " "
        out += "<span class=\"match\">\(HTML.escape(evidence(version)))</span>"
        out += " <span class=\"muted\">first seen \(HTML.escape(date(version.firstSeen)))</span>"
        if version.isLikelyOrigin { out += " <span class=\"badge\">likely origin</span>" }
        if let subject { out += " · <a href=\"/compare?a=\(subject)&amp;b=\(version.id)\">compare</a>" }
        return out + "</li>"
    }

    /// Why a row is a version: "N% same" for copies and edits; "same name" or "close in meaning" for their own.
    static func evidence(_ version: VersionMatch) -> String {
        switch version.band {
        case .wordForWord: "same words"
        case .edited: "\(version.percentSame)% same"
        case .own: version.reason == "same name" ? "same name" : "close in meaning"
        }
    }

    static func bandPhrase(_ band: VersionBand) -> String {
        switch band {
        case .wordForWord: "word for word"
        case .edited: "edited"
        case .own: "their own version"
        }
    }

    /// "In this repository N other files": the first ones, the rest folded.
    static func repository(of report: FileReport, _ versions: VersionReport) -> String {
        guard versions.sameRepositoryTotal > 0 else { return "" }
        let noun = versions.sameRepositoryTotal == 1 ? "other file" : "other files"
        var out = "<section aria-labelledby=\"repository\"><h2 id=\"repository\">In this repository</h2>"
        out += "<p>\(Number.grouped(versions.sameRepositoryTotal)) \(noun) it gives its agents.</p>"
        func item(_ other: RepositoryFile) -> String {
            let label = other.name ?? other.path
            var line = "<li><a href=\"/files/\(other.id)\">\(HTML.escape(label))</a>"
            // The kind and the path, where they say more than the link does.
            let more = [other.kind.title, other.path].filter { $0 != label }
            if !more.isEmpty { line += " <span class=\"muted\">\(HTML.escape(more.joined(separator: " · ")))</span>" }
            if let id = report.file.id { line += " · <a href=\"/compare?a=\(id)&amp;b=\(other.id)\">compare</a>" }
            return line + "</li>"
        }
        out += "<ul class=\"repository\">"
        for other in versions.sameRepository.prefix(repositoryShown) { out += item(other) }
        out += "</ul>"
        if versions.sameRepository.count > repositoryShown {
            out +=
                "<details class=\"more-files\"><summary>Show \(Number.grouped(versions.sameRepository.count - repositoryShown)) more</summary><ul class=\"repository\">"
            for other in versions.sameRepository.dropFirst(repositoryShown) { out += item(other) }
            out += "</ul></details>"
        }
        return out + "</section>"
    }

    static func checks(_ report: FileReport) -> String {
        let checks = report.checks
        var out = "<section aria-labelledby=\"checks\"><h2 id=\"checks\">Checks</h2>"
        let verdict = checks.security.verdict.rawValue
        out += "<p>Security scan: <strong class=\"verdict-\(verdict)\">\(verdict)</strong></p>"
        if !checks.security.findings.isEmpty {
            out += "<ul>"
            for finding in checks.security.findings {
                let anchor =
                    finding.file.map { "\(HTML.escape($0)):\(finding.line)" }
                    ?? "<a href=\"#L\(finding.line)\">line \(finding.line)</a>"
                out += "<li>\(finding.level.rawValue): \(anchor) \(HTML.escape(finding.message))"
                out += " <code>\(HTML.escape(finding.evidence))</code></li>"
            }
            out += "</ul>"
        }
        out +=
            "<p>Spec check: \(checks.errors) error\(checks.errors == 1 ? "" : "s"), \(checks.warnings) warning\(checks.warnings == 1 ? "" : "s")</p>"
        if !checks.findings.isEmpty {
            out += "<ul>"
            for finding in checks.findings {
                let line = finding.line.map { "<a href=\"#L\($0)\">line \($0)</a>" } ?? "the file"
                out += "<li>\(finding.severity.rawValue): \(line): \(HTML.escape(finding.message))</li>"
            }
            out += "</ul>"
        }
        out += "<p>Quality score: <strong>\(String(format: "%.3f", checks.quality.score))</strong></p><ul>"
        for line in checks.quality.rationaleLines { out += "<li>\(HTML.escape(line))</li>" }
        return out + "</ul></section>"
    }

    /// "Does it work?": the counts of this version (people's and agents' apart) beside the previous version's, the
    /// reviews newest first, the form, and how an agent posts one.
    static func reviews(_ report: FileReport, csrf: String, viewer: Viewer = Viewer()) -> String {
        guard let id = report.file.id else { return "" }
        var out = "<section aria-labelledby=\"reviews\"><h2 id=\"reviews\">Does it work?</h2>"
        out +=
            "<p>Reviews from people and from AI agents that ran it: what they used it for, and whether it worked.</p>"
        let outcomes = ["worked": "It worked", "partly": "Partly", "failed": "It didn't"]
        let reviews = report.reviews
        if let reviews, reviews.count > 0 || reviews.previous != nil {
            out += "<p class=\"review-summary\">" + summaryLine(reviews.thisVersion, of: "this version") + "</p>"
            if let previous = reviews.previous {
                out +=
                    "<p class=\"review-summary previous\">" + summaryLine(previous, of: "the previous version")
                    + "</p>"
            }
            out += "<ul class=\"reviews\">"
            for review in reviews.recent {
                let outcome = outcomes[review.outcome.rawValue] ?? ""
                let by = review.accountLogin == nil ? review.attribution : "by " + review.attribution
                out +=
                    "<li data-review-id=\"\(review.id)\"><strong>\(outcome)</strong> · \(HTML.escape(by)) · \(HTML.escape(date(review.at)))"
                if review.fileSHA256 != report.file.sha256 {
                    out += " · <span class=\"muted\">an earlier version</span>"
                }
                if !review.usedFor.isEmpty { out += ": used for \(HTML.escape(review.usedFor))" }
                out += """
                     · <form method="post" action="/files/\(id)/reviews/\(review.id)/report" class="inline report">\
                    <input type="hidden" name="csrf" value="\(HTML.escape(csrf))">\
                    <button type="submit" class="link" title="Spam, abuse, or not a review of this file">Report</button></form>
                    """
                if let account = viewer.account, review.tokenID == account.personTokenID {
                    out += """
                         · <form method="post" action="/files/\(id)/reviews/\(review.id)/delete" class="inline">\
                        <input type="hidden" name="csrf" value="\(HTML.escape(csrf))">\
                        <button type="submit" class="link">Delete your review</button></form>
                        """
                }
                out += "</li>"
            }
            out += "</ul>"
        } else {
            out += "<p><strong>No reviews yet.</strong></p>"
        }
        let own = viewer.account.flatMap { account in
            reviews?.recent.first { $0.tokenID == account.personTokenID && $0.fileSHA256 == report.file.sha256 }
        }
        let outcome = viewer.draft?.outcome ?? own?.outcome.rawValue
        let usedFor = viewer.draft?.usedFor ?? own?.usedFor ?? ""
        func radio(_ value: String, _ label: String, first: Bool) -> String {
            "<label><input type=\"radio\" name=\"outcome\" value=\"\(value)\"\(first ? " required" : "")"
                + (outcome == value ? " checked" : "") + "> \(label)</label>"
        }
        let fields = """
            <fieldset><legend>Did it work for you?</legend>
            \(radio("worked", "It worked", first: true))
            \(radio("partly", "Partly", first: false))
            \(radio("failed", "It didn't", first: false))</fieldset>
            <p><label for="used_for">What did you use it for?</label><br>
            <input id="used_for" name="used_for" maxlength="500" required value="\(HTML.escape(usedFor))"></p>
            <input type="hidden" name="csrf" value="\(HTML.escape(csrf))">
            """
        if viewer.reported {
            out +=
                "<p class=\"notice\" role=\"status\">Thank you: the review is reported. After \(Reviews.hideAfterReports) reports it is hidden until an operator looks.</p>"
        }
        if let message = viewer.message {
            out += "<p class=\"form-error\" role=\"alert\" id=\"review-error\">\(HTML.escape(message))</p>"
        }
        if let account = viewer.account {
            out += """
                <form method="post" action="/files/\(id)/reviews" class="review-form">
                <p>Signed in as <strong>@\(HTML.escape(account.login))</strong>. \
                \(own == nil ? "Say what you used it for, and whether it worked." : "You reviewed this version: change your review here.")</p>
                \(fields)
                <button type="submit">\(own == nil ? "Send review" : "Update your review")</button>
                </form>
                <form method="post" action="/signout" class="inline"><input type="hidden" name="csrf" value="\(HTML.escape(csrf))">\
                <input type="hidden" name="return" value="/files/\(id)#reviews">\
                <a href="/account">Your agents' tokens</a> · <button type="submit" class="link">Sign out</button></form>
                """
        } else {
            if viewer.signInConfigured {
                out += """
                    <p class="sign-in"><a class="button" href="/signin?return=%2Ffiles%2F\(id)%23reviews">Sign in with GitHub</a> \
                    to review: say what you used it for, and whether it worked.</p>
                    """
            } else {
                out += "<p class=\"sign-in muted\">\(HTML.escape(SignIn.notConfigured))</p>"
            }
            out += """
                <details class="token-review"\(viewer.signInConfigured && viewer.draft == nil ? "" : " open")><summary>Review with a token from this registry's operator</summary>
                <form method="post" action="/files/\(id)/reviews" class="review-form">
                \(fields)
                <p><label for="token">Review token</label><br>
                <input id="token" name="token" type="password" autocomplete="off" required><br>
                <span class="muted">Made on the server with <code>skillscope token create</code>.</span></p>
                <button type="submit">Send review</button>
                </form></details>
                """
        }
        out += """
            <p class="agent-hint">Using an agent? It can post a review for you after it has run the file: the MCP \
            tool <code>registry_write</code>, action <code>report</code>, with <code>id</code> \(id)\
            \(viewer.account == nil ? "" : ", and a token you make for it on <a href=\"/account\">your account page</a>").</p>
            <details class="connect"><summary>How to connect one</summary>
            <p>Over stdio, beside the registry: <code>SKILLSCOPE_TOKEN=TOKEN skillscope mcp --db REGISTRY</code>. Over HTTP, \
            when this server was started with <code>--mcp</code>: the endpoint <code>/mcp</code>. In Claude Code: \
            <code>claude mcp add skillscope -- skillscope mcp --db REGISTRY</code>.</p></details>
            </section>
            """
        return out
    }

    /// "2 of 3 people said it worked (67%), 1 partly; agents: …" for one version's counts.
    static func summaryLine(_ tally: FileReport.Reviews.VersionTally, of version: String) -> String {
        func part(_ counts: FileReport.Reviews.Tally, _ who: String) -> String? {
            guard counts.count > 0 else { return nil }
            let share = Int((Double(counts.worked) / Double(counts.count) * 100).rounded())
            return "\(who): \(counts.worked) of \(counts.count) said it worked (\(share)%), \(counts.partly) partly, "
                + "\(counts.failed) that it didn't"
        }
        let parts = [part(tally.people, "people"), part(tally.agents, "agents")].compactMap { $0 }
        guard !parts.isEmpty else { return "No reviews of \(version) yet." }
        return "Of \(version), " + parts.joined(separator: "; ") + "."
    }

    /// The visitor's trail, filled in by the page's script from this browser's storage.
    static let trail = """
        <section aria-labelledby="your-trail" class="your-trail"><h2 id="your-trail">Your trail</h2>
        <p>Files you open will collect here, so you can find them again.</p>
        <ul id="trail-files"></ul>
        <p>Open two or more, and you can remix the rules you like from each into one list. \
        <a id="trail-remix" href="/remix">Remix</a> · Kept in this browser only.</p></section>
        """

    /// "Now do this for your own", linking to the analysis of a pasted file.
    static let ownFiles = """
        <section aria-labelledby="your-own" class="your-own"><h2 id="your-own">Now do this for your own.</h2>
        <p>Bring your CLAUDE.md, AGENTS.md or skills. Skillscope shows which of your rules are common, which are \
        yours and which only fit one project.</p>
        <p><a class="button" href="/analyze">Analyze your own file</a></p></section>
        """

    static func text(_ report: FileReport) -> String {
        guard let text = report.file.text, report.file.status != "rejected" else { return "" }
        var out = "<section aria-labelledby=\"text\"><h2 id=\"text\">The file</h2><pre class=\"text\">"
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() where !(index == lines.count - 1 && line.isEmpty) {
            let number = index + 1
            out += "<span class=\"line\" id=\"L\(number)\"><a class=\"number\" href=\"#L\(number)\">\(number)</a>"
            out += HTML.escape(line) + "</span>"
        }
        return out + "</pre></section>"
    }

    /// "Mar 14, 2026" for an ISO 8601 date.
    static func date(_ iso: String?) -> String {
        guard let iso else { return "unknown" }
        let formatter = ISO8601DateFormatter()
        guard let date = formatter.date(from: iso) ?? formatter.date(from: String(iso.prefix(19)) + "Z") else {
            return String(iso.prefix(10))
        }
        let out = DateFormatter()
        out.locale = Locale(identifier: "en_US_POSIX")
        out.timeZone = TimeZone(identifier: "UTC")
        out.dateFormat = "MMM d, yyyy"
        return out.string(from: date)
    }

    /// "3 months ago" for an ISO 8601 date.
    static func age(of date: String, now: Date = Date()) -> String {
        let formatter = ISO8601DateFormatter()
        guard let then = formatter.date(from: date) ?? formatter.date(from: String(date.prefix(19)) + "Z") else {
            return HTML.escape(date)
        }
        let days = Int(now.timeIntervalSince(then) / 86_400)
        switch days {
        case ..<1: return "today"
        case 1..<31: return "\(days) day\(days == 1 ? "" : "s") ago"
        case 31..<365: return "\(days / 30) month\(days / 30 == 1 ? "" : "s") ago"
        default: return "\(days / 365) year\(days / 365 == 1 ? "" : "s") ago"
        }
    }
}
