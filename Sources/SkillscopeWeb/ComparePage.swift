internal import Foundation
internal import MicroHTTP
internal import SkillscopeCore
internal import SkillscopeStore

/// Two versions rule by rule: changed, added and dropped rules first, then the kept ones.
struct Comparison: Encodable {
    /// One of the two files.
    struct Side: Encodable {
        var id: Int64
        var repository: String
        var path: String
        var name: String?
        var kind: String

        init(_ file: StoredFile) {
            id = file.id
            repository = file.key.repository
            path = file.key.path
            name = file.name
            kind = file.kind.rawValue
        }
    }

    struct Entry: Encodable {
        /// `kept` (word for word), `changed` (still given, in other words), `added` or `dropped`: the notion of
        /// keeping measured "common" counts (``RuleComparison``).
        var kind: String
        var before: String?
        var after: String?
        /// The line in the second file (in the first for `dropped`).
        var line: Int
        /// The first file's rule this entry reports on (nil for an added rule).
        var firstLine: Int?
    }

    var a: Side
    var b: Side
    /// The first file's rules the second still gives, word for word or changed.
    var kept: Int
    /// Changed, added and dropped rules in the second file's order, then the ones kept word for word.
    var entries: [Entry]

    init(a first: StoredFile, b second: StoredFile, rulesA: [RuleView], rulesB: [RuleView]) {
        a = Side(first)
        b = Side(second)
        let compared = RuleComparison.compare(
            rulesA.map { .init(text: $0.text, line: $0.line) }, rulesB.map { .init(text: $0.text, line: $0.line) })
        kept = compared.filter { $0.kind.givesRule && $0.firstLine != nil }.count
        let entries = compared.map {
            Entry(kind: $0.kind.rawValue, before: $0.before, after: $0.after, line: $0.line, firstLine: $0.firstLine)
        }
        self.entries =
            entries.filter { $0.kind != "kept" }.sorted { ($0.line, $0.kind) < ($1.line, $1.kind) }
            + entries.filter { $0.kind == "kept" }
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
        func link(_ side: Comparison.Side) -> String {
            "<a href=\"/files/\(side.id)\">\(HTML.escape(side.repository))/\(HTML.escape(side.path))</a>"
        }
        var body = "<h1>Compare</h1><p class=\"compare-files\">\(link(comparison.a)) → \(link(comparison.b))</p>"
        body +=
            "<p class=\"compare-counts\">\(counts["kept"] ?? 0) kept word for word, \(counts["changed"] ?? 0) kept in other words, \(counts["added"] ?? 0) added, \(counts["dropped"] ?? 0) dropped.</p>"
        let changes = comparison.entries.filter { $0.kind != "kept" }
        body += "<h2>What changed</h2>"
        if changes.isEmpty {
            body += "<p class=\"muted\">No rule changed: the two files give the same rules word for word.</p>"
        } else {
            body += "<ol class=\"changes\">"
            for entry in changes {
                body +=
                    "<li class=\"change \(entry.kind)\"><p class=\"change-head\"><span class=\"badge\">\(entry.kind)</span> line \(entry.line)</p>"
                switch entry.kind {
                case "changed":
                    let (before, after) = WordDiff.marked(entry.before ?? "", entry.after ?? "")
                    body += "<p class=\"before\">\(before)</p><p class=\"after\">\(after)</p>"
                case "added":
                    body += "<p class=\"after\"><ins>\(HTML.escape(entry.after ?? ""))</ins></p>"
                default:
                    body += "<p class=\"before\"><del>\(HTML.escape(entry.before ?? ""))</del></p>"
                }
                body += "</li>"
            }
            body += "</ol>"
        }
        let kept = comparison.entries.filter { $0.kind == "kept" }
        if !kept.isEmpty {
            body += "<details class=\"kept\"><summary>\(kept.count) kept rules</summary><ol>"
            for entry in kept { body += "<li>line \(entry.line): \(HTML.escape(entry.after ?? ""))</li>" }
            body += "</ol></details>"
        }
        return HTTPResponse(contentType: "text/html; charset=utf-8", body: HTML.page(title: "Compare", body: body))
    }
}

/// Word-level highlighting of a changed rule: the words only the first holds in `<del>`, those only the second
/// holds in `<ins>` (the standard library's difference of the two word lists).
enum WordDiff {
    static func marked(_ before: String, _ after: String) -> (String, String) {
        let old = before.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        let new = after.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        let difference = new.difference(from: old)
        var removed = Set<Int>()
        var inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        func render(_ words: [String], _ marked: Set<Int>, tag: String) -> String {
            // Runs of words that are all marked or all not, each marked run in one element.
            var runs: [(marked: Bool, words: [String])] = []
            for (index, word) in words.enumerated() {
                let isMarked = marked.contains(index)
                if runs.last?.marked == isMarked {
                    runs[runs.count - 1].words.append(HTML.escape(word))
                } else {
                    runs.append((isMarked, [HTML.escape(word)]))
                }
            }
            return runs.map { run in
                let text = run.words.joined(separator: " ")
                return run.marked ? "<\(tag)>\(text)</\(tag)>" : text
            }.joined(separator: " ")
        }
        return (render(old, removed, tag: "del"), render(new, inserted, tag: "ins"))
    }
}
