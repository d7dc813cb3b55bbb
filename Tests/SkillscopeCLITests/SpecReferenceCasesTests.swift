import Foundation
import SkillscopeTesting
import Testing

/// `skillscope check` against the verdicts of the Agent Skills reference validator (skills-ref's
/// `tests/test_validator.py`, agentskills/agentskills): each case rewritten here as a skill folder of our own, with
/// the reference's verdict, valid or not (issue 46).
@Suite struct SpecReferenceCasesTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var folder: String
        /// SKILL.md's front matter lines, between the `---` lines.
        var frontMatter: String
        /// Whether the reference finds nothing wrong.
        var valid: Bool
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "plain", folder: "pdf-tools", frontMatter: "name: pdf-tools\ndescription: Fills PDF forms.",
            valid: true),
        Case(
            name: "upper case", folder: "PdfTools", frontMatter: "name: PdfTools\ndescription: Fills PDF forms.",
            valid: false),
        Case(
            name: "over 64", folder: String(repeating: "b", count: 65),
            frontMatter: "name: \(String(repeating: "b", count: 65))\ndescription: Long.", valid: false),
        Case(
            name: "leading hyphen", folder: "-pdf", frontMatter: "name: -pdf\ndescription: Fills PDF forms.",
            valid: false),
        Case(
            name: "double hyphen", folder: "pdf--tools", frontMatter: "name: pdf--tools\ndescription: D.", valid: false),
        Case(name: "underscore", folder: "pdf_tools", frontMatter: "name: pdf_tools\ndescription: D.", valid: false),
        Case(name: "folder differs", folder: "other", frontMatter: "name: pdf-tools\ndescription: D.", valid: false),
        Case(
            name: "unknown key", folder: "pdf-tools", frontMatter: "name: pdf-tools\ndescription: D.\nowner: me",
            valid: false),
        Case(
            name: "every allowed key", folder: "pdf-tools",
            frontMatter: "name: pdf-tools\ndescription: D.\nlicense: Apache-2.0\nmetadata:\n  team: docs", valid: true),
        Case(
            name: "allowed-tools string", folder: "pdf-tools",
            frontMatter: "name: pdf-tools\ndescription: D.\nallowed-tools: Bash(qpdf:*) Read", valid: true),
        Case(name: "Chinese name", folder: "文档", frontMatter: "name: 文档\ndescription: D.", valid: true),
        Case(
            name: "Russian with hyphen", folder: "мои-файлы", frontMatter: "name: мои-файлы\ndescription: D.",
            valid: true),
        Case(name: "Russian lower case", folder: "файлы", frontMatter: "name: файлы\ndescription: D.", valid: true),
        Case(name: "Russian upper case", folder: "ФАЙЛЫ", frontMatter: "name: ФАЙЛЫ\ndescription: D.", valid: false),
        Case(
            name: "description over 1024", folder: "pdf-tools",
            frontMatter: "name: pdf-tools\ndescription: \(String(repeating: "y", count: 1030))", valid: false),
        Case(
            name: "compatibility", folder: "pdf-tools",
            frontMatter: "name: pdf-tools\ndescription: D.\ncompatibility: Needs qpdf 11", valid: true),
        Case(
            name: "compatibility over 500", folder: "pdf-tools",
            frontMatter: "name: pdf-tools\ndescription: D.\ncompatibility: \(String(repeating: "z", count: 510))",
            valid: false),
        Case(
            name: "allowed-tools flow list", folder: "pdf-tools",
            frontMatter: "name: pdf-tools\ndescription: D.\nallowed-tools: [Read, Grep]", valid: true),
        Case(
            name: "allowed-tools block list", folder: "pdf-tools",
            frontMatter: "name: pdf-tools\ndescription: D.\nallowed-tools:\n  - Read\n  - Grep", valid: true),
        Case(
            name: "allowed-tools list with a number", folder: "pdf-tools",
            frontMatter: "name: pdf-tools\ndescription: D.\nallowed-tools:\n  - Read\n  - 42", valid: false),
        Case(
            name: "allowed-tools a number", folder: "pdf-tools",
            frontMatter: "name: pdf-tools\ndescription: D.\nallowed-tools: 42", valid: false),
        // The folder precomposed, the name decomposed (e + U+0301): one name once normalised (NFKC).
        Case(
            name: "NFKC", folder: "r\u{E9}sum\u{E9}", frontMatter: "name: re\u{301}sume\u{301}\ndescription: D.",
            valid: true),
    ]

    @Test(arguments: cases) func checkGivesTheReferenceVerdict(_ example: Case) throws {
        let directory = TemporaryDirectory()
        let folder = directory.appending(example.folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "---\n\(example.frontMatter)\n---\n# Skill\n\nBody.\n".write(
            toFile: folder + "/SKILL.md", atomically: true, encoding: .utf8)
        let check = try BinaryRunner.run(["check", folder])
        #expect(check.status == (example.valid ? 0 : 1), "\(check.stdout)")
    }

    @Test func aFolderWithoutSKILLmdIsAnError() throws {
        let directory = TemporaryDirectory()
        let folder = directory.appending("pdf-tools")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let check = try BinaryRunner.run(["check", folder])
        #expect(check.status == 1)
        #expect(check.stdout.contains("holds no SKILL.md") && check.stdout.contains("[missing-skill-md]"))
    }

    @Test func aPathThatDoesNotExistIsAnError() throws {
        let directory = TemporaryDirectory()
        let check = try BinaryRunner.run(["check", directory.appending("absent")])
        #expect(check.status == 66)
        #expect(check.stderr.contains("no such file or folder"))
    }
}
