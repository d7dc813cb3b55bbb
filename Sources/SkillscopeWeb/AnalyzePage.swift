internal import Foundation
internal import MicroHTTP
internal import SkillscopeCore
internal import SkillscopeRating
internal import SkillscopeStore

/// "Analyze your own": paste a CLAUDE.md, AGENTS.md or skill; the same analysis as the file page; nothing stored.
struct AnalyzePage {
    let store: any Store
    let rater: RegistryRater

    func form(text: String = "", message: String? = nil) -> HTTPResponse {
        var body = "<h1>Analyze your own</h1>"
        body += "<p>Paste a CLAUDE.md, an AGENTS.md or a SKILL.md (front matter included). Nothing is stored.</p>"
        if let message { body += "<p role=\"alert\">\(HTML.escape(message))</p>" }
        body += """
            <form method="post" action="/analyze">
            <p><label for="kind">Kind</label>
            <select id="kind" name="kind"><option value="">Guess from the text</option>
            <option value="skill">SKILL.md</option><option value="claude">CLAUDE.md</option>
            <option value="agents">AGENTS.md</option><option value="cursor">Cursor rule</option></select></p>
            <p><label for="upload">Or upload a file</label> <input id="upload" type="file" accept=".md,.mdc,.txt,text/markdown,text/plain"></p>
            <p><label for="text">Text</label><br>
            <textarea id="text" name="text" rows="16" cols="80" required>\(HTML.escape(text))</textarea></p>
            <button type="submit">Analyze</button></form>
            """
        return HTTPResponse(contentType: "text/html; charset=utf-8", body: HTML.page(title: "Analyze", body: body))
    }

    func post(_ request: HTTPRequest) throws -> HTTPResponse {
        let fields = Reviews.formValues(String(decoding: request.body, as: UTF8.self))
        let text = fields["text"] ?? ""
        let analysis: Analysis
        do {
            analysis = try Analysis(text: text, kind: fields["kind"], store: store, rater: rater)
        } catch let error as WebError where error.status == 400 || error.status == 422 {
            return form(text: text, message: error.message)
        }
        var body = "<h1>\(HTML.escape(analysis.name ?? "Your file"))</h1>"
        body +=
            "<p>\(analysis.otherProjects) project\(analysis.otherProjects == 1 ? "" : "s") in the registry use a version of it.</p>"
        body += RatingHTML.section(analysis.ratings, kind: FileKind(rawValue: analysis.kind) ?? .agents)
        body += "<h2>Checks</h2>"
        let verdict = analysis.security.verdict.rawValue
        body += "<p>Security scan: <strong class=\"verdict-\(verdict)\">\(verdict)</strong></p><ul>"
        for finding in analysis.security.findings {
            body += "<li>\(finding.level.rawValue): line \(finding.line): \(HTML.escape(finding.message))</li>"
        }
        body += "</ul><ul>"
        for finding in analysis.findings {
            body +=
                "<li>\(finding.severity.rawValue): line \(finding.line.map(String.init) ?? "-"): \(HTML.escape(finding.message))</li>"
        }
        body += "</ul><p>Quality score: <strong>\(String(format: "%.3f", analysis.quality.score))</strong></p><ul>"
        for line in analysis.quality.rationaleLines { body += "<li>\(HTML.escape(line))</li>" }
        body += "</ul><p><a href=\"/analyze\">Analyze another</a></p>"
        return HTTPResponse(contentType: "text/html; charset=utf-8", body: HTML.page(title: "Analysis", body: body))
    }
}
