import Foundation
import SQLite
import SkillscopeTesting
import Testing

/// An ingest killed with SIGKILL and run again ends with the registry an uninterrupted run gives.
@Suite struct ResumeTests {
    /// Everything in the registry but the seen times, which record when a run happened.
    func dump(_ path: String) throws -> [String] {
        let connection = try Connection(path: path)
        var lines: [String] = []
        for sql in [
            "SELECT id, full_name, stars, license, topics, default_branch, pushed_at, head_commit FROM repositories ORDER BY id",
            """
            SELECT id, repository_id, path, kind, status, commit_sha, first_commit_at, last_commit_at, sha256, bytes, name,
                title, description, front_matter, diagnostics, line_count, rule_count, rules_text, rules_layout, body
            FROM files ORDER BY id
            """,
            "SELECT file_id, hex(phrases), hex(fingerprints) FROM file_phrases ORDER BY file_id",
            "SELECT rowid FROM files_fts WHERE files_fts MATCH 'rule OR always OR use' ORDER BY rowid",
        ] {
            for row in try connection.query(sql) { lines.append("\(row.values)") }
        }
        try connection.execute("INSERT INTO files_fts(files_fts) VALUES('integrity-check')")
        return lines
    }

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

    @Test func aKilledIngestResumesToTheSameRegistry() async throws {
        let directory = TemporaryDirectory()
        let corpus = try bigCorpus(directory)
        let reference = directory.appending("reference.sqlite")
        #expect(try BinaryRunner.run(["ingest", corpus, "--db", reference]).status == 0)

        let resumed = directory.appending("resumed.sqlite")
        var killedMidway = false
        for _ in 0..<5 where !killedMidway {
            try? FileManager.default.removeItem(atPath: resumed)
            let process = try BinaryRunner.start(["ingest", corpus, "--db", resumed])
            // Wait until some chunks are committed, then kill without warning.
            let deadline = Date().addingTimeInterval(30)
            var count = 0
            while Date() < deadline && process.isRunning {
                if FileManager.default.fileExists(atPath: resumed),
                    let connection = try? Connection(path: resumed),
                    let rows = try? connection.queryOne("SELECT count(*) FROM files")?.int(0)
                {
                    count = rows
                    if count > 0 { break }
                }
                try await Task.sleep(for: .milliseconds(5))
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let connection = try Connection(path: resumed)
            let stored = try connection.queryOne("SELECT count(*) FROM files")?.int(0) ?? 0
            killedMidway = process.terminationReason == .uncaughtSignal && stored > 0 && stored < 3000
        }
        try #require(killedMidway, "could not kill the ingest midway in five tries")
        let rerun = try BinaryRunner.run(["ingest", corpus, "--db", resumed, "--json"])
        #expect(rerun.status == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(rerun.stdout.utf8)) as? [String: Any])
        #expect((report["unchanged"] as? Int ?? 0) > 0 && (report["written"] as? Int ?? 0) > 0)
        #expect(try dump(resumed) == dump(reference))
    }
}
