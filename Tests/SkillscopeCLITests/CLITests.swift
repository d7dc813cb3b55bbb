import Foundation
import SkillscopeTesting
import Testing

/// End-to-end: these drive the real `skillscope` binary.
@Suite struct CLITests {
    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func rulesListsBulletsWithExactLinesAndNothingFromCode() throws {
        let directory = TemporaryDirectory()
        let text = """
            Page title

            ---
            name: demo-patterns
            description: Patterns for demos.
            ---
            # Demo Patterns

            ## Rules

            - **Small pieces.** Split large files.
            - Keep state in one model.

            ## Concurrency

            - No callbacks in new code.

            ## Worked Example

            ```swift
            - not a rule
            ```
            """
        try directory.write("demo.md", text)
        let run = try BinaryRunner.run(["rules", directory.appending("demo.md"), "--json"])
        #expect(run.status == 0)
        let object = try json(run.stdout)
        let rules = try #require(object["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["line"] as? Int } == [11, 12, 16])
        #expect(
            rules.compactMap { $0["text"] as? String } == [
                "Small pieces. Split large files.", "Keep state in one model.", "No callbacks in new code.",
            ])
        let plain = try BinaryRunner.run(["rules", directory.appending("demo.md")])
        #expect(plain.stdout.contains("   16  distinctive    No callbacks in new code."), "\(plain.stdout)")
    }

    @Test(.enabled(if: Paths.seeds != nil, "../shared/seeds is absent"))
    func theSeedSkillsRulesAndConcurrencyBulletsAreRulesAtTheirLines() throws {
        let seed = try #require(Paths.seeds.map { $0 + "/skill-swiftui-patterns.md" }, "../shared/seeds is absent")
        let lines = try String(contentsOfFile: seed, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        var expected: [Int] = []
        var section = ""
        var inCode = false
        var codeLines = Set<Int>()
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("```") { inCode.toggle() }
            if inCode || line.hasPrefix("```") { codeLines.insert(index + 1) }
            if line.hasPrefix("## ") { section = String(line.dropFirst(3)) }
            if (section == "Rules" || section == "Concurrency") && line.hasPrefix("- ") { expected.append(index + 1) }
        }
        let run = try BinaryRunner.run(["rules", seed, "--json"])
        #expect(run.status == 0)
        let rules = try #require(try json(run.stdout)["rules"] as? [[String: Any]])
        let found = rules.compactMap { $0["line"] as? Int }
        #expect(expected.count == 10)
        #expect(expected.allSatisfy(found.contains))
        #expect(found.allSatisfy { !codeLines.contains($0) })
    }

    @Test func usageMistakesExit64AndMissingInputExit66() throws {
        let directory = TemporaryDirectory()
        let db = directory.appending("r.sqlite")
        #expect(try BinaryRunner.run([]).status == 64)
        let unknown = try BinaryRunner.run(["frobnicate"])
        #expect(unknown.status == 64 && unknown.stderr.contains("unknown command 'frobnicate'"))
        #expect(try BinaryRunner.run(["rules"]).status == 64)
        #expect(try BinaryRunner.run(["search", "--limit", "zero", "x", "--db", db]).status == 64)
        #expect(try BinaryRunner.run(["rules", directory.appending("missing.md"), "--db", db]).status == 66)
        let noRegistry = try BinaryRunner.run(["search", "anything", "--db", db])
        #expect(noRegistry.status == 66 && noRegistry.stderr.contains("no registry"))
        #expect(try BinaryRunner.run(["ingest", directory.appending("nowhere"), "--db", db]).status == 66)
        try directory.write("f/AGENTS.md", "- rule\n")
        #expect(try BinaryRunner.run(["ingest", directory.appending("f/AGENTS.md"), "--db", db]).status == 64)
        let noBatch = try BinaryRunner.run(["ingest", directory.appending("f"), "--batch-files", "0", "--db", db])
        #expect(noBatch.status == 64 && noBatch.stderr.contains("--batch-files"))
        try directory.write("bin.md", bytes: [0x23, 0, 0])
        #expect(try BinaryRunner.run(["rules", directory.appending("bin.md")]).status == 65)
        try directory.write("not-a-db.sqlite", String(repeating: "text, not a database\n", count: 100))
        let corrupt = try BinaryRunner.run(["stats", "--db", directory.appending("not-a-db.sqlite")])
        #expect(corrupt.status == 65 && corrupt.stderr.contains("not a Skillscope registry"))
    }

    @Test func everyCommandHasHelp() throws {
        for command in ["ingest", "rules", "show", "search", "stats"] {
            let run = try BinaryRunner.run([command, "--help"])
            #expect(run.status == 0 && run.stdout.contains("Usage: skillscope \(command)"))
        }
        #expect(try BinaryRunner.run(["--help"]).stdout.contains("Commands:"))
    }

    @Test func ingestThenSearchShowAndStatsAgree() throws {
        let directory = TemporaryDirectory()
        let db = directory.appending("r.sqlite")
        let ingest = try BinaryRunner.run(["ingest", Paths.examples, "--db", db])
        #expect(ingest.status == 0)
        #expect(ingest.stdout.contains("indexed"))
        #expect(!ingest.stderr.contains("\r"))
        let again = try BinaryRunner.run(["ingest", Paths.examples, "--db", db, "--json"])
        let report = try json(again.stdout)
        #expect(report["written"] as? Int == 0)
        let stats = try json(try BinaryRunner.run(["stats", "--db", db, "--json"]).stdout)
        #expect((stats["indexed"] as? Int ?? 0) >= 40)
        let search = try BinaryRunner.run(["search", "commit", "message", "--db", db, "--json", "--kind", "skill"])
        #expect(search.status == 0)
        let hits = try #require(try json(search.stdout)["hits"] as? [[String: Any]])
        #expect(!hits.isEmpty && hits.allSatisfy { $0["kind"] as? String == "skill" })
        let id = try #require(hits.first?["id"] as? Int)
        let show = try json(try BinaryRunner.run(["show", String(id), "--db", db, "--json"]).stdout)
        #expect((show["file"] as? [String: Any])?["id"] as? Int == id && (show["rules"] as? [Any])?.isEmpty == false)
        #expect((show["checks"] as? [String: Any])?["findings"] is [Any])
        let repository = try #require(hits.first?["repository"] as? String)
        let path = try #require(hits.first?["path"] as? String)
        let rules = try BinaryRunner.run(["rules", "\(repository)/\(path)", "--db", db, "--json"])
        #expect(rules.status == 0)
        let none = try BinaryRunner.run(["search", "zzyzx", "--db", db])
        #expect(none.status == 1)
    }

    @Test func theEnvironmentNamesTheDefaultRegistry() throws {
        let directory = TemporaryDirectory()
        let db = directory.appending("env.sqlite")
        try directory.write("p/AGENTS.md", "- Always write tests.\n")
        let run = try BinaryRunner.run(["ingest", directory.appending("p")], environment: ["SKILLSCOPE_DB": db])
        #expect(run.status == 0)
        #expect(FileManager.default.fileExists(atPath: db))
    }
}

@Suite struct VersionsCommandTests {
    @Test func theExampleSkillListsItsCopiesEditsAndOwnVersions() throws {
        let directory = TemporaryDirectory()
        let db = directory.appending("r.sqlite")
        #expect(try BinaryRunner.run(["ingest", Paths.examples, "--db", db]).status == 0)
        let file = "acme-tools/agent-skills/skills/swiftui-patterns/SKILL.md"
        let run = try BinaryRunner.run(["versions", file, "--db", db, "--json"])
        #expect(run.status == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let bands = try #require(report["bands"] as? [[String: Any]])
        let word = try #require(bands.first { $0["band"] as? String == "word-for-word" })
        let edited = try #require(bands.first { $0["band"] as? String == "edited" })
        #expect((word["total"] as? Int ?? 0) >= 1)
        #expect((edited["total"] as? Int ?? 0) >= 3)
        let percents = (edited["versions"] as? [[String: Any]] ?? []).compactMap { $0["percentSame"] as? Int }
        #expect(percents.allSatisfy { $0 >= 10 && $0 < 100 })
        let plain = try BinaryRunner.run(["versions", file, "--db", db])
        #expect(plain.stdout.contains("other projects use a version of this."))
        #expect(plain.stdout.contains("% same"))
        // A file on disk is compared, not stored.
        let local = try BinaryRunner.run(["versions", Paths.examples + "/files/" + file, "--db", db, "--band", "word"])
        #expect(local.status == 0 && local.stdout.contains("Word for word"))
        #expect(try BinaryRunner.run(["versions", file, "--db", db, "--band", "nope"]).status == 64)
    }
}

@Suite struct CheckCommandTests {
    @Test func checkExitsOneOnErrorsAndListsFindingsWithLines() throws {
        let directory = TemporaryDirectory()
        try directory.write(
            "good/SKILL.md", "---\nname: good\ndescription: Does a thing. Use when asked.\n---\n- Do it.\n")
        try directory.write("bad/SKILL.md", "---\nname: Bad\ndescription: d\nmodel: opus\n---\n")
        let good = try BinaryRunner.run(["check", directory.appending("good")])
        #expect(good.status == 0 && good.stdout.contains("1 file checked: 0 errors, 0 warnings"))
        let bad = try BinaryRunner.run(["check", directory.appending("bad/SKILL.md"), "--json"])
        #expect(bad.status == 1)
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(bad.stdout.utf8)) as? [[String: Any]])
        let findings = try #require(reports.first?["findings"] as? [[String: Any]])
        #expect(
            findings.compactMap { $0["code"] as? String }.sorted() == [
                "client-extension", "name-folder", "name-format",
            ])
        #expect(findings.allSatisfy { $0["line"] as? Int != nil })
        let walked = try BinaryRunner.run(["check", directory.path])
        #expect(walked.status == 1 && walked.stdout.contains("2 files checked"))
        #expect(try BinaryRunner.run(["check", directory.appending("missing")]).status == 66)
    }
}
