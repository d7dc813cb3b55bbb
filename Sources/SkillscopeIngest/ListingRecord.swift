internal import Foundation
internal import Hashing
public import JSON
public import SkillscopeCore
public import SkillscopeStore
internal import YAML

/// Listing records: the JSON shape another registry publishes per file (`seeds/listing-record.json.txt`), read
/// as an ingest source and written by `skillscope export --listing`.
///
/// A record read in is kept whole, unknown fields too; a record written out starts from the kept one (when the
/// file came from a listing) and sets what this registry knows: ids, kind, title, tagline, description,
/// capabilities, the quality score and its rationale, the GitHub source with first and last seen, the repository
/// facts and the front matter.
public enum ListingRecord {
    /// A record read for ingest.
    public struct Imported: Sendable {
        public var repository: RepositoryRecord
        public var entry: IngestEntry
    }

    /// Turns one record into a repository and an entry carrying the file's text.
    ///
    /// - Parameter origin: where the record is, for messages: `listings.jsonl:12`.
    /// - Throws: ``IngestError`` with code `badData` naming the missing field.
    public static func read(_ raw: String, origin: String) throws(IngestError) -> Imported {
        let record: JSONValue
        do {
            record = try JSONValue.parse(raw)
        } catch {
            throw IngestError(.badData, "\(origin): not a JSON object")
        }
        guard record.object != nil else { throw IngestError(.badData, "\(origin): not a JSON object") }
        let kindDetails = record["details"]?["kindDetails"]
        let github = kindDetails?["github"]
        let sourceID = record["sources"]?.array?.compactMap { $0["sourceId"]?.string }.first
        let repositoryName =
            github?["repo"]?.string
            ?? sourceID.map { $0.split(separator: "/").prefix(2).joined(separator: "/") }
        guard let repositoryName, repositoryName.split(separator: "/").count == 2 else {
            throw IngestError(
                .badData, "\(origin): no repository (details.kindDetails.github.repo or sources[].sourceId)")
        }
        let slug = kindDetails?["slug"]?.string ?? record["title"]?.string
        let recordKind = record["kind"]?.string ?? "skill"
        guard
            let path = github?["skill_md_path"]?.string ?? slug.map({ recordKind == "skill" ? "\($0)/SKILL.md" : $0 }),
            CorpusSource.isSafe(path, components: nil)
        else {
            throw IngestError(.badData, "\(origin): no safe file path (details.kindDetails.github.skill_md_path)")
        }
        guard let body = record["description"]?.string else {
            throw IngestError(.badData, "\(origin): no text (description)")
        }
        var text = ""
        if let frontMatter = kindDetails?["frontmatter"]?.object, !frontMatter.isEmpty {
            // JSON is YAML: each value is written as its JSON text, which a YAML parser reads back the same.
            text = "---\n"
            for key in frontMatter.keys.sorted() {
                text += "\(JSONValue.string(key).text): \(frontMatter[key, default: .null].text)\n"
            }
            text += "---\n"
        }
        text += body
        let kind = FileKind.ownKind(of: path) ?? FileKind(rawValue: recordKind) ?? .agents
        let repository = RepositoryRecord(
            fullName: repositoryName, stars: github?["stars"]?.integer, license: github?["license"]?.string,
            topics: github?["topics"]?.array?.compactMap(\.string) ?? [],
            defaultBranch: github?["default_branch"]?.string, pushedAt: github?["pushed_at"]?.string)
        var entry = IngestEntry(
            key: FileKey(repository: repositoryName, path: path), kind: kind, location: origin)
        entry.contents = Array(text.utf8)
        entry.listingJSON = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        return Imported(repository: repository, entry: entry)
    }

    /// What an export needs beyond the stored file.
    public struct Facts: Sendable {
        public var quality: QualityScore
        /// This registry's reviews of the file; with any, they set `agentReviews`' count and success rate.
        public var reviews: ReviewSummary
        /// The registry's review counts as the file page shows them (this version's, people's and agents' apart,
        /// the previous version's beside), written as the record's `reviews`.
        public var aggregate: JSONValue?
        public init(quality: QualityScore, reviews: ReviewSummary = ReviewSummary(), aggregate: JSONValue? = nil) {
            self.quality = quality
            self.reviews = reviews
            self.aggregate = aggregate
        }
    }

    /// The listing record for a stored file.
    public static func export(_ file: StoredFile, facts: Facts) -> JSONValue {
        var record = file.listingJSON.flatMap { try? JSONValue.parse($0) }?.object ?? [:]
        let identity = SHA256.hex(of: Array("skillscope:\(file.key)".utf8))
        let id = record["id"]?.string ?? uuid(from: identity)
        let slug = skillSlug(file)
        let owner = file.repository.owner
        record["id"] = .string(id)
        record["shortId"] = record["shortId"] ?? .string(shortID(from: identity))
        record["kind"] = .string(file.kind.rawValue)
        let title = file.name ?? file.title ?? (file.key.path as NSString).lastPathComponent
        record["title"] = .string(title)
        let summary = file.description ?? ""
        record["tagline"] = record["tagline"] ?? .string(String(summary.prefix(256)))
        record["description"] = .string(body(of: file.text))
        var tags = record["tags"]?.array?.compactMap(\.string) ?? []
        if tags.isEmpty {
            tags = slug.split(separator: "-").map(String.init) + [owner] + file.repository.topics
            tags = Array(NSOrderedSet(array: tags).array.compactMap { $0 as? String }.prefix(12))
        }
        record["tags"] = .array(tags.map(JSONValue.string))
        var capabilities = record["capabilities"]?.array?.compactMap(\.string) ?? []
        let ours =
            [file.kind.rawValue, "source-\(owner)", "\(file.kind.rawValue)-\(slug)"]
            + file.repository.topics.map { "topic-\($0)" }
        for capability in ours where !capabilities.contains(capability) { capabilities.append(capability) }
        record["capabilities"] = .array(capabilities.map(JSONValue.string))
        record["qualityScore"] = .string(String(format: "%.3f", facts.quality.score))
        record["qualityRationale"] = .string(facts.quality.rationale)
        record["agentReviews"] =
            record["agentReviews"]
            ?? .object([
                "count": .integer(0), "score_avg": .null, "cost_usd_avg": .null, "success_rate": .null,
                "latency_p50_ms": .null, "narrative_summary": .null, "summary_updated_at": .null,
            ])
        if facts.reviews.count > 0, case .object(var aggregate)? = record["agentReviews"] {
            aggregate["count"] = .integer(Int64(facts.reviews.count))
            aggregate["success_rate"] = facts.reviews.successRate.map(JSONValue.number) ?? .null
            if let cost = facts.reviews.costUSDAverage { aggregate["cost_usd_avg"] = .number(cost) }
            if let latency = facts.reviews.latencyP50Ms { aggregate["latency_p50_ms"] = .integer(Int64(latency)) }
            record["agentReviews"] = .object(aggregate)
        }
        if let aggregate = facts.aggregate { record["reviews"] = aggregate }
        record["createdAt"] = record["createdAt"] ?? .string(file.firstSeen)
        record["updatedAt"] = record["updatedAt"] ?? .string(file.lastSeen)
        let htmlURL = "https://github.com/\(file.key.repository)"
        let branch = file.repository.defaultBranch ?? "main"
        let folder = (file.key.path as NSString).deletingLastPathComponent
        let treeURL = "\(htmlURL)/tree/\(branch)\(folder.isEmpty ? "" : "/" + folder)"
        var sources = record["sources"]?.array ?? []
        if !sources.contains(where: { $0["source"]?.string == "github" }) {
            sources.append(
                .object([
                    "listingId": .string(id), "source": .string("github"),
                    "sourceId": .string("\(file.key.repository)/\(slug)"), "sourceUrl": .string(treeURL),
                    "isPrimary": .bool(sources.isEmpty), "firstSeenAt": .string(file.firstSeen),
                    "lastSeenAt": .string(file.lastSeen),
                ]))
        }
        record["sources"] = .array(sources)
        var details = record["details"]?.object ?? ["listingId": .string(id)]
        var kindDetails = details["kindDetails"]?.object ?? [:]
        var github = kindDetails["github"]?.object ?? [:]
        github["repo"] = .string(file.key.repository)
        github["stars"] = file.repository.stars.map { .integer(Int64($0)) } ?? github["stars"] ?? .null
        github["topics"] = .array(file.repository.topics.map(JSONValue.string))
        github["license"] = file.repository.license.map(JSONValue.string) ?? github["license"] ?? .null
        github["html_url"] = .string(htmlURL)
        github["pushed_at"] = file.repository.pushedAt.map(JSONValue.string) ?? github["pushed_at"] ?? .null
        github["skill_md_path"] = .string(file.key.path)
        github["default_branch"] = .string(branch)
        github["skill_tree_url"] = .string(treeURL)
        kindDetails["github"] = .object(github)
        kindDetails["slug"] = kindDetails["slug"] ?? .string(slug)
        kindDetails["org"] = kindDetails["org"] ?? .string(owner)
        if let frontMatter = file.frontMatterJSON.flatMap({
            try? JSONDecoder().decode(YAMLNode.self, from: Data($0.utf8))
        }) {
            kindDetails["frontmatter"] = plain(frontMatter)
        }
        details["kindDetails"] = .object(kindDetails)
        record["details"] = .object(details)
        return .object(record)
    }

    /// The skill's folder name, else the file name without its extension.
    static func skillSlug(_ file: StoredFile) -> String {
        let path = file.key.path as NSString
        if file.kind == .skill, !path.deletingLastPathComponent.isEmpty {
            return (path.deletingLastPathComponent as NSString).lastPathComponent
        }
        return (path.lastPathComponent as NSString).deletingPathExtension
    }

    /// The text after the front matter.
    static func body(of text: String) -> String {
        guard case .found(let frontMatter) = FrontMatter.split(text) else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(frontMatter.lines.end)
            .joined(separator: "\n")
    }

    /// Front matter as plain JSON: mappings become objects, sequences arrays, scalars strings.
    static func plain(_ node: YAMLNode) -> JSONValue {
        switch node.value {
        case .scalar(let scalar): .string(scalar.text)
        case .sequence(let items): .array(items.map(plain))
        case .mapping(let pairs):
            .object(
                Dictionary(
                    pairs.map { ($0.key.string ?? "", plain($0.value)) }, uniquingKeysWith: { first, _ in first }))
        }
    }

    /// A UUID-shaped id from a hex digest (version 5 layout bits set), stable for a file key.
    static func uuid(from hex: String) -> String {
        var digits = Array(hex.prefix(32))
        digits[12] = "5"
        let variant = Int(String(digits[16]), radix: 16) ?? 8
        digits[16] = Character(String((variant & 0x3) | 0x8, radix: 16))
        let text = String(digits)
        let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
            String(
                text[
                    text.index(
                        text.startIndex, offsetBy: range.lowerBound)..<text.index(
                            text.startIndex, offsetBy: range.upperBound)])
        }
        return parts.joined(separator: "-")
    }

    /// Six base-62 characters from a hex digest.
    static func shortID(from hex: String) -> String {
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        var value = UInt64(hex.prefix(15), radix: 16) ?? 0
        var out = ""
        for _ in 0..<6 {
            out.append(alphabet[Int(value % 62)])
            value /= 62
        }
        return out
    }
}
