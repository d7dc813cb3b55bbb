internal import Foundation
internal import MicroHTTP
internal import SkillscopeCore
internal import SkillscopeIngest
internal import SkillscopeRating
internal import SkillscopeStore

/// `/api/v1`: search, files, rules, checks, versions and listing records as JSON.
struct API {
    let store: any Store
    let rater: RegistryRater

    func route(_ parts: [String], query: [String: String]) throws -> HTTPResponse {
        switch parts.first {
        case "search":
            if query["kind"]?.isEmpty == true {
                throw WebError(400, "bad_request", "kind is empty; leave it out or name a kind such as skill")
            }
            return try json(search(query))
        case "compare":
            return try json(try Comparison.load(query, store: store))
        case "files":
            guard parts.count >= 2, let id = Int64(parts[1]) else {
                throw WebError(404, "not_found", "give a file id: /api/v1/files/{id}")
            }
            let file = try Self.file(id, in: store)
            switch parts.count == 2 ? nil : parts[2] {
            case nil:
                return try json(FileView(file))
            case "rules":
                return try json(try store.rules(ofFile: id).map(RuleView.init))
            case "ratings":
                var versions: VersionReport?
                if file.status == .indexed {
                    let finder = try rater.versionFinder()
                    versions = try finder.versions(of: try finder.subject(for: file))
                }
                return try json(
                    RatingsView(try rater.rate(try store.rules(ofFile: id), versions: versions, kind: file.kind)))
            case "checks":
                let rules = try store.rules(ofFile: id)
                return try json(
                    ChecksView(
                        findings: file.findings, security: file.security,
                        quality: try QualityScore.of(
                            file, rules: rules, store: store, tableScope: rater.versionConfiguration.tableScope)))
            case "versions":
                guard file.status == .indexed else {
                    throw WebError(404, "not_indexed", "file \(id) was rejected when ingested; it has no versions")
                }
                let finder = try rater.versionFinder()
                return try json(try finder.versions(of: try finder.subject(for: file)))
            case "reviews":
                return try Reviews(store: store).list(fileID: id)
            case "listing":
                let rules = try store.rules(ofFile: id)
                let quality = try QualityScore.of(
                    file, rules: rules, store: store, tableScope: rater.versionConfiguration.tableScope)
                let record = ListingRecord.export(
                    file,
                    facts: ListingRecord.Facts(
                        quality: quality, reviews: try store.reviewSummary(ofFile: id)))
                return HTTPResponse(contentType: "application/json", body: record.text)
            default:
                throw WebError.notFound("/api/v1/files/\(id)/\(parts[2])")
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
        return try json(try Analysis(text: text, kind: body["kind"] as? String, store: store, rater: rater))
    }

    /// A search from query arguments: `q`, `kind` (comma-separated), `limit` (1–100), `offset`.
    func search(_ query: [String: String]) throws -> SearchResults {
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
            throw WebError(400, "bad_request", "sort must be relevance, stars or recent")
        }
        let reviewed = query["reviewed"] ?? "false"
        guard reviewed == "true" || reviewed == "false" else {
            throw WebError(400, "bad_request", "reviewed must be true or false")
        }
        let topic = query["topic"].flatMap { $0.isEmpty ? nil : $0 }
        let license = query["license"].flatMap { $0.isEmpty ? nil : $0 }
        do {
            return try store.search(
                SearchQuery(
                    text: text, kinds: kinds, limit: limit, offset: offset, topic: topic, license: license,
                    hasReviews: reviewed == "true", sort: sort))
        } catch let error as StoreError where error.code == .invalidQuery {
            // Words the index cannot hold (punctuation alone, a script it splits) find nothing.
            return SearchResults(hits: [], total: 0, matchedAllTerms: true)
        }
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

/// A file as the API shows it.
struct FileView: Encodable {
    var id: Int64
    var repository: String
    var path: String
    var kind: String
    var status: String
    var name: String?
    var title: String?
    var description: String?
    var stars: Int?
    var license: String?
    var topics: [String]
    var firstSeen: String
    var lastSeen: String
    var lastCommitAt: String?
    var lines: Int
    var rules: Int
    var sha256: String
    var text: String

    init(_ file: StoredFile) {
        id = file.id
        repository = file.key.repository
        path = file.key.path
        kind = file.kind.rawValue
        status = file.removedAt == nil ? file.status.rawValue : "removed"
        name = file.name
        title = file.title
        description = file.description
        stars = file.repository.stars
        license = file.repository.license
        topics = file.repository.topics
        firstSeen = file.firstSeen
        lastSeen = file.lastSeen
        lastCommitAt = file.lastCommitAt
        lines = file.lineCount
        rules = file.ruleCount
        sha256 = file.sha256
        text = file.text
    }
}

struct ChecksView: Encodable {
    var findings: [Finding]
    var security: SecurityReport
    var quality: QualityScore
}

/// `/api/v1/files/{id}/ratings`: the summary line and sentence, and each rule with its rating and evidence.
struct RatingsView: Encodable {
    var summary: String
    var sentence: String
    var editedVersions: Int
    var registryFiles: Int
    var embedder: String?
    var rules: [RatedRule]

    init(_ report: RuleRatingReport) {
        summary = report.summary
        sentence = report.sentence
        editedVersions = report.editedVersions
        registryFiles = report.registryFiles
        embedder = report.embedder
        rules = report.rules
    }
}
