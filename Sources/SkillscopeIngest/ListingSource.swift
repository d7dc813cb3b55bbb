internal import Foundation
internal import JSON
internal import SkillscopeCore
internal import SkillscopeStore

/// Listing records as an ingest source: a `.json` file holding one record (or an array of them) or a `.jsonl`
/// file with one record a line (``ListingRecord``).
///
/// A bad record is reported with its line and the rest go on.
public struct ListingSource: IngestSource {
    public var path: String

    public init(path: String) {
        self.path = path
    }

    public var summary: String { "listing records \(path)" }

    /// Whether `path` names a listing file by its extension.
    public static func isListing(_ path: String) -> Bool {
        path.hasSuffix(".jsonl") || path.hasSuffix(".json")
    }

    public func list() throws -> SourceListing {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw IngestError(.noInput, "cannot read \(path)")
        }
        let name = (path as NSString).lastPathComponent
        var records: [(raw: String, origin: String)] = []
        var problems: [FileDiagnostic] = []
        let text = String(decoding: data, as: UTF8.self)
        if path.hasSuffix(".jsonl") {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.allSatisfy(\.isWhitespace) {
                records.append((String(line), "\(name):\(number + 1)"))
            }
        } else if case .array(let items)? = try? JSONValue.parse(text) {
            records = items.enumerated().map { ($1.text, "\(name)[\($0)]") }
        } else {
            records = [(text, name)]
        }
        var repositories: [String: RepositoryRecord] = [:]
        var entries: [IngestEntry] = []
        var seen: Set<FileKey> = []
        for (raw, origin) in records {
            do {
                let imported = try ListingRecord.read(raw, origin: origin)
                guard seen.insert(imported.entry.key).inserted else {
                    problems.append(
                        FileDiagnostic(
                            path: origin, code: .unreadable, severity: .warning,
                            message: "a second record for \(imported.entry.key); the first is kept"))
                    continue
                }
                repositories[imported.repository.fullName] = imported.repository
                entries.append(imported.entry)
            } catch {
                problems.append(
                    FileDiagnostic(path: origin, code: .unreadable, severity: .error, message: error.message))
            }
        }
        return SourceListing(
            repositories: repositories.keys.sorted().compactMap { repositories[$0] }, entries: entries,
            problems: problems)
    }
}
