import Foundation
import SkillscopeTesting
import Testing

/// End-to-end: `skillscope group`, then `analyze` of a user's own CLAUDE.md and `rules` of an indexed file.
@Suite struct RatingCLITests {
    /// 60 repositories whose CLAUDE.md files share generic rules and each name their own script and host.
    static func registry(in directory: TemporaryDirectory) throws -> String {
        var corpus = CorpusBuilder()
        for index in 0..<60 {
            corpus.files.append(
                .init(
                    "team\(index)/service", "CLAUDE.md",
                    """
                    # Working here

                    - Run the whole test suite before every commit.
                    - Keep functions small and give them names that say what they do.
                    - Ship with `./scripts/ship-\(index).sh` once review passes.
                    - Team \(index) owns the alpha\(index) and beta\(index) modules.
                    """))
        }
        let database = directory.appending("r.sqlite")
        let ingest = try BinaryRunner.run(["ingest", try corpus.write(to: directory), "--db", database])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        // No model in the folder it is looked for: the default falls back to the lexical embedder, and says so.
        let group = try BinaryRunner.run(
            ["group", "--db", database, "--json"], environment: ["SKILLSCOPE_MODEL": directory.appending("no-model")])
        #expect(group.status == 0, "\(group.stderr)")
        #expect(group.stderr.contains("warning: no model.safetensors in the model folder"))
        #expect(group.stderr.contains("using the lexical embedder"))
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(group.stdout.utf8)) as? [String: Any])
        #expect(summary["files"] as? Int == 60 && summary["repositories"] as? Int == 60)
        return database
    }

    @Test func analyzeRatesAProjectsOwnNamesVerySpecificAndGenericRulesNot() throws {
        let directory = TemporaryDirectory()
        let database = try Self.registry(in: directory)
        try directory.write(
            "mine/CLAUDE.md",
            """
            # My project

            - Start the stack with `./scripts/dev-up.sh` before anything else.
            - Read the settings in `config/orbit.local.yaml` first.
            - Set `ORBIT_API_TOKEN` in your shell before running the tests.
            - Run the whole test suite before every commit.
            - Prefer clear names over comments.
            """)
        let run = try BinaryRunner.run(["analyze", directory.appending("mine/CLAUDE.md"), "--db", database, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let views = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        let rules = try #require(views.first?["rules"] as? [[String: Any]])
        #expect(
            rules.map { $0["rating"] as? String } == [
                "very-specific", "very-specific", "very-specific", "common", "distinctive",
            ])
        #expect(rules.map { $0["line"] as? Int } == [3, 4, 5, 6, 7])
        #expect(
            rules[0]["evidence"] as? String == "names `./scripts/dev-up.sh`, named in no repository of the registry")
        let evidence = try #require(rules[3]["evidence"] as? String)
        #expect(evidence.hasPrefix("≈ held by ") && evidence.contains(" files most like this one, e.g. "))
        #expect(views.first?["summary"] as? String == "5 rules: 1 common, 1 distinctive, 3 very specific")

        // The text form, and a missing file that does not stop the others.
        let text = try BinaryRunner.run([
            "analyze", directory.appending("mine/CLAUDE.md"), directory.appending("missing.md"), "--db", database,
        ])
        #expect(text.status == 66)
        #expect(text.stdout.contains("5 rules: 1 common, 1 distinctive, 3 very specific"))
        #expect(
            text.stdout.contains("    5  very specific  Set `ORBIT_API_TOKEN` in your shell before running the tests."))
        #expect(text.stderr.contains("missing.md: no such file or folder"))
    }

    /// `analyze` of a file on disk reads the project around it (up to the folder holding `.git`): its files and
    /// skills bind rules as a stored repository's do, with or without a registry.
    @Test func analyzeReadsTheProjectAroundTheFile() throws {
        let directory = TemporaryDirectory()
        try directory.write("proj/.git/HEAD", "ref: refs/heads/main\n")
        try directory.write("proj/scripts/cut-release.sh", "echo release\n")
        try directory.write("proj/skills/ship-it/SKILL.md", "---\nname: ship-it\ndescription: Ships.\n---\n- Ship.\n")
        try directory.write("proj/node_modules/left/out.sh", "echo\n")
        try directory.write(
            "proj/docs/CLAUDE.md",
            """
            # Docs

            - Release with `scripts/cut-release.sh` only.
            - Use the ship-it skill before every deploy.
            - Never run `node_modules/left/out.sh` by hand.
            - Prefer clear names over comments.
            """)
        let run = try BinaryRunner.run(
            ["analyze", directory.appending("proj/docs/CLAUDE.md"), "--json"],
            // No registry: none named, and none at the default place under this HOME (a named one that does not
            // exist is an error, issue 46).
            environment: ["SKILLSCOPE_DB": "", "HOME": directory.path])
        #expect(run.status == 0, "\(run.stderr)")
        let views = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        let rules = try #require(views.first?["rules"] as? [[String: Any]])
        #expect(
            rules.map { $0["evidence"] as? String }.prefix(2) == [
                "names `scripts/cut-release.sh`, a file of this repository",
                "names `ship-it`, a skill of this repository",
            ])
        // A folder the walk skips holds nothing of the project's own.
        #expect(rules[2]["evidence"] as? String != "names `node_modules/left/out.sh`, a file of this repository")
        #expect(rules[3]["rating"] as? String == "distinctive")
    }

    /// A folder and a git repository are listed whole: a rule naming one of their files (not an instruction file)
    /// is very specific because the file is there, and one naming a path that is not is judged by its shape alone.
    @Test(arguments: ["folder", "git"])
    func aPathOfTheProjectsOwnTreeMakesARuleVerySpecific(source: String) throws {
        let directory = TemporaryDirectory()
        let claude = """
            # Project

            - Release with `scripts/cut-release.sh` only.
            - Never edit `gen/absent.ts` by hand.
            """
        let root = directory.appending("proj")
        if source == "git" {
            let repository = try GitRepositoryBuilder(at: root)
            try repository.write("CLAUDE.md", claude)
            try repository.write("scripts/cut-release.sh", "echo release\n")
            try repository.commit("first", at: "2024-01-01T00:00:00Z")
        } else {
            try directory.write("proj/CLAUDE.md", claude)
            try directory.write("proj/scripts/cut-release.sh", "echo release\n")
        }
        let database = directory.appending("r.sqlite")
        let ingest = try BinaryRunner.run(["ingest", root, "--db", database, "--repository", "acme/proj"])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        let run = try BinaryRunner.run(["rules", "acme/proj/CLAUDE.md", "--db", database, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let view = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let rated = try #require(view["rules"] as? [[String: Any]])
        #expect(
            rated.map { $0["evidence"] as? String } == [
                "names `scripts/cut-release.sh`, a file of this repository",
                "names `gen/absent.ts`, a path (too few repositories for statistics)",
            ])
    }

    @Test func groupUsesTheFolderThatModelNamesAndSaysWhatIsMissing() throws {
        let directory = TemporaryDirectory()
        let database = try Self.registry(in: directory)
        let empty = directory.appending("empty-model")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let run = try BinaryRunner.run(["group", "--db", database, "--embedder", "minilm", "--model", empty])
        #expect(run.status == 69)
        #expect(run.stderr.contains("no model.safetensors in the model folder \(empty) (--model)"))
    }

    @Test func evaluateReportsThePointGroupItselfUses() throws {
        let directory = TemporaryDirectory()
        try directory.write(
            "pairs.jsonl",
            """
            {"a": "Run the tests before you commit.", "b": "Run the tests before every commit.", "same": true}
            {"a": "Use tabs for indentation.", "b": "Use spaces for indentation.", "same": false}
            {"a": "Never force-push to main.", "b": "Write commit messages in the imperative.", "same": false}
            """)
        let run = try BinaryRunner.run([
            "group", "--evaluate", directory.appending("pairs.jsonl"), "--embedder", "lexical", "--json",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let view = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let point = try #require(view["default"] as? [String: Any])
        #expect((point["threshold"] as? Double).map { abs($0 - 0.5) < 1e-6 } == true)
        let flagged = try BinaryRunner.run([
            "group", "--evaluate", directory.appending("pairs.jsonl"), "--embedder", "lexical", "--threshold", "0.8",
            "--json",
        ])
        let flaggedView = try #require(
            try JSONSerialization.jsonObject(with: Data(flagged.stdout.utf8)) as? [String: Any])
        #expect(
            ((flaggedView["default"] as? [String: Any])?["threshold"] as? Double).map { abs($0 - 0.8) < 1e-6 } == true)
    }

    @Test(
        .enabled(if: TestModel.isAvailable, "no model: run scripts/fetch-model.sh DIR, set SKILLSCOPE_TEST_MODEL=DIR"))
    func groupWithNoFlagTakesMiniLMWhereItIsInstalled() throws {
        let directory = TemporaryDirectory()
        let database = try Self.registry(in: directory)
        let folder = try #require(TestModel.path)
        let run = try BinaryRunner.run(
            ["group", "--db", database, "--json"], environment: ["SKILLSCOPE_MODEL": folder])
        #expect(run.status == 0, "\(run.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(summary["embedder"] as? String == "all-MiniLM-L6-v2")
        #expect(!run.stderr.contains("warning"))
    }

    @Test func rulesOfAnIndexedFileCarryTheirRatings() throws {
        let directory = TemporaryDirectory()
        let database = try Self.registry(in: directory)
        let run = try BinaryRunner.run(["rules", "team7/service/CLAUDE.md", "--db", database])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("4 rules: 2 common, 1 distinctive, 1 very specific"))
        #expect(run.stdout.contains("(names `./scripts/ship-7.sh`, seen in 1 repository)"))
    }
}
