import Foundation
import SkillscopeSQLite
import SkillscopeStore
import SkillscopeTesting
import Testing

/// The pages in a real browser: headless Chromium from Debian, driven by selenium from `bench/.
///
/// venv`.
/// Screenshots of each page are saved under `.build/screenshots/` for people to look at.
@Suite struct BrowserTests {
    static let python = Paths.packageRoot + "/bench/.venv/bin/python"
    static var available: Bool {
        let venv = Paths.packageRoot + "/bench/.venv/lib"
        let selenium = ((try? FileManager.default.contentsOfDirectory(atPath: venv)) ?? []).contains {
            FileManager.default.fileExists(atPath: "\(venv)/\($0)/site-packages/selenium")
        }
        return selenium
            && ["/usr/bin/chromium", "/usr/bin/chromedriver", python].allSatisfy {
                FileManager.default.isExecutableFile(atPath: $0)
            }
    }

    @Test(
        .enabled(
            if: available, "needs chromium, chromium-driver (apt) and selenium in bench/.venv (.ci/run installs them)"))
    func searchFileRuleLinkReviewCompareAndAnalyzeInChromium() throws {
        let directory = TemporaryDirectory()
        try directory.write(
            "hostile/skills/hostile/SKILL.md",
            """
            ---
            name: hostile
            description: A skill whose text holds markup.
            ---
            # Hostile

            - Show <script>window.__pwned = 1</script> as text.
            - Keep "><img src=x onerror="window.__pwned = 2"> as text too.
            """)
        // A word-for-word copy and an edited copy of one example skill, in repositories of their own.
        let skill = try String(
            contentsOfFile: Paths.examples + "/files/acme-tools/agent-skills/skills/swiftui-patterns/SKILL.md",
            encoding: .utf8)
        try directory.write("copy/skills/swiftui-patterns/SKILL.md", skill)
        try directory.write(
            "edit/skills/swiftui-patterns/SKILL.md",
            skill.replacingOccurrences(
                of: "- Pass the narrowest data a subview needs, not the whole model object.",
                with: "- Pass only the data a subview reads, never the whole model object.\n- Preview every new view."))
        let database = directory.appending("r.sqlite")
        #expect(try BinaryRunner.run(["ingest", Paths.examples, "--db", database]).status == 0)
        for (folder, repository) in [("hostile", "evil/skills"), ("copy", "fork/copy"), ("edit", "fork/edit")] {
            let run = try BinaryRunner.run([
                "ingest", directory.appending(folder), "--repository", repository, "--db", database,
            ])
            #expect(run.status == 0, "\(run.stderr)")
        }
        func id(_ file: String) throws -> Int {
            let show = try BinaryRunner.run(["show", file, "--db", database, "--json"])
            let report = try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any]
            return try #require((report?["file"] as? [String: Any])?["id"] as? Int, "\(file): \(show.stderr)")
        }
        let ids: [String: Int] = [
            "hostile": try id("evil/skills/skills/hostile/SKILL.md"),
            "skill": try id("acme-tools/agent-skills/skills/swiftui-patterns/SKILL.md"),
            "claude": try id("acme-tools/agent-skills/CLAUDE.md"),
            "cursor": try id("brightpath/mobile-app/.cursor/rules/swiftui.mdc"),
            "copy": try id("fork/copy/skills/swiftui-patterns/SKILL.md"),
            "edited": try id("fork/edit/skills/swiftui-patterns/SKILL.md"),
        ]
        let token = try BinaryRunner.run(["token", "create", "--name", "browser", "--db", database])
        let server = try ServerProcess(["--db", database])

        let screenshots = Paths.packageRoot + "/.build/screenshots"
        let run = try BinaryRunner.runProgram(
            Self.python,
            [
                Paths.packageRoot + "/Tests/SkillscopeCLITests/Browser/browser_e2e.py",
                "http://127.0.0.1:\(server.port)",
                token.stdout.trimmingCharacters(in: .whitespacesAndNewlines), screenshots,
                String(decoding: try JSONSerialization.data(withJSONObject: ids), as: UTF8.self),
            ])
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr.suffix(2000))")
        #expect(run.stdout.contains("browser: all steps passed"))
        let pages = [
            "home", "browse", "search", "file", "file-dark", "file-claude", "file-cursor", "review", "hostile",
            "compare", "analyze",
            "analysis", "remix",
        ]
        for page in pages {
            for width in [390, 1280] {
                #expect(
                    FileManager.default.fileExists(atPath: "\(screenshots)/\(page)-\(width).png"),
                    "\(page)-\(width).png")
            }
        }
    }

    @Test(
        .enabled(
            if: available, "needs chromium, chromium-driver (apt) and selenium in bench/.venv (.ci/run installs them)"))
    func aVisitorSignsInReviewsEditsDeletesAndTheirAgentReviewsOverMCP() throws {
        let directory = TemporaryDirectory()
        let database = directory.appending("r.sqlite")
        #expect(try BinaryRunner.run(["ingest", Paths.examples, "--db", database]).status == 0)
        let show = try BinaryRunner.run([
            "show", "acme-tools/agent-skills/skills/swiftui-patterns/SKILL.md", "--db", database, "--json",
        ])
        let report = try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any]
        let id = try #require((report?["file"] as? [String: Any])?["id"] as? Int)
        let fake = try FakeGitHubOAuth(login: "octo-lena")
        try directory.write("secret", fake.clientSecret)
        let port = try ServerProcess.freePort()
        let server = try ServerProcess(
            [
                "--db", database, "--github-client-id", fake.clientID, "--github-client-secret-file",
                directory.appending("secret"), "--github-callback-url",
                "http://127.0.0.1:\(port)/auth/github/callback", "--github-url", fake.url, "--github-api-url", fake.url,
            ], port: port)
        let run = try BinaryRunner.runProgram(
            Self.python,
            [
                Paths.packageRoot + "/Tests/SkillscopeCLITests/Browser/signin_e2e.py",
                "http://127.0.0.1:\(server.port)",
                String(id), "octo-lena", Paths.packageRoot + "/.build/screenshots",
            ], timeout: 300)
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)\n\(server.log.suffix(3000))")
        #expect(run.stdout.contains("done"))
        // What the browser saw is what the registry holds: the agent's review, by its token, of the person.
        let store = try SQLiteStore(path: database)
        let reviews = try store.reviews(ofFile: Int64(id))
        #expect(reviews.map(\.attribution) == ["claude (claude-code), an agent of @octo-lena"])
        // The listing record counts it as the page does.
        let listing = try LoopbackHTTP.exchange("http://127.0.0.1:\(server.port)/api/v1/files/\(id)/listing")
        let record = try #require(try JSONSerialization.jsonObject(with: listing.data) as? [String: Any])
        let version = try #require((record["reviews"] as? [String: Any])?["this_version"] as? [String: Any])
        #expect((version["agents"] as? [String: Any])?["count"] as? Int == 1)
        #expect((version["people"] as? [String: Any])?["count"] as? Int == 0)
        #expect((record["agentReviews"] as? [String: Any])?["count"] as? Int == 1)
        let page = try LoopbackHTTP.exchange("http://127.0.0.1:\(server.port)/files/\(id)").text
        #expect(page.contains("Of this version, agents: 1 of 1 said it worked (100%)"))
    }
}
