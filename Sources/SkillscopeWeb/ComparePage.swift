internal import Foundation
internal import MicroHTTP
internal import SkillscopeStore
internal import SkillscopeSync

/// Two versions rule by rule: kept, changed, added, dropped.
struct Comparison: Encodable {
    struct Entry: Encodable {
        /// `kept`, `changed`, `added` or `dropped`.
        var kind: String
        var before: String?
        var after: String?
        /// The line in the second file (in the first for `dropped`).
        var line: Int
    }

    var a: FileView
    var b: FileView
    var kept: Int
    var entries: [Entry]

    init(a first: StoredFile, b second: StoredFile, rulesA: [RuleView], rulesB: [RuleView]) {
        a = FileView(first)
        b = FileView(second)
        let changes = RuleDiff.changes(from: first.text, to: second.text, path: second.key.path).filter(\.isRule)
        let before = Set(rulesA.map(\.text))
        let keptRules = rulesB.filter { before.contains($0.text) }
        kept = keptRules.count
        entries =
            keptRules.map { Entry(kind: "kept", before: $0.text, after: $0.text, line: $0.line) }
            + changes.map { change in
                let kind =
                    switch change.kind {
                    case .edited: "changed"
                    case .added: "added"
                    case .removed: "dropped"
                    }
                return Entry(kind: kind, before: change.before, after: change.after, line: change.line)
            }
        entries.sort { ($0.line, $0.kind) < ($1.line, $1.kind) }
    }

    static func load(_ query: [String: String], store: any Store) throws -> Comparison {
        guard let a = query["a"].flatMap({ Int64($0) }), let b = query["b"].flatMap({ Int64($0) }) else {
            throw WebError(400, "bad_request", "give two file ids: ?a=ID&b=ID")
        }
        let first = try API.file(a, in: store)
        let second = try API.file(b, in: store)
        return Comparison(
            a: first, b: second, rulesA: try store.rules(ofFile: a).map(RuleView.init),
            rulesB: try store.rules(ofFile: b).map(RuleView.init))
    }
}

struct ComparePage {
    let store: any Store

    func render(_ query: [String: String]) throws -> HTTPResponse {
        let comparison = try Comparison.load(query, store: store)
        let counts = Dictionary(grouping: comparison.entries, by: \.kind).mapValues(\.count)
        var body =
            "<h1>Compare</h1><p><a href=\"/files/\(comparison.a.id)\">\(HTML.escape(comparison.a.repository))/\(HTML.escape(comparison.a.path))</a>"
        body +=
            " → <a href=\"/files/\(comparison.b.id)\">\(HTML.escape(comparison.b.repository))/\(HTML.escape(comparison.b.path))</a></p>"
        body +=
            "<p>\(counts["kept"] ?? 0) kept, \(counts["changed"] ?? 0) changed, \(counts["added"] ?? 0) added, \(counts["dropped"] ?? 0) dropped.</p>"
        body +=
            "<table><thead><tr><th scope=\"col\">Line</th><th scope=\"col\">Rule</th><th scope=\"col\">Before</th><th scope=\"col\">After</th></tr></thead><tbody>"
        for entry in comparison.entries {
            body += "<tr class=\"\(entry.kind)\"><td>\(entry.line)</td><td>\(entry.kind)</td>"
            body += "<td>\(HTML.escape(entry.before ?? ""))</td><td>\(HTML.escape(entry.after ?? ""))</td></tr>"
        }
        body += "</tbody></table>"
        return HTTPResponse(contentType: "text/html; charset=utf-8", body: HTML.page(title: "Compare", body: body))
    }
}
