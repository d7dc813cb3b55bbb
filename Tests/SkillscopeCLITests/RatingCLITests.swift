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
        let group = try BinaryRunner.run(["group", "--db", database, "--json"])
        #expect(group.status == 0, "\(group.stderr)")
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
        #expect(rules[3]["evidence"] as? String == "≈ 100% of 60 files hold a rule of its kind")
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

    @Test func rulesOfAnIndexedFileCarryTheirRatings() throws {
        let directory = TemporaryDirectory()
        let database = try Self.registry(in: directory)
        let run = try BinaryRunner.run(["rules", "team7/service/CLAUDE.md", "--db", database])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("4 rules: 2 common, 1 distinctive, 1 very specific"))
        #expect(run.stdout.contains("(names `./scripts/ship-7.sh`, seen in 1 repository)"))
    }
}
