import SkillscopeCore
import Testing

@Suite struct FileKindTests {
    @Test(arguments: [
        ("SKILL.md", FileKind.skill), ("skills/pdf/SKILL.md", .skill), ("skills/pdf/skill.md", .skill),
        ("CLAUDE.md", .claude), ("web/CLAUDE.md", .claude), ("CLAUDE.local.md", .claude),
        (".claude/rules/testing.md", .claude), (".claude/rules/db/migrations.md", .claude),
        ("AGENTS.md", .agents), ("pkg/AGENT.md", .agents), ("AGENTS.override.md", .agents),
        ("GEMINI.md", .gemini), (".cursor/rules/style.mdc", .cursor), (".cursor/rules/sub/api.md", .cursor),
        ("docs/anything.mdc", .cursor), (".cursorrules", .cursor), (".github/copilot-instructions.md", .copilot),
        (".github/instructions/ts.instructions.md", .copilot),
        (".github/instructions/web/react.instructions.md", .copilot), (".windsurfrules", .windsurf),
        (".windsurf/rules/style.md", .windsurf),
    ])
    func pathsGiveTheirKind(path: String, kind: FileKind) {
        #expect(FileKind.ownKind(of: path) == kind)
    }

    @Test(arguments: ["README.md", "docs/guide.md", "src/main.swift", ".github/workflows/ci.md", "claude.md.bak"])
    func otherPathsAreNoInstructionFiles(path: String) {
        #expect(FileKind.ownKind(of: path) == nil)
    }

    @Test func markdownInOrBelowASkillFolderIsASkillReference() {
        let kinds = FileKind.classify([
            "skills/pdf/SKILL.md", "skills/pdf/references/api.md", "skills/pdf/deep/nested/notes.md",
            "skills/pdf/script.py", "skills/other/README.md", "README.md", "skills/pdf/CLAUDE.md",
        ])
        #expect(kinds["skills/pdf/SKILL.md"] == .skill)
        #expect(kinds["skills/pdf/references/api.md"] == .skillReference)
        #expect(kinds["skills/pdf/deep/nested/notes.md"] == .skillReference)
        #expect(kinds["skills/pdf/CLAUDE.md"] == .claude)
        #expect(kinds["skills/pdf/script.py"] == nil)
        #expect(kinds["skills/other/README.md"] == nil)
        #expect(kinds["README.md"] == nil)
    }

    @Test func aRootSkillMakesEveryMarkdownFileAReference() {
        let kinds = FileKind.classify(["SKILL.md", "docs/usage.md"])
        #expect(kinds["docs/usage.md"] == .skillReference)
    }
}
