import Foundation
import SkillscopeTesting
import Testing

/// End-to-end, through the real binary: what a team locks is what a teammate's clone and CI get (issue 46).
///
/// Each project is a git repository whose committed files are the lock and the agent files; a teammate's view is
/// a `git clone` of it, where `.agents/`, `.claude/skills/` and `.skillscope/` are ignored and so absent.
@Suite struct LockTrustTests {
    let truth = InstallTruthTests()

    /// A project repository ignoring what `install` makes, with Claude Code in use.
    func teamProject(_ directory: TemporaryDirectory) throws -> GitRepositoryBuilder {
        let project = try GitRepositoryBuilder(at: directory.appending("project"))
        try project.write("CLAUDE.md", "")
        try project.write(".gitignore", ".agents/\n.claude/skills/\n.skillscope/\n")
        return project
    }

    /// Commits the project and clones it as a teammate would, returning the clone's path.
    func clone(_ project: GitRepositoryBuilder, _ directory: TemporaryDirectory, as name: String) throws -> String {
        try project.commit("lock", at: "2024-06-01T00:00:00Z")
        let path = directory.appending(name)
        try GitRepositoryBuilder.run(["clone", "-q", project.path, path], in: directory.path, date: "")
        #expect(!FileManager.default.fileExists(atPath: path + "/.agents"))
        return path
    }

    func lockEntry(_ project: String, _ name: String) throws -> [String: Any] {
        let lock = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: project + "/skillscope.lock")))
        let skills = try #require((lock as? [String: Any])?["skills"] as? [String: Any])
        return try #require(skills[name] as? [String: Any])
    }

    // MARK: 1. a locked edit is restorable

    @Test func aMergedEditIsWhatAFreshCloneInstallsAndWhatFrozenAndStatusCheckAgainst() throws {
        let directory = TemporaryDirectory()
        let repository = try truth.upstream(directory)
        let project = try teamProject(directory)
        #expect(try truth.run(["add", repository.path, "--skill", "a"], in: project.path).status == 0)
        let installed = project.path + "/.agents/skills/a/SKILL.md"
        try truth.text(installed).replacingOccurrences(
            of: "- Always run the formatter.", with: "- Always run the formatter before a commit."
        ).write(toFile: installed, atomically: true, encoding: .utf8)
        let upstreamText = InstallTruthTests.skillA.replacingOccurrences(of: "Use tabs.", with: "Use four spaces.")
        try repository.write("skills/a/SKILL.md", upstreamText)
        try repository.commit("second", at: "2024-02-01T00:00:00Z")
        let update = try truth.run(["update"], in: project.path)
        #expect(update.status == 0, "\(update.stderr)")
        let merged = try truth.text(installed)
        #expect(merged.contains("before a commit.") && merged.contains("Use four spaces."))
        // The lock keeps the team's bytes, readable in a review.
        let kept = try #require(try lockEntry(project.path, "a")["kept"] as? [String: [String: String]])
        #expect(kept["SKILL.md"]?["text"] == merged)

        let teammate = try clone(project, directory, as: "teammate")
        let install = try truth.run(["install"], in: teammate)
        #expect(install.status == 0, "\(install.stderr)")
        #expect(!install.stderr.contains("cannot be restored"))
        #expect(try truth.text(teammate + "/.agents/skills/a/SKILL.md") == merged)
        #expect(try truth.text(teammate + "/.claude/skills/a/SKILL.md") == merged)
        #expect(try truth.run(["install", "--frozen"], in: teammate).status == 0)
        #expect(try truth.run(["status", "--check"], in: teammate).status == 0)

        // Upstream's text where the lock records the team's: CI is red, and install puts the team's back.
        try upstreamText.write(toFile: teammate + "/.agents/skills/a/SKILL.md", atomically: true, encoding: .utf8)
        let frozen = try truth.run(["install", "--frozen"], in: teammate)
        #expect(frozen.status == 1)
        #expect(frozen.stderr.contains("a/SKILL.md: holds upstream's version, not the locally kept one"))
        let status = try truth.run(["status", "--check"], in: teammate)
        #expect(status.status == 1)
        #expect(status.stdout.contains("skill-edited  a: SKILL.md holds upstream's version"))
        #expect(try truth.run(["install"], in: teammate).status == 0)
        #expect(try truth.text(teammate + "/.agents/skills/a/SKILL.md") == merged)
        #expect(try truth.run(["install", "--frozen"], in: teammate).status == 0)
    }

    @Test func aResolvedConflictIsWhatAFreshCloneInstalls() throws {
        let directory = TemporaryDirectory()
        let repository = try truth.upstream(directory)
        let project = try teamProject(directory)
        #expect(try truth.run(["add", repository.path, "--skill", "a"], in: project.path).status == 0)
        let installed = project.path + "/.agents/skills/a/SKILL.md"
        try truth.text(installed).replacingOccurrences(of: "Use tabs.", with: "Use two spaces.")
            .write(toFile: installed, atomically: true, encoding: .utf8)
        try repository.write(
            "skills/a/SKILL.md", InstallTruthTests.skillA.replacingOccurrences(of: "Use tabs.", with: "Use 4 spaces."))
        try repository.commit("second", at: "2024-02-01T00:00:00Z")
        #expect(try truth.run(["update"], in: project.path).status == 1)
        var resolved = try truth.text(installed)
        let start = try #require(resolved.range(of: "<<<<<<< local\n"))
        let end = try #require(resolved.range(of: ">>>>>>> upstream\n"))
        resolved.replaceSubrange(start.lowerBound..<end.upperBound, with: "- Use two spaces, never tabs.\n")
        try resolved.write(toFile: installed, atomically: true, encoding: .utf8)
        let resolve = try truth.run(["resolve", "a"], in: project.path)
        #expect(resolve.status == 0, "\(resolve.stderr)")
        #expect(resolve.stdout.contains("a: resolved SKILL.md"))

        let teammate = try clone(project, directory, as: "teammate")
        let install = try truth.run(["install", "--frozen"], in: teammate)
        #expect(install.status == 0, "\(install.stderr)")
        #expect(try truth.text(teammate + "/.agents/skills/a/SKILL.md") == resolved)
        #expect(try truth.run(["status", "--check"], in: teammate).status == 0)
    }

    @Test func aLockFromBeforeKeptBytesNeverGetsUpstreamOverItsRecordedEdit() throws {
        let directory = TemporaryDirectory()
        let repository = try truth.upstream(directory)
        let project = try teamProject(directory)
        #expect(try truth.run(["add", repository.path, "--skill", "a"], in: project.path).status == 0)
        let installed = project.path + "/.agents/skills/a/SKILL.md"
        try (InstallTruthTests.skillA + "- Mine.\n").write(toFile: installed, atomically: true, encoding: .utf8)
        #expect(try truth.run(["keep", "a"], in: project.path).status == 0)
        // An older skillscope wrote `modified` without the bytes.
        let lockPath = project.path + "/skillscope.lock"
        var lock = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: lockPath)))
                as? [String: Any])
        var skills = try #require(lock["skills"] as? [String: Any])
        var entry = try #require(skills["a"] as? [String: Any])
        entry["kept"] = nil
        skills["a"] = entry
        lock["skills"] = skills
        try JSONSerialization.data(withJSONObject: lock, options: [.sortedKeys]).write(
            to: URL(fileURLWithPath: lockPath))

        let teammate = try clone(project, directory, as: "teammate")
        let install = try truth.run(["install"], in: teammate)
        #expect(install.status == 1)
        #expect(install.stderr.contains("a/SKILL.md: the lock records a locally kept version but not its bytes"))
        #expect(!FileManager.default.fileExists(atPath: teammate + "/.agents/skills/a/SKILL.md"))
        #expect(FileManager.default.fileExists(atPath: teammate + "/.agents/skills/a/scripts/fmt.sh"))
        #expect(try truth.run(["install", "--frozen"], in: teammate).status == 1)
        #expect(try truth.run(["status", "--check"], in: teammate).status == 1)
    }

    // MARK: 2. an edit can be accepted; remove keeps what is not recorded

    @Test func keepRecordsADeliberateEditAndRemoveRefusesToDropAnUnrecordedOne() throws {
        let directory = TemporaryDirectory()
        let repository = try truth.upstream(directory)
        let project = try teamProject(directory)
        #expect(try truth.run(["add", repository.path], in: project.path).status == 0)
        let folder = project.path + "/.agents/skills/a"
        let edited = InstallTruthTests.skillA + "- Mine.\n"
        try edited.write(toFile: folder + "/SKILL.md", atomically: true, encoding: .utf8)
        try "# Notes\n".write(toFile: folder + "/notes.md", atomically: true, encoding: .utf8)
        #expect(try truth.run(["status", "--check"], in: project.path).stdout.contains("keep a"))
        #expect(try truth.run(["install", "--frozen"], in: project.path).status == 1)

        // remove refuses to drop what the lock does not record, and says the way forward.
        let refused = try truth.run(["remove", "a"], in: project.path)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("notes.md, SKILL.md") || refused.stderr.contains("SKILL.md, notes.md"))
        #expect(refused.stderr.contains("skillscope keep a") && refused.stderr.contains("--force"))
        #expect(try truth.text(folder + "/SKILL.md") == edited)

        let keep = try truth.run(["keep", "a"], in: project.path)
        #expect(keep.status == 0, "\(keep.stderr)")
        #expect(keep.stdout.contains("a: kept SKILL.md, notes.md"))
        #expect(try truth.run(["status", "--check"], in: project.path).status == 0)
        #expect(try truth.run(["install", "--frozen"], in: project.path).status == 0)
        #expect(try truth.run(["list"], in: project.path).stdout.contains("a  ok"))
        let teammate = try clone(project, directory, as: "teammate")
        #expect(try truth.run(["install", "--frozen"], in: teammate).status == 0)
        #expect(try truth.text(teammate + "/.agents/skills/a/SKILL.md") == edited)
        #expect(try truth.text(teammate + "/.agents/skills/a/notes.md") == "# Notes\n")

        // resolve accepts an edit too.
        let other = project.path + "/.agents/skills/b/SKILL.md"
        try (try truth.text(other) + "- Mine too.\n").write(toFile: other, atomically: true, encoding: .utf8)
        #expect(try truth.run(["resolve", "b"], in: project.path).stdout.contains("b: kept SKILL.md"))
        #expect(try truth.run(["status", "--check"], in: project.path).status == 0)

        // A further, unrecorded edit goes only with --force, into a backup.
        try (edited + "- Later.\n").write(toFile: folder + "/SKILL.md", atomically: true, encoding: .utf8)
        #expect(try truth.run(["remove", "a"], in: project.path).status == 1)
        let forced = try truth.run(["remove", "a", "--force"], in: project.path)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(forced.stdout.contains(".skillscope/backup/.agents/skills/a"))
        #expect(!FileManager.default.fileExists(atPath: folder))
        #expect(
            try truth.text(project.path + "/.skillscope/backup/.agents/skills/a/SKILL.md") == edited + "- Later.\n")
        #expect(try truth.text(project.path + "/.skillscope/backup/.agents/skills/a/notes.md") == "# Notes\n")
        #expect(!(try String(contentsOfFile: project.path + "/skillscope.lock", encoding: .utf8)).contains("\"a\""))
    }

    @Test func addAsRenamesTheSkillsNameAndTheRenameSurvivesUpdateAndAFreshClone() throws {
        let directory = TemporaryDirectory()
        let repository = try truth.upstream(directory)
        let project = try teamProject(directory)
        #expect(try truth.run(["add", repository.path, "--skill", "a"], in: project.path).status == 0)
        let add = try truth.run(["add", repository.path, "--skill", "a", "--as", "a-team"], in: project.path)
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stderr.contains("its SKILL.md's `name:` now says a-team"))
        let renamed = project.path + "/.agents/skills/a-team/SKILL.md"
        #expect(
            try truth.text(renamed)
                == InstallTruthTests.skillA.replacingOccurrences(of: "name: a\n", with: "name: a-team\n"))
        #expect(try truth.run(["status", "--check"], in: project.path).status == 0)
        #expect(try truth.run(["install", "--frozen"], in: project.path).status == 0)
        let check = try BinaryRunner.run(["check", project.path + "/.agents/skills/a-team"])
        #expect(check.status == 0, "\(check.stdout)")

        try repository.write("skills/a/SKILL.md", InstallTruthTests.skillA + "- Also sort imports.\n")
        try repository.commit("second", at: "2024-02-01T00:00:00Z")
        let update = try truth.run(["update", "a-team"], in: project.path)
        #expect(update.status == 0, "\(update.stderr)")
        let merged = try truth.text(renamed)
        #expect(merged.contains("name: a-team\n") && merged.contains("- Also sort imports.\n"))
        let teammate = try clone(project, directory, as: "teammate")
        #expect(try truth.run(["install", "--frozen"], in: teammate).status == 0)
        #expect(try truth.text(teammate + "/.agents/skills/a-team/SKILL.md") == merged)
    }

    @Test func aSkillWithAChineseNameInstallsVerifiesAndPassesCheck() throws {
        let directory = TemporaryDirectory()
        let repository = try GitRepositoryBuilder(at: directory.appending("upstream"))
        try repository.write("skills/技能/SKILL.md", "---\nname: 技能\ndescription: 审查代码。\n---\n\n- 提交前运行测试。\n")
        try repository.commit("first", at: "2024-01-01T00:00:00Z")
        let project = try teamProject(directory)
        let add = try truth.run(["add", repository.path], in: project.path)
        #expect(add.status == 0, "\(add.stderr)")
        #expect(try truth.text(project.path + "/.claude/skills/技能/SKILL.md").contains("name: 技能"))
        #expect(try truth.run(["list"], in: project.path).stdout.contains("技能  ok"))
        #expect(try truth.run(["install", "--frozen"], in: project.path).status == 0)
        #expect(try BinaryRunner.run(["check", project.path + "/.agents/skills/技能"]).status == 0)
    }

    @Test func keepRefusesMarkersAndAMissingFileAndWritesNothing() throws {
        let directory = TemporaryDirectory()
        let repository = try truth.upstream(directory)
        let project = try teamProject(directory)
        #expect(try truth.run(["add", repository.path, "--skill", "a"], in: project.path).status == 0)
        let lockBefore = try truth.text(project.path + "/skillscope.lock")
        let installed = project.path + "/.agents/skills/a/SKILL.md"
        try (InstallTruthTests.skillA + "<<<<<<< mine\n- X.\n=======\n- Y.\n>>>>>>> theirs\n")
            .write(toFile: installed, atomically: true, encoding: .utf8)
        let marked = try truth.run(["keep", "a"], in: project.path)
        #expect(marked.status == 1)
        #expect(marked.stderr.contains("a/SKILL.md:10") && marked.stderr.contains("skillscope keep a"))
        try InstallTruthTests.skillA.write(toFile: installed, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: project.path + "/.agents/skills/a/scripts/fmt.sh")
        let missing = try truth.run(["keep", "a"], in: project.path)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("a/scripts/fmt.sh missing"))
        #expect(try truth.text(project.path + "/skillscope.lock") == lockBefore)
    }
}

/// 3. `skills-lock.json` hashes as the skills CLI computes them.
@Suite struct SkillsCLIHashTests {
    @Test func aPristineSkillWithUnderscoreAndHyphenNamesVerifiesAndIsUpToDate() throws {
        let directory = TemporaryDirectory()
        let repository = try GitRepositoryBuilder(at: directory.appending("upstream"))
        let project = directory.appending("project")
        for (path, text) in SyncFixtures.apiSkill {
            try repository.write("skills/api/" + path, text)
            try (project + "/.agents/skills/api/" + path).ensuringParent()
            try text.write(toFile: project + "/.agents/skills/api/" + path, atomically: true, encoding: .utf8)
        }
        try repository.commit("first", at: "2024-01-01T00:00:00Z")
        try Data().write(to: URL(fileURLWithPath: project + "/CLAUDE.md"))
        try """
        {
          "version": 1,
          "skills": {
            "api": {"source": "file://\(repository.path)", "sourceType": "git", "computedHash": "\(SyncFixtures.apiSkillHash)"}
          }
        }

        """.write(toFile: project + "/skills-lock.json", atomically: true, encoding: .utf8)
        let run = { (arguments: [String]) in try BinaryRunner.run(arguments + ["--project", project]) }
        let frozen = try run(["install", "--frozen"])
        #expect(frozen.status == 0, "\(frozen.stderr)")
        #expect(frozen.stdout.contains("skills-lock.json: 1 verified"))
        let status = try run(["status", "--check"])
        #expect(status.status == 0, "\(status.stdout)")
        #expect(!status.stdout.contains("edited") && !status.stdout.contains("upstream-changed"))
        #expect(try run(["list"]).stdout.contains("api  ok"))
        let update = try run(["update"])
        #expect(update.status == 0, "\(update.stderr)")
        #expect(!update.stdout.contains("conflict") && !update.stderr.contains("conflict"))
    }
}

extension String {
    /// Creates the folder the path is in.
    fileprivate func ensuringParent() throws {
        try FileManager.default.createDirectory(
            atPath: (self as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    }
}
