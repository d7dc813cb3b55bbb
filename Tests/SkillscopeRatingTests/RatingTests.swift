import SkillscopeCore
import SkillscopeEmbeddings
import SkillscopeRating
import SkillscopeStore
import SkillscopeTesting
import SkillscopeVersions
import Testing

private let seenAt = "2026-11-30T10:00:00Z"

private func agents(_ rules: [String]) -> String {
    "# Guide\n\n" + rules.map { "- \($0)" }.joined(separator: "\n") + "\n"
}

/// The rules of a long file whose edited copies keep most of them.
private let baseRules = [
    "Keep every view body small and move long blocks into their own named subviews.",
    "Use the Observable macro for model types instead of ObservableObject on new platforms.",
    "Pass the narrowest data a subview needs rather than the whole model object.",
    "Load remote data in a task modifier and show a progress view until it arrives.",
    "Never block the main actor with file or network work inside a view initialiser.",
    "Write previews for every view with realistic sample data from a fixture.",
    "Prefer the navigation stack with typed destinations over hidden navigation links.",
    "Name the branch after the ticket and squash the commits before merging it.",
]

@Suite struct RatingTests {
    @Test(arguments: StoreEngine.available)
    func keptByMostEditedVersionsIsCommonAndTheRestDistinctive(engine: StoreEngine) throws {
        let directory = TemporaryDirectory()
        let store = try engine.makeEmptyStore(in: directory)
        var files = [Fixtures.record("origin/app", "AGENTS.md", agents(baseRules))]
        // Six edited copies: each drops the last rule, and two of them also drop the fifth.
        for copy in 0..<6 {
            var rules = Array(baseRules.dropLast())
            if copy < 2 { rules.remove(at: 4) }
            files.append(
                Fixtures.record(
                    "copy\(copy)/app", "AGENTS.md", agents(rules + ["Copy \(copy) keeps its own notes here."])))
        }
        _ = try store.write(repositories: [], files: files, seenAt: seenAt)
        let summary = try RuleKindBuilder(store: store, configuration: .init(embedder: LexicalEmbedder()))
            .build(at: seenAt)
        #expect(summary.files == 7 && summary.repositories == 7)
        #expect(summary.distinctRules == 8 + 6)
        let file = try #require(try store.file(.key(FileKey(repository: "origin/app", path: "AGENTS.md"))))
        let finder = VersionFinder(store: store)
        let versions = try finder.versions(of: try finder.subject(for: file))
        let report = try RegistryRater(store: store).rate(try store.rules(ofFile: file.id), versions: versions)
        #expect(report.editedVersions == 6)
        #expect(report.rules[0].rating == .common && report.rules[0].evidence == "kept by 6 of 6 edited versions")
        #expect(report.rules[4].rating == .common && report.rules[4].evidence == "kept by 4 of 6 edited versions")
        #expect(report.rules[7].rating == .distinctive && report.rules[7].evidence == "kept by 0 of 6 edited versions")
        #expect(report.sentence == "8 rules. 7 are common, 1 is distinctive, and 0 are very specific to this project.")
    }

    @Test func registryStatisticsDecideVerySpecificAndEstimatedCommon() throws {
        let directory = TemporaryDirectory()
        let store = try StoreEngine.sqlite.makeEmptyStore(in: directory)
        // 60 repositories: every one names `LazyVStack`; each has its own deploy script.
        let files = (0..<60).map { index in
            Fixtures.record(
                "team\(index)/app", "CLAUDE.md",
                agents([
                    "Use `LazyVStack` for long scrolling lists of rows.",
                    "Deploy with `./scripts/deploy-\(index).sh` after the review.",
                    "Topic \(index) alpha\(index) beta\(index) gamma\(index) delta\(index).",
                ]))
        }
        _ = try store.write(repositories: [], files: files, seenAt: seenAt)
        let summary = try RuleKindBuilder(store: store, configuration: .init(embedder: LexicalEmbedder()))
            .build(at: seenAt)
        #expect(summary.repositories == 60)
        let statistics = try #require(try StatisticsCache().statistics(store))
        #expect(statistics.repositories(naming: "lazyvstack") == 60)
        #expect(statistics.repositories(naming: "./scripts/deploy-7.sh") == 1)
        let rules = try store.rules(ofFile: try #require(try store.file(.key(files[7].key))).id)
        let report = try RegistryRater(store: store).rate(rules, versions: nil)
        #expect(report.rules[0].rating == .common && report.rules[0].isEstimate)
        // Estimated against the files most like it (one a repository): all 60 hold it, and one is named.
        // (the peers are the repositories the index's probed lists hold, one file each: here most of the 60).
        let peers = try #require(report.peers)
        #expect(peers >= 20 && peers <= 60)
        #expect(
            report.rules[0].evidence.hasPrefix("≈ held by \(peers) of the \(peers) files most like this one, e.g. team")
        )
        #expect(report.rules[0].evidence.hasSuffix("/app/CLAUDE.md:3"))
        #expect(report.rules[1].rating == .verySpecific)
        #expect(report.rules[1].evidence == "names `./scripts/deploy-7.sh`, seen in 1 repository")
        #expect(report.rules[2].rating == .distinctive)
        #expect(report.rules[2].evidence.hasSuffix("of the \(peers) files most like this one"))

        // A text not in the registry: a close rewording finds the kind through the stored vectors; a thing no
        // repository names is project-bound.
        let own = [
            Rule(
                position: 0, text: "Use LazyVStack for long scrolling lists.", lines: LineSpan(line: 3), section: [],
                source: .listItem),
            Rule(
                position: 1, text: "Read `config/acme-local.yaml` first.", lines: LineSpan(line: 4), section: [],
                source: .listItem),
        ]
        let analysed = try RegistryRater(store: store).rate(own, versions: nil)
        #expect(analysed.rules[0].rating == .common)
        #expect(analysed.rules[1].evidence == "names `config/acme-local.yaml`, named in no repository of the registry")
    }

    @Test func anUngroupedRegistryFallsBackToTheWords() throws {
        let directory = TemporaryDirectory()
        let store = try StoreEngine.sqlite.makeEmptyStore(in: directory)
        let record = Fixtures.record("a/b", "CLAUDE.md", agents(["Set `ACME_TOKEN` first.", "Be concise."]))
        _ = try store.write(repositories: [], files: [record], seenAt: seenAt)
        let report = try RegistryRater(store: store).rate(try store.rules(ofFile: 1), versions: nil)
        #expect(report.rules[0].rating == .verySpecific)
        #expect(
            report.rules[0].evidence
                == "names `ACME_TOKEN`, an environment variable (too few repositories for statistics)")
        #expect(report.rules[1].rating == .distinctive)
        #expect(report.registryFiles == 1)
    }

    @Test func statisticsSurviveEncoding() throws {
        let statistics = RuleStatistics(
            embedder: "lexical-1-d8", threshold: 0.5, files: 3, repositories: 2, builtAt: seenAt, ruleKeys: [1, 5, 9],
            ruleKinds: [0, 1, 0], kindReach: [2, 1], things: ["a.sh", "b"], thingRepositories: [1, 2])
        let decoded = try RuleStatistics(decoding: statistics.encoded())
        #expect(decoded.kind(ofKey: 5) == 1 && decoded.kind(ofKey: 9) == 0 && decoded.kind(ofKey: 4) == nil)
        #expect(decoded.repositories(naming: "b") == 2 && decoded.repositories(naming: "c") == 0)
        #expect(throws: (any Error).self) { try RuleStatistics(decoding: Array(statistics.encoded().dropLast())) }
        let vectors = KindVectors(
            embedder: "lexical-1-d2", dimension: 2, values: [0.6, 0.8, 1, 0],
            vocabulary: LexicalEmbedder.Vocabulary(documents: 4, frequencies: [7: 2]))
        let back = try KindVectors(decoding: vectors.encoded())
        #expect(back.values == [0.6, 0.8, 1, 0].map { Float(Float16($0)) })
        #expect(back.vocabulary?.frequencies == [7: 2] && back.vocabulary?.documents == 4)
    }

    @Test(arguments: StoreEngine.available)
    func aRewriteWithOtherWordsIsTheirOwnVersionBySimilarMeaning(engine: StoreEngine) throws {
        let directory = TemporaryDirectory()
        let store = try engine.makeEmptyStore(in: directory)
        // The rewrite keeps each rule's content words in order but puts "the" after every third word, so no
        // five-word phrase survives; it has another name and description.
        let rewritten = baseRules.map { rule in
            rule.split(separator: " ").enumerated().map {
                $0.offset % 3 == 2 ? "\($0.element) the" : String($0.element)
            }
            .joined(separator: " ")
        }
        let unrelated = [
            "Write commit subjects in the imperative mood under fifty characters.",
            "Tag every release and keep the changelog in the same commit.",
            "Open one pull request per change and link its issue.",
        ]
        _ = try store.write(
            repositories: [],
            files: [
                Fixtures.record(
                    "origin/app", "guide/SKILL.md",
                    "---\nname: swift-views\ndescription: Views.\n---\n" + agents(baseRules)),
                Fixtures.record(
                    "other/kit", "mine/SKILL.md", "---\nname: my-views\ndescription: Views.\n---\n" + agents(rewritten)),
                Fixtures.record(
                    "third/repo", "git/SKILL.md", "---\nname: git-flow\ndescription: Git.\n---\n" + agents(unrelated)),
            ], seenAt: seenAt)
        _ = try RuleKindBuilder(store: store, configuration: .init(embedder: LexicalEmbedder())).build(at: seenAt)
        let rater = RegistryRater(store: store)
        let finder = try rater.versionFinder()
        let file = try #require(try store.file(.key(FileKey(repository: "origin/app", path: "guide/SKILL.md"))))
        let report = try finder.versions(of: try finder.subject(for: file))
        let own = try #require(report.bands.first { $0.band == .own })
        #expect(own.versions.map(\.repository) == ["other/kit"])
        #expect(own.versions.first?.reason == "similar meaning")
        #expect(own.versions.first.map { $0.percentSame < 10 } == true)
        #expect(report.otherProjects == 1)
        // Without the grouping, the band holds only same names: none here.
        let plain = VersionFinder(store: store)
        #expect(try plain.versions(of: try plain.subject(for: file)).otherProjects == 0)
    }
}
