import Foundation
import SkillscopeCore
import SkillscopeIngest
import SkillscopeSQLite
import SkillscopeStore
import SkillscopeTesting
import Synchronization
import Testing

/// Crawls against the fake GitHub server of the fixtures; each test runs its own server.
@Suite struct GitHubSourceTests {
    static let seenAt = "2026-11-30T09:00:00Z"
    static let later = "2026-12-01T09:00:00Z"

    static var skills: [String: Any] {
        FakeGitHub.repository(
            "acme/skills", stars: 120, topics: ["agent-skills", "ai"],
            files: [
                "skills/review/SKILL.md": Fixtures.reviewSkill,
                "skills/review/references/checklist.md": "# Checklist\n\n- Check the tests.\n",
                "skills/commit/SKILL.md": Fixtures.commitSkill, "README.md": "# Read me\n", "src/main.py": "print(1)\n",
            ])
    }
    static var app: [String: Any] {
        FakeGitHub.repository("lena/app", stars: 3, license: nil, files: ["AGENTS.md": Fixtures.agentsFile])
    }

    /// A test's server, registry and cache.
    struct Harness {
        let directory = TemporaryDirectory("crawl")
        let server: FakeGitHub
        let store: SQLiteStore
        var token: String? = "secret"
        var maxRateLimitWait: Duration = .seconds(5)

        init(_ scenario: [String: Any]) throws {
            var scenario = scenario
            scenario["token"] = "secret"
            server = try FakeGitHub(scenario, in: directory)
            store = try SQLiteStore(path: directory.appending("registry.sqlite"))
        }

        func source(
            _ names: [String], search: String? = nil, maxBlobBytes: Int = 1 << 20,
            timing: GitHubClient.Timing = .system
        ) -> GitHubSource {
            var client = GitHubClient.Configuration()
            client.apiURL = server.url
            client.token = token
            client.retryDelay = .milliseconds(10)
            client.maxRateLimitWait = maxRateLimitWait
            var configuration = GitHubSource.Configuration()
            configuration.maxBlobBytes = maxBlobBytes
            return GitHubSource(
                repositories: names, search: search, client: GitHubClient(configuration: client, timing: timing),
                cache: GitHubCache(root: directory.appending("cache")), configuration: configuration)
        }

        func crawl(_ names: [String], search: String? = nil, at seenAt: String = GitHubSourceTests.seenAt)
            async throws -> (report: IngestReport, source: GitHubSource)
        {
            let source = source(names, search: search)
            return (try await Ingestor(store: store).run([source], seenAt: seenAt), source)
        }

        func file(_ repository: String, _ path: String) throws -> StoredFile {
            try #require(try store.file(.key(FileKey(repository: repository, path: path))), "no \(repository)/\(path)")
        }
    }

    @Test func aCrawlReadsMetadataTheTreeAndOnlyInstructionBlobs() async throws {
        let harness = try Harness(["repos": ["acme/skills": Self.skills, "lena/app": Self.app]])
        let (report, _) = try await harness.crawl(["acme/skills", "lena/app"])
        #expect(report.files == 4 && report.written == 4 && report.problems.isEmpty && report.stopped.isEmpty)
        let review = try harness.file("acme/skills", "skills/review/SKILL.md")
        #expect(review.repository.stars == 120 && review.repository.topics == ["agent-skills", "ai"])
        #expect(review.repository.license == "MIT" && review.repository.defaultBranch == "main")
        #expect(review.repository.pushedAt == "2026-10-01T12:00:00Z")
        #expect(review.repository.commit?.count == 40 && review.commit == review.repository.commit)
        #expect(review.blobSHA == GitBlob.id(Fixtures.reviewSkill) && review.name == "code-review")
        #expect(review.firstSeen == Self.seenAt && review.lastSeen == Self.seenAt)
        #expect(try harness.file("acme/skills", "skills/review/references/checklist.md").kind == .skillReference)
        #expect(try harness.file("lena/app", "AGENTS.md").repository.license == nil)
        let requests = try harness.server.requests()
        #expect(requests.allSatisfy { $0["authorization"] as? String == "Bearer secret" })
        let blobs = try harness.server.paths().filter { $0.contains("/git/blobs/") }
        #expect(blobs.count == 4)
        #expect(!blobs.contains { $0.hasSuffix(GitBlob.id("# Read me\n")) })
    }

    @Test func anUnchangedRepositoryCostsOneRequestAndMovesLastSeen() async throws {
        let harness = try Harness(["repos": ["acme/skills": Self.skills, "lena/app": Self.app]])
        _ = try await harness.crawl(["acme/skills", "lena/app"])
        try harness.server.clearLog()
        let (again, source) = try await harness.crawl(["acme/skills", "lena/app"], at: Self.later)
        #expect(try harness.server.paths() == ["/repos/acme/skills", "/repos/lena/app"])
        #expect(try harness.server.requests().allSatisfy { $0["status"] as? Int == 304 })
        #expect(source.client.statistics.notModified == 2)
        #expect(again.written == 0 && again.unchanged == 4 && again.removed == 0)
        let review = try harness.file("acme/skills", "skills/review/SKILL.md")
        #expect(review.firstSeen == Self.seenAt && review.lastSeen == Self.later)
    }

    @Test func aChangedRepositoryFetchesOnlyNewBlobsAndMarksGoneFilesRemoved() async throws {
        let harness = try Harness(["repos": ["acme/skills": Self.skills]])
        _ = try await harness.crawl(["acme/skills"])
        var changed = Self.skills
        var files = try #require(changed["files"] as? [String: String])
        files["skills/commit/SKILL.md"] = nil
        files["CLAUDE.md"] = "# Claude\n\n- Prefer small commits.\n"
        changed["files"] = files
        try harness.server.update(["repos": ["acme/skills": changed], "token": "secret"])
        try harness.server.clearLog()
        let (again, _) = try await harness.crawl(["acme/skills"], at: Self.later)
        #expect(again.written == 1 && again.unchanged == 2 && again.removed == 1)
        #expect(try harness.server.paths().filter { $0.contains("/git/blobs/") }.count == 1)
        let gone = try harness.file("acme/skills", "skills/commit/SKILL.md")
        #expect(gone.removedAt == Self.later && gone.lastSeen == Self.seenAt)
        #expect(try harness.store.search(SearchQuery(text: "imperative")).total == 0)
        #expect(try harness.store.search(SearchQuery(text: "small commits")).total == 1)
    }

    @Test func aRepositoryWithoutInstructionFilesIsStillSeen() async throws {
        let empty = FakeGitHub.repository("lena/plain", stars: 7, files: ["README.md": "# Plain\n"])
        let harness = try Harness(["repos": ["lena/plain": empty]])
        let (report, _) = try await harness.crawl(["lena/plain"])
        #expect(report.files == 0 && report.problems.isEmpty)
        let stats = try harness.store.stats()
        #expect(stats.repositories == 1 && stats.files == 0)
    }

    @Test func searchFollowsEveryPageOfResults() async throws {
        var repos: [String: Any] = [:]
        for index in 0..<5 {
            repos["team\(index)/rules"] = FakeGitHub.repository(
                "team\(index)/rules", files: ["AGENTS.md": "# Team \(index)\n\n- Always write tests.\n"])
        }
        let names = (0..<5).map { "team\($0)/rules" }
        let harness = try Harness(["repos": repos, "search": ["topic:agent-skills": names], "per_page": 2])
        let (report, _) = try await harness.crawl([], search: "topic:agent-skills")
        #expect(report.files == 5 && report.written == 5)
        let pages = try harness.server.paths().filter { $0.hasPrefix("/search/") }
        #expect(pages.count == 3 && pages[2].hasSuffix("page=3"))
        #expect(try harness.store.stats().repositories == 5)
    }

    @Test func aMissingRepositoryIsReportedAndTheCrawlGoesOn() async throws {
        let harness = try Harness(["repos": ["lena/app": Self.app]])
        let (report, _) = try await harness.crawl(["ghost/missing", "lena/app"])
        #expect(report.problems.map(\.code) == [.notFound])
        #expect(
            report.problems.first?.description
                == "ghost/missing: no such repository on GitHub, or it is private (HTTP 404)")
        #expect(report.written == 1 && report.summaryLine.hasSuffix("1 skipped: 1 not found"))
    }

    @Test func aRateLimitLongerThanTheWaitStopsTheCrawlNamingTheReset() async throws {
        let harness = try Harness([
            "repos": ["lena/app": Self.app, "acme/skills": Self.skills],
            "rate_limit": ["/repos/acme/skills": ["reset_in": 3600]],
        ])
        let (report, _) = try await harness.crawl(["lena/app", "acme/skills"])
        let stopped = try #require(report.stopped.first)
        #expect(stopped.contains("rate limit is used up; it resets at 20") && stopped.contains("(in 60 min)"))
        // What was read before the limit is indexed.
        #expect(report.written == 1)
        #expect(try harness.store.stats().repositories == 1)
    }

    @Test func aShortRateLimitIsWaitedOut() async throws {
        let harness = try Harness([
            "repos": ["lena/app": Self.app], "rate_limit": ["/repos/lena/app": ["retry_after": 1, "times": 1]],
        ])
        let clock = ContinuousClock()
        let start = clock.now
        let (report, source) = try await harness.crawl(["lena/app"])
        #expect(clock.now - start >= .seconds(1))
        #expect(report.written == 1 && report.stopped.isEmpty)
        #expect(source.client.statistics.rateLimitWaits == 1)
        #expect(try harness.server.requests().first?["status"] as? Int == 403)
    }

    /// The clock stands still at the test's start and sleeps are only recorded, so a loaded machine cannot
    /// let the reset pass before the next request.
    @Test func aWindowUsedUpByAnAnswerIsWaitedOutBeforeTheNextRequest() async throws {
        var harness = try Harness([
            "repos": ["lena/app": Self.app], "rate_limit": ["/repos/lena/app": ["exhaust": true, "reset_in": 3]],
        ])
        harness.maxRateLimitWait = .seconds(60)
        let start = Date()
        let sleeps = Mutex<[Duration]>([])
        let timing = GitHubClient.Timing(now: { start }, sleep: { duration in sleeps.withLock { $0.append(duration) } })
        let source = harness.source(["lena/app"], timing: timing)
        let report = try await Ingestor(store: harness.store).run([source], seenAt: Self.seenAt)
        #expect(report.written == 1 && report.stopped.isEmpty)
        #expect(source.client.statistics.rateLimitWaits == 1)
        // Until the reset (over 2 seconds after the start, the header having whole seconds), and a second more.
        let waited = try #require(sleeps.withLock { $0 }.first)
        #expect(waited > .seconds(3) && waited < .seconds(60))
    }

    @Test func aWindowUsedUpForLongStopsWithoutAnotherRequest() async throws {
        let harness = try Harness([
            "repos": ["lena/app": Self.app, "acme/skills": Self.skills],
            "rate_limit": ["/repos/lena/app": ["exhaust": true, "reset_in": 3600]],
        ])
        let (report, _) = try await harness.crawl(["lena/app", "acme/skills"])
        #expect(report.stopped.first?.contains("it resets at") == true && report.written == 0)
        #expect(try harness.server.paths() == ["/repos/lena/app"])
    }

    @Test func anUnreachableAPIStopsTheCrawl() async throws {
        let directory = TemporaryDirectory("crawl")
        var client = GitHubClient.Configuration()
        client.apiURL = "http://127.0.0.1:1"
        client.retries = 1
        client.retryDelay = .milliseconds(10)
        let source = GitHubSource(
            repositories: ["lena/app"], client: GitHubClient(configuration: client),
            cache: GitHubCache(root: directory.appending("cache")))
        let listing = try await source.list()
        #expect(listing.entries.isEmpty && listing.stopped?.hasPrefix("cannot reach http://127.0.0.1:1") == true)
        #expect(source.client.statistics.requests == 2 && source.client.statistics.retries == 1)
    }

    @Test func serverErrorsAreRetriedWithBackOffThenReported() async throws {
        let harness = try Harness([
            "repos": ["lena/app": Self.app, "acme/skills": Self.skills],
            "fail": ["/repos/lena/app": [503, 502], "/repos/acme/skills": [500, 500, 500, 500, 500]],
        ])
        let (report, source) = try await harness.crawl(["lena/app", "acme/skills"])
        #expect(report.written == 1)
        #expect(try harness.file("lena/app", "AGENTS.md").kind == .agents)
        #expect(source.client.statistics.retries == 2 + 4)
        #expect(report.problems.map(\.path) == ["acme/skills"])
        #expect(report.problems.first?.message.contains("HTTP 500") == true)
    }

    @Test func aTruncatedTreeIsWalkedFolderByFolder() async throws {
        var skills = Self.skills
        skills["truncated"] = true
        let harness = try Harness(["repos": ["acme/skills": skills]])
        let (report, _) = try await harness.crawl(["acme/skills"])
        #expect(report.files == 3 && report.problems.isEmpty)
        let trees = try harness.server.paths().filter { $0.contains("/git/trees/") }
        #expect(trees.filter { $0.hasSuffix("recursive=1") }.count == 1)
        #expect(trees.count == 1 + 6)  // the root, skills, review, references, commit, src
    }

    @Test func aBlobOverTheSizeLimitIsSkippedReportedAndNotRemoved() async throws {
        var skills = Self.skills
        skills["sizes"] = ["skills/commit/SKILL.md": 5_000_000]
        let harness = try Harness(["repos": ["acme/skills": skills]])
        let (report, _) = try await harness.crawl(["acme/skills"])
        #expect(report.problems.map(\.code) == [.tooLarge])
        #expect(report.problems.first?.path == "acme/skills/skills/commit/SKILL.md")
        #expect(report.problems.first?.message.contains("5000000 bytes, over the crawl's limit of 1048576") == true)
        let paths = try harness.server.paths()
        #expect(!paths.contains { $0.hasSuffix(GitBlob.id(Fixtures.commitSkill)) })
        #expect(report.written == 2 && report.removed == 0)
    }

    @Test func aRenamedRepositoryIsFiledUnderItsNewName() async throws {
        let old = FakeGitHub.repository("acme/old-skills", files: ["AGENTS.md": Fixtures.agentsFile])
        let harness = try Harness(["repos": ["acme/old-skills": old]])
        _ = try await harness.crawl(["acme/old-skills"])
        let before = try harness.file("acme/old-skills", "AGENTS.md")
        let renamed = FakeGitHub.repository("acme/skills-v2", files: ["AGENTS.md": Fixtures.agentsFile])
        try harness.server.update([
            "repos": ["acme/skills-v2": renamed], "renamed": ["acme/old-skills": "acme/skills-v2"], "token": "secret",
        ])
        let (again, _) = try await harness.crawl(["acme/old-skills"], at: Self.later)
        #expect(again.problems.isEmpty && again.written == 0 && again.unchanged == 1)
        let after = try harness.file("acme/skills-v2", "AGENTS.md")
        #expect(after.id == before.id && after.firstSeen == Self.seenAt && after.lastSeen == Self.later)
        #expect(try harness.store.file(.key(FileKey(repository: "acme/old-skills", path: "AGENTS.md"))) == nil)
        #expect(try harness.server.paths().contains { $0.hasPrefix("/repositories/") })
    }

    @Test func linkHeadersAndRepositoryNamesAreParsed() {
        #expect(
            GitHubSource.nextLink(
                "<https://x/search?q=a&page=2>; rel=\"next\", <https://x/search?page=9>; rel=\"last\"")
                == "https://x/search?q=a&page=2")
        #expect(GitHubSource.nextLink("<https://x/search?page=1>; rel=\"prev\"") == nil)
        #expect(GitHubCache.isRepositoryName("acme/skills.v2") && GitHubCache.isRepositoryName("a-b/c_d"))
        #expect(
            !GitHubCache.isRepositoryName("acme/../x") && !GitHubCache.isRepositoryName("acme/..")
                && !GitHubCache.isRepositoryName("a/b/c") && !GitHubCache.isRepositoryName("a b/c"))
    }
}

/// Git blob ids of test texts, as `git hash-object` gives them.
enum GitBlob {
    static func id(_ text: String) -> String {
        (try? GitRepositoryBuilder.hashObject(text)) ?? ""
    }
}
