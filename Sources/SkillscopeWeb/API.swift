internal import Foundation
internal import JSON
internal import MicroHTTP
internal import SkillscopeCore
internal import SkillscopeIngest
internal import SkillscopeReport
internal import SkillscopeStore

/// `/api/v1`: search, files, rules, checks, versions and listing records as JSON.
struct API {
    let store: any Store
    let reporter: Reporter

    func route(_ parts: [String], query: [String: String]) throws -> HTTPResponse {
        switch parts.first {
        case "search":
            if query["kind"]?.isEmpty == true {
                throw WebError(400, "bad_request", "kind is empty; leave it out or name a kind such as skill")
            }
            return try json(Self.search(query, in: store))
        case "compare":
            return try json(try Comparison.load(query, store: store))
        case "files":
            guard parts.count >= 2, let id = Int64(parts[1]) else {
                throw WebError(404, "not_found", "give a file id: /api/v1/files/{id}")
            }
            let file = try Self.file(id, in: store)
            let part = parts.count == 2 ? nil : parts[2]
            if part == "reviews" { return try Reviews(store: store).list(fileID: id) }
            guard parts.count <= 3, [nil, "rules", "ratings", "checks", "versions", "listing"].contains(part) else {
                throw WebError.notFound("/api/v1/" + parts.joined(separator: "/"))
            }
            if part == "versions" {
                // The report's versions part alone: the same answer, without rating the rules or the checks.
                guard file.status == .indexed, let versions = try reporter.versions(of: file) else {
                    throw WebError(404, "not_indexed", "file \(id) was rejected when ingested; it has no versions")
                }
                return try json(versions)
            }
            let report = try reporter.report(file).window(
                offset: try Self.integer(query["offset"], "offset", in: 0...1_000_000) ?? 0,
                limit: try Self.integer(query["limit"], "limit", in: 1...Reporter.maximumRatedRules)
                    ?? Self.rulesShown)
            switch part {
            case nil: return try json(report)
            case "rules": return try json(report.rules)
            case "ratings": return try json(RatingsView(report))
            case "checks": return try json(report.checks)
            default:
                return HTTPResponse(contentType: "application/json", body: Reporter.listing(report)?.text ?? "{}")
            }
        default:
            throw WebError.notFound("/api/v1/" + parts.joined(separator: "/"))
        }
    }

    /// `POST /api/v1/analyze` with `{"text": "…", "kind": "claude"}`: nothing stored.
    func analyze(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let body = try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any],
            let text = body["text"] as? String
        else {
            throw WebError(400, "bad_request", "send a JSON object with the file's text: {\"text\": \"…\"}")
        }
        if let kind = body["kind"], (kind as? String)?.isEmpty != false {
            throw WebError(400, "bad_request", "kind must be a kind such as skill, claude or agents")
        }
        func number(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
            guard let value = body[name] else { return nil }
            guard let number = value as? NSNumber, let whole = Int(exactly: number.doubleValue), range.contains(whole)
            else {
                throw WebError(
                    400, "bad_request", "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound)"
                )
            }
            return whole
        }
        let offset = try number("offset", in: 0...1_000_000) ?? 0
        let limit = try number("limit", in: 1...Reporter.maximumRatedRules) ?? Self.rulesShown
        let report = try reporter.report(text: text, path: body["path"] as? String, kind: body["kind"] as? String)
        return try json(report.window(offset: offset, limit: limit))
    }

    /// A search from query arguments: `q`, `kind` (comma-separated), `limit` (1–100), `offset`.
    static func search(_ query: [String: String], in store: any Store) throws -> SearchResults {
        guard let text = query["q"] else {
            throw WebError(400, "bad_request", "give the words to search for: ?q=…")
        }
        var kinds: [FileKind] = []
        for name in (query["kind"] ?? "").split(separator: ",") {
            guard let kind = FileKind(rawValue: String(name)) else {
                throw WebError(400, "bad_request", "unknown kind '\(name)'")
            }
            kinds.append(kind)
        }
        let limit = Int(query["limit"] ?? "20") ?? -1
        let offset = Int(query["offset"] ?? "0") ?? -1
        guard (1...100).contains(limit), (0...1_000_000).contains(offset) else {
            throw WebError(400, "bad_request", "limit must be 1–100 and offset 0–1,000,000")
        }
        guard let sort = SearchSort(rawValue: query["sort"] ?? "relevance") else {
            throw WebError(
                400, "bad_request",
                "sort must be "
                    + SearchSort.allCases.map(\.rawValue).joined(separator: ", ")
                    .replacingOccurrences(of: ", quality", with: " or quality"))
        }
        let reviewed = query["reviewed"] ?? "false"
        guard reviewed == "true" || reviewed == "false" else {
            throw WebError(400, "bad_request", "reviewed must be true or false")
        }
        let topic = query["topic"].flatMap { $0.isEmpty ? nil : $0 }
        let license = query["license"].flatMap { $0.isEmpty ? nil : $0 }
        do {
            return try store.summarizedSearch(
                SearchQuery(
                    text: text, kinds: kinds, limit: limit, offset: offset, topic: topic, license: license,
                    hasReviews: reviewed == "true", sort: sort))
        } catch let error as StoreError where error.code == .invalidQuery {
            // Words the index cannot hold (punctuation alone, a script it splits) find nothing.
            return SearchResults(hits: [], total: 0, matchedAllTerms: true)
        }
    }

    /// Rules an answer holds unless `limit` says otherwise: the rest are paged with `offset`.
    static let rulesShown = 500

    /// A whole-number query argument in `range`, or nil when absent.
    static func integer(_ text: String?, _ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw WebError(
                400, "bad_request", "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    static func file(_ id: Int64, in store: any Store) throws -> StoredFile {
        guard let file = try store.file(.id(id)) else { throw WebError(404, "not_found", "no file \(id)") }
        return file
    }

    private func json(_ value: some Encodable) throws -> HTTPResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return HTTPResponse(
            status: 200, headers: [("Content-Type", "application/json")], body: Array(try encoder.encode(value)))
    }
}

/// `/api/v1/files/{id}/ratings`: the summary line, sentence and counts, and each rule with its rating and
/// evidence.
struct RatingsView: Encodable {
    var summary: String
    var sentence: String
    var counts: FileReport.Ratings.Counts
    var editedVersions: Int
    var registryFiles: Int
    var embedder: String?
    var rules: [FileReport.RatedRuleEntry]

    init(_ report: FileReport) {
        summary = report.ratings.summary
        sentence = report.ratings.sentence
        counts = report.ratings.counts
        editedVersions = report.ratings.editedVersions
        registryFiles = report.ratings.registryFiles
        embedder = report.ratings.embedder
        rules = report.rules
    }
}
