import SkillscopeCore
import Testing

/// The checks across a project's files: each reports its case and passes its look-alike.
@Suite struct ProjectCheckTests {
    /// A project: its instruction files (path → text) and its other files (paths only).
    struct Project {
        var texts: [String: String]
        var others: [String] = ["src/main.go", "Makefile"]

        func check(instructionsOnly: Bool = false) -> ProjectCheck.Outcome {
            let files = texts.sorted { $0.key < $1.key }.map { path, text in
                let kind = FileKind.ownKind(of: path) ?? .skillReference
                return ProjectCheck.File(
                    path: path, document: DocumentParser().parse(text: text, path: path, kind: kind))
            }
            let tree = ProjectTree(files: Array(texts.keys) + (instructionsOnly ? [] : others))
            let known = texts
            return ProjectCheck(tree: tree) { known[$0] }.check(files)
        }
    }

    func codes(_ outcome: ProjectCheck.Outcome, _ path: String) -> [String] {
        (outcome.findings[path] ?? []).map(\.code)
    }

    @Test func aBrokenLinkInClaudeMdIsReportedAndAnExistingOnePasses() {
        let outcome = Project(texts: [
            "CLAUDE.md": "# Notes\n\n- Read [the guide](docs/guide.md) first.\n- Build with [make](Makefile).\n"
                + "- See [the site](https://example.com/x.md) and [below](#setup).\n"
        ]).check()
        let findings = outcome.findings["CLAUDE.md"] ?? []
        #expect(findings.map(\.code) == ["broken-link"])
        #expect(findings.first?.line == 3)
        #expect(findings.first?.message.contains("docs/guide.md") == true)
    }

    @Test func aLinkInsideCodeIsNoLink() {
        let outcome = Project(texts: [
            "AGENTS.md":
                "# Style\n\n```md\nSee [x](docs/missing.md)\n```\n\n- Write `[x](docs/missing.md)` for links.\n"
        ]).check()
        #expect(codes(outcome, "AGENTS.md").isEmpty)
    }

    /// A skill's links into its own folder are the spec check's; a link leaving the folder is checked here.
    @Test func aSkillsLinkOutOfItsFolderMustLeadSomewhere() {
        let skill = """
            ---
            name: ads
            description: Plans ads. Use when asked about ads.
            ---
            # Ads

            - See [the registry](../../tools/REGISTRY.md) and [segment](../../tools/segment.md).
            - Read [the style](references/style.md).
            """
        let outcome = Project(texts: [
            "skills/ads/SKILL.md": skill, "tools/REGISTRY.md": "# Tools\n", "skills/ads/references/style.md": "# S\n",
        ]).check()
        let findings = outcome.findings["skills/ads/SKILL.md"] ?? []
        #expect(findings.map(\.code) == ["broken-link"])
        #expect(findings.first?.message.contains("tools/segment.md") == true)
    }

    @Test func aSkillsInlinePathToItsOwnFolderMustExistButTheUsersProjectFilesNeedNot() {
        let skill = """
            ---
            name: fmt
            description: Formats code. Use when asked to format.
            ---
            # Format

            - Run `scripts/fmt.sh` on the changed files.
            - Read `references/style.md` for the house style.
            - Then open `src/app/main.ts` in the user's project.
            """
        let outcome = Project(texts: ["skills/fmt/SKILL.md": skill, "skills/fmt/references/style.md": "# Style\n"])
            .check()
        let findings = outcome.findings["skills/fmt/SKILL.md"] ?? []
        #expect(findings.map(\.code) == ["missing-file"])
        #expect(findings.first?.line == 7)
    }

    @Test func aProjectPathIntoAFolderItHasMustExistButExamplesAndBuildOutputsPass() {
        let outcome = Project(texts: [
            "AGENTS.md": "# Layout\n\n- Handlers live in `src/handlers.go`.\n- Entry point: `src/main.go`.\n"
                + "- Output goes to `dist/app.js`.\n- Components sit in `app/components/Button.tsx`.\n"
        ]).check()
        let findings = outcome.findings["AGENTS.md"] ?? []
        #expect(findings.map(\.code) == ["missing-file"])
        #expect(findings.first?.line == 3)
    }

    @Test func aTreeOfInstructionFilesOnlyCountsWhatItCannotTell() {
        let outcome = Project(texts: [
            "repo/CLAUDE.md": "# Notes\n\n- Read [the guide](docs/guide.md).\n- Run `scripts/x.sh`.\n"
        ]).check(instructionsOnly: true)
        #expect(codes(outcome, "repo/CLAUDE.md").isEmpty)
        #expect(outcome.unknowable[.link] == 1)
    }

    @Test func claudeImportsMissingAndCircularAreReportedAndGoodOnesPass() {
        let outcome = Project(texts: [
            "CLAUDE.md": "# Project\n\n@docs/style.md\n@docs/gone.md\nWrite to @someone or user@example.com.\n",
            "docs/style.md": "# Style\n\nSee @rules.md for more.\n",
            "docs/rules.md": "# Rules\n\nBack to @style.md.\n",
        ]).check()
        let top = outcome.findings["CLAUDE.md"] ?? []
        #expect(top.map(\.code) == ["import-missing"])
        #expect(top.first?.line == 4)
        let cycle = outcome.findings["docs/rules.md"] ?? []
        #expect(cycle.map(\.code) == ["import-cycle"])
        #expect(cycle.first?.message.contains("docs/style.md → docs/rules.md → docs/style.md") == true)
    }

    @Test func anAgentsChainOver32KiBIsReportedWhereCodexStopsReading() {
        let line = String(repeating: "x", count: 99) + "\n"
        let root = "# Root\n\n" + String(repeating: "- " + line, count: 200)  // about 20 KB
        let child = "# Package\n\n" + String(repeating: "- " + line, count: 150)  // about 15 KB
        let outcome = Project(texts: ["AGENTS.md": root, "pkg/AGENTS.md": child, "other/AGENTS.md": child]).check()
        #expect(codes(outcome, "AGENTS.md").isEmpty)
        let findings = outcome.findings["pkg/AGENTS.md"] ?? []
        #expect(findings.map(\.code) == ["instruction-budget"])
        let used = root.utf8.count + 2
        let expectedLine = Array(child.utf8).prefix(32 * 1024 - used).filter { $0 == 10 }.count + 1
        #expect(findings.first?.line == expectedLine)
        #expect(findings.first?.related?.first?.path == "AGENTS.md")
        // One under the budget passes.
        let small = Project(texts: ["AGENTS.md": root, "pkg/AGENTS.md": "# Package\n\n- Use `go test`.\n"]).check()
        #expect(small.findings.isEmpty)
    }

    @Test func aRuleRepeatedInANestedAgentsMdIsADuplicateNamingBothLines() {
        let outcome = Project(texts: [
            "AGENTS.md": "# Rules\n\n- Run `make lint` before every commit.\n- Keep functions short.\n",
            "pkg/AGENTS.md":
                "# Package rules\n\n- Use table-driven tests.\n- Run `make lint` before every commit.\n",
        ]).check()
        let findings = outcome.findings["pkg/AGENTS.md"] ?? []
        #expect(findings.map(\.code) == ["duplicate-rule"])
        #expect(findings.first?.line == 4)
        #expect(findings.first?.related == [Finding.Place(path: "AGENTS.md", line: 3)])
        #expect(codes(outcome, "AGENTS.md").isEmpty)
    }

    @Test func aSimilarRuleAboutAnotherThingIsNoDuplicate() {
        let outcome = Project(texts: [
            "AGENTS.md": "# Rules\n\n- Run `make lint` before every commit.\n",
            "pkg/AGENTS.md": "# Package rules\n\n- Run `make bench` after every release.\n",
        ]).check()
        #expect(outcome.findings.isEmpty)
    }

    @Test func oppositeRulesInAParentAndANestedAgentsMdContradictNamingBothLines() {
        let outcome = Project(texts: [
            "AGENTS.md": "# Style\n\n- Always use tabs for indentation in Go files.\n",
            "pkg/AGENTS.md": "# Package\n\n- Write small commits.\n- Never use tabs for indentation in Go files.\n",
        ]).check()
        let findings = outcome.findings["pkg/AGENTS.md"] ?? []
        #expect(findings.map(\.code) == ["contradiction"])
        #expect(findings.first?.line == 4)
        #expect(findings.first?.message.contains("AGENTS.md:3") == true)
        #expect(findings.first?.related == [Finding.Place(path: "AGENTS.md", line: 3)])
    }

    @Test func aNegativeRuleAboutSomethingElseOrAUseXNotYRuleIsNoContradiction() {
        let outcome = Project(texts: [
            "AGENTS.md": "# Style\n\n- Always use tabs for indentation in Go files.\n- Use pnpm for packages.\n",
            "pkg/AGENTS.md":
                "# Package\n\n- Never use spaces for alignment in generated SQL.\n- Use npm for packages, not pnpm.\n",
        ]).check()
        #expect(outcome.findings.isEmpty)
    }

    @Test func filesInSiblingRepositoriesAreNotReadTogether() {
        let outcome = Project(texts: [
            "a/AGENTS.md": "# Style\n\n- Always use tabs for indentation in Go files.\n",
            "b/CLAUDE.md": "# Style\n\n- Never use tabs for indentation in Go files.\n",
        ]).check()
        #expect(outcome.findings.isEmpty)
    }

    /// Rules are compared within groups of files that can be read together, on two threads: the groups must find
    /// what one pass over all files finds.
    @Test func ruleGroupsFindWhatOnePassFinds() {
        let texts = [
            "a/AGENTS.md": "# Style\n\n- Always use tabs for indentation in Go files.\n",
            "a/pkg/AGENTS.md": "# Style\n\n- Never use tabs for indentation in Go files.\n",
            "b/CLAUDE.md": "# Style\n\n- Never use tabs for indentation in Go files.\n",
            "b/web/CLAUDE.md": "# Style\n\n- Never use tabs for indentation in Go files.\n",
        ]
        let files = texts.sorted { $0.key < $1.key }.map { path, text in
            ProjectCheck.File(
                path: path, document: DocumentParser().parse(text: text, path: path, kind: FileKind.ownKind(of: path)!))
        }
        let groups = RuleConflicts.groups(files)
        #expect(
            groups.map { $0.map(\.path) } == [["a/AGENTS.md", "a/pkg/AGENTS.md"], ["b/CLAUDE.md", "b/web/CLAUDE.md"]])
        var grouped: [String: [String]] = [:]
        for group in groups {
            for (path, found) in RuleConflicts.check(group) { grouped[path, default: []] += found.map(\.code) }
        }
        let whole = RuleConflicts.check(files).mapValues { $0.map(\.code) }
        #expect(grouped == whole)
        #expect(whole["a/pkg/AGENTS.md"] == ["contradiction"] || whole["a/AGENTS.md"] == ["contradiction"])
        #expect((whole["b/CLAUDE.md"] ?? []) + (whole["b/web/CLAUDE.md"] ?? []) == ["duplicate-rule"])
        // A file at the top is read with every folder: one group.
        let top = ProjectCheck.File(
            path: "AGENTS.md",
            document: DocumentParser().parse(text: texts["a/AGENTS.md"]!, path: "AGENTS.md", kind: .agents))
        #expect(RuleConflicts.groups(files + [top]).count == 1)
    }

    @Test func twoAgentsFilesOfOneFolderRepeatingManyRulesAreOneFinding() {
        let rules = (1...6).map { "- Rule number \($0) says to keep module \($0) small.\n" }.joined()
        let outcome = Project(texts: ["CLAUDE.md": "# Rules\n\n" + rules, "AGENTS.md": "# Rules\n\n" + rules]).check()
        let findings = outcome.findings["CLAUDE.md"] ?? []
        #expect(findings.map(\.code) == ["duplicate-rule"])
        #expect(findings.first?.message.hasPrefix("6 rules of this file") == true)
        #expect(findings.first?.related?.count == 6)
    }
}

/// Rules `skillscope sync` copies into agents' files (issue 46).
@Suite struct SyncedBlockCheckTests {
    static let block =
        "<!-- skillscope:begin from=AGENTS.md sha256=0 (generated by skillscope sync; edit AGENTS.md instead) -->\n"
        + "- Always use tabs for indentation in Go files.\n- Run `make lint` before every commit.\n"
        + "<!-- skillscope:end -->\n"

    func check(_ texts: [String: String]) -> [String: [Finding]] {
        let files = texts.sorted { $0.key < $1.key }.map { path, text in
            ProjectCheck.File(
                path: path,
                document: DocumentParser().parse(text: text, path: path, kind: FileKind.ownKind(of: path) ?? .agents))
        }
        return RuleConflicts.check(files)
    }

    @Test func rulesInSyncedBlocksAreNoDuplicatesOfTheirCanonicalFileOrOfEachOther() {
        let canonical =
            "# Rules\n\n- Always use tabs for indentation in Go files.\n- Run `make lint` before every commit.\n"
        let findings = check([
            "AGENTS.md": canonical, "CLAUDE.md": "# Mine\n\n" + Self.block, "GEMINI.md": Self.block,
            "pkg/CLAUDE.md": Self.block,
        ])
        #expect(findings.isEmpty, "\(findings)")
    }

    @Test func aHandWrittenRuleStillContradictsASyncedOne() {
        let findings = check([
            "AGENTS.md": "# Rules\n\n- Always use tabs for indentation in Go files.\n",
            "CLAUDE.md": "# Mine\n\n- Never use tabs for indentation in Go files.\n\n" + Self.block,
        ])
        #expect(findings["CLAUDE.md"]?.map(\.code).contains("contradiction") == true)
    }

    @Test func syncedLinesSpanEachBlockWithItsMarkers() {
        #expect(RuleConflicts.syncedLines("# Mine\n\n" + Self.block + "after\n") == [3...6])
        #expect(RuleConflicts.syncedLines("- no block\n").isEmpty)
    }
}
