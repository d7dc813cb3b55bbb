internal import Foundation
internal import MicroHTTP
internal import SkillscopeCore
internal import SkillscopeRating
internal import SkillscopeStore

/// The home page and search results.
struct SearchPage {
    let store: any Store

    func home() throws -> HTTPResponse {
        let stats = try store.stats()
        let kinds = stats.byKind.sorted { $0.value > $1.value }.map { kind, count in
            "<li><a href=\"/search?q=&amp;kind=\(HTML.escape(kind))\">\(HTML.escape(kind))</a>: \(count)</li>"
        }.joined()
        let body = """
            <h1>Agent instructions, traced</h1>
            <p>\(stats.indexed) files from \(stats.repositories) repositories, split into \(stats.rules) rules.
            Search for a skill, a CLAUDE.md or an AGENTS.md to see where it came from, who uses a version of it,
            and what it says.</p>
            <h2>By kind</h2><ul>\(kinds)</ul>
            """
        return HTTPResponse(contentType: "text/html; charset=utf-8", body: HTML.page(title: "Search", body: body))
    }

    func results(_ query: [String: String]) throws -> HTTPResponse {
        let text = query["q"] ?? ""
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { return try home() }
        let page = max(1, Int(query["page"] ?? "1") ?? 1)
        var arguments = query
        arguments["limit"] = "20"
        arguments["offset"] = String((page - 1) * 20)
        let results = try API.search(arguments, in: store)
        var body = "<h1>\(results.total) file\(results.total == 1 ? "" : "s") for “\(HTML.escape(text))”</h1>"
        body += filters(query, facets: results.facets)
        if !results.matchedAllTerms {
            body += "<p class=\"muted\">No file holds every word; showing files with any.</p>"
        }
        body += "<ol class=\"results\" start=\"\((page - 1) * 20 + 1)\">"
        for hit in results.hits {
            let stars = hit.stars.map { " · \($0) stars" } ?? ""
            body += """
                <li><a href="/files/\(hit.id)">\(HTML.escape(hit.name ?? hit.key.path))</a>
                <span class="muted">\(HTML.escape(hit.kind.rawValue)) · \(HTML.escape(hit.key.repository))/\(HTML.escape(hit.key.path))\(stars)</span>
                <br>\(HTML.escape(hit.snippet))</li>
                """
        }
        body += "</ol>"
        var links: [String] = []
        let base = Self.link(query, setting: [:])
        if page > 1 {
            links.append(
                "<a rel=\"prev\" href=\"\(Self.link(query, setting: ["page": String(page - 1)]))\">Previous</a>")
        }
        if page * 20 < results.total {
            links.append("<a rel=\"next\" href=\"\(Self.link(query, setting: ["page": String(page + 1)]))\">Next</a>")
        }
        _ = base
        if !links.isEmpty { body += "<nav aria-label=\"Pages\">\(links.joined(separator: " · "))</nav>" }
        return HTTPResponse(
            contentType: "text/html; charset=utf-8", body: HTML.page(title: text, query: text, body: body))
    }

    /// Sorts and filters with their counts: links that keep the rest of the query.
    private func filters(_ query: [String: String], facets: SearchFacets) -> String {
        var out = "<nav aria-label=\"Sort and filter\" class=\"filters\"><p>Sort: "
        out += SearchSort.allCases.map { sort in
            let current = (query["sort"] ?? "relevance") == sort.rawValue
            return current
                ? "<strong>\(sort.rawValue)</strong>"
                : "<a href=\"\(Self.link(query, setting: ["sort": sort.rawValue, "page": nil]))\">\(sort.rawValue)</a>"
        }.joined(separator: " · ")
        out += "</p>"
        func facet(_ title: String, _ name: String, _ counts: [String: Int]) {
            guard !counts.isEmpty else { return }
            out += "<p>\(title): "
            if query[name] != nil {
                out += "<a href=\"\(Self.link(query, setting: [name: nil, "page": nil]))\">all</a> · "
            }
            out += counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { value, count in
                query[name] == value
                    ? "<strong>\(HTML.escape(value)) (\(count))</strong>"
                    : "<a href=\"\(Self.link(query, setting: [name: value, "page": nil]))\">\(HTML.escape(value))</a> (\(count))"
            }.joined(separator: " · ")
            out += "</p>"
        }
        facet("Kind", "kind", facets.kinds)
        facet("Licence", "license", facets.licenses)
        facet("Topic", "topic", facets.topics)
        let reviewed = query["reviewed"] == "true"
        out += "<p><a href=\"\(Self.link(query, setting: ["reviewed": reviewed ? nil : "true", "page": nil]))\">"
        out += reviewed ? "Show all files" : "Only files with reviews"
        return out + "</a></p></nav>"
    }

    /// `/search?…` with `setting` applied (`nil` removes a parameter), escaped for an attribute.
    static func link(_ query: [String: String], setting: [String: String?]) -> String {
        var values = query
        for (name, value) in setting { values[name] = value }
        values["limit"] = nil
        values["offset"] = nil
        let items = values.sorted { $0.key < $1.key }.map { "\(encode($0.key))=\(encode($0.value))" }
        return HTML.escape("/search?" + items.joined(separator: "&"))
    }

    /// A query value for a URL.
    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    }
}
