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

    /// One inference for a text not stored, on every surface: the path's kind, else the front matter's.
    @Test func aTextNotStoredHasItsKindFromItsPathElseItsFrontMatter() {
        func kind(_ text: String, path: String? = nil) -> FileKind { FileKind.inferred(path: path, text: text.utf8) }
        #expect(kind("---\nname: pdf\ndescription: Reads PDFs.\n---\n- Use it.\n") == .skill)
        #expect(kind("\u{FEFF}---\r\ndescription: x\r\n---\r\n- y\r\n") == .skill)
        #expect(kind("---\ndescription: TypeScript\nglobs: *.ts\nalwaysApply: false\n---\n- Use strict.\n") == .cursor)
        #expect(kind("---\napplyTo: \"**/*.ts\"\n---\n- Use strict.\n") == .copilot)
        #expect(kind("# Project\n\n- Run the tests.\n") == .agents)
        #expect(kind("---\ntitle: notes\n---\n- x\n") == .agents)
        // A nested key is not the front matter's own, and the path, when it names a kind, decides.
        #expect(kind("---\nmetadata:\n  globs: x\nname: a\n---\n") == .skill)
        #expect(kind("---\nname: pdf\n---\n", path: "CLAUDE.md") == .claude)
        #expect(kind("- x\n", path: "notes.txt") == .agents)
        #expect(
            FileKind.allCases.allSatisfy { FileKind.ownKind(of: $0.placeholderPath) == $0 || $0 == .skillReference })
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
