import Foundation
import SkillscopeSync
import SkillscopeTesting
import Testing

@Suite struct SkillManagerTests {
    static let skill = SyncFixtures.demoSkill

    func makeRepository(_ directory: TemporaryDirectory) throws -> GitRepositoryBuilder {
        let repository = try GitRepositoryBuilder(at: directory.appending("upstream"))
        try repository.write("skills/demo-skill/SKILL.md", Self.skill)
        try repository.write("skills/demo-skill/references/notes.md", "# Notes\n\n- A note.\n")
        try repository.commit("first", at: "2024-01-01T00:00:00Z")
        return repository
    }

    func manager(_ root: String) -> SkillManager { SkillManager(root: root, reader: LocalSourceReader()) }

    @Test func addFromAGitRepositoryLinksIntoEachAgentAndLocksHashes() throws {
        let directory = TemporaryDirectory()
        let repository = try makeRepository(directory)
        let project = directory.appending("project")
        let source = SkillSource(kind: .git, location: repository.path, path: "skills")
        let installed = try manager(project).add(source, agents: try Agent.parse(["claude", "codex", "cursor"]))
        #expect(installed.map(\.name) == ["demo-skill"])
        #expect(installed.first?.agents == ["claude": .linked, "codex": .shared, "cursor": .linked])
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: project + "/.claude/skills/demo-skill")
                == "../../.agents/skills/demo-skill")
        #expect(FileManager.default.fileExists(atPath: project + "/.cursor/skills/demo-skill/references/notes.md"))
        let entry = try #require(try manager(project).readLock().skills["demo-skill"])
        #expect(entry.commit?.count == 40)
        #expect(entry.source.path == "skills/demo-skill")
        #expect(entry.files.keys.sorted() == ["SKILL.md", "references/notes.md"])
    }

    @Test func copiesWhereLinksAreNotWantedAndSaysSo() throws {
        let directory = TemporaryDirectory()
        let repository = try makeRepository(directory)
        var manager = manager(directory.appending("project"))
        manager.copiesInsteadOfLinks = true
        let installed = try manager.add(
            SkillSource(kind: .git, location: repository.path, path: "skills"), agents: try Agent.parse(["gemini"]))
        #expect(installed.first?.agents == ["gemini": .copied])
        #expect(installed.first?.notes.first?.contains("copied into .gemini/skills/demo-skill") == true)
        #expect(try manager.readLock().skills["demo-skill"]?.copied == ["gemini"])
        #expect(try manager.remove("demo-skill").paths.contains(".gemini/skills/demo-skill"))
        #expect(!FileManager.default.fileExists(atPath: directory.appending("project/.gemini/skills/demo-skill")))
    }

    @Test func aSkillNamedToLeaveItsFolderIsRefusedAndNothingIsWritten() throws {
        let directory = TemporaryDirectory()
        try directory.write("evil/SKILL.md", "---\nname: ../../etc\ndescription: x\n---\n- Rule.\n")
        let project = directory.appending("project")
        #expect(throws: SyncError.self) {
            try manager(project).add(SkillSource(kind: .folder, location: directory.appending("evil")), agents: [])
        }
        #expect(!FileManager.default.fileExists(atPath: project))
        #expect(!FileManager.default.fileExists(atPath: directory.appending("etc")))
    }

    @Test func aLinkPointingOutOfTheSourceIsRefused() throws {
        let directory = TemporaryDirectory()
        try directory.write("secret.txt", "secret\n")
        try directory.write("skill/SKILL.md", "---\nname: skill\ndescription: x\n---\n- Rule.\n")
        try FileManager.default.createSymbolicLink(
            atPath: directory.appending("skill/leak.txt"), withDestinationPath: directory.appending("secret.txt"))
        #expect(throws: SyncError.self) {
            try manager(directory.appending("project")).add(
                SkillSource(kind: .folder, location: directory.appending("skill")), agents: [])
        }
    }

    @Test func frozenInstallRestoresAMissingSkillAndFailsOnATamperedFile() throws {
        let directory = TemporaryDirectory()
        let repository = try makeRepository(directory)
        let project = directory.appending("project")
        _ = try manager(project).add(
            SkillSource(kind: .git, location: repository.path, path: "skills"), agents: try Agent.parse(["claude"]))
        try FileManager.default.removeItem(atPath: project + "/.agents/skills")
        try FileManager.default.removeItem(atPath: project + "/.claude")
        let restored = try manager(project).install(frozen: true)
        #expect(restored.restored == ["demo-skill"] && restored.problems.isEmpty)
        #expect(
            try String(contentsOfFile: project + "/.claude/skills/demo-skill/SKILL.md", encoding: .utf8) == Self.skill)
        try Data("tampered\n".utf8).write(to: URL(fileURLWithPath: project + "/.agents/skills/demo-skill/SKILL.md"))
        #expect(throws: SyncError.self) { try manager(project).install(frozen: true) }
        #expect(try manager(project).status().map(\.kind) == [.skillEdited])
    }

    @Test func frozenInstallFailsWhenTheSourceNoLongerHoldsTheLockedBytes() throws {
        let directory = TemporaryDirectory()
        try directory.write("skill/SKILL.md", Self.skill)
        let project = directory.appending("project")
        _ = try manager(project).add(SkillSource(kind: .folder, location: directory.appending("skill")), agents: [])
        try FileManager.default.removeItem(atPath: project + "/.agents/skills/demo-skill")
        try directory.write("skill/SKILL.md", Self.skill + "- Sneaked in.\n")
        #expect(throws: SyncError.self) { try manager(project).install(frozen: true) }
        #expect(!FileManager.default.fileExists(atPath: project + "/.agents/skills/demo-skill"))
    }

    @Test func updateMergesALocalEditAndAnUpstreamEditAndReportsAConflict() throws {
        let directory = TemporaryDirectory()
        let repository = try makeRepository(directory)
        let project = directory.appending("project")
        _ = try manager(project).add(SkillSource(kind: .git, location: repository.path, path: "skills"), agents: [])
        let installed = project + "/.agents/skills/demo-skill/SKILL.md"
        try Data(Self.skill.replacingOccurrences(of: "- Follow rule one.", with: "- Follow rule one, ours.").utf8)
            .write(to: URL(fileURLWithPath: installed))
        try repository.write(
            "skills/demo-skill/SKILL.md",
            Self.skill.replacingOccurrences(of: "- Follow rule three.", with: "- Follow rule three, theirs."))
        let head = try repository.commit("second", at: "2024-02-01T00:00:00Z")
        let preview = try manager(project).update([], dryRun: true)
        #expect(preview.first?.files.first { $0.path == "SKILL.md" }?.outcome == "merged")
        #expect(try String(contentsOfFile: installed, encoding: .utf8).contains("Follow rule three.\n"))
        let updates = try manager(project).update(["demo-skill"], dryRun: false)
        #expect(updates.first?.conflicts == 0)
        let merged = try String(contentsOfFile: installed, encoding: .utf8)
        #expect(merged.contains("- Follow rule one, ours.\n") && merged.contains("- Follow rule three, theirs.\n"))
        let entry = try #require(try manager(project).readLock().skills["demo-skill"])
        #expect(entry.commit == head)
        #expect(entry.modified?.keys.sorted() == ["SKILL.md"])
        #expect(try manager(project).install(frozen: true).problems.isEmpty)

        try Data(merged.replacingOccurrences(of: "- Follow rule two.", with: "- Follow rule two, ours.").utf8)
            .write(to: URL(fileURLWithPath: installed))
        let upstream = Self.skill.replacingOccurrences(of: "- Follow rule three.", with: "- Follow rule three, theirs.")
            .replacingOccurrences(of: "- Follow rule two.", with: "- Follow rule two, theirs.")
        try repository.write("skills/demo-skill/SKILL.md", upstream)
        try repository.commit("third", at: "2024-03-01T00:00:00Z")
        let conflicted = try manager(project).update([], dryRun: false)
        #expect(conflicted.first?.conflicts == 1)
        let text = try String(contentsOfFile: installed, encoding: .utf8)
        #expect(
            text.contains(
                "<<<<<<< local\n- Follow rule two, ours.\n||||||| locked\n- Follow rule two.\n=======\n- Follow rule two, theirs.\n>>>>>>> upstream\n"
            ))
        #expect(text.contains("- Follow rule one, ours.\n"))
    }

    @Test func vercelComputedHashOrdersPathsAsLocaleCompareDoes() {
        let files: [String: [UInt8]] = ["SKILL.md": Array("a".utf8), "references/x.md": Array("b".utf8)]
        // localeCompare puts "references/…" before "SKILL.md"; plain code-point order would not.
        #expect(
            VercelSkillsLock.computedHash(of: files)
                == SyncFixtures.sha256("references/x.mdbSKILL.mda"))
    }
}
