import Foundation
import SkillscopeTesting
import Testing

/// `skillscope ingest` of git repositories and `skillscope crawl github`, through the real binary.
@Suite struct CrawlCommandTests {
    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func ingestReadsAGitRepositoryWithItsCommitDates() throws {
        let directory = TemporaryDirectory()
        let builder = try GitRepositoryBuilder.historySample(at: directory.appending("work"))
        let db = directory.appending("r.sqlite")
        let run = try BinaryRunner.run(["ingest", builder.path, "--repository", "acme/work", "--db", db])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("5 indexed (5 written, 0 unchanged), 0 skipped"))
        let show = try #require(
            try json(try BinaryRunner.run(["show", "acme/work/GEMINI.md", "--db", db, "--json"]).stdout)["file"]
                as? [String: Any])
        #expect(show["firstCommitAt"] as? String == "2024-02-01T10:00:00Z")
        #expect(show["lastCommitAt"] as? String == "2024-06-01T00:00:00Z")
        let blob = try builder.git("rev-parse", "HEAD:GEMINI.md").trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(show["blobSHA"] as? String == blob)
        let side = try BinaryRunner.run([
            "ingest", builder.path, "--ref", "side", "--repository", "acme/work", "--db", db,
        ])
        #expect(side.status == 0 && side.stdout.contains("1 removed"))
        let text = try BinaryRunner.run(["show", "acme/work/GEMINI.md", "--db", db]).stdout
        #expect(text.contains("removed") && text.contains("gone from the repository"))
        let folder = try BinaryRunner.run(["ingest", directory.appending("work/skills"), "--ref", "main", "--db", db])
        #expect(folder.status == 64 && folder.stderr.contains("--ref main needs a git repository"))
    }

    static var scenario: [String: Any] {
        [
            "token": "t0ken",
            "repos": [
                "acme/skills": FakeGitHub.repository(
                    "acme/skills", stars: 120,
                    files: [
                        "skills/review/SKILL.md": Fixtures.reviewSkill, "skills/commit/SKILL.md": Fixtures.commitSkill,
                    ]
                ),
                "lena/app": FakeGitHub.repository("lena/app", files: ["AGENTS.md": Fixtures.agentsFile]),
            ],
        ]
    }

    @Test func crawlIndexesRepositoriesAndAnUnchangedOneCostsOneRequest() throws {
        let directory = TemporaryDirectory()
        let server = try FakeGitHub(Self.scenario, in: directory)
        let db = directory.appending("r.sqlite")
        let environment = ["GITHUB_TOKEN": "t0ken", "SKILLSCOPE_GITHUB_API": server.url]
        let arguments = ["crawl", "github", "acme/skills", "lena/app", "ghost/none", "--db", db]
        let first = try BinaryRunner.run(arguments, environment: environment)
        #expect(first.status == 0)
        #expect(first.stdout.hasPrefix("3 indexed (3 written, 0 unchanged), 1 skipped: 1 not found"))
        #expect(first.stderr.contains("skipped ghost/none: no such repository on GitHub"))
        #expect(FileManager.default.fileExists(atPath: db + "-github/repositories/acme/skills.json"))
        try server.clearLog()
        let again = try BinaryRunner.run(arguments, environment: environment)
        #expect(again.stdout.hasPrefix("3 indexed (0 written, 3 unchanged), 1 skipped: 1 not found"))
        #expect(again.stdout.contains("GitHub: 3 requests, 2 not modified"))
        #expect(try server.paths() == ["/repos/acme/skills", "/repos/lena/app", "/repos/ghost/none"])
        let show = try #require(
            try json(
                try BinaryRunner.run(["show", "acme/skills/skills/review/SKILL.md", "--db", db, "--json"]).stdout)[
                    "file"] as? [String: Any])
        #expect(show["stars"] as? Int == 120 && show["license"] as? String == "MIT")
        let unauthorized = try BinaryRunner.run(
            ["crawl", "github", "lena/app", "--db", directory.appending("other.sqlite"), "--api-url", server.url])
        #expect(unauthorized.stderr.contains("lena/app: HTTP 401: Bad credentials"))
    }

    @Test func aUsedUpRateLimitStopsWithItsResetTime() throws {
        let directory = TemporaryDirectory()
        var scenario = Self.scenario
        scenario["rate_limit"] = ["/repos/lena/app": ["reset_in": 7200]]
        let server = try FakeGitHub(scenario, in: directory)
        let run = try BinaryRunner.run(
            ["crawl", "github", "acme/skills", "lena/app", "--db", directory.appending("r.sqlite"), "--json"],
            environment: ["GITHUB_TOKEN": "t0ken", "SKILLSCOPE_GITHUB_API": server.url])
        #expect(run.status == 69)
        #expect(run.stderr.contains("skillscope crawl: stopped early: GitHub's rate limit is used up; it resets at"))
        #expect(run.stderr.contains("(in 120 min)"))
        let report = try json(run.stdout)
        #expect(report["written"] as? Int == 2 && (report["stopped"] as? [String])?.count == 1)
    }

    @Test func crawlUsageErrors() throws {
        let noService = try BinaryRunner.run(["crawl", "acme/skills"])
        #expect(noService.status == 64 && noService.stderr.contains("crawl needs a service"))
        let nothing = try BinaryRunner.run(["crawl", "github"])
        #expect(nothing.status == 64 && nothing.stderr.contains("OWNER/REPO, or --search"))
        let badName = try BinaryRunner.run(["crawl", "github", "acme/../etc"])
        #expect(badName.status == 64 && badName.stderr.contains("not a GitHub repository name"))
        let help = try BinaryRunner.run(["crawl", "--help"])
        #expect(help.status == 0 && help.stdout.contains("GITHUB_TOKEN"))
    }
}
