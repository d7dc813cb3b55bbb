import SkillscopeCore
import Testing

@Suite struct SpecCheckTests {
    func findings(
        _ text: String, path: String = "skills/pdf-reader/SKILL.md", kind: FileKind = .skill,
        folder: String? = "pdf-reader", files: Set<String> = []
    ) -> [Finding] {
        let document = DocumentParser().parse(text: text, path: path, kind: kind)
        return SpecCheck.check(document, folderName: folder, fileExists: { files.contains($0) })
    }

    func codes(_ findings: [Finding]) -> [String] { findings.map(\.code) }

    static let valid = """
        ---
        name: pdf-reader
        description: Read and extract text from PDF files. Use when the user mentions PDFs.
        license: Apache-2.0
        compatibility: Requires poppler-utils
        allowed-tools: Bash(pdftotext:*) Read
        metadata:
          author: example
          version: "1.0"
        ---
        # PDF reader

        - Always run pdftotext first; see [the API](references/api.md).
        """

    @Test func aSkillUsingEveryAllowedFieldPasses() {
        #expect(findings(Self.valid, files: ["references/api.md"]).isEmpty)
    }

    @Test(arguments: [
        ("Bad_Name", ["name-folder", "name-format"]), ("-lead", ["name-folder", "name-hyphens"]),
        ("double--hyphen", ["name-folder", "name-hyphens"]),
        (String(repeating: "a", count: 70), ["name-folder", "name-length"]),
    ])
    func badNamesAreErrorsOnTheirLine(name: String, expected: [String]) {
        let result = findings("---\nname: \(name)\ndescription: d\n---\n")
        #expect(codes(result).sorted() == expected)
        #expect(result.allSatisfy { $0.line == 2 && $0.severity == .error })
    }

    @Test func theNameMustEqualTheFolder() {
        let result = findings("---\nname: other-name\ndescription: d\n---\n", folder: "dir-mismatch")
        #expect(codes(result) == ["name-folder"])
        #expect(result.first?.message.contains("dir-mismatch") == true)
    }

    @Test func missingAndMistypedRequiredFields() {
        #expect(codes(findings("---\ndescription: d\n---\n")) == ["missing-name"])
        #expect(codes(findings("---\nname: pdf-reader\n---\n")) == ["missing-description"])
        #expect(codes(findings("---\nname: pdf-reader\ndescription: \"\"\n---\n")) == ["description-type"])
        let long = findings("---\nname: pdf-reader\ndescription: \(String(repeating: "x", count: 1100))\n---\n")
        #expect(codes(long) == ["description-length"] && long.first?.message.contains("1100") == true)
        #expect(codes(findings("# no front matter\n")) == ["missing-front-matter"])
    }

    @Test func clientExtensionsAreWarningsNamingTheClientAndUnknownFieldsAreErrors() {
        let result = findings("---\nname: pdf-reader\ndescription: d\nargument-hint: <file>\nauthor: me\n---\n")
        #expect(codes(result) == ["client-extension", "unexpected-field"])
        #expect(result[0].severity == .warning && result[0].message.contains("Claude Code") && result[0].line == 4)
        #expect(result[1].severity == .error && result[1].line == 5)
    }

    @Test func fieldTypesAndLengthsAreChecked() {
        let text = """
            ---
            name: pdf-reader
            description: d
            compatibility: \(String(repeating: "c", count: 510))
            metadata:
              tags: [a, b]
            allowed-tools:
              - Read
            ---
            """
        let result = findings(text)
        #expect(codes(result) == ["compatibility-length", "metadata-type", "allowed-tools-list"])
        #expect(result.first { $0.code == "allowed-tools-list" }?.severity == .warning)
    }

    @Test func linkedReferencesMustExistAndStayOneLevelDeep() {
        let text =
            "---\nname: pdf-reader\ndescription: d\n---\nSee [a](references/a.md), [b](references/deep/b.md) and [web](https://x.y).\n"
        let result = findings(text, files: ["references/deep/b.md"])
        #expect(codes(result) == ["deep-reference", "missing-reference"])
        #expect(result.allSatisfy { $0.line == 5 })
    }

    @Test func aLongBodyIsAWarning() {
        let body = (0..<520).map { "- rule \($0)" }.joined(separator: "\n")
        #expect(codes(findings("---\nname: pdf-reader\ndescription: d\n---\n" + body)) == ["body-length"])
    }

    @Test func cursorRulesReadTheirThreeFields() {
        let path = ".cursor/rules/ts.mdc"
        #expect(
            findings(
                "---\ndescription: TS\nglobs: \"*.ts\"\nalwaysApply: false\n---\n- x\n", path: path, kind: .cursor,
                folder: nil
            ).isEmpty)
        #expect(
            codes(findings("---\nalwaysApply: maybe\n---\n", path: path, kind: .cursor, folder: nil)).contains(
                "always-apply-type"))
        #expect(
            codes(findings("---\nalwaysApply: false\n---\n", path: path, kind: .cursor, folder: nil)) == [
                "never-applied"
            ])
        #expect(
            codes(findings("- no front matter\n", path: path, kind: .cursor, folder: nil)) == ["missing-front-matter"])
    }

    @Test func copilotInstructionsNeedApplyTo() {
        let path = ".github/instructions/ts.instructions.md"
        #expect(findings("---\napplyTo: \"**/*.ts\"\n---\n- x\n", path: path, kind: .copilot, folder: nil).isEmpty)
        #expect(
            codes(findings("---\nname: ts\n---\n", path: path, kind: .copilot, folder: nil)) == ["missing-apply-to"])
        #expect(codes(findings("- x\n", path: path, kind: .copilot, folder: nil)) == ["missing-apply-to"])
    }

    @Test func plainKindsTakeNoFrontMatter() {
        #expect(
            codes(findings("---\ntitle: x\n---\n- y\n", path: "AGENTS.md", kind: .agents, folder: nil)) == [
                "unexpected-front-matter"
            ])
        #expect(findings("- y\n", path: "CLAUDE.md", kind: .claude, folder: nil).isEmpty)
        #expect(
            findings("---\npaths: src/**\n---\n- y\n", path: ".claude/rules/a.md", kind: .claude, folder: nil).isEmpty)
    }
}
