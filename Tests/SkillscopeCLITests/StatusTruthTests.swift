import Foundation
import SkillscopeTesting
import Testing

/// End-to-end, through the real binary: `status --check` verifies what each agent really reads, and keeps drift in
/// the project apart from news upstream (issue 46).
@Suite struct StatusTruthTests {
    let truth = InstallTruthTests()

    func replace(_ path: String, withFolderHolding text: String) throws {
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try text.write(toFile: path + "/SKILL.md", atomically: true, encoding: .utf8)
    }

    @Test func eachAgentsFolderIsCheckedAsALinkToTheCanonicalCopyOrAsACopyOfItsBytes() throws {
        let directory = TemporaryDirectory()
        let repository = try truth.upstream(directory)
        let project = try truth.project(directory)
        let add = try truth.run(["add", repository.path, "--skill", "a", "--agent", "claude,cursor"], in: project)
        #expect(add.status == 0, "\(add.stderr)")
        #expect(try truth.run(["status", "--check"], in: project).status == 0)
        let claude = project + "/.claude/skills/a"

        // A foreign folder where the link was.
        try replace(claude, withFolderHolding: "---\nname: a\ndescription: Not ours.\n---\n")
        let foreign = try truth.run(["status", "--check"], in: project)
        #expect(foreign.status == 1)
        #expect(
            foreign.stdout.contains(
                "agent-folder  a: Claude Code reads .claude/skills/a, a folder skillscope did not make"))
        #expect(!foreign.stdout.contains("in step"))

        // A link out of the project.
        let outside = directory.appending("outside")
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try InstallTruthTests.skillA.write(toFile: outside + "/SKILL.md", atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: claude)
        try FileManager.default.createSymbolicLink(atPath: claude, withDestinationPath: outside)
        let out = try truth.run(["status", "--check"], in: project)
        #expect(out.status == 1)
        #expect(
            out.stdout.contains(
                "agent-folder  a: Claude Code reads .claude/skills/a, a link to \(outside) (outside the project)"))

        // Put back by install once it is out of the way; then in step again.
        try FileManager.default.removeItem(atPath: claude)
        #expect(try truth.run(["install"], in: project).status == 0)
        #expect(try truth.run(["status", "--check"], in: project).status == 0)

        // A copy is checked byte for byte against the canonical copy.
        let copy = try truth.run(["add", repository.path, "--skill", "b", "--copy", "--agent", "cursor"], in: project)
        #expect(copy.status == 0, "\(copy.stderr)")
        #expect(try truth.run(["status", "--check"], in: project).status == 0)
        try "---\nname: b\ndescription: B.\n---\n\n- Changed in the copy.\n".write(
            toFile: project + "/.cursor/skills/b/SKILL.md", atomically: true, encoding: .utf8)
        let copied = try truth.run(["status", "--check"], in: project)
        #expect(copied.status == 1)
        #expect(
            copied.stdout.contains(
                "agent-folder  b: Cursor's copy .cursor/skills/b differs from .agents/skills/b (SKILL.md)"))
    }

    @Test func upstreamNewsIsReportedButFailsOnlyWithCheckUpstream() throws {
        let directory = TemporaryDirectory()
        let repository = try truth.upstream(directory)
        let project = try truth.project(directory)
        #expect(try truth.run(["add", repository.path, "--skill", "a"], in: project).status == 0)
        try repository.write("skills/a/SKILL.md", InstallTruthTests.skillA + "- Also sort imports.\n")
        try repository.commit("second", at: "2024-02-01T00:00:00Z")

        let status = try truth.run(["status"], in: project)
        #expect(status.status == 0)
        #expect(status.stdout.contains("upstream-changed  a"))
        #expect(status.stdout.contains("in step with the lock"))
        let check = try truth.run(["status", "--check"], in: project)
        #expect(check.status == 0, "\(check.stdout)")
        #expect(check.stdout.contains("upstream-changed  a"))
        #expect(try truth.run(["status", "--check", "--upstream"], in: project).status == 1)
        #expect(try truth.run(["status", "--upstream"], in: project).status == 64)
        // Drift in the project still fails --check, news or not.
        try (InstallTruthTests.skillA + "- Mine.\n").write(
            toFile: project + "/.agents/skills/a/SKILL.md", atomically: true, encoding: .utf8)
        #expect(try truth.run(["status", "--check"], in: project).status == 1)
    }
}

/// Sync and status of large projects say what they do as they go (issue 46).
@Suite struct SyncProgressTests {
    @Test func aKilledSyncHasAlreadySaidEachFileItWrote() throws {
        let project = TemporaryDirectory()
        try project.write("AGENTS.md", "# Root\n\n- Run the tests.\n")
        for index in 0..<40 { try project.write("packages/p\(index)/AGENTS.md", "# P\(index)\n\n- Rule \(index).\n") }
        // Each write waits 100 ms before its rename: the 41 files take about 4 s; the kill lands after 1.5 s.
        let process = try BinaryRunner.start(
            ["sync", "--project", project.path, "--agent", "claude"],
            environment: ["SKILLSCOPE_TEST_PAUSE_BEFORE_RENAME_MS": "100"])
        Thread.sleep(forTimeInterval: 1.5)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let out = (process.standardOutput as? Pipe)?.fileHandleForReading.readDataToEndOfFile() ?? Data()
        let lines = String(decoding: out, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(!lines.isEmpty, "a killed sync printed nothing")
        #expect(lines.count < 41)
        for line in lines {
            let path = try #require(line.components(separatedBy: ": created").first)
            let text = try String(contentsOfFile: project.appending(path), encoding: .utf8)
            #expect(text.hasSuffix("<!-- skillscope:end -->\n"), "\(line)")
        }
        // Status, not a terminal here, says each drift in lines, then its summary last.
        let status = try BinaryRunner.run(["status", "--project", project.path, "--agent", "claude"])
        let said = status.stdout.split(separator: "\n")
        #expect(said.filter { $0.hasPrefix("block-missing  ") }.count == 41 - lines.count)
    }
}
