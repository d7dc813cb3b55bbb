import Foundation
import SkillscopeTesting
import Testing

/// End-to-end: "their own version" counts a shared name only where the name is evidence.
@Suite struct OwnVersionCLITests {
    static func ingest(_ corpus: CorpusBuilder, in directory: TemporaryDirectory) throws -> String {
        let database = directory.appending("r.sqlite")
        let run = try BinaryRunner.run(["ingest", try corpus.write(to: directory), "--db", database])
        #expect(run.status == 0, "\(run.stderr)")
        return database
    }

    static func versions(_ arguments: [String]) throws -> [String: Any] {
        let run = try BinaryRunner.run(arguments + ["--json"])
        #expect(run.status == 0 || run.status == 1, "\(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    static func ownReasons(_ view: [String: Any]) -> [String] {
        let bands = view["bands"] as? [[String: Any]] ?? []
        let own = bands.first { $0["band"] as? String == "own" }?["versions"] as? [[String: Any]] ?? []
        return own.compactMap { $0["reason"] as? String }
    }

    @Test func aClaudeFileIsNoVersionOfAnotherForItsHeadingAlone() throws {
        let directory = TemporaryDirectory()
        var corpus = CorpusBuilder()
        let rules = [
            "- Reconcile billing ledgers nightly and flag any drift above one cent.\n",
            "- Tram schedules come from the city feed; never hand-edit them.\n",
            "- Calibrate orchard sensors after each firmware flash.\n",
            "- Glacier photos stay in cold storage until the survey closes.\n",
            "- Choir rotas are published every Friday by the coordinator.\n",
        ]
        for (index, rule) in rules.enumerated() {
            corpus.files.append(.init("team\(index)/app", "CLAUDE.md", "# Project Guidelines\n\n" + rule))
        }
        let database = try Self.ingest(corpus, in: directory)
        let stored = try Self.versions(["versions", "team0/app/CLAUDE.md", "--db", database])
        #expect(Self.ownReasons(stored).isEmpty)
        #expect(stored["otherProjects"] as? Int == 0)
        try directory.write(
            "mine/CLAUDE.md", "# Project Guidelines\n\n- Rebuild the berth index with `./scripts/moor.sh` daily.\n")
        let analyze = try BinaryRunner.run(["analyze", directory.appending("mine/CLAUDE.md"), "--db", database])
        #expect(analyze.status == 0, "\(analyze.stderr)")
        #expect(analyze.stdout.contains("versions in the registry: 0 other projects"))
    }

    @Test func aSkillsNameCountsWhileFewUnrelatedFilesHoldIt() throws {
        let directory = TemporaryDirectory()
        // The name's own words are a small share of each file, so no two of them share passages (10% or more).
        func skill(_ repository: String, _ name: String, _ rule: String) -> CorpusBuilder.File {
            let filler = (1...6).map { "- \(rule) (\($0))\n" }
            return .init(
                repository, "skills/\(name)/SKILL.md",
                "---\nname: \(name)\ndescription: \(rule)\n---\n\n" + filler.joined())
        }
        var few = CorpusBuilder()
        few.files = [
            skill("a/one", "tide-reader", "Read the tide chart for the harbour before every sailing."),
            skill("b/two", "tide-reader", "Convert depths to metres and round down."),
        ]
        let fewDatabase = try Self.ingest(few, in: directory)
        let listed = try Self.versions(["versions", "a/one/skills/tide-reader/SKILL.md", "--db", fewDatabase])
        #expect(Self.ownReasons(listed) == ["same name (1 other file holds it)"])

        let other = TemporaryDirectory()
        var many = CorpusBuilder()
        let rules = [
            "Score each answer from one to five.", "Cite the ruling that decided the case.",
            "Name the bird by its song first.", "Check the signal aspect at every junction.",
            "Turn the wheels of cheese weekly.",
        ]
        for (index, rule) in rules.enumerated() { many.files.append(skill("o\(index)/r", "judge", rule)) }
        let manyDatabase = try Self.ingest(many, in: other)
        let generic = try Self.versions(["versions", "o0/r/skills/judge/SKILL.md", "--db", manyDatabase])
        // Four unrelated files of other repositories hold "judge": the name is generic, no evidence. (None of them
        // shares a passage either: no band lists them.)
        #expect(Self.ownReasons(generic).isEmpty)
        #expect(generic["otherProjects"] as? Int == 0)
    }
}
