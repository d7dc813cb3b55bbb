import Foundation
import SkillscopeSync
import SkillscopeTesting
import Testing

@Suite struct RuleSyncTests {
    func sync(_ root: String, _ agents: [String], force: Bool = false) throws -> [RuleSync.Outcome] {
        var configuration = RuleSync.Configuration()
        configuration.agents = try Agent.parse(agents)
        configuration.force = force
        return try RuleSync(root: root, configuration: configuration).run()
    }

    @Test func nestedCanonicalFilesSyncToTheirSubfoldersOrToAScopedRule() throws {
        let project = TemporaryDirectory()
        try project.write("AGENTS.md", "# Root\n\n- Root rule.\n")
        try project.write("packages/api/AGENTS.md", "# API\n\n- API rule.\n")
        try project.write("node_modules/x/AGENTS.md", "- never read\n")
        let outcomes = try sync(project.path, ["claude", "copilot", "cursor"])
        #expect(
            Set(outcomes.map(\.path)) == [
                "CLAUDE.md", ".github/copilot-instructions.md", ".cursor/rules/skillscope.mdc",
                "packages/api/CLAUDE.md",
                ".github/instructions/skillscope-packages-api.instructions.md",
                "packages/api/.cursor/rules/skillscope.mdc",
            ])
        let copilot = try String(
            contentsOfFile: project.appending(".github/instructions/skillscope-packages-api.instructions.md"),
            encoding: .utf8)
        #expect(copilot.hasPrefix("---\napplyTo: \"packages/api/**\"\n---\n"))
        #expect(copilot.contains("- API rule.\n"))
        let nested = try String(contentsOfFile: project.appending("packages/api/CLAUDE.md"), encoding: .utf8)
        #expect(nested.contains("from=packages/api/AGENTS.md"))
    }

    @Test func globScopesMapToEachFormat() throws {
        let project = TemporaryDirectory()
        try project.write(
            "AGENTS.md",
            "- All.\n<!-- skillscope:scope src/**/*.ts -->\n- Types first.\n<!-- skillscope:scope-end -->\n")
        _ = try sync(project.path, ["cursor", "claude", "windsurf", "gemini"])
        func read(_ path: String) throws -> String {
            try String(contentsOfFile: project.appending(path), encoding: .utf8)
        }
        #expect(try read(".cursor/rules/skillscope-src-ts.mdc").contains("globs: src/**/*.ts\nalwaysApply: false\n"))
        #expect(try read(".claude/rules/skillscope-src-ts.md").hasPrefix("---\npaths:\n  - \"src/**/*.ts\"\n---\n"))
        #expect(try read(".windsurf/rules/skillscope-src-ts.md").hasPrefix("---\ntrigger: glob\nglobs: src/**/*.ts\n"))
        #expect(try read("GEMINI.md").contains("When working on files matching `src/**/*.ts`:\n\n- Types first.\n"))
        #expect(try !read("CLAUDE.md").contains("Types first"))
    }

    @Test func aBlockEditedByHandIsLeftAloneUnlessForced() throws {
        let project = TemporaryDirectory()
        try project.write("AGENTS.md", "- One.\n")
        _ = try sync(project.path, ["claude"])
        let edited = try String(contentsOfFile: project.appending("CLAUDE.md"), encoding: .utf8)
            .replacingOccurrences(of: "- One.", with: "- One, edited in CLAUDE.md.")
        try project.write("CLAUDE.md", edited)
        try project.write("AGENTS.md", "- One.\n- Two.\n")
        #expect(try sync(project.path, ["claude"]).map(\.action) == [.refused])
        #expect(try String(contentsOfFile: project.appending("CLAUDE.md"), encoding: .utf8) == edited)
        var configuration = RuleSync.Configuration()
        configuration.agents = try Agent.parse(["claude"])
        let drift = try RuleSync(root: project.path, configuration: configuration).status()
        #expect(drift.map(\.kind) == [.blockEdited])
        #expect(try sync(project.path, ["claude"], force: true).map(\.action) == [.updated])
        #expect(
            try String(contentsOfFile: project.appending(".skillscope/backup/CLAUDE.md"), encoding: .utf8) == edited)
    }

    @Test func aStaleTemporaryFromAKilledWriteIsRemovedAndTheFileReplacedWhole() throws {
        let folder = TemporaryDirectory()
        try folder.write("CLAUDE.md", "old\n")
        try folder.write(".CLAUDE.md.skillscope-1-dead.tmp", "half writ")
        try AtomicFile.write(
            Array("new\n".utf8), to: folder.appending("CLAUDE.md"), backup: folder.appending("b/CLAUDE.md"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["CLAUDE.md", "b"])
        #expect(try String(contentsOfFile: folder.appending("CLAUDE.md"), encoding: .utf8) == "new\n")
        #expect(try String(contentsOfFile: folder.appending("b/CLAUDE.md"), encoding: .utf8) == "old\n")
    }
}

@Suite struct GlobalRuleSyncTests {
    @Test func userScopeWritesEachAgentsUserFileAndNothingInTheProjectLayout() throws {
        let home = TemporaryDirectory()
        try home.write(
            ".agents/AGENTS.md",
            "- Mine everywhere.\n<!-- skillscope:scope **/*.py -->\n- Py.\n<!-- skillscope:scope-end -->\n")
        try home.write("projects/x/AGENTS.md", "- never read in user scope\n")
        var configuration = RuleSync.Configuration()
        configuration.canonical = ".agents/AGENTS.md"
        configuration.isGlobal = true
        configuration.agents = try Agent.parse(["claude", "codex", "cursor", "gemini"])
        let outcomes = try RuleSync(root: home.path, configuration: configuration).run()
        #expect(outcomes.map(\.path) == [".claude/CLAUDE.md", ".codex/AGENTS.md", ".gemini/GEMINI.md"])
        let claude = try String(contentsOfFile: home.appending(".claude/CLAUDE.md"), encoding: .utf8)
        #expect(claude.contains("- Mine everywhere.\n") && claude.contains("matching `**/*.py`"))
        #expect(!FileManager.default.fileExists(atPath: home.appending("CLAUDE.md")))
    }
}
