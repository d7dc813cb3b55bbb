import Foundation
import FoundationNetworking
import SQLite
import SkillscopeTesting
import Testing

/// Acceptance on ../shared/corpus, through a real server.
///
/// Acceptance on ../shared/corpus, through a real server: every group of word-for-word copies names one likely origin
/// from each of its members, "kept by k of n edited versions" counts exactly the versions compare marks kept, and
/// every rating's evidence quotes its rule and names files that exist.
/// Skipped when the corpus is absent.
@Suite(.enabled(if: Paths.sharedCorpus != nil, "../shared/corpus is absent"))
struct CorpusVersionsTests {
    /// One JSON answer of the server.
    ///
    /// GETs `path` of the server at `base` as a JSON object.
    /// A busy server's 503 is retried after the time it asks for, as a client does.
    static func json(_ base: String, _ path: String) async throws -> [String: Any] {
        let url = try #require(URL(string: base + path))
        var (data, response) = try await URLSession.shared.data(from: url)
        for _ in 0..<20 {
            guard let http = response as? HTTPURLResponse, http.statusCode == 503 else { break }
            let wait = http.value(forHTTPHeaderField: "Retry-After").flatMap(Double.init) ?? 0.5
            try await Task.sleep(for: .seconds(min(wait, 2)))
            (data, response) = try await URLSession.shared.data(from: url)
        }
        #expect((response as? HTTPURLResponse)?.statusCode == 200, "\(path)")
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(path)")
    }

    /// The corpus ingested once (a debug ingest takes about 90 s) and served; both acceptance walks run on it.
    @Test func theCorpusVersionsAgreeWithThemselvesAndWithCompare() async throws {
        let directory = TemporaryDirectory()
        let database = directory.appending("corpus.sqlite")
        let corpus = try #require(Paths.sharedCorpus)
        let ingest = try BinaryRunner.run(["ingest", corpus, "--db", database], timeout: 900)
        try #require(ingest.status == 0, "\(ingest.stderr.suffix(2000))")
        let server = try ServerProcess(["--db", database])
        defer { server.stop() }
        let connection = try Connection(path: database)
        try await everyGroupOfCopiesNamesOneOriginNoLaterThanItsEditedVersions(server.url, connection)
        try await keptByCountsTheEditedVersionsCompareMarksKept(server.url, connection)
        try await everyEvidenceQuotesItsRuleAndNamesFilesThatExist(server.url, connection, corpus: corpus)
    }

    /// Over every rule of every file: a name the evidence quotes (`…`) stands in the rule's text, and a file the
    /// evidence calls the repository's is in its tree (the corpus tree, or its instruction files).
    func everyEvidenceQuotesItsRuleAndNamesFilesThatExist(_ base: String, _ connection: Connection, corpus: String)
        async throws
    {
        let ids = try connection.query("SELECT id FROM files WHERE status = 'indexed' ORDER BY id").compactMap {
            $0.int(0)
        }
        var instructionFiles: [String: Set<String>] = [:]
        for row in try connection.query(
            "SELECT r.full_name, f.path FROM files f JOIN repositories r ON r.id = f.repository_id")
        {
            instructionFiles[row.string(0) ?? "", default: []].insert(row.string(1) ?? "")
        }
        // What each file's rules quote that their text lacks, and the files they call the repository's.
        let found = try await Self.each(ids) {
            id -> (repository: String, path: String, misquoted: [String], named: [String]) in
            let report = try await Self.json(base, "api/v1/files/\(id)")
            let file = report["file"] as? [String: Any] ?? [:]
            var misquoted: [String] = []
            var named: [String] = []
            for rule in report["rules"] as? [[String: Any]] ?? [] {
                let text = rule["text"] as? String ?? ""
                let evidence = rule["evidence"] as? String ?? ""
                let quoted = evidence.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                    .filter { $0.offset % 2 == 1 }.map { String($0.element) }
                for name in quoted where !text.contains(name) {
                    misquoted.append("line \(rule["line"] as? Int ?? 0): \(evidence) — not in: \(text.prefix(200))")
                }
                if evidence.hasSuffix("a file of this repository"), let name = quoted.first { named.append(name) }
            }
            return (file["repository"] as? String ?? "", file["path"] as? String ?? "", misquoted, named)
        }
        var filesChecked = 0
        var filesNamed = 0
        for id in ids {
            guard let result = found[id] else { continue }
            filesChecked += 1
            for line in result.misquoted { Issue.record("\(result.repository)/\(result.path) \(line)") }
            guard !result.named.isEmpty else { continue }
            let treeFile = "\(corpus)/trees/\(result.repository).txt"
            let tree = Set(
                ((try? String(contentsOfFile: treeFile, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
            )
            .union(instructionFiles[result.repository] ?? [])
            let folder = result.path.split(separator: "/").dropLast().joined(separator: "/")
            for name in result.named {
                filesNamed += 1
                #expect(
                    Self.names(name, aFileOf: tree, from: folder),
                    "\(result.repository)/\(result.path): `\(name)` is called a file of the repository")
            }
        }
        #expect(filesChecked == ids.count)
        #expect(filesNamed > 20)
    }

    /// Whether a word of `name` (a path, or a command that runs one) is a file or folder of `tree`: from the
    /// rule's folder (`..` climbing out of it) or from the root, or the end of a longer path when it has a folder.
    static func names(_ name: String, aFileOf tree: Set<String>, from folder: String) -> Bool {
        for word in name.split(separator: " ") {
            var relative: [Substring] = []
            for part in word.split(separator: "/") where part != "." {
                if part.contains(where: { "*{}<>[]$".contains($0) }) { break }
                relative.append(part)
            }
            var base = folder.split(separator: "/")
            while relative.first == ".." {
                relative.removeFirst()
                guard !base.isEmpty else { break }
                base.removeLast()
            }
            guard !relative.isEmpty else { continue }
            for candidate in [(base + relative).joined(separator: "/"), relative.joined(separator: "/")] {
                if tree.contains(candidate) || tree.contains(where: { $0.hasPrefix(candidate + "/") }) { return true }
            }
            let ending = "/" + relative.joined(separator: "/")
            if relative.count >= 2, tree.contains(where: { $0.hasSuffix(ending) || $0.contains(ending + "/") }) {
                return true
            }
        }
        return false
    }

    /// One page of many at once: the server answers on several threads.
    static func each<T: Sendable>(
        _ ids: [Int], width: Int = 4, _ body: @escaping @Sendable (Int) async throws -> T
    ) async throws -> [Int: T] {
        var results: [Int: T] = [:]
        for start in stride(from: 0, to: ids.count, by: width) {
            try await withThrowingTaskGroup(of: (Int, T).self) { group in
                for id in ids[start..<min(ids.count, start + width)] { group.addTask { (id, try await body(id)) } }
                for try await (id, value) in group { results[id] = value }
            }
        }
        return results
    }

    /// Every group of word-for-word copies names the same likely origin from each member, and no origin is later
    /// than a version in the member's word-for-word or Edited band.
    func everyGroupOfCopiesNamesOneOriginNoLaterThanItsEditedVersions(_ base: String, _ connection: Connection)
        async throws
    {
        let rows = try connection.query(
            """
            SELECT id, words_hash FROM files WHERE status = 'indexed' AND words_hash IN (
                SELECT words_hash FROM files WHERE status = 'indexed' AND words_hash IS NOT NULL
                GROUP BY words_hash HAVING count(DISTINCT repository_id) > 1)
            """)
        var groups: [Int: [Int]] = [:]
        for row in rows {
            guard let id = row.int(0), let hash = row.int(1) else { continue }
            groups[hash, default: []].append(id)
        }
        #expect(groups.count > 100)
        let origins = try await Self.each(groups.values.flatMap { $0 }) { id in
            let versions = try await Self.json(base, "api/v1/files/\(id)/versions")
            let origin = try #require(versions["likelyOrigin"] as? [String: Any], "file \(id) names no origin")
            let isSubject = origin["isSubject"] as? Bool == true
            let subject = versions["subject"] as? [String: Any] ?? [:]
            let name =
                isSubject
                ? "\(subject["repository"] as? String ?? "")/\(subject["path"] as? String ?? "")"
                : "\(origin["repository"] as? String ?? "")/\(origin["path"] as? String ?? "")"
            let firstSeen = origin["firstSeen"] as? String ?? ""
            let bands = versions["bands"] as? [[String: Any]] ?? []
            let earlier = bands.filter { $0["band"] as? String != "own" }
                .flatMap { $0["versions"] as? [[String: Any]] ?? [] }
                .compactMap { $0["firstSeen"] as? String }.filter { $0 < firstSeen }
            #expect(earlier.isEmpty, "file \(id): its origin \(name) is later than a version (\(earlier.first ?? ""))")
            return name
        }
        var split = 0
        for members in groups.values where Set(members.compactMap { origins[$0] }).count != 1 {
            split += 1
            Issue.record("copies \(members) name \(Set(members.compactMap { origins[$0] }).sorted())")
        }
        #expect(split == 0)
    }

    /// On every rule of the 20 files with the most edited versions, "kept by k of n" is the number of those
    /// versions whose compare marks the rule kept (word for word or changed).
    func keptByCountsTheEditedVersionsCompareMarksKept(_ base: String, _ connection: Connection) async throws {
        // Files whose name several repositories share hold the most versions; the 20 with the most edited versions.
        let candidates = try connection.query(
            """
            SELECT id FROM files WHERE status = 'indexed' AND name_key IN (
                SELECT name_key FROM files WHERE name_key IS NOT NULL GROUP BY name_key
                HAVING count(DISTINCT repository_id) >= 4)
            """
        ).compactMap { $0.int(0) }
        let edited = try await Self.each(candidates) { id in
            let versions = try await Self.json(base, "api/v1/files/\(id)/versions")
            let band = (versions["bands"] as? [[String: Any]] ?? []).first { $0["band"] as? String == "edited" }
            return band?["total"] as? Int ?? 0
        }
        let chosen = edited.sorted { ($0.value, -$0.key) > ($1.value, -$1.key) }.prefix(20).map(\.key)
        var checked = 0
        for id in chosen {
            let report = try await Self.json(base, "api/v1/files/\(id)")
            let band = ((report["versions"] as? [String: Any])?["bands"] as? [[String: Any]] ?? [])
                .first { $0["band"] as? String == "edited" }
            let versions = (band?["versions"] as? [[String: Any]] ?? []).prefix(50).compactMap { $0["id"] as? Int }
            // For each version, the lines of the file's rules its compare marks kept or changed.
            let kept = try await Self.each(versions) { version in
                let entries =
                    try await Self.json(base, "api/v1/compare?a=\(id)&b=\(version)")["entries"] as? [[String: Any]]
                    ?? []
                return Set(
                    entries.filter { ["kept", "changed"].contains($0["kind"] as? String) }
                        .compactMap { $0["firstLine"] as? Int })
            }
            let rules = report["rules"] as? [[String: Any]] ?? []
            let lines = rules.compactMap { $0["line"] as? Int }
            for rule in rules {
                guard let line = rule["line"] as? Int, lines.filter({ $0 == line }).count == 1,
                    let evidence = rule["evidence"] as? String, evidence.hasPrefix("kept by ")
                else { continue }
                let numbers = evidence.split(separator: " ").compactMap { Int($0) }
                try #require(numbers.count == 2, "\(evidence)")
                #expect(numbers[1] == versions.count, "file \(id) line \(line): \(evidence)")
                let marked = versions.filter { kept[$0]?.contains(line) == true }.count
                #expect(numbers[0] == marked, "file \(id) line \(line): \(evidence), compare marks \(marked) kept")
                checked += 1
            }
        }
        #expect(checked > 200)
    }
}
