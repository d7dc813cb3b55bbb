import Foundation
import SQLite
import SkillscopeTesting
import Testing

/// An ingest killed with SIGKILL and run again ends with the registry an uninterrupted run gives.
@Suite struct ResumeTests {
    func bigCorpus(_ directory: TemporaryDirectory) throws -> String {
        var files: [CorpusBuilder.File] = []
        for repository in 0..<60 {
            for file in 0..<50 {
                let text = """
                    ---
                    name: skill-\(file)
                    description: Skill \(file) of repository \(repository).
                    ---
                    # Skill \(file)

                    - Always use rule \(file) in repository \(repository).
                    - Keep \(String(repeating: "words ", count: file % 7)) short.
                    - Run `make test-\(file)` before pushing.
                    """
                files.append(.init("owner\(repository)/repo", "skills/s\(file)/SKILL.md", text))
            }
        }
        return try CorpusBuilder(files).write(to: directory)
    }

    /// The files the registry at `path` holds, read without writing to it (a connection that may write switches
    /// the file to WAL, which waits on the ingest's locks), and 0 while it has none: the file, its WAL or its schema
    /// may not be there yet, as when the kill came before the ingest's first commit.
    static func storedFiles(_ path: String) -> Int {
        var configuration = Connection.Configuration()
        configuration.isReadOnly = true
        guard FileManager.default.fileExists(atPath: path),
            let connection = try? Connection(path: path, configuration: configuration)
        else { return 0 }
        return (try? connection.queryOne("SELECT count(*) FROM files")?.int(0)) ?? 0
    }

    @Test func aKilledIngestResumesToTheSameRegistry() async throws {
        let directory = TemporaryDirectory()
        let corpus = try bigCorpus(directory)
        let reference = directory.appending("reference.sqlite")
        #expect(try BinaryRunner.run(["ingest", corpus, "--db", reference]).status == 0)

        let resumed = directory.appending("resumed.sqlite")
        var killedMidway = false
        for _ in 0..<5 where !killedMidway {
            // The WAL and its index go too: a new database beside an old WAL would take that WAL's pages.
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: resumed + suffix) }
            // Kill without warning once some chunks are committed.
            // Transactions of 512 files, so that a kill can land between commits of the 3,000; the reference was
            // written in one, which the registry must not show either.
            let killed = BinaryRunner.kill(
                try BinaryRunner.start(["ingest", corpus, "--db", resumed, "--batch-files", "512"])
            ) { Self.storedFiles(resumed) > 0 }
            let stored = Self.storedFiles(resumed)
            killedMidway = killed && stored > 0 && stored < 3000
        }
        try #require(killedMidway, "could not kill the ingest midway in five tries")
        let rerun = try BinaryRunner.run(["ingest", corpus, "--db", resumed, "--json", "--batch-files", "512"])
        #expect(rerun.status == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(rerun.stdout.utf8)) as? [String: Any])
        #expect((report["unchanged"] as? Int ?? 0) > 0 && (report["written"] as? Int ?? 0) > 0)
        #expect(try RegistryDump.lines(resumed) == RegistryDump.lines(reference))
    }
}
