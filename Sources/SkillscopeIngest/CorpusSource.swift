internal import FoundationEssentials
internal import SkillscopeCore
internal import SkillscopeStore

/// A corpus folder: `files/<owner>/<repo>/<path>`, `manifest.jsonl` (one file a line) and optionally
/// `repos.jsonl` (one repository a line), the layout of the shared corpus.
public struct CorpusSource: IngestSource {
    public var root: String

    public init(root: String) {
        self.root = root
    }

    public var summary: String { "corpus \(root)" }

    /// Whether `path` looks like a corpus (it holds a `manifest.jsonl`).
    public static func isCorpus(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path + "/manifest.jsonl")
    }

    private struct ManifestLine: Decodable {
        var repo: String
        var path: String
        var commit: String?
        var first_commit_at: String?
        var last_commit_at: String?
        var kind: String?
    }

    private struct RepositoryLine: Decodable {
        var repo: String
        var commit: String?
        var default_branch: String?
        var license: String?
        var stars: Int?
        var topics: [String]?
        var pushed_at: String?
    }

    public func list() throws -> SourceListing {
        let manifestPath = root + "/manifest.jsonl"
        guard let manifest = FileManager.default.contents(atPath: manifestPath) else {
            throw IngestError(.noInput, "cannot read \(manifestPath)")
        }
        var problems: [FileDiagnostic] = []
        let decoder = JSONDecoder()
        var lines: [ManifestLine] = []
        for (number, line) in manifest.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .enumerated()
        where !line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) {
            do {
                let row = try decoder.decode(ManifestLine.self, from: Data(line))
                guard Self.isSafe(row.repo, components: 2), Self.isSafe(row.path, components: nil) else {
                    problems.append(
                        FileDiagnostic(
                            path: "manifest.jsonl", code: .unreadable, severity: .error,
                            message: "repo or path leaves the corpus folder: \(row.repo)/\(row.path)", line: number + 1)
                    )
                    continue
                }
                lines.append(row)
            } catch {
                problems.append(
                    FileDiagnostic(
                        path: "manifest.jsonl", code: .unreadable, severity: .error,
                        message: "not a manifest record (needs \"repo\" and \"path\")", line: number + 1))
            }
        }
        var repositories: [String: RepositoryRecord] = [:]
        if let data = FileManager.default.contents(atPath: root + "/repos.jsonl") {
            for (number, line) in data.split(separator: UInt8(ascii: "\n")).enumerated() {
                guard let row = try? decoder.decode(RepositoryLine.self, from: Data(line)) else {
                    problems.append(
                        FileDiagnostic(
                            path: "repos.jsonl", code: .unreadable, severity: .warning,
                            message: "not a repository record (needs \"repo\")", line: number + 1))
                    continue
                }
                repositories[row.repo] = RepositoryRecord(
                    fullName: row.repo, stars: row.stars, license: row.license, topics: row.topics ?? [],
                    defaultBranch: row.default_branch, pushedAt: row.pushed_at.flatMap(Dates.utc), commit: row.commit)
            }
        }
        var entries: [IngestEntry] = []
        let byRepository = Dictionary(grouping: lines, by: \.repo)
        for repository in byRepository.keys.sorted() {
            let rows = byRepository[repository] ?? []
            let kinds = FileKind.classify(rows.map(\.path))
            if repositories[repository] == nil {
                repositories[repository] = RepositoryRecord(fullName: repository, commit: rows.first?.commit)
            }
            for row in rows.sorted(by: { $0.path < $1.path }) {
                guard let kind = kinds[row.path] ?? row.kind.flatMap(FileKind.init(rawValue:)) else {
                    problems.append(
                        FileDiagnostic(
                            path: "\(row.repo)/\(row.path)", code: .notInstructionFile, severity: .error,
                            message: "not an instruction file by its path"))
                    continue
                }
                entries.append(
                    IngestEntry(
                        key: FileKey(repository: row.repo, path: row.path), kind: kind,
                        location: "\(root)/files/\(row.repo)/\(row.path)", commit: row.commit,
                        firstCommitAt: row.first_commit_at.flatMap(Dates.utc),
                        lastCommitAt: row.last_commit_at.flatMap(Dates.utc)))
            }
        }
        return SourceListing(
            repositories: repositories.keys.sorted().compactMap { repositories[$0] }, entries: entries,
            problems: problems)
    }

    /// Whether a manifest path stays inside its folder: no `..`, no absolute path, no empty component.
    static func isSafe(_ path: String, components: Int?) -> Bool {
        if path.hasPrefix("/") || path.isEmpty { return false }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        if let components, parts.count != components { return false }
        return !parts.contains { $0.isEmpty || $0 == ".." || $0 == "." }
    }
}

/// ISO 8601 dates in the registry's one form: UTC, seconds.
enum Dates {
    /// `2026-03-14T19:54:12+01:00` → `2026-03-14T18:54:12Z`; `nil` when not a date.
    static func utc(_ text: String) -> String? {
        guard let date = try? Date(text, strategy: .iso8601) else { return nil }
        return date.formatted(.iso8601)
    }

    /// Seconds since 1970 → `2024-05-01T00:00:00Z`.
    static func utc(seconds: Int64) -> String {
        Date(timeIntervalSince1970: TimeInterval(seconds)).formatted(.iso8601)
    }

    static func now() -> String { Date.now.formatted(.iso8601) }
}
