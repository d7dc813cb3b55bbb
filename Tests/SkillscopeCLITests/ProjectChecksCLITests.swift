import Foundation
import SkillscopeTesting
import Testing

/// End-to-end: `skillscope check` on a project folder, its findings across files in every output, SARIF validated
/// against the SARIF 2.1.0 schema (pydantic-sarif's models of sarif-schema-2.1.0.json, in bench/.venv).
@Suite struct ProjectChecksCLITests {
    static let python = Paths.packageRoot + "/bench/.venv/bin/python"
    static let validator = Paths.packageRoot + "/bench/peers/sarif_validate.py"

    /// A repository with a parent and a nested AGENTS.md, a CLAUDE.md with imports, and source files.
    func project() throws -> TemporaryDirectory {
        let directory = TemporaryDirectory()
        try directory.write("src/main.go", "package main\n")
        try directory.write("go.mod", "module example.com/orbit\n")
        try directory.write(
            "AGENTS.md",
            "# Orbit\n\n- Always use tabs for indentation in Go files.\n- Run `make lint` before every commit.\n"
                + "- Handlers live in `src/handlers.go`.\n")
        try directory.write(
            "pkg/AGENTS.md",
            "# Package\n\n- Run `make lint` before every commit.\n- Never use tabs for indentation in Go files.\n"
                + "- Entry point: `src/main.go`.\n")
        try directory.write(
            "CLAUDE.md",
            "# Orbit\n\n@AGENTS.md\n@docs/gone.md\n@notes/a.md\n\n- Read [the guide](docs/guide.md) and [Go](go.mod).\n"
        )
        try directory.write("notes/a.md", "# A\n\nSee @b.md.\n")
        try directory.write("notes/b.md", "# B\n\nBack to @a.md.\n")
        return directory
    }

    @Test func aProjectsCrossFileFindingsReachTextJSONSARIFAndGitHub() throws {
        let directory = try project()
        let root = URL(fileURLWithPath: directory.path).standardizedFileURL.path
        let text = try BinaryRunner.run(["check", root])
        #expect(text.status == 1, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        func has(_ prefix: String, _ code: String) -> Bool {
            lines.contains { $0.hasPrefix(root + "/" + prefix) && $0.hasSuffix("[\(code)]") }
        }
        #expect(has("pkg/AGENTS.md:4:", "contradiction"))
        #expect(lines.contains { $0.contains("[contradiction]") && $0.contains("AGENTS.md:3") })
        #expect(has("pkg/AGENTS.md:3:", "duplicate-rule"))
        #expect(has("AGENTS.md:5:", "missing-file"))
        #expect(has("CLAUDE.md:4:", "import-missing"))
        #expect(has("CLAUDE.md:7:", "broken-link"))
        #expect(has("notes/b.md:3:", "import-cycle"))
        #expect(!lines.contains { $0.contains("go.mod") && $0.contains("broken-link") })

        let json = try BinaryRunner.run(["check", root, "--format", "json"])
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let nested = try #require(reports.first { ($0["path"] as? String)?.hasSuffix("pkg/AGENTS.md") == true })
        let contradiction = try #require(
            (nested["findings"] as? [[String: Any]])?.first { $0["code"] as? String == "contradiction" })
        let related = try #require((contradiction["related"] as? [[String: Any]])?.first)
        #expect(related["path"] as? String == root + "/AGENTS.md")
        #expect(related["line"] as? Int == 3)

        let sarif = try BinaryRunner.run(["check", root, "--format", "sarif"])
        let file = directory.appending("out.sarif")
        try sarif.stdout.write(toFile: file, atomically: true, encoding: .utf8)
        let validation = try BinaryRunner.runProgram(Self.python, [Self.validator, file])
        #expect(validation.status == 0, "\(validation.stdout)\(validation.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let results = ((document["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        let found = try #require(results.first { $0["ruleId"] as? String == "contradiction" })
        let relatedLocation = try #require((found["relatedLocations"] as? [[String: Any]])?.first)
        let physical = relatedLocation["physicalLocation"] as? [String: Any]
        #expect((physical?["region"] as? [String: Any])?["startLine"] as? Int == 3)

        // The validator itself fails a document the schema refuses.
        try sarif.stdout.replacingOccurrences(of: "\"level\" : \"warning\"", with: "\"level\" : \"fatal\"")
            .replacingOccurrences(of: "\"level\":\"warning\"", with: "\"level\":\"fatal\"")
            .write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try BinaryRunner.runProgram(Self.python, [Self.validator, file]).status == 1)

        let github = try BinaryRunner.run(["check", root, "--format", "github"])
        let pattern = try NSRegularExpression(
            pattern: #"^::(error|warning|notice) (file=[^,:]+,line=[0-9]+,col=[0-9]+,title=[^:,]+)?::.+$"#)
        let annotations = github.stdout.split(separator: "\n").map(String.init)
        #expect(!annotations.isEmpty)
        for line in annotations {
            #expect(pattern.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil, "\(line)")
        }
        #expect(annotations.contains { $0.hasPrefix("::warning file=\(root)/pkg/AGENTS.md,line=4,") })
    }

    @Test func aFolderOfInstructionFilesOnlySaysWhatItCouldNotCheck() throws {
        let directory = TemporaryDirectory()
        try directory.write(
            "acme/app/CLAUDE.md", "# App\n\n- Read [the guide](docs/guide.md).\n- See `.cursor/rules/gone.mdc`.\n")
        try directory.write(
            "acme/app/.cursor/rules/style.mdc", "---\ndescription: Style\nalwaysApply: true\n---\n\n- Be brief.\n")
        let text = try BinaryRunner.run(["check", directory.path])
        #expect(!text.stdout.contains("[broken-link]"), "\(text.stdout)")
        #expect(text.stdout.contains("holds only instruction files"))
        #expect(text.stdout.contains("1 link, 1 path in code"))
        let complete = try BinaryRunner.run(["check", directory.path, "--complete-tree"])
        #expect(complete.stdout.contains("[broken-link]"))
        #expect(complete.status == 1)
    }

    @Test func aBatchGoesOnPastAFileItCannotParse() throws {
        let directory = try project()
        try Data([0, 0xFF, 0xFE, 0x20, 0x62]).write(to: URL(fileURLWithPath: directory.appending("pkg/CLAUDE.md")))
        let text = try BinaryRunner.run(["check", directory.path])
        #expect(text.stdout.contains("pkg/CLAUDE.md:1: error: file holds NUL bytes"), "\(text.stdout)")
        #expect(text.stdout.contains("[broken-link]"))
        #expect(text.stdout.contains("[contradiction]"))
    }
}
