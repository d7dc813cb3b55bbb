import Foundation
import SkillscopeTesting
import Testing

/// End-to-end, through the real binary: `check` agrees with `sync` and `add` on a TypeScript monorepo (issue 46).
@Suite struct CheckAfterSyncTests {
    let truth = InstallTruthTests()

    /// A monorepo with a root and a nested AGENTS.md, CLAUDE.md a link to AGENTS.md, Gemini, Cursor and Copilot in
    /// use, and a skill installed from a local git repository (so `.skillscope/base` and `.skillscope/backup` exist).
    func monorepo(_ directory: TemporaryDirectory) throws -> GitRepositoryBuilder {
        let project = try GitRepositoryBuilder(at: directory.appending("mono"))
        try project.write("package.json", "{\"private\": true, \"workspaces\": [\"packages/*\"]}\n")
        try project.write(
            "AGENTS.md",
            "# Monorepo\n\n- Run `pnpm test` before every commit.\n- Use tabs for indentation.\n"
                + "- Keep each function under 40 lines.\n")
        try project.write("packages/web/package.json", "{\"name\": \"web\"}\n")
        try project.write(
            "packages/web/AGENTS.md", "# Web\n\n- Use React server components for data fetching.\n")
        try project.write("GEMINI.md", "# Gemini\n\nNotes written by hand.\n")
        try project.write(".cursor/rules/.keep", "")
        try project.write(".github/copilot-instructions.md", "# Copilot\n\nAnswer briefly.\n")
        try FileManager.default.createSymbolicLink(
            atPath: project.path + "/CLAUDE.md", withDestinationPath: "AGENTS.md")
        try project.commit("first", at: "2024-01-01T00:00:00Z")
        return project
    }

    @Test func checkRightAfterSyncAndAddFindsNothingAndSkipsSkillscopesOwnFolders() throws {
        let directory = TemporaryDirectory()
        let repository = try truth.upstream(directory)
        let project = try monorepo(directory)
        let add = try truth.run(["add", repository.path, "--skill", "a"], in: project.path)
        #expect(add.status == 0, "\(add.stderr)")
        let sync = try truth.run(["sync"], in: project.path)
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(FileManager.default.fileExists(atPath: project.path + "/.skillscope/backup/GEMINI.md"))
        #expect(FileManager.default.fileExists(atPath: project.path + "/.skillscope/base/a/SKILL.md"))
        #expect(try truth.text(project.path + "/packages/web/CLAUDE.md").contains("skillscope:begin"))

        let check = try BinaryRunner.run(["check", project.path, "--fail-on", "warning"])
        #expect(check.status == 0, "\(check.stdout)")
        #expect(!check.stdout.contains("[duplicate-rule]"))
        let json = try BinaryRunner.run(["check", project.path, "--format", "json"])
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let paths = reports.compactMap { $0["path"] as? String }.map { String($0.dropFirst(project.path.count + 1)) }
        #expect(!paths.contains { $0.hasPrefix(".skillscope/") })
        // CLAUDE.md is a link to AGENTS.md: one file, checked once.
        #expect(paths.contains("AGENTS.md") && !paths.contains("CLAUDE.md"))
        #expect(paths.contains("packages/web/GEMINI.md") && paths.contains(".agents/skills/a/SKILL.md"))

        // A rule copied by hand into GEMINI.md is a copy to keep in step, not one an agent reads twice.
        let gemini = project.path + "/GEMINI.md"
        try (try truth.text(gemini)).replacingOccurrences(
            of: "Notes written by hand.\n", with: "Notes written by hand.\n\n- Use tabs for indentation.\n"
        ).write(toFile: gemini, atomically: true, encoding: .utf8)
        let copied = try BinaryRunner.run(["check", project.path, "--fail-on", "warning"])
        #expect(copied.status == 1)
        let warnings = copied.stdout.split(separator: "\n").filter { $0.contains("[duplicate-rule]") }
        #expect(warnings.count == 1, "\(copied.stdout)")
        #expect(warnings.first?.contains("GEMINI.md:5: warning: the same rule as AGENTS.md:4") == true)
        #expect(warnings.first?.contains("no agent reads both") == true)
        #expect(warnings.first?.contains("an agent reading both") == false)
    }
}
