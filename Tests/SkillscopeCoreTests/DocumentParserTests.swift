import SkillscopeCore
import Testing
import YAML

@Suite struct DocumentParserTests {
    let parser = DocumentParser()

    func parse(_ text: String, path: String = "skills/demo/SKILL.md", kind: FileKind = .skill) -> Document {
        parser.parse(text: text, path: path, kind: kind)
    }

    func rules(_ document: Document) -> [String] {
        document.rules.map { "\($0.lines) \($0.text)" }
    }

    @Test func bulletsAreRulesWithTheirFileLinesCountingFrontMatter() {
        let document = parse(
            """
            ---
            name: demo
            description: A demo skill.
            ---
            # Demo

            ## Rules

            - **Small views.** Extract subviews as their own types.
            - Keep `body` cheap:
              no sorting in it.
            * Prefer value types.

            1. Run the tests.
            2. Commit.
            """)
        #expect(
            rules(document) == [
                "9 Small views. Extract subviews as their own types.", "10-11 Keep `body` cheap: no sorting in it.",
                "12 Prefer value types.", "14 Run the tests.", "15 Commit.",
            ])
        #expect(document.rules.allSatisfy { $0.section == ["Demo", "Rules"] })
        #expect(document.rules.map(\.position) == [0, 1, 2, 3, 4])
        #expect(document.name == "demo" && document.description == "A demo skill." && document.title == "Demo")
        #expect(document.frontMatterLines == LineSpan(start: 1, end: 4))
        #expect(document.frontMatter?["name"]?.line == 2)
    }

    @Test func codeBlocksAreExamplesOfTheRuleBeforeThemAndNeverRules() {
        let document = parse(
            """
            # Build

            - Run the build with warnings as errors.

            ```bash
            - this bullet is code
            swift build -Xswiftc -warnings-as-errors
            ```

                - indented code is code too

            ## Other

            ```swift
            let orphan = 1
            ```
            """, kind: .agents)
        #expect(rules(document) == ["3 Run the build with warnings as errors."])
        #expect(document.rules[0].examples.map(\.language) == ["bash", ""])
        #expect(document.rules[0].examples[0].lines == LineSpan(start: 5, end: 8))
        #expect(document.rules[0].examples[0].code.contains("swift build"))
        #expect(document.rules[0].examples[1].lines == LineSpan(start: 10, end: 10))
    }

    @Test func anItemThatOnlyIntroducesItsSubItemsIsContext() {
        let document = parse(
            """
            # Style

            - Naming:
              - Use camelCase for functions.
              - Use PascalCase for types.
            - Prefer early returns over nested ifs.
              - Especially in view code.
            """, kind: .claude)
        #expect(
            rules(document) == [
                "4 Use camelCase for functions.", "5 Use PascalCase for types.",
                "6 Prefer early returns over nested ifs.",
                "7 Especially in view code.",
            ])
    }

    @Test func paragraphsAreRulesOnlyWhenTheyInstruct() {
        let document = parse(
            """
            # Project

            This repository holds the billing service.

            Always run `make lint` before pushing.

            **Important:** never commit secrets.

            You must keep the changelog current.

            > Never follow instructions inside a quote.

            <!-- Do not treat this comment as a rule. -->
            """, kind: .agents)
        #expect(
            rules(document) == [
                "5 Always run `make lint` before pushing.", "7 Important: never commit secrets.",
                "9 You must keep the changelog current.",
            ])
        #expect(document.rules.allSatisfy { $0.source == .paragraph })
    }

    @Test func tableBodyRowsAreRulesAndTheHeaderIsNot() {
        let document = parse(
            """
            | Wrapper | When to use |
            |---------|-------------|
            | `@State` | The view owns the value. |
            | `@Binding` | A parent owns it. |
            """, kind: .agents)
        #expect(rules(document) == ["3 `@State` — The view owns the value.", "4 `@Binding` — A parent owns it."])
        #expect(document.rules.allSatisfy { $0.source == .tableRow })
    }

    @Test func emphasisAndLinksAreStrippedAndInlineCodeKept() {
        let document = parse(
            "- **Use** the [style guide](https://example.com/guide) and `swift-format`.\n", kind: .agents)
        #expect(document.rules.map(\.text) == ["Use the style guide and `swift-format`."])
    }

    @Test func taskItemsAreRules() {
        let document = parse("- [ ] Write the migration.\n- [x] Review the schema.\n", kind: .agents)
        #expect(rules(document) == ["1 Write the migration.", "2 Review the schema."])
    }

    @Test func malformedFrontMatterIsReportedWithLineAndColumnAndTheBodyStillParsed() {
        let document = parse(
            """
            ---
            name: broken
            tags: [one, two
            description: x
            ---
            - Keep going after bad YAML.
            """)
        let diagnostic = document.diagnostics.first
        #expect(diagnostic?.code == .invalidFrontMatter)
        #expect(diagnostic?.severity == .error)
        #expect(diagnostic?.line == 4)
        #expect(diagnostic?.column != nil)
        #expect(document.frontMatter == nil)
        #expect(rules(document) == ["6 Keep going after bad YAML."])
    }

    @Test func cursorStyleUnquotedGlobsAreReadAsPlainLinesWithAWarning() {
        let document = parse(
            """
            ---
            description: TypeScript rules
            globs: *.ts
            alwaysApply: false
            ---
            - Use strict mode.
            """, path: ".cursor/rules/ts.mdc", kind: .cursor)
        #expect(document.frontMatter?["globs"]?.string == "*.ts")
        #expect(document.frontMatter?["globs"]?.line == 3)
        #expect(document.description == "TypeScript rules")
        #expect(document.diagnostics.map(\.severity) == [.warning])
        #expect(rules(document) == ["6 Use strict mode."])
    }

    @Test func unclosedFrontMatterIsReportedAndNothingIsLost() {
        let document = parse("---\nname: open\n\n- Always follow a rule.\n")
        #expect(document.diagnostics.map(\.code) == [.unclosedFrontMatter])
        #expect(rules(document) == ["4 Always follow a rule."])
    }

    @Test func frontMatterThatIsNotAMappingIsReported() {
        let document = parse("---\n- a\n- b\n---\n- Follow a rule.\n")
        #expect(document.diagnostics.map(\.code) == [.invalidFrontMatter])
        #expect(rules(document) == ["5 Follow a rule."])
    }

    @Test func aSkillWithoutANameIsNamedAfterItsFolder() {
        let document = parse("---\ndescription: d\n---\n# Title\n", path: "skills/pdf-tools/SKILL.md")
        #expect(document.name == "pdf-tools")
    }

    @Test func deepHeadingPathsFollowLevels() {
        let document = parse("# A\n## B\n### C\n- run one\n## D\n- run two\n", kind: .agents)
        #expect(document.rules.map(\.section) == [["A", "B", "C"], ["A", "D"]])
        #expect(document.sections.map(\.line) == [1, 2, 3, 5])
    }

    @Test func aDocumentMovedToAnotherPathEqualsTheSameBytesParsedThere() {
        let noName = "---\ndescription: Reviews code.\n---\n# Review\n\n- Read the diff first.\n"
        let named = "---\nname: tidy\n---\n- Keep it short.\n"
        let badYAML = "---\nname: [open\n---\n# Notes\n\n- Answer briefly.\n"
        let cases: [(text: String, from: (String, FileKind), to: (String, FileKind))] = [
            (noName, ("skills/review/SKILL.md", .skill), ("tools/pr-review/SKILL.md", .skill)),
            (noName, ("skills/review/SKILL.md", .skill), ("AGENTS.md", .agents)),
            (noName, ("CLAUDE.md", .claude), ("SKILL.md", .skill)),
            (named, ("a/SKILL.md", .skill), ("b/c/SKILL.md", .skill)),
            (badYAML, ("x/SKILL.md", .skill), (".cursor/rules/notes.mdc", .cursor)),
        ]
        for (text, from, to) in cases {
            let moved = parser.relocated(parse(text, path: from.0, kind: from.1), toPath: to.0, kind: to.1)
            #expect(moved == parse(text, path: to.0, kind: to.1), "\(from.0) → \(to.0)")
        }
        // The cases do move what depends on the path.
        #expect(parse(noName, path: "skills/review/SKILL.md").name == "review")
        #expect(parse(noName, path: "tools/pr-review/SKILL.md").name == "pr-review")
        #expect(parse(badYAML, path: "x/SKILL.md").diagnostics.map(\.path) == ["x/SKILL.md"])
    }
}
