internal import Dispatch
internal import FoundationEssentials
internal import SkillscopeCore
internal import SkillscopeStore
internal import Synchronization

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

    /// A manifest line decoded, or the problem it has.
    private enum ManifestDecoding: Sendable {
        case row(ManifestLine)
        case problem(FileDiagnostic)
    }

    /// One line of `manifest.jsonl`; the commit dates are made UTC once decoded.
    private struct ManifestLine: Decodable, Sendable {
        var repo: String
        var path: String
        var commit: String?
        var first_commit_at: String?
        var last_commit_at: String?
        var kind: String?
        var sha256: String?
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
        var lines: [ManifestLine] = []
        for decoded in Self.decodeManifest(manifest) {
            switch decoded {
            case .row(let row): lines.append(row)
            case .problem(let problem): problems.append(problem)
            }
        }
        let decoder = JSONDecoder()
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
        let byRepository = Dictionary(grouping: lines, by: \.repo)
        let names = byRepository.keys.sorted()
        for repository in names where repositories[repository] == nil {
            repositories[repository] = RepositoryRecord(
                fullName: repository, commit: byRepository[repository]?.first?.commit)
        }
        // Each repository's files are classified on every core (kinds depend on the repository's other paths).
        let listed = Mutex<[Int: (entries: [IngestEntry], problems: [FileDiagnostic])]>([:])
        let root = self.root
        DispatchQueue.concurrentPerform(iterations: names.count) { number in
            let rows = byRepository[names[number]] ?? []
            let kinds = FileKind.classify(rows.map(\.path))
            var entries: [IngestEntry] = []
            var problems: [FileDiagnostic] = []
            for row in rows.sorted(by: { $0.path < $1.path }) {
                guard let kind = kinds[row.path] ?? row.kind.flatMap(FileKind.init(rawValue:)) else {
                    problems.append(
                        FileDiagnostic(
                            path: "\(row.repo)/\(row.path)", code: .notInstructionFile, severity: .error,
                            message: "not an instruction file by its path"))
                    continue
                }
                var entry = IngestEntry(
                    key: FileKey(repository: row.repo, path: row.path), kind: kind,
                    location: "\(root)/files/\(row.repo)/\(row.path)", commit: row.commit,
                    firstCommitAt: row.first_commit_at, lastCommitAt: row.last_commit_at)
                entry.expectedContent = row.sha256.flatMap(IngestEntry.contentHint(hex:))
                entries.append(entry)
            }
            listed.withLock { $0[number] = (entries, problems) }
        }
        var entries: [IngestEntry] = []
        entries.reserveCapacity(lines.count)
        listed.withLock { listed in
            for number in names.indices {
                entries += listed[number]?.entries ?? []
                problems += listed[number]?.problems ?? []
            }
        }
        var listing = SourceListing(
            repositories: repositories.keys.sorted().compactMap { repositories[$0] }, entries: entries,
            problems: problems)
        readTrees(of: names, into: &listing)
        return listing
    }

    /// Reads each repository's whole file tree where the corpus keeps one.
    ///
    /// The tree (`trees/<owner>/<repo>.txt`, one path a line, as `git ls-tree -r --name-only` lists them) is kept
    /// in the registry, as a git or GitHub ingest keeps its tree, so that a rule naming a file of its project is known to, and links are checked against real files.
    /// A repository without a tree keeps only its instruction files, as before; an unsafe line is skipped.
    private func readTrees(of repositories: [String], into listing: inout SourceListing) {
        for repository in repositories {
            guard isSafeRepository(repository),
                let data = FileManager.default.contents(atPath: "\(root)/trees/\(repository).txt")
            else { continue }
            let paths = String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line -> String? in
                let path = String(line)
                return Self.isSafe(path, components: nil) ? path : nil
            }
            guard !paths.isEmpty else { continue }
            listing.trees[repository] = SourceListing.treePaths(paths)
            listing.keepPaths(paths, of: repository)
        }
    }

    private func isSafeRepository(_ repository: String) -> Bool { Self.isSafe(repository, components: 2) }

    /// The manifest's records in line order, each decoded (dates in UTC) or turned into the problem it has.
    ///
    /// Lines are decoded on every core, in slices of 4,096. At 350,000 files the listing, these decodes and date
    /// conversions most of it, took 7.6 s on one core while the parsers waited; now 3.3 s (bench/RESULTS.md).
    private static func decodeManifest(_ manifest: Data) -> [ManifestDecoding] {
        // Line ranges found over a byte array: the generic split over `Data` checks exclusive access per byte.
        let bytes = [UInt8](manifest)
        var found: [Range<Int>] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            found.append(start..<index)
            start = index + 1
        }
        found.append(start..<bytes.count)
        let lines = found
        let sliceSize = 4096
        let sliceCount = (lines.count + sliceSize - 1) / sliceSize
        let slices = Mutex<[Int: [ManifestDecoding]]>([:])
        DispatchQueue.concurrentPerform(iterations: sliceCount) { slice in
            let decoder = JSONDecoder()
            var decoded: [ManifestDecoding] = []
            for number in slice * sliceSize..<min(lines.count, (slice + 1) * sliceSize) {
                let line = bytes[lines[number]]
                if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) { continue }
                guard var row = try? decoder.decode(ManifestLine.self, from: Data(line)) else {
                    decoded.append(
                        .problem(
                            FileDiagnostic(
                                path: "manifest.jsonl", code: .unreadable, severity: .error,
                                message: "not a manifest record (needs \"repo\" and \"path\")", line: number + 1)))
                    continue
                }
                guard isSafe(row.repo, components: 2), isSafe(row.path, components: nil) else {
                    decoded.append(
                        .problem(
                            FileDiagnostic(
                                path: "manifest.jsonl", code: .unreadable, severity: .error,
                                message: "repo or path leaves the corpus folder: \(row.repo)/\(row.path)",
                                line: number + 1)))
                    continue
                }
                row.first_commit_at = row.first_commit_at.flatMap(Dates.utc)
                row.last_commit_at = row.last_commit_at.flatMap(Dates.utc)
                decoded.append(.row(row))
            }
            slices.withLock { $0[slice] = decoded }
        }
        return slices.withLock { slices in (0..<sliceCount).flatMap { slices[$0] ?? [] } }
    }

    /// Whether a manifest path stays inside its folder: no `..`, no absolute path, no empty component.
    static func isSafe(_ path: String, components: Int?) -> Bool {
        if path.hasPrefix("/") || path.isEmpty { return false }
        // By bytes: splitting the string walks characters, a tenth of the listing's work.
        let parts = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        if let components, parts.count != components { return false }
        return !parts.contains { $0.isEmpty || $0.elementsEqual("..".utf8) || $0.elementsEqual(".".utf8) }
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
