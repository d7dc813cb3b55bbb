import Foundation
import SkillscopeTesting
import Testing

/// End-to-end: `add`, `remove`, `list`, `install`, `update`, `sync`, `status` and `remix` through the real binary.
@Suite struct SyncCLITests {
    static let skill = SyncFixtures.demoSkill

    /// The reference validator from PyPI `skills-ref`, installed by `bench/peers/setup.sh`.
    static let validator = Paths.packageRoot + "/bench/.venv/bin/agentskills"

    func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    func upstream(_ directory: TemporaryDirectory) throws -> GitRepositoryBuilder {
        let repository = try GitRepositoryBuilder(at: directory.appending("upstream"))
        try repository.write("skills/demo-skill/SKILL.md", Self.skill)
        try repository.commit("first", at: "2024-01-01T00:00:00Z")
        return repository
    }

    // MARK: sync

    @Test func aHandWrittenClaudeMdSurvivesTenSyncsByteForByteOutsideTheBlock() throws {
        let project = TemporaryDirectory()
        let hand = "# My CLAUDE.md\r\n\r\nHand-written — keep every byte: tabs\there, no final newline"
        try project.write("CLAUDE.md", hand)
        var after = ""
        for round in 1...10 {
            try project.write("AGENTS.md", "# Rules\n\n" + (1...round).map { "- Rule \($0).\n" }.joined())
            let run = try BinaryRunner.run(["sync", "--project", project.path, "--agent", "claude"])
            #expect(run.status == 0, "round \(round): \(run.stderr)")
            let text = try read(project.appending("CLAUDE.md"))
            #expect(text.hasPrefix(hand + "\n\n<!-- skillscope:begin from=AGENTS.md "), "round \(round)")
            #expect(text.contains("- Rule \(round).\n<!-- skillscope:end -->\n"))
            #expect(text.hasSuffix("<!-- skillscope:end -->\n" + after), "round \(round)")
            if round == 3 {
                after = "\nNotes I added after the block.\n"
                try project.write("CLAUDE.md", text + after)
            }
        }
    }

    @Test func aSecondSyncWritesNothing() throws {
        let project = TemporaryDirectory()
        try project.write(
            "AGENTS.md", "# Rules\n\n- One.\n<!-- skillscope:scope src/** -->\n- Two.\n<!-- skillscope:scope-end -->\n")
        let agents = "claude,cursor,copilot,gemini,windsurf,cline,codex,opencode"
        let first = try BinaryRunner.run(["sync", "--project", project.path, "--agent", agents])
        #expect(first.status == 0)
        let files = try FileManager.default.subpathsOfDirectory(atPath: project.path).sorted()
        func stamps() throws -> [String: Date] {
            var stamps: [String: Date] = [:]
            for file in files {
                stamps[file] =
                    try FileManager.default.attributesOfItem(atPath: project.appending(file))[.modificationDate]
                    as? Date
            }
            return stamps
        }
        let before = try stamps()
        Thread.sleep(forTimeInterval: 0.05)
        let second = try BinaryRunner.run(["sync", "--project", project.path, "--agent", agents])
        #expect(second.status == 0)
        #expect(second.stdout.contains("0 written, 11 unchanged"))
        #expect(try stamps() == before)
        #expect(try FileManager.default.subpathsOfDirectory(atPath: project.path).sorted() == files)
    }

    @Test func aSyncKilledBeforeTheRenameLeavesTheOldFileWhole() throws {
        let project = TemporaryDirectory()
        let old = "# Mine\n\nOld text.\n"
        try project.write("CLAUDE.md", old)
        try project.write("AGENTS.md", "- New rule.\n")
        let process = try BinaryRunner.start(
            ["sync", "--project", project.path, "--agent", "claude"],
            environment: ["SKILLSCOPE_TEST_PAUSE_BEFORE_RENAME_MS": "10000"])
        var temporary: String?
        for _ in 0..<200 where temporary == nil {
            temporary = try FileManager.default.contentsOfDirectory(atPath: project.path)
                .first { $0.hasPrefix(".CLAUDE.md.skillscope-") }
            if temporary == nil { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(temporary != nil, "the writer never reached the step between fsync and rename")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(try read(project.appending("CLAUDE.md")) == old)
        let again = try BinaryRunner.run(["sync", "--project", project.path, "--agent", "claude"])
        #expect(again.status == 0)
        #expect(try read(project.appending("CLAUDE.md")).hasPrefix(old + "\n<!-- skillscope:begin"))
        #expect(try !FileManager.default.contentsOfDirectory(atPath: project.path).contains { $0.hasSuffix(".tmp") })
    }

    @Test func syncsKilledAtRandomMomentsLeaveEitherTheOldOrTheNewFile() throws {
        let project = TemporaryDirectory()
        let hand = "# Mine\n\nKept.\n"
        try project.write("CLAUDE.md", hand)
        let big = (1...20_000).map { "- Rule number \($0) with some words to make the file large.\n" }.joined()
        var generator = SystemRandomNumberGenerator()
        for round in 0..<12 {
            try project.write("AGENTS.md", "# Round \(round)\n\n" + big)
            let process = try BinaryRunner.start(["sync", "--project", project.path, "--agent", "claude"])
            Thread.sleep(forTimeInterval: Double.random(in: 0.0...0.25, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let text = try read(project.appending("CLAUDE.md"))
            #expect(text.hasPrefix(hand), "round \(round)")
            if text != hand {
                // A whole block: the begin line's sha256 matches the content, so nothing was torn.
                let status = try BinaryRunner.run(["status", "--project", project.path, "--agent", "claude", "--json"])
                #expect(!status.stdout.contains("block-edited"), "round \(round): torn block")
                #expect(text.hasSuffix("<!-- skillscope:end -->\n"))
            }
        }
    }

    @Test func statusReportsAHandEditedBlockRuleByRuleAndCheckFails() throws {
        let project = TemporaryDirectory()
        try project.write("AGENTS.md", "- Use tabs.\n- Write tests.\n")
        #expect(try BinaryRunner.run(["sync", "--project", project.path, "--agent", "claude"]).status == 0)
        #expect(try BinaryRunner.run(["status", "--project", project.path, "--check"]).status == 0)
        let text = try read(project.appending("CLAUDE.md")).replacingOccurrences(
            of: "- Use tabs.", with: "- Use spaces.")
        try project.write("CLAUDE.md", text)
        let status = try BinaryRunner.run(["status", "--project", project.path, "--check"])
        #expect(status.status == 1)
        #expect(status.stdout.contains("block-edited  CLAUDE.md"))
        #expect(status.stdout.contains("~ 1 rule: Use tabs. → Use spaces."))
        let sync = try BinaryRunner.run(["sync", "--project", project.path])
        #expect(sync.status == 1)
        #expect(sync.stderr.contains("edited by hand"))
        #expect(try read(project.appending("CLAUDE.md")) == text)
    }

    // MARK: skills

    @Test func addListRemoveThroughTheBinary() throws {
        let directory = TemporaryDirectory()
        let repository = try upstream(directory)
        let project = directory.appending("project")
        try FileManager.default.createDirectory(atPath: project + "/.claude", withIntermediateDirectories: true)
        let add = try BinaryRunner.run(["add", "file://" + repository.path, "--path", "skills", "--project", project])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stdout.contains("installed demo-skill (1 files)"))
        #expect(add.stdout.contains("claude: linked"))
        let list = try BinaryRunner.run(["list", "--project", project])
        #expect(list.stdout.contains("demo-skill  ok  git:"))
        let remove = try BinaryRunner.run(["remove", "demo-skill", "--project", project])
        #expect(remove.status == 0)
        #expect(!FileManager.default.fileExists(atPath: project + "/.claude/skills/demo-skill"))
        #expect(!FileManager.default.fileExists(atPath: project + "/.agents/skills/demo-skill"))
    }

    @Test func aSkillNamedDotDotEtcIsRefused() throws {
        let directory = TemporaryDirectory()
        try directory.write("evil/SKILL.md", "---\nname: ../../etc\ndescription: Escapes.\n---\n- Rule.\n")
        let project = directory.appending("project")
        let add = try BinaryRunner.run(["add", directory.appending("evil"), "--project", project, "--agent", "claude"])
        #expect(add.status == 65)
        #expect(add.stderr.contains("refused skill name \"../../etc\""))
        #expect(!FileManager.default.fileExists(atPath: project))
        #expect(try BinaryRunner.run(["remove", "../../etc", "--project", project]).status == 65)
    }

    @Test func aNetworkSourceIsRefused() throws {
        let run = try BinaryRunner.run([
            "add", "https://github.com/acme/skills", "--project", TemporaryDirectory().path,
        ])
        #expect(run.status == 69)
        #expect(run.stderr.contains("never fetches from the network"))
    }

    @Test func frozenInstallFailsOnATamperedFileAndRestoresAMissingOne() throws {
        let directory = TemporaryDirectory()
        let repository = try upstream(directory)
        let project = directory.appending("project")
        #expect(
            try BinaryRunner.run([
                "add", repository.path, "--path", "skills", "--project", project, "--agent", "claude",
            ])
            .status == 0)
        let installed = project + "/.agents/skills/demo-skill/SKILL.md"
        try Data((Self.skill + "- Sneaked in.\n").utf8).write(to: URL(fileURLWithPath: installed))
        let frozen = try BinaryRunner.run(["install", "--frozen", "--project", project])
        #expect(frozen.status == 1)
        #expect(frozen.stderr.contains("demo-skill/SKILL.md: sha256 differs from the lock"))
        try FileManager.default.removeItem(atPath: project + "/.agents")
        let restore = try BinaryRunner.run(["install", "--frozen", "--project", project])
        #expect(restore.status == 0, "\(restore.stderr)")
        #expect(restore.stdout.contains("1 restored"))
        #expect(try read(project + "/.claude/skills/demo-skill/SKILL.md") == Self.skill)
    }

    @Test func installVerifiesAVercelSkillsLock() throws {
        let project = TemporaryDirectory()
        try project.write(".agents/skills/demo-skill/SKILL.md", Self.skill)
        let hash = SyncFixtures.sha256("SKILL.md" + Self.skill)
        try project.write(
            "skills-lock.json",
            #"{"version": 1, "skills": {"demo-skill": {"source": "acme/skills", "sourceType": "github", "computedHash": "\#(hash)"}}}"#
        )
        let ok = try BinaryRunner.run(["install", "--frozen", "--project", project.path])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.stdout.contains("skills-lock.json: 1 verified"))
        try project.write(".agents/skills/demo-skill/SKILL.md", Self.skill + "- Edited.\n")
        let tampered = try BinaryRunner.run(["install", "--frozen", "--project", project.path])
        #expect(tampered.status == 1)
        #expect(tampered.stderr.contains("computedHash differs"))
    }

    @Test func updateMergesEditsOnDifferentRulesAndReportsAConflictOnTheSameRule() throws {
        let directory = TemporaryDirectory()
        let repository = try upstream(directory)
        let project = directory.appending("project")
        #expect(try BinaryRunner.run(["add", repository.path, "--path", "skills", "--project", project]).status == 0)
        let installed = project + "/.agents/skills/demo-skill/SKILL.md"
        try Data(Self.skill.replacingOccurrences(of: "- Follow rule one.", with: "- Follow rule one, ours.").utf8)
            .write(to: URL(fileURLWithPath: installed))
        try repository.write(
            "skills/demo-skill/SKILL.md",
            Self.skill.replacingOccurrences(of: "- Follow rule three.", with: "- Follow rule three, theirs."))
        try repository.commit("second", at: "2024-02-01T00:00:00Z")
        let preview = try BinaryRunner.run(["update", "--dry-run", "--project", project])
        #expect(preview.status == 0)
        #expect(preview.stdout.contains("local    ~ 9 rule: Follow rule one. → Follow rule one, ours."))
        #expect(preview.stdout.contains("upstream ~ 11 rule: Follow rule three. → Follow rule three, theirs."))
        #expect(try read(installed).contains("- Follow rule three.\n"))
        let status = try BinaryRunner.run(["status", "--project", project, "--check"])
        #expect(status.status == 1)
        #expect(
            status.stdout.contains("skill-edited  demo-skill") && status.stdout.contains("upstream-changed  demo-skill")
        )
        #expect(try BinaryRunner.run(["update", "demo-skill", "--project", project]).status == 0)
        #expect(
            try read(installed).contains("- Follow rule one, ours.\n- Follow rule two.\n- Follow rule three, theirs.\n")
        )

        try Data(
            try read(installed).replacingOccurrences(of: "- Follow rule two.", with: "- Follow rule two, ours.").utf8
        )
        .write(to: URL(fileURLWithPath: installed))
        try repository.write(
            "skills/demo-skill/SKILL.md",
            Self.skill.replacingOccurrences(of: "- Follow rule three.", with: "- Follow rule three, theirs.")
                .replacingOccurrences(of: "- Follow rule two.", with: "- Follow rule two, theirs."))
        try repository.commit("third", at: "2024-03-01T00:00:00Z")
        let conflict = try BinaryRunner.run(["update", "--project", project])
        #expect(conflict.status == 1)
        #expect(
            conflict.stdout.contains(
                "CONFLICT at line 10: local \"Follow rule two, ours.\" / upstream \"Follow rule two, theirs.\""))
        let text = try read(installed)
        #expect(
            text.contains("- Follow rule two, ours.") && text.contains("- Follow rule two, theirs.")
                && text.contains("- Follow rule one, ours."))
    }

    @Test func addFindsASkillInTheRegistry() throws {
        let directory = TemporaryDirectory()
        let db = directory.appending("registry.sqlite")
        #expect(try BinaryRunner.run(["ingest", Paths.examples, "--db", db]).status == 0)
        let project = directory.appending("project")
        // The example reviews code ("report it once and list the places"): it passes the scan, and installs without
        // a word of risk.
        let add = try BinaryRunner.run([
            "add", "acme-tools/agent-skills/skills/code-review", "--db", db, "--project", project, "--agent", "claude",
        ])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(!add.stderr.contains("risk"), "\(add.stderr)")
        #expect(FileManager.default.fileExists(atPath: project + "/.claude/skills/code-review/SKILL.md"))
        #expect(try read(project + "/skillscope.lock").contains("\"kind\" : \"registry\""))
    }

    // MARK: remix and the reference validator

    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: validator),
            "bench/.venv has no agentskills: run bench/peers/setup.sh"))
    func skillsWrittenByAddAndRemixPassTheReferenceValidator() throws {
        let directory = TemporaryDirectory()
        let repository = try upstream(directory)
        let project = directory.appending("project")
        #expect(
            try BinaryRunner.run([
                "add", repository.path, "--path", "skills", "--project", project, "--agent", "claude,cursor",
            ])
            .status == 0)
        try directory.write(
            "other/AGENTS.md",
            "# House rules\n\n- Keep commits small.\n- Say why in the message.\n\n```sh\ngit commit -v\n```\n")
        let remix = try BinaryRunner.run([
            "remix", project + "/.agents/skills/demo-skill/SKILL.md#1,3", directory.appending("other/AGENTS.md#L4"),
            "-o", directory.appending("out/my-remix"),
        ])
        #expect(remix.status == 0, "\(remix.stderr)")
        #expect(remix.stdout.contains("3 rules"))
        let text = try read(directory.appending("out/my-remix/SKILL.md"))
        #expect(text.contains("metadata:\n  generator: \"skillscope remix\"\n  source-1: "))
        #expect(
            text.contains("- Follow rule one.\n")
                && text.contains("- Say why in the message.\n\n```sh\ngit commit -v\n```"))
        for folder in [
            project + "/.agents/skills/demo-skill", project + "/.claude/skills/demo-skill",
            project + "/.cursor/skills/demo-skill", directory.appending("out/my-remix"),
        ] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Self.validator)
            process.arguments = ["validate", folder]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            try process.run()
            let said = String(decoding: output.readAll(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "agentskills validate \(folder): \(said)")
        }
    }

    @Test func remixRefusesASelectorThatNamesNoRule() throws {
        let directory = TemporaryDirectory()
        try directory.write("a/AGENTS.md", "- Only rule.\n")
        let run = try BinaryRunner.run([
            "remix", directory.appending("a/AGENTS.md#4"), "-o", directory.appending("out/x"),
        ])
        #expect(run.status == 65)
        #expect(run.stderr.contains("names no rule (it has 1 rules)"))
    }
}
