import Foundation
import SkillscopeTesting
import Testing

/// End-to-end: `skillscope group` summarises every file for search, and `search` shows and sorts by it.
@Suite struct SearchSummaryCLITests {
    static let releaseSkill = """
        ---
        name: release-notes
        description: Write release notes from the merged pull requests since the last tag.
        ---
        # Release notes

        - List every merged pull request since the last tag, grouped by label.
        - Lead with breaking changes and say how to migrate.
        - Link each entry to its pull request.
        - Never list internal refactors or test-only changes.
        """

    @Test func groupSummarisesAndSearchSortsByVersions() throws {
        let directory = TemporaryDirectory()
        var corpus = CorpusBuilder()
        // One skill copied word for word into three repositories; the most-starred copy is the likely origin (they
        // share a first commit).
        for repository in ["alpha/skills", "beta/skills", "gamma/skills"] {
            corpus.files.append(.init(repository, "release-notes/SKILL.md", Self.releaseSkill))
        }
        corpus.stars = ["alpha/skills": 5, "beta/skills": 900, "gamma/skills": 50, "delta/skills": 2_000]
        corpus.files.append(
            .init(
                "delta/skills", "release-checklist/SKILL.md",
                """
                ---
                name: release-checklist
                description: A release checklist for mobile apps, with notes for the store.
                ---
                # Release checklist

                - Bump the build number before the release branch is cut.
                - Write the store's release notes in every shipped language.
                """))
        let database = directory.appending("r.sqlite")
        let ingest = try BinaryRunner.run(["ingest", try corpus.write(to: directory), "--db", database])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        // Before `group`: no summaries, and the hits say nothing of versions.
        let before = try BinaryRunner.run(["search", "release", "notes", "--db", database, "--json"])
        #expect(before.status == 0, "\(before.stderr)")
        #expect(!before.stdout.contains("\"versions\""))
        let group = try BinaryRunner.run(
            ["group", "--db", database, "--json"], environment: ["SKILLSCOPE_MODEL": directory.appending("no-model")])
        #expect(group.status == 0, "\(group.stderr)")
        let grouped = try #require(try JSONSerialization.jsonObject(with: Data(group.stdout.utf8)) as? [String: Any])
        #expect(grouped["summarised"] as? Int == 4 && grouped["summarisedWithVersions"] as? Int == 3)
        #expect(grouped["likelyOrigins"] as? Int == 1 && grouped["kinds"] != nil)

        let sorted = try BinaryRunner.run(
            ["search", "release", "notes", "--sort", "versions", "--db", database, "--json"])
        #expect(sorted.status == 0, "\(sorted.stderr)")
        let view = try #require(try JSONSerialization.jsonObject(with: Data(sorted.stdout.utf8)) as? [String: Any])
        let hits = try #require(view["hits"] as? [[String: Any]])
        #expect(hits.count == 4)
        // The three copies first (each used by the two other repositories), the most-starred copy the origin.
        #expect(hits.prefix(3).allSatisfy { $0["versions"] as? Int == 2 })
        #expect(hits.last?["repository"] as? String == "delta/skills" && hits.last?["versions"] as? Int == 0)
        #expect(hits.filter { $0["isOrigin"] as? Bool == true }.map { $0["repository"] as? String } == ["beta/skills"])
        #expect(hits.allSatisfy { ($0["quality"] as? Double).map { (0...1).contains($0) } == true })

        let text = try BinaryRunner.run(["search", "release", "notes", "--sort", "versions", "--db", database])
        #expect(text.status == 0 && text.stdout.contains("used by 2 other projects · likely origin · quality "))
        let relevance = try BinaryRunner.run(["search", "release", "checklist", "--db", database, "--json"])
        let first = try #require(
            (try JSONSerialization.jsonObject(with: Data(relevance.stdout.utf8)) as? [String: Any])?["hits"]
                as? [[String: Any]])
        #expect(first.first?["repository"] as? String == "delta/skills")

        let wrong = try BinaryRunner.run(["search", "release", "--sort", "forks", "--db", database])
        #expect(wrong.status == 64)
        #expect(wrong.stderr.contains("unknown sort 'forks'; sorts are relevance, stars, recent, versions, quality"))
    }
}
