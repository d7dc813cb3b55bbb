internal import Foundation
internal import MicroHTTP
internal import SkillscopeCore
internal import SkillscopeReport
internal import SkillscopeStore
internal import SkillscopeVersions

/// "Analyze your own": paste a CLAUDE.md, AGENTS.md or skill; the same analysis as the file page; nothing stored.
struct AnalyzePage {
    let reporter: Reporter

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
        let report: FileReport
        do {
            report = try reporter.report(text: text, kind: fields["kind"]).window(
                offset: 0, limit: FilePage.rulesShown)
        } catch let error as Reporter.TextError {
            return form(text: text, message: WebError(error).message)
        }
        var body = "<h1>\(HTML.escape(report.file.name ?? "Your file"))</h1>"
        let otherProjects = report.versions?.otherProjects ?? 0
        body += "<p class=\"muted\">Read as \(HTML.escape(report.file.kind.title)). Nothing was stored.</p>"
        body +=
            "<p>\(Number.grouped(otherProjects)) project\(otherProjects == 1 ? "" : "s") in the registry use a version of it.</p>"
        if let versions = report.versions, versions.otherProjects > 0 {
            body += FilePage.otherVersions(of: report, versions)
        }
        body += RatingHTML.section(report, linksLines: false)
        body += FilePage.checks(report)
        body += "<p><a class=\"button\" href=\"/analyze\">Analyze another</a></p>"
        return HTTPResponse(contentType: "text/html; charset=utf-8", body: HTML.page(title: "Analysis", body: body))
    }
}
