import Foundation
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
        let database = directory.appending("r.sqlite")
        #expect(try BinaryRunner.run(["ingest", Paths.examples, "--db", database]).status == 0)
        #expect(
            try BinaryRunner.run([
                "ingest", directory.appending("hostile"), "--repository", "evil/skills", "--db", database,
            ])
            .status == 0)
        let show = try BinaryRunner.run(["show", "evil/skills/skills/hostile/SKILL.md", "--db", database, "--json"])
        let hostile = try #require(
            ((try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])?["file"]
                as? [String: Any])?["id"] as? Int)
        let token = try BinaryRunner.run(["token", "create", "--name", "browser", "--db", database])
        let server = try ServerProcess(["--db", database])

        let screenshots = Paths.packageRoot + "/.build/screenshots"
        let run = try BinaryRunner.runProgram(
            Self.python,
            [
                Paths.packageRoot + "/Tests/SkillscopeCLITests/Browser/browser_e2e.py",
                "http://127.0.0.1:\(server.port)",
                token.stdout.trimmingCharacters(in: .whitespacesAndNewlines), String(hostile), screenshots,
            ])
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr.suffix(2000))")
        #expect(run.stdout.contains("browser: all steps passed"))
        for page in ["home", "search", "file", "review", "hostile", "compare", "analyze", "remix"] {
            #expect(FileManager.default.fileExists(atPath: "\(screenshots)/\(page).png"), "\(page).png")
        }
    }
}
