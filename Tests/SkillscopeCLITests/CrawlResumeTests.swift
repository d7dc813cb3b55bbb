import Foundation
import SQLite
import SkillscopeTesting
import Testing

/// A crawl killed with SIGKILL, while fetching and again while writing, and run again, ends with the registry
/// an uninterrupted crawl gives.
@Suite struct CrawlResumeTests {
    static var scenario: [String: Any] {
        var repos: [String: Any] = [:]
        for repository in 0..<40 {
            var files: [String: String] = [:]
            for file in 0..<40 {
                files["skills/s\(file)/SKILL.md"] = """
                    ---
                    name: s\(file)
                    description: Skill \(file) of repository \(repository).
                    ---
                    # Skill \(file)

                    - Always use rule \(file) in repository \(repository).
                    - Keep \(String(repeating: "words ", count: file % 7)) short.
                    """
            }
            files["README.md"] = "# Repository \(repository)\n"
            repos["owner\(repository)/repo"] = FakeGitHub.repository("owner\(repository)/repo", files: files)
        }
        return ["repos": repos, "latency_ms": 3]
    }

    /// Starts a crawl and kills it once `ready` says so (checked every few milliseconds); `true` when it was
    /// killed before it finished.
    func crawlKilled(_ arguments: [String], _ environment: [String: String], when ready: () -> Bool) async throws
        -> Bool
    {
        BinaryRunner.kill(try BinaryRunner.start(arguments, environment: environment), when: ready)
    }

    func storedFiles(_ path: String) -> Int {
        guard FileManager.default.fileExists(atPath: path), let connection = try? Connection(path: path) else {
            return 0
        }
        return (try? connection.queryOne("SELECT count(*) FROM files")?.int(0)) ?? 0
    }

    @Test func aKilledCrawlResumesToTheSameRegistry() async throws {
        let directory = TemporaryDirectory()
        let server = try FakeGitHub(Self.scenario, in: directory)
        let environment = ["SKILLSCOPE_GITHUB_API": server.url]
        let names = (0..<40).map { "owner\($0)/repo" }
        let reference = directory.appending("reference.sqlite")
        let whole = try BinaryRunner.run(["crawl", "github"] + names + ["--db", reference], environment: environment)
        #expect(whole.status == 0 && whole.stdout.hasPrefix("1,600 indexed (1,600 written, 0 unchanged)"))

        let resumed = directory.appending("resumed.sqlite")
        // Transactions of 200 files, so that a kill can land between commits of the 1,600.
        let arguments = ["crawl", "github"] + names + ["--db", resumed, "--batch-files", "200"]
        // Killed while fetching: some blobs are in the cache, no file is written yet.
        try server.clearLog()
        let killedFetching = try await crawlKilled(arguments, environment) {
            ((try? server.paths().count) ?? 0) > 300
        }
        try #require(killedFetching, "the crawl ended before it could be killed while fetching")
        #expect(storedFiles(resumed) == 0)
        // Killed while writing: some chunks are committed.
        var killedWriting = false
        for _ in 0..<5 where !killedWriting {
            let killed = try await crawlKilled(arguments, environment) { storedFiles(resumed) > 0 }
            let stored = storedFiles(resumed)
            killedWriting = killed && stored > 0 && stored < 1600
            if !killedWriting && stored == 1600 { break }
        }
        try #require(killedWriting, "could not kill the crawl midway through its writes")
        let rerun = try BinaryRunner.run(arguments + ["--json"], environment: environment)
        #expect(rerun.status == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(rerun.stdout.utf8)) as? [String: Any])
        #expect((report["unchanged"] as? Int ?? 0) > 0 && (report["written"] as? Int ?? 0) > 0)
        #expect(try RegistryDump.lines(resumed) == RegistryDump.lines(reference))
    }
}
