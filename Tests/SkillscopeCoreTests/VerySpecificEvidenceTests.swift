import Testing

@testable import SkillscopeCore

private func rule(_ position: Int, _ text: String) -> Rule {
    Rule(position: position, text: text, lines: LineSpan(line: 10 + position), section: [], source: .listItem)
}

@Suite struct RepositoryPathsTests {
    let paths = RepositoryPaths([
        "skills/pdf/SKILL.md", "skills/pdf/references/forms.md", "scripts/release.sh", "src/lib/db.ts",
        "plugins/web/README.md",
    ])

    @Test func aNamedPathIsReadFromTheRulesFolderFromTheRootOrAsTheEndOfALongerPath() {
        #expect(paths.contains("references/forms.md", from: "skills/pdf/SKILL.md"))
        #expect(paths.contains("./scripts/release.sh", from: "skills/pdf/SKILL.md"))
        #expect(paths.contains("lib/db.ts", from: "AGENTS.md"))
        #expect(paths.contains("src/lib/", from: "AGENTS.md"))
        #expect(paths.contains("../pdf/references/forms.md", from: "skills/pdf/SKILL.md"))
    }

    @Test func aPatternMatchesThroughItsFolderAndNothingElseMatches() {
        #expect(paths.contains("plugins/<name>/README.md", from: nil))
        #expect(paths.contains("src/**/*.ts", from: nil))
        // A bare file name says too little; a home folder, a URL and a path climbing out of the repository none.
        #expect(!paths.contains("db.ts", from: "AGENTS.md"))
        #expect(!paths.contains("~/.claude/skills/pdf/SKILL.md", from: nil))
        #expect(!paths.contains("https://example.com/scripts/release.sh", from: nil))
        #expect(!paths.contains("../../../scripts/release.sh", from: "skills/pdf/SKILL.md"))
        #expect(!paths.contains("docs/guide.md", from: nil))
        #expect(!RepositoryPaths([]).contains("scripts/release.sh", from: nil))
        // A folder above names no file: `../`, `../..`, `../<project>-<name>`.
        #expect(!paths.contains("../", from: "skills/pdf/SKILL.md"))
        #expect(!paths.contains("../..", from: "skills/pdf/references/forms.md"))
        #expect(!paths.contains("../<project-name>-<name>", from: "skills/pdf/SKILL.md"))
    }
}

@Suite struct PublicNamesTests {
    let names = PublicNames(list: "# tools\nanyhow\nuv\nURLSession\n\njson\n")

    @Test func aNameItsFirstPartOrItsToolIsPublic() {
        #expect(names.count == 4)
        #expect(names.contains("`URLSession`"))
        #expect(names.contains("anyhow::Result"))
        #expect(names.contains("json.loads()"))
        #expect(names.contains("uv add httpx"))
        #expect(!names.contains("WrapperToolset"))
        // A project command is public only as a whole; a path's first folder is never its library.
        #expect(!names.contains("uv run release", isCommand: true))
        #expect(!names.contains("json/schema.md"))
    }
}

@Suite struct VerySpecificEvidenceTests {
    func context(kind: FileKind = .claude) -> RuleRater.Context {
        var context = RuleRater.Context(
            registryFiles: 500, registryRepositories: 400, embedder: "e",
            thingRepositories: ["scripts/release.sh": 40, "deploy/staging.yml": 2, "uv add httpx": 1])
        context.fileKind = kind
        context.filePath = "AGENTS.md"
        context.repositoryName = "orbit-station"
        context.repositoryFiles = RepositoryPaths(["AGENTS.md", "scripts/release.sh", "skills/ship-it/SKILL.md"])
        context.repositorySkills = ["ship-it"]
        context.publicNames = PublicNames(list: "uv\n")
        return context
    }

    /// Evidence quotes the rule's own words: the name as written, the command as written.
    @Test func evidenceQuotesTheRuleAsItIsWritten() {
        let report = RuleRater().rate(
            [
                rule(0, "The Orbit-Station gateway answers on one port."),
                rule(1, "Start the services with `pnpm start:all` first."),
                rule(2, "Keep skills in ~/.orbit/station/ and nowhere else."),
            ], context: context())
        #expect(report.rules[0].evidence == "names `Orbit-Station`, the project itself")
        #expect(report.rules[1].evidence.hasPrefix("names `pnpm start:all`"))
        // The project's whole name as a path's parts is no mention of it (its first part may be).
        #expect(
            !report.rules[2].evidence.contains("orbit-station") && !report.rules[2].evidence.contains("orbit/station"))
        for rated in report.rules {
            let quoted = rated.evidence.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
            #expect(quoted.allSatisfy { rated.text.contains($0) }, "\(rated.evidence)")
        }
        #expect(RuleRater.spelling(of: "pptx", in: "Build it with the PPTX skill") == "PPTX")
        #expect(RuleRater.written(as: "claude-skills", in: "Tested in ~/.claude/skills/") == nil)
        #expect(NamedThing(text: "pnpm run start:all", kind: .command).key == "pnpm start:all")
    }

    /// A host of a private network or a Windows path is one project's place; a public host and a file name that
    /// only looks like one are not.
    @Test func privateHostsAndWindowsPathsAreTheProjects() {
        #expect(
            RuleRater.privatePlace(in: "Call https://api.billing.internal/v2 for refunds.")
                == "names `api.billing.internal`, a host of a private network")
        #expect(
            RuleRater.privatePlace(in: "Deploy from build01.corp only.")
                == "names `build01.corp`, a host of a private network")
        #expect(
            RuleRater.privatePlace(in: "Open `printer.lan:631` to reset it.")
                == "names `printer.lan`, a host of a private network")
        #expect(
            RuleRater.privatePlace(in: "Keep the checkout in C:\\Projects\\shop.")
                == "names `C:\\Projects\\shop`, a path on one Windows machine")
        #expect(
            RuleRater.privatePlace(in: "Builds land on \\\\fileserver\\builds nightly.")
                == "names `\\\\fileserver\\builds`, a share on one Windows network")
        for text in [
            "Use https://api.github.com for issues.", "Keep secrets in CLAUDE.local.md.", "Bind to localhost:8080.",
            "Match *.local hosts with mDNS.", "Use .local for overrides.", "Write C: drive notes in README.",
        ] {
            #expect(RuleRater.privatePlace(in: text) == nil, "\(text)")
        }
        let report = RuleRater().rate(
            [rule(0, "Send metrics to grafana.ops.internal, nowhere else.")], context: context())
        #expect(report.rules[0].rating == .verySpecific)
        #expect(report.rules[0].evidence == "names `grafana.ops.internal`, a host of a private network")
    }

    /// A Markdown link to a file of the tree names that file; a toolchain's own file (`manage.py`) binds nothing
    /// even where the tree holds it, and a file named like a package (`tokens.ts`) is still the project's file.
    @Test func aLinkToAFileOfTheTreeBindsAndAToolchainsFileDoesNot() {
        var context = context()
        context.repositoryFiles = RepositoryPaths(["AGENTS.md", "src/tokens.ts", "manage.py", "src/lib.rs"])
        context.publicNames = PublicNames(list: "manage.py\nlib.rs\ntokens\n")
        let report = RuleRater().rate(
            [
                rule(0, "Colours come from the [design tokens](./src/tokens.ts#palette), never from literals."),
                rule(1, "Run migrations with `python manage.py migrate` before tests."),
                rule(2, "Keep `src/lib.rs` free of I/O."),
                rule(3, "Read the [guide](https://example.com/src/tokens.ts) first."),
            ], context: context)
        #expect(report.rules[0].rating == .verySpecific)
        #expect(report.rules[0].evidence == "names `./src/tokens.ts`, a file of this repository")
        #expect(report.rules[1].rating != .verySpecific, "\(report.rules[1].evidence)")
        #expect(report.rules[3].rating != .verySpecific, "\(report.rules[3].evidence)")
        #expect(NamedThings.linkTarget("[x](../docs/a.md#top)") == "../docs/a.md")
        #expect(NamedThings.linkTarget("[x](https://example.com/a.md)") == nil)
        #expect(NamedThings.linkTarget("plain/path.md") == nil)
    }

    @Test func eachSignalSaysWhatDecided() {
        let report = RuleRater().rate(
            [
                rule(0, "Release with `scripts/release.sh` only."),
                rule(1, "Use the ship-it skill before every deploy."),
                rule(2, "Never rename the Orbit Station services."),
                rule(3, "Keep `deploy/staging.yml` in step with production."),
                rule(4, "Add packages with `uv add httpx`."),
                rule(5, "Call `Self._printChanges()` to debug a view."),
            ], context: context())
        #expect(
            report.rules.map(\.evidence).prefix(4) == [
                "names `scripts/release.sh`, a file of this repository",
                "names `ship-it`, a skill of this repository",
                "names `Orbit Station`, the project itself",
                "names `deploy/staging.yml`, seen in 2 repositories",
            ])
        #expect(
            report.rules.map(\.rating) == [
                .verySpecific, .verySpecific, .verySpecific, .verySpecific, .distinctive, .distinctive,
            ])
    }

    @Test func aModulePathInCodeCountsWhenTheTreeHoldsIt() {
        var context = context()
        context.repositoryFiles = RepositoryPaths(["AGENTS.md", "ui/pages/home.py"])
        let report = RuleRater().rate(
            [rule(0, "Never import `domain` from `ui/pages`."), rule(1, "Import `next/image` for pictures.")],
            context: context)
        #expect(report.rules[0].evidence == "names `ui/pages`, a file of this repository")
        #expect(report.rules[1].rating == .distinctive)
    }

    @Test func aSkillByNameAWorkspaceAndNotTheScriptsEveryProjectHas() {
        let report = RuleRater().rate(
            [
                rule(0, "Use the `plan` skill to draft a plan first."),
                rule(1, "Always use `pnpm --filter dashboard build` for the dashboard."),
                rule(2, "Run `npm run build` before you push."),
                rule(3, "Pass `--fail-under=0` to partial coverage runs."),
            ], context: .init(fileKind: .claude))
        #expect(report.rules[0].evidence == "names the skill `plan`")
        #expect(report.rules[1].evidence.hasPrefix("names `pnpm --filter dashboard`, a project command"))
        #expect(report.rules[2].rating == .distinctive && report.rules[3].rating == .distinctive)
    }

    @Test func copiesOfTheFileDoNotMakeItsPathsPublic() {
        var context = context()
        context.thingRepositories["deploy/staging.yml"] = 9
        let rules = [rule(0, "Keep `deploy/staging.yml` in step with production.")]
        #expect(RuleRater().rate(rules, context: context).rules[0].rating == .distinctive)
        context.versionRepositories = 6
        #expect(RuleRater().rate(rules, context: context).rules[0].rating == .verySpecific)
    }

    @Test func theProjectsNameCountsOnlyAsWholeWords() {
        var context = context()
        context.repositoryName = "core"
        let report = RuleRater().rate([rule(0, "Keep the score above the threshold.")], context: context)
        #expect(report.rules[0].rating == .distinctive)
    }

    @Test func anIdentifierNoOtherRepositoryNamesIsTheProjectsOwnCodeInItsOwnFilesOnly() {
        var context = context()
        context.thingRepositories["observableobject"] = 30
        context.repositoryFiles = RepositoryPaths([
            "AGENTS.md", "src/wrapper_toolset.py", "src/providers/provider_details.py", "src/model_profile/__init__.py",
        ])
        var defined = rule(5, "Share one pool through `AppState`.")
        defined.examples = [
            Example(language: "rust", code: "pub struct AppState { pool: PgPool }", lines: .init(line: 9))
        ]
        let rules = [
            rule(0, "Extend `WrapperToolset` for cross-cutting behaviour."),
            rule(1, "Store provider metadata in `provider_details`."),
            rule(2, "Configure features in `Provider.model_profile()`."),
            rule(3, "Use `vi.useFakeTimers()` and restore real timers after."),
            rule(4, "Prefer `@Observable` over `ObservableObject`."),
            defined,
            rule(6, "Implement `IntoResponse` for the error type; never hold a `MutexGuard` across `.await`."),
        ]
        let project = RuleRater().rate(rules, context: context).rules
        #expect(
            project[0].evidence
                == "names `WrapperToolset`, a name of this project's code (a file of this repository carries it; no "
                + "other repository names it)")
        #expect(project.map(\.rating).prefix(3) == [.verySpecific, .verySpecific, .verySpecific])
        #expect(project[5].evidence.hasSuffix("(its example defines it; no other repository names it)"))
        // Rare public names with nothing of the project behind them are no evidence (issue 43).
        #expect(project[6].rating == .distinctive)
        // A library's call and a name many repositories use are not.
        #expect(project[3].rating == .distinctive && project[4].rating == .distinctive)
        // A skill travels: the names it uses are its readers' APIs far more often than its author's code.
        context.fileKind = .skill
        context.filePath = "skills/tools/SKILL.md"
        #expect(RuleRater().rate(rules, context: context).rules.allSatisfy { $0.rating == .distinctive })
    }

    @Test func identifierShapes() {
        for name in [
            "WrapperToolset", "outputRoot", "provider_details", "Provider.model_profile()", "receive_nowait()",
        ] {
            #expect(RuleRater.isIdentifierShaped(name), "\(name)")
        }
        for name in [
            "vi.useFakeTimers()", "z.looseObject()", "Self._printChanges()", "config.yaml", "MAX_ITEMS", "domain",
            "v1.x", "uv add", "a_b",
        ] {
            #expect(!RuleRater.isIdentifierShaped(name), "\(name)")
        }
    }

    @Test func rarityBindsNeitherPublicSitesNorPatternsNorWordListsNorToolNames() {
        let report = RuleRater().rate(
            [
                rule(0, "Add `https://rube.app/mcp` as a server."),
                rule(1, "Put test files next to the source (`.spec.ts`)."),
                rule(2, "Use `./venv` for Python."),
                rule(3, "Names use lowercase `letters/numbers/hyphens` only."),
                rule(4, "Always call `SEARCH_TOOLS` first."),
                rule(5, "Set `ORBIT_API_KEY` in your environment."),
                rule(6, "Keep `deploy/staging.yml` in step with production."),
                rule(7, "Scrape pages with `web_scraper.py`."),
            ], context: context())
        #expect(report.rules.prefix(5).allSatisfy { $0.rating == .distinctive })
        #expect(report.rules.suffix(3).allSatisfy { $0.rating == .verySpecific })
        #expect(RuleRater.namesOneFile("libs/shared-types") && RuleRater.namesOneFile(".env.local"))
        #expect(!RuleRater.namesOneFile("/src") && !RuleRater.namesOneFile(".yml"))
        #expect(RuleRater.namesOneFile("src/server/api") && !RuleRater.namesOneFile("write/update/delete"))
    }
}
