import Foundation
import SkillscopeTesting
import Testing

/// End-to-end, through the real binary in temporary projects with local git repositories as sources: the command
/// sequences under which install, update and sync used to report a state that was not true (issue 28).
@Suite struct InstallTruthTests {
    static let skillA =
        "---\nname: a\ndescription: Formats code.\n---\n\n# A\n\n- Always run the formatter.\n- Use tabs.\n"

    /// A repository with skills `a` (with an executable script) and `b`.
    func upstream(_ directory: TemporaryDirectory) throws -> GitRepositoryBuilder {
        let repository = try GitRepositoryBuilder(at: directory.appending("upstream"))
        try repository.write("skills/a/SKILL.md", Self.skillA)
        try repository.write("skills/a/scripts/fmt.sh", "#!/bin/sh\necho fmt\n")
        try repository.write("skills/b/SKILL.md", "---\nname: b\ndescription: B.\n---\n\n- Keep it short.\n")
        chmod(repository.path + "/skills/a/scripts/fmt.sh", 0o755)
        try repository.commit("first", at: "2024-01-01T00:00:00Z")
        #expect(try repository.git("ls-tree", "-r", "HEAD").contains("100755 blob"))
        return repository
    }

    func project(_ directory: TemporaryDirectory) throws -> String {
        let project = directory.appending("project")
        try FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
        try Data().write(to: URL(fileURLWithPath: project + "/CLAUDE.md"))  // Claude Code is in use
        return project
    }

    func run(_ arguments: [String], in project: String, environment: [String: String] = [:]) throws -> BinaryRun {
        try BinaryRunner.run(arguments + ["--project", project], environment: environment)
    }

    func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    func mode(_ path: String) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int ?? -1
    }

    /// Every path under `folder`, relative, links not followed.
    func tree(_ folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).sorted()
    }

    // MARK: 1. a conflict is a state

    @Test func anUnresolvedConflictFailsStatusFrozenInstallAndUpdateUntilResolved() throws {
        let directory = TemporaryDirectory()
        let repository = try upstream(directory)
        let project = try project(directory)
        #expect(try run(["add", repository.path, "--skill", "a"], in: project).status == 0)
        let installed = project + "/.agents/skills/a/SKILL.md"
        try text(installed).replacingOccurrences(of: "Use tabs.", with: "Use two spaces.")
            .write(toFile: installed, atomically: true, encoding: .utf8)
        try repository.write(
            "skills/a/SKILL.md", Self.skillA.replacingOccurrences(of: "Use tabs.", with: "Use four spaces."))
        try repository.commit("second", at: "2024-02-01T00:00:00Z")

        let update = try run(["update"], in: project)
        #expect(update.status == 1)
        #expect(try text(installed).contains("<<<<<<< local"))
        // Every door now says so, naming the file, its line and the rule.
        let status = try run(["status", "--check"], in: project)
        #expect(status.status == 1)
        #expect(status.stdout.contains("conflict  a: a/SKILL.md:9: unresolved conflict at \"- Use two spaces.\""))
        #expect(!status.stdout.contains("in step"))
        let frozen = try run(["install", "--frozen"], in: project)
        #expect(frozen.status == 1)
        #expect(frozen.stderr.contains("a/SKILL.md:9: unresolved conflict"))
        #expect(try run(["list"], in: project).stdout.contains("a  conflict"))
        let again = try run(["update"], in: project)
        #expect(again.status == 1)
        #expect(again.stderr.contains("a: not updated: unresolved conflicts"))
        #expect(!again.stdout.contains("up to date"))
        // Resolve refuses while a marker stands, then records the edit.
        let early = try run(["resolve", "a"], in: project)
        #expect(early.status == 1)
        #expect(early.stderr.contains("a/SKILL.md:9"))
        var kept = try text(installed)
        let start = try #require(kept.range(of: "<<<<<<< local\n"))
        let end = try #require(kept.range(of: ">>>>>>> upstream\n"))
        kept.replaceSubrange(start.lowerBound..<end.upperBound, with: "- Use two spaces.\n")
        try kept.write(toFile: installed, atomically: true, encoding: .utf8)
        #expect(try run(["resolve", "a"], in: project).status == 0)
        #expect(try run(["status", "--check"], in: project).status == 0)
        #expect(try run(["install", "--frozen"], in: project).status == 0)
        let after = try run(["update"], in: project)
        #expect(after.status == 0)
        #expect(after.stdout.contains("a: up to date"))
        #expect(try !text(installed).contains("<<<<<<<"))
        #expect(try text(installed).contains("- Use two spaces.\n"))
        #expect(try run(["list"], in: project).stdout.contains("a  ok"))
    }

    @Test func markersWrittenByHandAreAConflictToo() throws {
        let directory = TemporaryDirectory()
        let repository = try upstream(directory)
        let project = try project(directory)
        #expect(try run(["add", repository.path, "--skill", "a"], in: project).status == 0)
        let installed = project + "/.agents/skills/a/SKILL.md"
        try (Self.skillA + "<<<<<<< mine\n- X.\n=======\n- Y.\n>>>>>>> theirs\n")
            .write(toFile: installed, atomically: true, encoding: .utf8)
        #expect(try run(["status", "--check"], in: project).stdout.contains("a/SKILL.md:10: unresolved conflict"))
        #expect(try run(["update"], in: project).status == 1)
    }

    // MARK: 2. links are respected

    @Test func aClaudeMdLinkedToAgentsMdStaysALinkAndTheRulesStandOnce() throws {
        let project = TemporaryDirectory()
        try project.write("AGENTS.md", "# Rules\n\n- Rule one.\n")
        try FileManager.default.createSymbolicLink(
            atPath: project.appending("CLAUDE.md"), withDestinationPath: "AGENTS.md")
        let sync = try BinaryRunner.run(["sync", "--project", project.path, "--agent", "claude"])
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: project.appending("CLAUDE.md")) == "AGENTS.md")
        #expect(try text(project.appending("AGENTS.md")) == "# Rules\n\n- Rule one.\n")
        #expect(!sync.stdout.contains("added"))
        #expect(
            try BinaryRunner.run(["status", "--check", "--project", project.path, "--agent", "claude"]).status == 0)
    }

    @Test func twoLinksToOneFileGetOneBlockInItAndKeepItsMode() throws {
        let project = TemporaryDirectory()
        try project.write("AGENTS.md", "- Rule one.\n")
        try project.write("docs/rules.md", "# Mine\n")
        chmod(project.appending("docs/rules.md"), 0o600)
        for name in ["CLAUDE.md", "GEMINI.md"] {
            try FileManager.default.createSymbolicLink(
                atPath: project.appending(name), withDestinationPath: "docs/rules.md")
        }
        for round in 1...2 {
            try project.write("AGENTS.md", (1...round).map { "- Rule \($0).\n" }.joined())
            let sync = try BinaryRunner.run(["sync", "--project", project.path, "--agent", "claude,gemini"])
            #expect(sync.status == 0, "\(sync.stderr)")
        }
        let target = try text(project.appending("docs/rules.md"))
        #expect(target.components(separatedBy: "skillscope:begin").count == 2)
        #expect(target.hasPrefix("# Mine\n\n<!-- skillscope:begin"))
        for name in ["CLAUDE.md", "GEMINI.md"] {
            #expect(
                try FileManager.default.destinationOfSymbolicLink(atPath: project.appending(name)) == "docs/rules.md")
        }
        #expect(try mode(project.appending("docs/rules.md")) == 0o600)
        #expect(try mode(project.appending(".skillscope/backup/docs/rules.md")) == 0o600)
    }

    @Test func aLinkOutOfTheProjectIsRefused() throws {
        let directory = TemporaryDirectory()
        let outside = directory.appending("outside.md")
        try "# Elsewhere\n".write(toFile: outside, atomically: true, encoding: .utf8)
        let project = directory.appending("p")
        try FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
        try "- Rule.\n".write(toFile: project + "/AGENTS.md", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: project + "/CLAUDE.md", withDestinationPath: outside)
        let sync = try BinaryRunner.run(["sync", "--project", project, "--agent", "claude"])
        #expect(sync.status != 0)
        #expect(sync.stderr.contains("outside"))
        #expect(try text(outside) == "# Elsewhere\n")
    }

    // MARK: 8. markers are strict

    @Test func aBeginWithoutAnEndIsRefusedWithItsLineEvenWhenForced() throws {
        let project = TemporaryDirectory()
        try project.write("AGENTS.md", "- Rule.\n")
        let hand = "# Mine\n<!-- skillscope:begin from=AGENTS.md sha256=0 -->\nHand text I keep.\nMore.\n"
        try project.write("CLAUDE.md", hand)
        for force in [false, true] {
            let sync = try BinaryRunner.run(
                ["sync", "--project", project.path, "--agent", "claude"] + (force ? ["--force"] : []))
            #expect(sync.status == 1)
            #expect(sync.stderr.contains("CLAUDE.md:2: a skillscope:begin with no skillscope:end"))
            #expect(try text(project.appending("CLAUDE.md")) == hand)
        }
        let status = try BinaryRunner.run(["status", "--project", project.path, "--agent", "claude"])
        #expect(status.stdout.contains("block-malformed  CLAUDE.md: line 2"))
    }

    // MARK: 3. add is all or nothing

    @Test func aRefusedAddLeavesNoTraceAndSaysTheWayForward() throws {
        let directory = TemporaryDirectory()
        let repository = try upstream(directory)
        let project = try project(directory)
        try "mine\n".write(
            toFile: (project + "/.claude/skills/a/SKILL.md").ensuringFolder(), atomically: true, encoding: .utf8)
        let before = tree(project)
        let add = try run(["add", repository.path, "--skill", "a"], in: project)
        #expect(add.status == 1)
        #expect(add.stderr.contains("--as NAME") && add.stderr.contains("--force"))
        #expect(tree(project) == before)
        // Under another name it installs whole, and the retry is not blocked by leftovers.
        let renamed = try run(["add", repository.path, "--skill", "a", "--as", "a-team"], in: project)
        #expect(renamed.status == 0, "\(renamed.stderr)")
        #expect(FileManager.default.fileExists(atPath: project + "/.claude/skills/a-team/SKILL.md"))
        #expect(try text(project + "/.claude/skills/a/SKILL.md") == "mine\n")
        #expect(try run(["install", "--frozen"], in: project).status == 0)
    }

    @Test func aKillDuringAddLeavesNoTraceOrTheWholeInstall() throws {
        let directory = TemporaryDirectory()
        let repository = try upstream(directory)
        var generator = SystemRandomNumberGenerator()
        var outcomes: [String] = []
        for round in 0..<10 {
            let project = directory.appending("p\(round)")
            try FileManager.default.createDirectory(atPath: project + "/.claude", withIntermediateDirectories: true)
            let process = try BinaryRunner.start(
                ["add", repository.path, "--project", project, "--agent", "claude,cursor"],
                environment: ["SKILLSCOPE_TEST_STEP_DELAY_MS": "25"])
            // The add takes about 20 steps of 25 ms: the kill lands anywhere in it, or just after.
            Thread.sleep(forTimeInterval: Double.random(in: 0.0...0.6, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            // What agents see at once: each skill folder absent or whole, never a part.
            for name in ["a", "b"] {
                let files = tree(project + "/.agents/skills/" + name)
                #expect(files.isEmpty || files.contains("SKILL.md"), "round \(round): \(files)")
                if name == "a", files.contains("SKILL.md") { #expect(files.contains("scripts/fmt.sh")) }
            }
            // The next command finishes or clears what was left; then it is nothing or everything.
            let list = try run(["list", "--json"], in: project)
            #expect(list.status == 0, "\(list.stderr)")
            let rows = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]] ?? []
            #expect(!FileManager.default.fileExists(atPath: project + "/.skillscope/staging"))
            if rows.isEmpty {
                #expect(tree(project) == [".claude"], "round \(round): \(tree(project))")
                outcomes.append("none")
            } else {
                #expect(rows.map { $0["name"] as? String } == ["a", "b"])
                #expect(rows.allSatisfy { $0["state"] as? String == "ok" })
                #expect(try run(["install", "--frozen"], in: project).status == 0)
                for folder in [".claude/skills", ".cursor/skills"] {
                    #expect(FileManager.default.fileExists(atPath: project + "/" + folder + "/a/SKILL.md"))
                }
                outcomes.append("whole")
            }
        }
        print("kill during add: \(outcomes)")
    }

    // MARK: 4. files keep their modes

    @Test func anExecutableScriptStaysExecutableThroughAddFrozenInstallAndFolderSources() throws {
        let directory = TemporaryDirectory()
        let repository = try upstream(directory)
        let project = try project(directory)
        #expect(try run(["add", repository.path, "--skill", "a"], in: project).status == 0)
        let script = project + "/.agents/skills/a/scripts/fmt.sh"
        #expect(try mode(script) & 0o111 != 0)
        #expect(try mode(project + "/.agents/skills/a/SKILL.md") & 0o111 == 0)
        // A fresh checkout restores it so; a lost bit fails --frozen and is put back by install.
        try FileManager.default.removeItem(atPath: project + "/.agents/skills")
        #expect(try run(["install", "--frozen"], in: project).status == 0)
        #expect(try mode(script) & 0o111 != 0)
        chmod(script, 0o644)
        let frozen = try run(["install", "--frozen"], in: project)
        #expect(frozen.status == 1)
        #expect(frozen.stderr.contains("a/scripts/fmt.sh: not executable"))
        #expect(try run(["status", "--check"], in: project).stdout.contains("lost its executable bit"))
        #expect(try run(["install"], in: project).status == 0)
        #expect(try mode(script) & 0o111 != 0)
        // A folder source keeps its bits too.
        let second = directory.appending("folder-project-2")
        try FileManager.default.createDirectory(atPath: second, withIntermediateDirectories: true)
        #expect(try run(["add", repository.path + "/skills/a"], in: second).status == 0)
        #expect(try mode(second + "/.agents/skills/a/scripts/fmt.sh") & 0o111 != 0)
    }

    // MARK: 5. limits apply to the chosen skill

    @Test func limitsAndPathChecksApplyToTheSkillBeingInstalled() throws {
        let directory = TemporaryDirectory()
        let repository = try upstream(directory)
        for index in 0..<2_100 { try repository.write("docs/page-\(index).md", "page \(index)\n") }
        try repository.write("skills/huge/SKILL.md", "---\nname: huge\ndescription: Big.\n---\n")
        try repository.write("skills/huge/data.txt", String(repeating: "x", count: 33 << 20))
        try repository.commit("bulk", at: "2024-03-01T00:00:00Z")
        let project = try project(directory)
        let add = try run(["add", repository.path, "--skill", "a"], in: project)
        #expect(add.status == 0, "\(add.stderr)")
        let huge = try run(["add", repository.path, "--skill", "huge"], in: project)
        #expect(huge.status != 0)
        #expect(huge.stderr.contains("skills/huge") && huge.stderr.contains("--path"))
        #expect(!FileManager.default.fileExists(atPath: project + "/.agents/skills/huge"))
    }

    // MARK: 7. collisions and deletions are never silent

    @Test func aSkillDeletedUpstreamIsKeptWithAWarningUnlessPruned() throws {
        let directory = TemporaryDirectory()
        let repository = try upstream(directory)
        let project = try project(directory)
        #expect(try run(["add", repository.path], in: project).status == 0)
        try repository.git("rm", "-q", "-r", "skills/b")
        try repository.commit("drop b", at: "2024-04-01T00:00:00Z")
        let update = try run(["update"], in: project)
        #expect(update.stderr.contains("warning: b: its source no longer holds it; kept"))
        #expect(FileManager.default.fileExists(atPath: project + "/.agents/skills/b/SKILL.md"))
        #expect(try run(["status"], in: project).stdout.contains("upstream-deleted  b"))
        let prune = try run(["update", "--prune"], in: project)
        #expect(prune.status == 0)
        #expect(!FileManager.default.fileExists(atPath: project + "/.agents/skills/b"))
        #expect(!FileManager.default.fileExists(atPath: project + "/.claude/skills/b"))
    }

    @Test func twoSkillsOfOneNameFromTwoSourcesNeedAs() throws {
        let directory = TemporaryDirectory()
        let first = try upstream(directory)
        let second = try GitRepositoryBuilder(at: directory.appending("other"))
        try second.write("a/SKILL.md", "---\nname: a\ndescription: Another a.\n---\n\n- Other.\n")
        try second.commit("first", at: "2024-01-01T00:00:00Z")
        let project = try project(directory)
        #expect(try run(["add", first.path, "--skill", "a"], in: project).status == 0)
        let clash = try run(["add", second.path], in: project)
        #expect(clash.status == 1)
        #expect(clash.stderr.contains("--as NAME"))
        #expect(try run(["add", second.path, "--as", "other-a"], in: project).status == 0)
        #expect(try run(["list"], in: project).stdout.contains("other-a  ok"))
    }

    @Test func aRootSkillInAMonorepoInstallsItsOwnFilesNotTheOtherSkills() throws {
        let directory = TemporaryDirectory()
        let repository = try GitRepositoryBuilder(at: directory.appending("mono"))
        try repository.write("SKILL.md", "---\nname: mono\ndescription: The root skill.\n---\n\n- Root rule.\n")
        try repository.write("references/guide.md", "# Guide\n")
        try repository.write("skills/inner/SKILL.md", "---\nname: inner\ndescription: Inner.\n---\n")
        try repository.commit("first", at: "2024-01-01T00:00:00Z")
        let project = try project(directory)
        #expect(try run(["add", repository.path, "--skill", "mono"], in: project).status == 0)
        #expect(tree(project + "/.agents/skills/mono") == ["SKILL.md", "references", "references/guide.md"])
    }

    // MARK: smaller ones

    @Test func aLinkInAGitSourceIsFollowedInsideTheSkillAndRefusedOutOfIt() throws {
        let directory = TemporaryDirectory()
        let repository = try upstream(directory)
        try FileManager.default.createSymbolicLink(
            atPath: repository.path + "/skills/a/run.sh", withDestinationPath: "scripts/fmt.sh")
        try FileManager.default.createSymbolicLink(
            atPath: repository.path + "/skills/b/secret", withDestinationPath: "../../../etc/passwd")
        try repository.commit("links", at: "2024-02-01T00:00:00Z")
        let project = try project(directory)
        #expect(try run(["add", repository.path, "--skill", "a"], in: project).status == 0)
        #expect(try text(project + "/.agents/skills/a/run.sh") == "#!/bin/sh\necho fmt\n")
        let refused = try run(["add", repository.path, "--skill", "b"], in: project)
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("refused secret"))
    }

    @Test func removeLeavesNoEmptyAgentFolders() throws {
        let directory = TemporaryDirectory()
        let repository = try upstream(directory)
        let project = try project(directory)
        #expect(try run(["add", repository.path, "--skill", "a", "--agent", "claude,cursor"], in: project).status == 0)
        #expect(try run(["remove", "a"], in: project).status == 0)
        #expect(tree(project).filter { !$0.hasPrefix(".skillscope") && $0 != "skillscope.lock" } == ["CLAUDE.md"])
    }
}

extension String {
    /// The path, its folder created.
    fileprivate func ensuringFolder() throws -> String {
        try FileManager.default.createDirectory(
            atPath: (self as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        return self
    }
}

/// 6. A project whose only lock is the `skills` CLI's `skills-lock.json`.
@Suite struct VercelLockRoundTripTests {
    static let skill = "---\nname: fmt\ndescription: Formats.\n---\n\n- Run the formatter.\n"

    func run(_ arguments: [String], in project: String) throws -> BinaryRun {
        try BinaryRunner.run(arguments + ["--project", project])
    }

    @Test func listStatusUpdateRemoveAndInstallWorkOnSkillsLockJSONWithAFileGitSource() throws {
        let directory = TemporaryDirectory()
        let repository = try GitRepositoryBuilder(at: directory.appending("upstream"))
        try repository.write("skills/fmt/SKILL.md", Self.skill)
        try repository.write("skills/other/SKILL.md", "---\nname: other\ndescription: O.\n---\n\n- Other.\n")
        try repository.commit("first", at: "2024-01-01T00:00:00Z")
        let project = directory.appending("project")
        try FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
        try Data().write(to: URL(fileURLWithPath: project + "/CLAUDE.md"))
        let hash = SyncFixtures.sha256("SKILL.md" + Self.skill)
        let other = SyncFixtures.sha256("SKILL.md" + "---\nname: other\ndescription: O.\n---\n\n- Other.\n")
        let lock = """
            {"version": 1, "skills": {
              "fmt": {"source": "file://\(repository.path)", "sourceType": "git", "computedHash": "\(hash)"},
              "other": {"source": "file://\(repository.path)", "sourceType": "git", "computedHash": "\(other)", "ref": "kept"}}}
            """
        try lock.write(toFile: project + "/skills-lock.json", atomically: true, encoding: .utf8)

        // install restores into .agents/skills and links into the detected agent (Claude Code: CLAUDE.md).
        let install = try run(["install", "--frozen"], in: project)
        #expect(install.status == 0, "\(install.stderr)")
        #expect(install.stdout.contains("skills-lock.json: 0 verified, 2 restored"))
        #expect(FileManager.default.fileExists(atPath: project + "/.claude/skills/fmt/SKILL.md"))
        let list = try run(["list"], in: project)
        #expect(list.stdout.contains("fmt  ok  git:file://"))
        #expect(!list.stdout.contains("no skills installed"))
        #expect(try run(["status", "--check"], in: project).status == 0)

        // An edit is drift; update leaves it and says why.
        let installed = project + "/.agents/skills/fmt/SKILL.md"
        try (Self.skill + "- Mine.\n").write(toFile: installed, atomically: true, encoding: .utf8)
        let edited = try run(["status", "--check"], in: project)
        #expect(edited.status == 1)
        #expect(edited.stdout.contains("skill-edited  fmt"))
        #expect(try run(["list"], in: project).stdout.contains("fmt  edited"))
        try Self.skill.write(toFile: installed, atomically: true, encoding: .utf8)

        // Upstream moves: status says so, update takes it and rewrites computedHash in the CLI's format.
        let newer = Self.skill + "- Also sort imports.\n"
        try repository.write("skills/fmt/SKILL.md", newer)
        try repository.commit("second", at: "2024-02-01T00:00:00Z")
        #expect(try run(["status"], in: project).stdout.contains("upstream-changed  fmt"))
        let update = try run(["update"], in: project)
        #expect(update.status == 0, "\(update.stderr)")
        #expect(try String(contentsOfFile: installed, encoding: .utf8) == newer)
        let rewritten = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: project + "/skills-lock.json")))
                as? [String: Any])
        let skills = try #require(rewritten["skills"] as? [String: [String: Any]])
        #expect(skills["fmt"]?["computedHash"] as? String == SyncFixtures.sha256("SKILL.md" + newer))
        #expect(skills["fmt"]?["sourceType"] as? String == "git")
        #expect(skills["other"]?["ref"] as? String == "kept")
        #expect(try run(["status", "--check"], in: project).status == 0)

        // With no base to merge from, a local edit blocks the next update until --force takes the source's.
        try (newer + "- Mine.\n").write(toFile: installed, atomically: true, encoding: .utf8)
        try repository.write("skills/fmt/SKILL.md", newer + "- Third.\n")
        try repository.commit("third", at: "2024-03-01T00:00:00Z")
        let blocked = try run(["update"], in: project)
        #expect(blocked.status == 1)
        #expect(blocked.stderr.contains("fmt: edited locally, and skills-lock.json keeps no base version"))
        #expect(try String(contentsOfFile: installed, encoding: .utf8) == newer + "- Mine.\n")
        #expect(try run(["update", "--force"], in: project).status == 0)
        #expect(try String(contentsOfFile: installed, encoding: .utf8) == newer + "- Third.\n")

        // remove takes the folder, the link and the entry.
        #expect(try run(["remove", "fmt"], in: project).status == 0)
        #expect(!FileManager.default.fileExists(atPath: project + "/.agents/skills/fmt"))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: project + "/.claude/skills/fmt")) == nil)
        let after =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: project + "/skills-lock.json"))) as? [String: Any]
        #expect((after?["skills"] as? [String: Any])?.keys.sorted() == ["other"])
        #expect(!FileManager.default.fileExists(atPath: project + "/skillscope.lock"))
    }
}

/// 9. Remix credits the source and commit the lock records, and brings the files its rules name.
@Suite struct RemixCreditTests {
    @Test func remixOfAnInstalledSkillCreditsTheRepositoryAndCommitAndCopiesNamedFiles() throws {
        let directory = TemporaryDirectory()
        let repository = try GitRepositoryBuilder(at: directory.appending("upstream"))
        try repository.write(
            "skills/a/SKILL.md",
            "---\nname: a\ndescription: A.\n---\n\n- Follow [the style guide](references/style.md).\n- Run `scripts/fmt.sh` before committing.\n- Read `docs/missing.md` first.\n"
        )
        try repository.write("skills/a/references/style.md", "# Style\n")
        try repository.write("skills/a/scripts/fmt.sh", "#!/bin/sh\n")
        let commit = try repository.commit("first", at: "2024-01-01T00:00:00Z")
        let project = directory.appending("project")
        #expect(try BinaryRunner.run(["add", repository.path, "--project", project]).status == 0)
        let output = directory.appending("mine")
        let remix = try BinaryRunner.run(["remix", project + "/.agents/skills/a/SKILL.md#1-3", "-o", output])
        #expect(remix.status == 0, "\(remix.stderr)")
        let text = try String(contentsOfFile: output + "/SKILL.md", encoding: .utf8)
        let location = URL(fileURLWithPath: repository.path).standardizedFileURL.path
        #expect(text.contains("git:\(location)//skills/a/SKILL.md@\(commit.prefix(12))"))
        #expect(!text.contains(".agents/skills"))
        #expect(FileManager.default.fileExists(atPath: output + "/references/style.md"))
        #expect(FileManager.default.fileExists(atPath: output + "/scripts/fmt.sh"))
        #expect(remix.stderr.contains("warning: ") && remix.stderr.contains("docs/missing.md"))
    }
}
