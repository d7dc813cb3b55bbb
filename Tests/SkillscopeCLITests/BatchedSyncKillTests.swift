import Foundation
import SkillscopeTesting
import Testing

/// A sync of many packages, whose files are written in batches (each batch made durable at once, then renamed file
/// by file), killed with SIGKILL at several moments: every agent's file and backup is whole, old or new, and a
/// second `sync` then `status --check` are clean (issue 46).
@Suite struct BatchedSyncKillTests {
    static let packages = 150
    static let agents = "claude,cursor,gemini"

    /// Every file of `root` but git's, by path relative to it.
    func files(of root: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let path = enumerator?.nextObject() as? String {
            guard !path.hasPrefix(".git/"), path != ".git" else { continue }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder), !isFolder.boolValue
            else { continue }
            files[path] = try Data(contentsOf: URL(fileURLWithPath: root + "/" + path))
        }
        return files
    }

    /// A monorepo's canonical files at `version`; a hand-written CLAUDE.md in every third package.
    func writeRules(_ version: Int, in project: TemporaryDirectory, handWritten: Bool) throws {
        let rules = { (name: String) in
            (0..<5).map { "- \(name): rule \($0) of version \(version), a line long enough to matter.\n" }.joined()
        }
        try project.write("AGENTS.md", "# Root v\(version)\n\n" + rules("root"))
        for index in 0..<Self.packages {
            let name = "p\(index)"
            try project.write("packages/\(name)/AGENTS.md", "# \(name) v\(version)\n\n" + rules(name))
            if handWritten, index % 3 == 0 { try project.write("packages/\(name)/CLAUDE.md", "# Mine\n\nKept.\n") }
        }
    }

    func sync(_ project: String, environment: [String: String] = [:]) throws -> BinaryRun {
        try BinaryRunner.run(["sync", "--project", project, "--agent", Self.agents], environment: environment)
    }

    func copy(_ from: String, to: String) throws {
        try? FileManager.default.removeItem(atPath: to)
        try FileManager.default.copyItem(atPath: from, toPath: to)
    }

    @Test func syncsOfManyPackagesKilledAtSeveralMomentsLeaveEveryFileOldOrNewAndRunAgainClean() throws {
        let directory = TemporaryDirectory()
        // The old state (version 1 synced, hand-written text kept), and what an uninterrupted sync of version 2 makes.
        let old = TemporaryDirectory()
        try writeRules(1, in: old, handWritten: true)
        let first = try sync(old.path)
        #expect(first.status == 0, "\(first.stderr)")
        try writeRules(2, in: old, handWritten: false)
        let oldFiles = try files(of: old.path)
        let reference = directory.appending("reference")
        try copy(old.path, to: reference)
        #expect(try sync(reference).status == 0)
        let newFiles = try files(of: reference)
        let written = newFiles.keys.filter { newFiles[$0] != oldFiles[$0] && !$0.hasPrefix(".skillscope/") }
        #expect(written.count == 3 * (Self.packages + 1), "each package's three files and the root's change")

        // Kill points: while the batch is staged, between renames (each held 4 ms), and at random without a pause.
        var generator = SystemRandomNumberGenerator()
        let pauses =
            [0.02, 0.3, 0.8, 1.4, 2.2].map { ($0, "4") }
            + (0..<3).map { _ in
                (Double.random(in: 0.05...0.6, using: &generator), "0")
            }
        var sawHalfDone = false
        for (round, (delay, pause)) in pauses.enumerated() {
            let project = directory.appending("round\(round)")
            try copy(old.path, to: project)
            let process = try BinaryRunner.start(
                ["sync", "--project", project, "--agent", Self.agents],
                environment: ["SKILLSCOPE_TEST_PAUSE_BEFORE_RENAME_MS": pause])
            Thread.sleep(forTimeInterval: delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let killed = try files(of: project)
            var renamed = 0
            for (path, bytes) in killed {
                if path.hasSuffix(".tmp") {
                    #expect(path.contains(".skillscope-"), "round \(round): \(path)")
                    continue
                }
                if path.hasPrefix(".skillscope/backup/") {
                    // A backup holds the file's bytes before this sync, or the last sync's.
                    let of = String(path.dropFirst(".skillscope/backup/".count))
                    #expect(bytes == oldFiles[of] || bytes == oldFiles[path], "round \(round): torn backup \(path)")
                    continue
                }
                #expect(bytes == oldFiles[path] || bytes == newFiles[path], "round \(round): torn \(path)")
                if bytes != oldFiles[path] { renamed += 1 }
            }
            for path in oldFiles.keys where !path.hasPrefix(".skillscope/") {
                #expect(killed[path] != nil, "round \(round): \(path) lost")
            }
            if renamed > 0 && renamed < written.count { sawHalfDone = true }

            let again = try sync(project)
            #expect(again.status == 0, "round \(round): \(again.stderr)")
            let check = try BinaryRunner.run(["status", "--check", "--project", project, "--agent", Self.agents])
            #expect(check.status == 0, "round \(round): \(check.stdout)")
            #expect(check.stdout.contains("in step: no drift"))
            let after = try files(of: project)
            for path in written { #expect(after[path] == newFiles[path], "round \(round): \(path)") }
            #expect(!after.keys.contains { $0.hasSuffix(".tmp") && !$0.hasPrefix(".skillscope/") }, "round \(round)")
        }
        #expect(sawHalfDone, "no kill landed between the first and the last rename")
    }

    @Test func aFirstSyncKilledMidwayLeavesEachFileAbsentOrWhole() throws {
        let directory = TemporaryDirectory()
        let template = TemporaryDirectory()
        try writeRules(1, in: template, handWritten: false)
        let reference = directory.appending("reference")
        try copy(template.path, to: reference)
        #expect(try sync(reference).status == 0)
        let newFiles = try files(of: reference)
        for (round, delay) in [0.1, 0.9, 1.7].enumerated() {
            let project = directory.appending("round\(round)")
            try copy(template.path, to: project)
            let process = try BinaryRunner.start(
                ["sync", "--project", project, "--agent", Self.agents],
                environment: ["SKILLSCOPE_TEST_PAUSE_BEFORE_RENAME_MS": "4"])
            Thread.sleep(forTimeInterval: delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            for (path, bytes) in try files(of: project) where !path.hasSuffix(".tmp") {
                #expect(bytes == newFiles[path], "round \(round): torn \(path)")
            }
            #expect(try sync(project).status == 0)
            let check = try BinaryRunner.run(["status", "--check", "--project", project, "--agent", Self.agents])
            #expect(check.status == 0, "round \(round): \(check.stdout)")
            let after = try files(of: project)
            #expect(after == newFiles, "round \(round)")
        }
    }
}
