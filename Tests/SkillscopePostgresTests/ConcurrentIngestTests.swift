import Foundation
import SkillscopeCore
import SkillscopePostgres
import SkillscopeStore
import SkillscopeTesting
import Testing

// End to end: real `skillscope` processes on one PostgreSQL registry. Skipped, never failed, when no server is
// configured.
@Suite(
    .enabled(
        if: StoreEngine.testServer != nil,
        "SKILLSCOPE_TEST_POSTGRES is not set: no PostgreSQL server to test against (.ci/run starts one)"))
struct ConcurrentIngestTests {
    /// Two ingests of overlapping folders, filed under one repository, run at once.
    @Test func twoIngestProcessesNeitherDuplicateNorLoseFiles() async throws {
        let directory = TemporaryDirectory()
        let configuration = try StoreEngine.makeSchema(in: directory)
        let url =
            configuration.conninfo + (configuration.conninfo.contains("?") ? "&" : "?") + "schema="
            + (configuration.schema ?? "")
        func skill(_ index: Int) -> String {
            """
            ---
            name: skill-\(index)
            description: Skill number \(index) for the concurrency test.
            ---
            # Skill \(index)

            - Always verify widget \(index) before shipping.
            - Keep the changelog for item \(index) current.
            """
        }
        // Files 0..<1200 in the first folder, 400..<1600 in the second: 800 in both, 1600 in all.
        for index in 0..<1200 { try directory.write("first/skills/s\(index)/SKILL.md", skill(index)) }
        for index in 400..<1600 { try directory.write("second/skills/s\(index)/SKILL.md", skill(index)) }
        let processes = try ["first", "second"].map { folder in
            try BinaryRunner.start([
                "ingest", directory.appending(folder), "--repository", "acme/shared", "--db", url, "--json",
            ])
        }
        for process in processes {
            let (status, errors) = await Self.finished(process)
            #expect(status == 0, "\(errors)")
        }
        // Two separate connections (two stores, two pools) see the same registry.
        let one = try PostgresStore(configuration: configuration)
        let other = try PostgresStore(configuration: configuration)
        let keys = try one.fileKeys().map(\.key)
        #expect(keys.count == 1600)
        #expect(Set(keys) == Set((0..<1600).map { FileKey(repository: "acme/shared", path: "skills/s\($0)/SKILL.md") }))
        #expect(try one.stats() == other.stats())
        #expect(try other.stats().files == 1600 && other.stats().rules == 3200 && other.stats().repositories == 1)
        for text in ["verify widget", "widget 1234", "changelog current"] {
            let query = SearchQuery(text: text, limit: 50)
            #expect(try one.search(query) == other.search(query))
        }
        #expect(try one.search(SearchQuery(text: "widget 1234")).hits.first?.key.path == "skills/s1234/SKILL.md")
        #expect(try one.search(SearchQuery(text: "verify widget")).total == 1600)
        // The passage index the last ingest kept (each refreshed it, the first one while the other still wrote) is the
        // index a build over every file's fingerprints gives.
        var files: [(id: Int64, fingerprints: [UInt64])] = []
        for (id, _) in try one.fileKeys() {
            files.append((id, try #require(try one.fingerprint(ofFile: id)).winnowed))
        }
        let built = PassageIndex(files: files)
        let kept = try other.passageIndex()
        #expect(try kept.postingCount > 1600 && one.indexedFileCount() == 1600)
        #expect(kept.hashes == built.hashes && kept.offsets == built.offsets && kept.postings == built.postings)
        // And the CLI, from two more processes, answers alike.
        let searches = try (0..<2).map { _ in try BinaryRunner.run(["search", "widget", "1234", "--db", url, "--json"])
        }
        #expect(searches[0].status == 0 && searches[0].stdout == searches[1].stdout)
        #expect(searches[0].stdout.contains("skills/s1234/SKILL.md"))
    }

    /// Waits for `process` on a Dispatch thread, not one of the few the tests share, so that tests which poll
    /// (the crawl kill tests) keep running meanwhile; returns its status and what it wrote on stderr.
    static func finished(_ process: Process) async -> (Int32, String) {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                _ = (process.standardOutput as? Pipe)?.readAll()
                let errors = (process.standardError as? Pipe)?.readAll() ?? Data()
                process.waitUntilExit()
                continuation.resume(returning: (process.terminationStatus, String(decoding: errors, as: UTF8.self)))
            }
        }
    }
}
