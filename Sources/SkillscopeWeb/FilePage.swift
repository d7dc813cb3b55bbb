internal import Foundation
internal import MicroHTTP
internal import SkillscopeCore
internal import SkillscopeRating
internal import SkillscopeStore

/// The file page: what the file is, who else uses a version of it, its rules with their lines, its checks and
/// its text with line numbers.
struct FilePage {
    let store: any Store
    let rater: RegistryRater

    func render(id: Int64) throws -> HTTPResponse {
        let file = try API.file(id, in: store)
        let rules = try store.rules(ofFile: id)
        var body =
            "<article data-file-id=\"\(file.id)\" data-title=\"\(HTML.escape(file.name ?? file.key.path))\"><h1>\(HTML.escape(file.name ?? file.title ?? file.key.path))</h1>"
        body += "<p class=\"muted\">\(HTML.escape(file.kind.rawValue)) in "
        body +=
            "<a href=\"https://github.com/\(HTML.escape(file.key.repository))\">\(HTML.escape(file.key.repository))</a>"
        body += " · \(HTML.escape(file.key.path))"
        if let stars = file.repository.stars { body += " · \(stars) stars" }
        if let license = file.repository.license { body += " · \(HTML.escape(license))" }
        if let changed = file.lastCommitAt ?? Optional(file.lastSeen) { body += " · changed \(Self.age(of: changed))" }
        body += "</p>"
        if let description = file.description { body += "<p>\(HTML.escape(description))</p>" }
        if file.status == .indexed {
            body +=
                "<p><a href=\"/files/\(file.id)/download.zip\" download>Download \(file.kind == .skill ? "the skill folder" : "the file") (ZIP)</a></p>"
        }
        if file.removedAt != nil { body += "<p><strong>Removed from its repository.</strong></p>" }
        var adoption: Int?
        var report: VersionReport?
        if file.status == .indexed {
            let finder = try rater.versionFinder()
            let found = try finder.versions(of: try finder.subject(for: file))
            adoption = found.otherProjects
            report = found
            body += versions(of: file, report: found)
        }
        body += RatingHTML.section(try rater.rate(rules, versions: report, kind: file.kind), kind: file.kind)
        body += try checksSection(file, rules: rules, adoption: adoption)
        let csrf = Reviews.newCSRF()
        body += try reviewsSection(file, csrf: csrf)
        body += textSection(file, rules: rules)
        body += "</article>"
        var response = HTTPResponse(
            contentType: "text/html; charset=utf-8", body: HTML.page(title: file.name ?? file.key.path, body: body))
        response.headers.append(
            ("Set-Cookie", "\(Reviews.cookie)=\(csrf); Path=/; HttpOnly; SameSite=Strict"))
        return response
    }

    /// The versions section from a report found once for the whole page.
    private func versions(of file: StoredFile, report: VersionReport) -> String {
        var out = "<section aria-labelledby=\"versions\"><h2 id=\"versions\">Versions</h2>"
        out +=
            "<p>\(report.otherProjects) other \(report.otherProjects == 1 ? "project uses" : "projects use") a version of this.</p>"
        out += "<table><thead><tr><th scope=\"col\">Band</th><th scope=\"col\">Projects</th></tr></thead><tbody>"
        for band in report.bands {
            out += "<tr><td>\(HTML.escape(band.band.title))</td><td>\(band.total)</td></tr>"
        }
        out += "</tbody></table>"
        let listed = report.bands.flatMap(\.versions).prefix(10)
        if !listed.isEmpty {
            out += "<ul>"
            for version in listed {
                out +=
                    "<li><a href=\"/files/\(version.id)\">\(HTML.escape(version.repository))/\(HTML.escape(version.path))</a>"
                out +=
                    " <span class=\"muted\">\(version.percentSame)% same · first seen \(HTML.escape(String(version.firstSeen.prefix(10))))</span></li>"
            }
            out += "</ul>"
        }
        if report.adoptedBy > 0 || !report.mostRecentlyTakenUpBy.isEmpty {
            out +=
                "<h3>Adoption</h3><p>Adopted by \(report.adoptedBy) project\(report.adoptedBy == 1 ? "" : "s") after it first appeared."
            if !report.mostRecentlyTakenUpBy.isEmpty {
                let recent = report.mostRecentlyTakenUpBy.map {
                    "<a href=\"/files/\($0.id)\">\(HTML.escape($0.repository))</a> (\(HTML.escape(String($0.firstSeen.prefix(10)))))"
                }
                out += " Most recently taken up by " + recent.joined(separator: ", ") + "."
            }
            out += "</p>"
        }
        if let origin = report.likelyOrigin {
            let name =
                origin.isSubject ? "this file" : "\(HTML.escape(origin.repository ?? ""))/\(HTML.escape(origin.path))"
            out +=
                "<p>Likely origin: \(name), first seen \(HTML.escape(String((origin.firstSeen ?? "").prefix(10)))).</p>"
        }
        if let svg = LineageSVG.render(subject: file, report: report) {
            out += "<h3>Lineage</h3><figure>\(svg)</figure>"
        }
        if !report.sameRepository.isEmpty {
            out += "<h3>Other files in this repository (\(report.sameRepositoryTotal))</h3><ul>"
            for other in report.sameRepository.prefix(20) {
                out +=
                    "<li><a href=\"/files/\(other.id)\">\(HTML.escape(other.path))</a> <span class=\"muted\">\(other.kind.rawValue)</span>"
                out += " · <a href=\"/compare?a=\(file.id)&amp;b=\(other.id)\">compare</a></li>"
            }
            out += "</ul>"
        }
        return out + "</section>"
    }

    private func checksSection(_ file: StoredFile, rules: [Rule], adoption: Int?) throws -> String {
        let quality = try QualityScore.of(file, rules: rules, store: store, knownAdoption: adoption)
        var out = "<section aria-labelledby=\"checks\"><h2 id=\"checks\">Checks</h2>"
        let verdict = file.security.verdict.rawValue
        out += "<p>Security scan: <strong class=\"verdict-\(verdict)\">\(verdict)</strong></p>"
        if !file.security.findings.isEmpty {
            out += "<ul>"
            for finding in file.security.findings {
                let place = finding.file.map { HTML.escape($0) + ":" } ?? ""
                let anchor =
                    finding.file == nil
                    ? "<a href=\"#L\(finding.line)\">line \(finding.line)</a>" : "\(place)\(finding.line)"
                out += "<li>\(finding.level.rawValue): \(anchor) \(HTML.escape(finding.message))"
                out += " <code>\(HTML.escape(finding.evidence))</code></li>"
            }
            out += "</ul>"
        }
        let errors = file.findings.filter { $0.severity == .error }.count
        out +=
            "<p>Spec check: \(errors) error\(errors == 1 ? "" : "s"), \(file.findings.count - errors) warning\(file.findings.count - errors == 1 ? "" : "s")</p>"
        if !file.findings.isEmpty {
            out += "<ul>"
            for finding in file.findings {
                out +=
                    "<li>\(finding.severity.rawValue): line \(finding.line.map(String.init) ?? "-"): \(HTML.escape(finding.message))</li>"
            }
            out += "</ul>"
        }
        out += "<p>Quality score: <strong>\(String(format: "%.3f", quality.score))</strong></p><ul>"
        for line in quality.rationaleLines { out += "<li>\(HTML.escape(line))</li>" }
        return out + "</ul></section>"
    }

    private func reviewsSection(_ file: StoredFile, csrf: String) throws -> String {
        let summary = try store.reviewSummary(ofFile: file.id)
        let reviews = try store.reviews(ofFile: file.id).prefix(20)
        var out = "<section aria-labelledby=\"reviews\"><h2 id=\"reviews\">Does it work?</h2>"
        if summary.count == 0 {
            out += "<p>No reviews yet.</p>"
        } else {
            out +=
                "<p>\(summary.worked) of \(summary.count) said it worked, \(summary.partly) partly, \(summary.failed) that it didn't.</p><ul>"
            for review in reviews {
                let outcome =
                    ["worked": "It worked", "partly": "Partly", "failed": "It didn't"][review.outcome.rawValue] ?? ""
                out +=
                    "<li><strong>\(outcome)</strong> · \(HTML.escape(review.reviewer)) · \(HTML.escape(String(review.at.prefix(10))))"
                if !review.usedFor.isEmpty { out += ": used for \(HTML.escape(review.usedFor))" }
                out += "</li>"
            }
            out += "</ul>"
        }
        out += """
            <form method="post" action="/files/\(file.id)/reviews">
            <fieldset><legend>Did it work for you?</legend>
            <label><input type="radio" name="outcome" value="worked" required> It worked</label>
            <label><input type="radio" name="outcome" value="partly"> Partly</label>
            <label><input type="radio" name="outcome" value="failed"> It didn't</label></fieldset>
            <p><label for="used_for">What did you use it for?</label><br>
            <input id="used_for" name="used_for" maxlength="500" size="50"></p>
            <p><label for="token">Your review token</label><br>
            <input id="token" name="token" type="password" autocomplete="off" required></p>
            <input type="hidden" name="csrf" value="\(HTML.escape(csrf))">
            <button type="submit">Send review</button>
            </form></section>
            """
        return out
    }

    private func textSection(_ file: StoredFile, rules: [Rule]) -> String {
        var out = "<section aria-labelledby=\"text\"><h2 id=\"text\">Text</h2><pre class=\"text\">"
        let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() where !(index == lines.count - 1 && line.isEmpty) {
            let number = index + 1
            out += "<span class=\"line\" id=\"L\(number)\"><a class=\"number\" href=\"#L\(number)\">\(number)</a>"
            out += HTML.escape(line) + "</span>"
        }
        return out + "</pre></section>"
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
