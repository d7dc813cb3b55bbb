internal import Foundation
internal import MicroHTTP
internal import SkillscopeCore
internal import SkillscopeStore

/// The home page and search results.
struct SearchPage {
    let store: any Store

    /// Hits a results page shows; word-for-word copies fold into the first of them and count as one.
    static let pageSize = 20
    /// Hits read for one page, so that copies folded away still leave a full page.
    static let window = 100

    func home() throws -> HTTPResponse {
        let stats = try store.stats()
        let kinds = stats.byKind.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { kind, count in
            let title = FileKind(rawValue: kind)?.title ?? kind
            return
                "<li><a href=\"/search?kind=\(HTML.escape(kind))\">\(HTML.escape(title))</a> <span class=\"muted\">\(Number.grouped(count))</span></li>"
        }.joined()
        let body = """
            <h1>Agent instructions, traced</h1>
            <p class="lead">\(Number.grouped(stats.indexed)) files from \(Number.grouped(stats.repositories)) repositories, \
            split into \(Number.grouped(stats.rules)) rules.</p>
            <p>Search for a skill, a CLAUDE.md or an AGENTS.md to see where it came from, who uses a version of it, \
            and what it says. Or <a href="/analyze">analyze your own file</a>.</p>
            <h2>By kind</h2><ul class="kinds">\(kinds)</ul>
            """
        return HTTPResponse(contentType: "text/html; charset=utf-8", body: HTML.page(title: "Search", body: body))
    }

    /// A hit and the word-for-word copies of it folded under it.
    struct Folded {
        var hit: SearchHit
        var copies: [SearchHit]
    }

    /// The first `limit` distinct files of `hits` (copies folded into the first of their text), and how many hits
    /// they used up.
    static func fold(_ hits: [SearchHit], limit: Int) -> (groups: [Folded], consumed: Int) {
        var groups: [Folded] = []
        var position: [String: Int] = [:]
        var consumed = 0
        for hit in hits {
            if let sha = hit.sha256, let at = position[sha] {
                groups[at].copies.append(hit)
            } else {
                guard groups.count < limit else { break }
                if let sha = hit.sha256 { position[sha] = groups.count }
                groups.append(Folded(hit: hit, copies: []))
            }
            consumed += 1
        }
        return (groups, consumed)
    }

    func results(_ query: [String: String]) throws -> HTTPResponse {
        let text = query["q"] ?? ""
        let browsing = text.allSatisfy(\.isWhitespace)
        guard !browsing || query["kind"] != nil || query["topic"] != nil || query["license"] != nil else {
            return try home()
        }
        let offset = max(0, Int(query["offset"] ?? "0") ?? 0)
        var arguments = query
        arguments["q"] = text
        arguments["limit"] = String(Self.window)
        arguments["offset"] = String(offset)
        let results = try API.search(arguments, in: store)
        let (groups, consumed) = Self.fold(results.hits, limit: Self.pageSize)
        let kindTitle = query["kind"].flatMap(FileKind.init(rawValue:))?.title
        // An estimated total says so: "about 58,000 files".
        let count = results.totalText
        var body =
            browsing
            ? "<h1>\(count) \(HTML.escape(kindTitle ?? "")) file\(results.total == 1 ? "" : "s")</h1>"
            : "<h1>\(count) file\(results.total == 1 ? "" : "s") for “\(HTML.escape(text))”</h1>"
        // Facets counted over the first matches and scaled (a total counted exactly past the count limit keeps its
        // licences and topics scaled) say so.
        let scaled = results.totalIsEstimate || (browsing && results.total > SearchResults.exactCountLimit)
        let starsKnown = results.hits.contains { $0.stars != nil }
        let summarised = results.hits.contains { $0.summary != nil }
        body += filters(
            query, facets: results.facets, estimated: scaled, starsKnown: starsKnown, summarised: summarised)
        if !results.matchedAllTerms {
            body += "<p class=\"muted\">No file holds every word; showing files with any.</p>"
        }
        if groups.isEmpty {
            body +=
                results.total > 0 && offset >= results.total
                ? """
                <p class="empty">You are past the end: there are \(count) files. \
                <a href="\(Self.link(query, setting: ["offset": nil]))">Back to the first page</a>.</p>
                """
                : """
                <div class="empty"><p>Nothing matches\(browsing ? "" : " “\(HTML.escape(text))”").</p><ul>
                <li>Try fewer or more general words (a skill's name, a task such as “commit messages”, a \
                technology such as “swiftui”).</li>
                <li>Leave out a filter: <a href="\(Self.link(["q": text], setting: [:]))">search every kind and \
                licence</a>.</li>
                <li>Or <a href="/">browse by kind</a>, or <a href="/analyze">analyze your own file</a>.</li></ul></div>
                """
        }
        body += "<ol class=\"results\">"
        for group in groups {
            let hit = group.hit
            var facts = [
                HTML.escape(hit.kind.title), "\(HTML.escape(hit.key.repository))/\(HTML.escape(hit.key.path))",
            ]
            if let stars = hit.stars { facts.append("★ \(Number.grouped(stars))") }
            facts += hit.summaryFacts.map(HTML.escape)
            if let changed = hit.changedAt { facts.append("changed \(HTML.escape(FilePage.date(changed)))") }
            body += """
                <li><a class="hit" href="/files/\(hit.id)">\(HTML.escape(hit.name ?? hit.key.path))</a>
                <span class="muted facts">\(facts.joined(separator: " · "))</span>
                <span class="snippet">\(HTML.escape(Self.shortened(hit.description ?? hit.snippet)))</span>
                """
            if !group.copies.isEmpty {
                let count = group.copies.count
                body +=
                    "<details class=\"copies\"><summary>and \(count) identical \(count == 1 ? "copy" : "copies")</summary><ul>"
                for copy in group.copies {
                    body +=
                        "<li><a href=\"/files/\(copy.id)\">\(HTML.escape(copy.key.repository))/\(HTML.escape(copy.key.path))</a></li>"
                }
                body += "</ul></details>"
            }
            body += "</li>"
        }
        body += "</ol>"
        var links: [String] = []
        if offset > 0 {
            links.append("<a rel=\"first\" href=\"\(Self.link(query, setting: ["offset": nil]))\">First page</a>")
        }
        // Next only where another hit is known to follow: the window holds more than the page used, or it was full
        // and the total (counted, or estimated past the count) goes on. An estimate alone offers no empty page.
        let more =
            results.hits.count > consumed
            || (results.hits.count == Self.window && offset + consumed < results.total)
        if more, consumed > 0 {
            links.append(
                "<a rel=\"next\" href=\"\(Self.link(query, setting: ["offset": String(offset + consumed)]))\">Next</a>")
        }
        if !links.isEmpty {
            body += "<nav aria-label=\"Pages\" class=\"pages\">\(links.joined(separator: " · "))</nav>"
        }
        return HTTPResponse(
            contentType: "text/html; charset=utf-8",
            body: HTML.page(title: browsing ? (kindTitle ?? "Browse") : text, query: text, body: body))
    }

    /// Characters of a hit's description or snippet a result shows: about three lines at 390 px.
    static let shownDescription = 240

    /// `text` cut at the last word that ends within ``shownDescription`` characters, with "…"; the file page has it
    /// whole.
    static func shortened(_ text: String) -> String {
        guard text.count > shownDescription else { return text }
        let head = text.prefix(shownDescription)
        let cut = head.lastIndex(where: \.isWhitespace).map { head[..<$0] } ?? head
        return cut.trimmingCharacters(in: .punctuationCharacters.union(.whitespaces)) + "…"
    }

    /// Sorts and filters with their counts: links that keep the rest of the query.
    private func filters(
        _ query: [String: String], facets: SearchFacets, estimated: Bool = false, starsKnown: Bool = true,
        summarised: Bool = true
    ) -> String {
        let about = estimated ? "≈ " : ""
        var out = "<nav aria-label=\"Sort and filter\" class=\"filters\"><p>Sort: "
        // Sorting by stars means something only where some stars are known (a registry ingested from folders or
        // git knows none): otherwise the option is left out, unless it is the current one.
        // Versions and quality come from the registry's summaries (`skillscope group`): left out before it ran.
        let sorts = SearchSort.allCases.filter { sort in
            let known = sort == .stars ? starsKnown : sort.isAboveTheEngine ? summarised : true
            return known || query["sort"] == sort.rawValue
        }
        out += sorts.map { sort in
            let current = (query["sort"] ?? "relevance") == sort.rawValue
            return current
                ? "<strong>\(sort.rawValue)</strong>"
                : "<a href=\"\(Self.link(query, setting: ["sort": sort.rawValue, "offset": nil]))\">\(sort.rawValue)</a>"
        }.joined(separator: " · ")
        out += "</p>"
        func facet(_ title: String, _ name: String, _ counts: [String: Int], label: (String) -> String = { $0 }) {
            guard !counts.isEmpty else { return }
            out += "<p>\(title): "
            if query[name] != nil {
                out += "<a href=\"\(Self.link(query, setting: [name: nil, "offset": nil]))\">all</a> · "
            }
            out += counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { value, count in
                query[name] == value
                    ? "<strong>\(HTML.escape(label(value))) (\(about)\(Number.grouped(count)))</strong>"
                    : "<a href=\"\(Self.link(query, setting: [name: value, "offset": nil]))\">\(HTML.escape(label(value)))</a> (\(about)\(Number.grouped(count)))"
            }.joined(separator: " · ")
            out += "</p>"
        }
        // Kinds as people read them ("Skill reference", "CLAUDE.md"), not their slugs; the link keeps the slug.
        facet("Kind", "kind", facets.kinds) { FileKind(rawValue: $0)?.title ?? $0 }
        facet("Licence", "license", facets.licenses)
        facet("Topic", "topic", facets.topics)
        let reviewed = query["reviewed"] == "true"
        out += "<p><a href=\"\(Self.link(query, setting: ["reviewed": reviewed ? nil : "true", "offset": nil]))\">"
        out += reviewed ? "Show all files" : "Only files with reviews"
        return out + "</a></p></nav>"
    }

    /// `/search?…` with `setting` applied (`nil` removes a parameter), escaped for an attribute.
    static func link(_ query: [String: String], setting: [String: String?]) -> String {
        var values = query
        for (name, value) in setting { values[name] = value }
        values["limit"] = nil
        let items = values.sorted { $0.key < $1.key }.map { "\(encode($0.key))=\(encode($0.value))" }
        return HTML.escape("/search?" + items.joined(separator: "&"))
    }

    /// A query value for a URL.
    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    }
}
