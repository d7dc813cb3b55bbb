import Foundation
import SkillscopeTesting
import Testing

/// End-to-end, through the real binary: a refused or failed command leaves no trace, what a killed or failed one
/// left never blocks the next, and refusals name only options the command has (issue 46).
@Suite struct RefusalTraceTests {
    let truth = InstallTruthTests()

    @Test func addOverALinkOutOfTheProjectIsRefusedWithoutTraceAndForceReplacesOnlyTheLink() throws {
        let directory = TemporaryDirectory()
        let repository = try truth.upstream(directory)
        let project = try truth.project(directory)
        let outside = directory.appending("outside")
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try "theirs\n".write(toFile: outside + "/keep.md", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: project + "/.claude/skills", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: project + "/.claude/skills/a", withDestinationPath: outside)
        let before = truth.tree(project)

        let refused = try truth.run(["add", repository.path, "--skill", "a"], in: project)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains(".claude/skills/a links elsewhere") && refused.stderr.contains("--force"))
        #expect(truth.tree(project) == before)

        let forced = try truth.run(["add", repository.path, "--skill", "a", "--force"], in: project)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: project + "/.claude/skills/a")
                == "../../.agents/skills/a")
        #expect(truth.tree(outside) == ["keep.md"])
        #expect(!FileManager.default.fileExists(atPath: project + "/.skillscope/staging"))
        for command in [["list"], ["status", "--check"], ["install", "--frozen"]] {
            let run = try truth.run(command, in: project)
            #expect(run.status == 0, "\(command): \(run.stderr)")
        }
        #expect(try truth.run(["remove", "a"], in: project).status == 0)
    }

    @Test func aLeftoverJournalThatCannotBeFinishedIsClearedAndSaidOnce() throws {
        let directory = TemporaryDirectory()
        let repository = try truth.upstream(directory)
        let project = try truth.project(directory)
        #expect(try truth.run(["add", repository.path, "--skill", "a"], in: project).status == 0)
        // A change an earlier run committed: a link whose folder is now a link out of the project, and a staging
        // folder of another run that never reached its journal.
        let outside = directory.appending("outside")
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: project + "/.cursor", withDestinationPath: outside)
        let staging = project + "/.skillscope/staging"
        try FileManager.default.createDirectory(atPath: staging + "/orphan/0", withIntermediateDirectories: true)
        try """
        {"lockPath": "\(project)/skillscope.lock", "operations": [
          {"kind": "link", "target": ".cursor/skills/a", "destination": "../../.agents/skills/a"}]}
        """.write(toFile: staging + "/stuck.json", atomically: true, encoding: .utf8)

        for command in [["list"], ["status", "--check"], ["remove", "a"], ["install"]] {
            let run = try truth.run(command, in: project)
            if command == ["list"] {
                #expect(run.status == 0, "\(run.stderr)")
                #expect(run.stderr.contains("finished a change an earlier skillscope command left unfinished"))
                #expect(run.stderr.contains("except for: refused") && run.stderr.contains(".cursor/skills"))
                #expect(run.stderr.contains("cleared .skillscope/staging"))
                #expect(!FileManager.default.fileExists(atPath: staging))
            } else {
                #expect(run.status == 0, "\(command): \(run.stderr)")
                #expect(!run.stderr.contains("earlier skillscope command"))
            }
        }
        #expect(truth.tree(outside).isEmpty)
    }

    @Test func installAndUpdateRefusalsNameNoOptionTheyLack() throws {
        let directory = TemporaryDirectory()
        let repository = try truth.upstream(directory)
        let project = try truth.project(directory)
        #expect(try truth.run(["add", repository.path, "--skill", "a"], in: project).status == 0)
        try FileManager.default.removeItem(atPath: project + "/.claude/skills/a")
        try FileManager.default.removeItem(atPath: project + "/.agents/skills/a")
        try FileManager.default.createDirectory(
            atPath: project + "/.claude/skills/a", withIntermediateDirectories: true)
        try "mine\n".write(toFile: project + "/.claude/skills/a/SKILL.md", atomically: true, encoding: .utf8)
        let before = truth.tree(project)
        let install = try truth.run(["install"], in: project)
        #expect(install.status == 1)
        #expect(install.stderr.contains(".claude/skills/a exists and is not Skillscope's"))
        #expect(install.stderr.contains("move it away, then run `skillscope install` again"))
        #expect(!install.stderr.contains("--force") && !install.stderr.contains("--as"))
        #expect(truth.tree(project) == before)
        #expect(try truth.text(project + "/.claude/skills/a/SKILL.md") == "mine\n")
    }

    @Test func aBinarySKILLmdIsRefusedAndNothingIsInstalled() throws {
        let directory = TemporaryDirectory()
        let repository = try truth.upstream(directory)
        // 20 KB of bytes that are no text (a NUL every 256).
        let binary = Data((0..<20_480).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        try FileManager.default.createDirectory(
            atPath: repository.path + "/skills/blob", withIntermediateDirectories: true)
        try binary.write(to: URL(fileURLWithPath: repository.path + "/skills/blob/SKILL.md"))
        try repository.commit("binary", at: "2024-02-01T00:00:00Z")
        let project = try truth.project(directory)
        let before = truth.tree(project)
        let add = try truth.run(["add", repository.path, "--skill", "blob"], in: project)
        #expect(add.status == 65)
        #expect(add.stderr.contains("skills/blob/SKILL.md: file holds NUL bytes: binary, not text"), "\(add.stderr)")
        #expect(truth.tree(project) == before)
    }
}
