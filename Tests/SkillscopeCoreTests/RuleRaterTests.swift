import SkillscopeCore
import Testing

private func rule(_ position: Int, _ text: String) -> Rule {
    Rule(position: position, text: text, lines: LineSpan(line: 10 + position), section: [], source: .listItem)
}

@Suite struct NamedThingsTests {
    @Test func findsProjectShapedThingsInCodeAndPlainText() {
        let things = NamedThings.of(
            "Run `npm run release:canary` then `./scripts/deploy.sh`; set API_BASE_URL and check https://ci.acme.dev")
        #expect(
            things.map(\.text) == [
                "npm run release:canary", "./scripts/deploy.sh", "API_BASE_URL", "https://ci.acme.dev",
            ])
        #expect(things.map(\.kind) == [.command, .command, .environmentVariable, .url])
        #expect(NamedThings.of("Edit `src/lib/db.ts` and `compilerOptions.strict`").map(\.kind) == [.path, .setting])
        #expect(NamedThings.of("Use `@Observable` instead of `ObservableObject`.").map(\.kind) == [.code, .code])
        // A built-in command is only a name (counted, never project-shaped); plain words name nothing.
        #expect(NamedThings.of("Run `npm test` before you commit, and/or ask first.").map(\.kind) == [.code])
        #expect(NamedThings.of("Commit early, and/or ask first.").isEmpty)
        #expect(NamedThings.of("Deploy to staging.acme.io only").map(\.kind) == [.url])
        // A package's module is a name; a folder, a glob, a file or a deeper path is a path.
        #expect(NamedThings.of("Use `next/image` and `web/components/ui/`").map(\.kind) == [.code, .path])
        #expect(NamedThings.of("See app/**/page.tsx, docs/api/v2 and lib/api.ts").map(\.kind) == [.path, .path, .path])
    }
}

@Suite struct RuleRaterTests {
    let rules = [
        rule(0, "Run the full test suite before committing."),
        rule(1, "Use `@Observable` instead of `ObservableObject` for view models."),
        rule(2, "Release with `./scripts/release.sh` after setting `ACME_RELEASE_TOKEN`."),
        rule(3, "Prefer small pure functions."),
    ]

    @Test func measuredCommonNeedsSixInTenEditedVersions() {
        let keep0 = RuleKey.of("run the FULL test-suite before committing")
        let versions = (0..<9).map { index in
            RuleRater.Context.Version(
                keys: index < 7 ? [keep0] : [],
                phrases: index == 8
                    ? Set(RuleKeeping.phrases(of: "Prefer small pure functions, and name them well.")) : [])
        }
        let context = RuleRater.Context(
            registryFiles: 10, registryRepositories: 5, kinds: [3: .init(id: 42, reach: 2)], editedVersions: versions)
        let report = RuleRater().rate(rules, context: context)
        #expect(report.editedVersions == 9)
        #expect(report.rules[0].rating == .common)
        #expect(report.rules[0].evidence == "kept by 7 of 9 edited versions")
        #expect(!report.rules[0].isEstimate)
        // Rule 3 is kept by one version, edited (all its phrases in a longer rule); a kind alone keeps nothing.
        #expect(report.rules[3].rating == .distinctive)
        #expect(report.rules[3].evidence == "kept by 1 of 9 edited versions")
        // A small registry: the words decide; a script and an environment variable are project-shaped.
        #expect(report.rules[2].rating == .verySpecific)
        #expect(report.rules[2].evidence.hasPrefix("names `./scripts/release.sh`, a project command"))
        #expect(report.rules[1].rating == .distinctive)
        #expect(report.summary == "4 rules: 1 common, 2 distinctive, 1 very specific")
        #expect(report.sentence == "4 rules. 1 is common, 2 are distinctive, and 1 is very specific to this project.")
    }

    @Test func estimatedCommonFromTheFilesMostLikeIt() {
        var context = RuleRater.Context(
            registryFiles: 7892, registryRepositories: 900, embedder: "minilm-static-1",
            kinds: [0: .init(id: 4, reach: 1), 1: .init(id: 5, reach: 1815), 3: .init(id: 6, reach: 40)],
            editedVersions: [.init(keys: [])],
            thingRepositories: ["@observable": 310, "observableobject": 120, "./scripts/release.sh": 1])
        context.peers = .init(
            count: 100, versions: 3, holding: [5: 31, 6: 19],
            example: [5: "obra/superpowers/skills/swiftui/SKILL.md:42"])
        let report = RuleRater().rate(rules, context: context)
        #expect(report.editedVersions == 0)
        #expect(report.peers == 100)
        // 31 of 100 peers reach 1 in 5: ≈ common, with the count, the peers and one place that holds it.
        #expect(report.rules[1].rating == .common)
        #expect(report.rules[1].isEstimate)
        #expect(
            report.rules[1].evidence
                == "≈ held by 31 of the 100 files most like this one, e.g. obra/superpowers/skills/swiftui/SKILL.md:42")
        // 19 of 100 does not; however many files of the whole registry hold it (reach 40 here, 1,815 above).
        #expect(report.rules[3].rating == .distinctive)
        #expect(report.rules[3].evidence == "held by only 19 of the 100 files most like this one")
        #expect(report.rules[0].evidence == "no rule of its kind in any of the 100 files most like this one")
        // Statistics decide: the script is named in one repository.
        #expect(report.rules[2].rating == .verySpecific)
        #expect(report.rules[2].evidence == "names `./scripts/release.sh`, seen in 1 repository")
        #expect(report.rules[1].namedThings.map(\.repositories) == [310, 120])
        #expect(report.sentence.hasPrefix("4 rules. About 1 is common"))
    }

    @Test func tooFewPeersGiveNoEstimate() {
        var context = RuleRater.Context(
            registryFiles: 7892, registryRepositories: 900, embedder: "minilm-static-1",
            kinds: [1: .init(id: 5, reach: 1815)])
        context.peers = .init(count: 12, versions: 0, holding: [5: 12], example: [:])
        let report = RuleRater().rate(rules, context: context)
        // Every one of 12 peers holds it, but 12 files say too little of practice.
        #expect(report.rules[1].rating == .distinctive)
        #expect(report.rules[1].evidence.hasPrefix("too few edited versions to measure, and too few files like this"))
        let ungrouped = RuleRater().rate(rules, context: .init(registryFiles: 7892, registryRepositories: 900))
        #expect(ungrouped.rules[1].evidence.hasSuffix("(the registry's rules are not grouped) for an estimate"))
    }

    @Test func widelyUsedNamesAreNotProjectBound() {
        let context = RuleRater.Context(
            registryFiles: 500, registryRepositories: 400, embedder: "e",
            thingRepositories: ["lazyvstack": 140, "self._printchanges()": 1, "./scripts/x.sh": 3])
        let report = RuleRater().rate(
            [rule(0, "Use `LazyVStack` for long lists."), rule(1, "Call `Self._printChanges()` in body.")],
            context: context)
        // A bare inline name is an API far more often than a project's own: rarity alone binds it to nothing.
        #expect(report.rules[0].rating == .distinctive)
        #expect(report.rules[1].rating == .distinctive)
        let names = RuleRater().rate(
            [rule(0, "Call `MyHelper.run()` here."), rule(1, "Run `./scripts/x.sh` first.")],
            context: .init(
                registryFiles: 500, registryRepositories: 400, embedder: "e",
                thingRepositories: ["myhelper.run()": 2, "./scripts/x.sh": 3]))
        // A name two repositories use is not bound; a script three repositories name still is.
        #expect(names.rules.map(\.rating) == [.distinctive, .verySpecific])
    }

    @Test func aSkillsPointersIntoItsOwnFoldersAreVerySpecific() {
        let rules = [
            rule(0, "Read `references/forms.md` before you fill a form."),
            rule(1, "Run `python scripts/fill_fields.py input.pdf` to fill the fields."),
            rule(2, "Check the result with `./scripts/check.sh`."),
            rule(3, "Keep `config/acme-forms.yml` in sync."),
            rule(4, "Never read `../secrets/references/keys.md`."),
        ]
        var context = RuleRater.Context(
            registryFiles: 500, registryRepositories: 400, embedder: "e",
            thingRepositories: [
                "references/forms.md": 1, "python scripts/fill_fields.py input.pdf": 1, "./scripts/check.sh": 1,
                "config/acme-forms.yml": 1, "../secrets/references/keys.md": 1,
            ])
        // In a CLAUDE.md every one of those paths is the project's own.
        context.fileKind = .claude
        #expect(RuleRater().rate(rules, context: context).rules.allSatisfy { $0.rating == .verySpecific })
        // In a skill (or one of its reference files) the first three point at files of the skill itself: copied
        // into a user's own file, such a rule points at nothing (issue 24), and the evidence says so.
        for kind in [FileKind.skill, .skillReference] {
            context.fileKind = kind
            let report = RuleRater().rate(rules, context: context)
            #expect(report.rules.allSatisfy { $0.rating == .verySpecific })
            #expect(report.rules[0].evidence == "points at this skill's `references/forms.md`")
            #expect(report.rules[3].evidence == "names `config/acme-forms.yml`, seen in 1 repository")
            // The things are still listed with their counts.
            #expect(report.rules[0].namedThings.map(\.repositories) == [1])
        }
        // Where the registry is too small to count, the same holds.
        let small = RuleRater().rate(rules, context: .init(fileKind: .skill))
        #expect(small.rules.allSatisfy { $0.rating == .verySpecific })
    }

    @Test func aRegistryTooSmallForStatisticsSaysSo() {
        let report = RuleRater().rate(rules, context: RuleRater.Context(registryFiles: 3, registryRepositories: 2))
        #expect(report.rules[0].rating == .distinctive)
        #expect(report.rules[0].evidence.contains("too few files like this one"))
        #expect(report.rules[2].rating == .verySpecific)
        // Names every project has are not project-shaped on their own.
        let plain = RuleRater().rate([rule(0, "Keep `package.json` scripts short.")], context: .init())
        #expect(plain.rules[0].rating == .distinctive)
    }

    @Test func ruleKeysIgnoreCaseAndDecoration() {
        #expect(RuleKey.of("**Never** force-push to `main`.") == RuleKey.of("never force push to main"))
        #expect(RuleKey.of("never force push to main") != RuleKey.of("main to push force never"))
    }
}
