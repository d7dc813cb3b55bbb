internal import Foundation
internal import MicroHTTP
internal import SkillscopeCore
internal import SkillscopeStore
internal import SkillscopeSync

/// Trail and remix: the files a visitor opened (kept in their browser, sent as `?files=`), their rules to pick
/// from, and one new SKILL.md made of the picked rules, valid under the Agent Skills spec, with the sources
/// credited in `metadata`.
struct RemixPage {
    let store: any Store

    /// A pick: a registry file and the 1-based rule numbers taken from it.
    struct Pick {
        var file: Int64
        var rules: [Int]
    }

    /// The remix of `picks`: the SKILL.md text and its spec findings.
    func build(name: String, description: String?, picks: [Pick]) throws -> (text: String, findings: [Finding]) {
        guard !picks.isEmpty, picks.allSatisfy({ !$0.rules.isEmpty }) else {
            throw WebError(400, "bad_request", "pick at least one rule")
        }
        var chosen: [Remix.Pick] = []
        for pick in picks {
            let file = try API.file(pick.file, in: store)
            guard file.status == .indexed else {
                throw WebError(404, "not_indexed", "file \(pick.file) has no rules to pick")
            }
            // The stored rules, not a second parse of the stored text.
            let stored = try store.rules(ofFile: file.id)
            let rules = stored.filter { pick.rules.contains($0.position + 1) }
            guard rules.count == Set(pick.rules).count else {
                throw WebError(404, "not_found", "file \(pick.file) has \(stored.count) rules; pick from 1 to that")
            }
            chosen.append(
                Remix.Pick(
                    label: "\(file.key.repository)/\(file.key.path)", text: file.text, title: file.title ?? file.name,
                    rules: rules))
        }
        let text: String
        do {
            text = try Remix.skill(name: name, description: description, picks: chosen)
        } catch {
            throw WebError(400, "bad_request", error.message)
        }
        guard case .parsed(let made) = DocumentParser().parse(Array(text.utf8), path: "\(name)/SKILL.md", kind: .skill)
        else { throw WebError(500, "internal", "the remix could not be read back") }
        return (text, SpecCheck.check(made, folderName: name))
    }

    /// `POST /api/v1/remix` with `{"name", "description", "picks": [{"file": ID, "rules": [1, 3]}]}`.
    func api(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let body = try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any],
            let name = body["name"] as? String, let rawPicks = body["picks"] as? [[String: Any]]
        else {
            throw WebError(
                400, "bad_request", "send {\"name\": \"my-skill\", \"picks\": [{\"file\": 1, \"rules\": [1]}]}")
        }
        var picks: [Pick] = []
        for raw in rawPicks {
            guard let file = (raw["file"] as? NSNumber)?.int64Value, let rules = raw["rules"] as? [NSNumber] else {
                throw WebError(400, "bad_request", "each pick needs a file id and a list of rule numbers")
            }
            picks.append(Pick(file: file, rules: rules.map(\.intValue)))
        }
        let (text, findings) = try build(name: name, description: body["description"] as? String, picks: picks)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        struct Made: Encodable {
            var skill: String
            var findings: [Finding]
        }
        return HTTPResponse(
            status: 200, headers: [("Content-Type", "application/json")],
            body: Array(try encoder.encode(Made(skill: text, findings: findings))))
    }

    /// `GET /remix?files=1,2`: the trail's rules to pick from.
    func form(_ query: [String: String]) throws -> HTTPResponse {
        let ids = (query["files"] ?? "").split(separator: ",").compactMap { Int64($0) }.prefix(20)
        var body = "<h1>Remix</h1>"
        guard !ids.isEmpty else {
            body += "<p>Open a few files first: the files you open are kept in this browser (nothing is sent) and "
            body += "listed here, so you can pick rules from them.</p>"
            return HTTPResponse(contentType: "text/html; charset=utf-8", body: HTML.page(title: "Remix", body: body))
        }
        body += "<p>Pick rules from the files you opened; they become one SKILL.md, with the sources credited.</p>"
        body += "<form method=\"post\" action=\"/remix\">"
        for id in ids {
            guard let file = try store.file(.id(id)), file.status == .indexed else { continue }
            let rules = try store.rules(ofFile: id)
            body +=
                "<fieldset><legend><a href=\"/files/\(id)\">\(HTML.escape(file.key.repository))/\(HTML.escape(file.key.path))</a></legend>"
            for rule in rules.prefix(200) {
                let value = "\(id):\(rule.position + 1)"
                body += "<p><label><input type=\"checkbox\" name=\"pick\" value=\"\(value)\"> "
                body += "line \(rule.lines.start): \(HTML.escape(rule.text))</label></p>"
            }
            body += "</fieldset>"
        }
        body += """
            <p><label for="name">Skill name (a-z, 0-9 and -)</label><br><input id="name" name="name" required pattern="[a-z0-9-]{1,64}"></p>
            <p><label for="description">What it does and when to use it</label><br><input id="description" name="description" size="60"></p>
            <button type="submit">Build SKILL.md</button></form>
            """
        return HTTPResponse(contentType: "text/html; charset=utf-8", body: HTML.page(title: "Remix", body: body))
    }

    /// `POST /remix` from the form: the SKILL.md to copy, or (with `download=1`) as a file.
    func post(_ request: HTTPRequest) throws -> HTTPResponse {
        let text = String(decoding: request.body, as: UTF8.self)
        var picks: [Int64: [Int]] = [:]
        var name = ""
        var description: String?
        var download = false
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map {
                String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
            }
            guard parts.count == 2 else { continue }
            switch parts[0] {
            case "pick":
                let pieces = parts[1].split(separator: ":")
                if pieces.count == 2, let file = Int64(pieces[0]), let rule = Int(pieces[1]) {
                    picks[file, default: []].append(rule)
                }
            case "name": name = parts[1]
            case "description": description = parts[1].isEmpty ? nil : parts[1]
            case "download": download = parts[1] == "1"
            default: break
            }
        }
        let made = try build(
            name: name, description: description,
            picks: picks.keys.sorted().map { Pick(file: $0, rules: picks[$0] ?? []) })
        if download {
            return HTTPResponse(
                status: 200,
                headers: [
                    ("Content-Type", "text/markdown; charset=utf-8"),
                    ("Content-Disposition", "attachment; filename=\"SKILL.md\""),
                ], body: Array(made.text.utf8))
        }
        var body = "<h1>\(HTML.escape(name))</h1><p>Your SKILL.md (save it as \(HTML.escape(name))/SKILL.md):</p>"
        body += "<p><label for=\"skill\">SKILL.md</label><br><textarea id=\"skill\" rows=\"24\" cols=\"90\" readonly>"
        body += HTML.escape(made.text) + "</textarea></p>"
        // The same picks again, sent back for the file itself.
        body += "<form method=\"post\" action=\"/remix\" class=\"download\">"
        for file in picks.keys.sorted() {
            for rule in picks[file] ?? [] {
                body += "<input type=\"hidden\" name=\"pick\" value=\"\(file):\(rule)\">"
            }
        }
        body += "<input type=\"hidden\" name=\"name\" value=\"\(HTML.escape(name))\">"
        body += "<input type=\"hidden\" name=\"description\" value=\"\(HTML.escape(description ?? ""))\">"
        body += "<input type=\"hidden\" name=\"download\" value=\"1\">"
        body += "<button type=\"submit\" id=\"download-skill\" class=\"button\">Download SKILL.md</button></form>"
        let errors = made.findings.filter { $0.severity == .error }
        body +=
            errors.isEmpty
            ? "<p class=\"verdict-pass\">Valid under the Agent Skills specification.</p>"
            : "<ul>" + errors.map { "<li>\(HTML.escape($0.message))</li>" }.joined() + "</ul>"
        return HTTPResponse(contentType: "text/html; charset=utf-8", body: HTML.page(title: "Remix", body: body))
    }
}
