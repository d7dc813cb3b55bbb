import SkillscopeCore
import Testing

/// Each shape of "what a rule is" (``RuleExtractor``'s definitions), pinned on text written for the test.
@Suite struct RuleShapeTests {
    let parser = DocumentParser()

    func rules(_ text: String, kind: FileKind = .claude) -> [String] {
        parser.parse(text: text, path: "CLAUDE.md", kind: kind).rules.map { "\($0.lines.start) \($0.text)" }
    }

    @Test func aTableOfContentsIsNavigationNotRules() {
        let found = rules(
            """
            # Guide

            ## Contents
            - [Review Checklist](#review-checklist)
            - [Common Mistakes](#common-mistakes)
              - [Naming](#naming)
            - Troubleshooting

            ## Review Checklist
            - Run the linter before every commit.

            ## Common Mistakes
            ## Naming
            ## Troubleshooting
            """)
        #expect(found == ["10 Run the linter before every commit."])
    }

    @Test func bareNamesAreAReferenceListNotRules() {
        let found = rules(
            """
            ## Types you will meet
            - `CNMutableContact`
            - `DictationTranscriber`
            - ✅ GetObject
            - Environment
            - [Apple docs](https://developer.apple.com)

            ## Rules
            - No emojis in commit messages
            - Prefer `let` over `var`.
            """)
        #expect(found == ["9 No emojis in commit messages", "10 Prefer `let` over `var`."])
    }

    @Test func aBoldLabelBeforeAnInstructionIsOneRuleWithoutTheMarkup() {
        let found = rules(
            """
            **Niemals** ganze Dateien einlesen, wenn `repo_skeleton.md` existiert.

            **Testing**: run the whole suite before you push.

            **使用文档**: 当需要使用某个库时，必须先调用文档工具。
            """)
        #expect(
            found == [
                "1 Niemals ganze Dateien einlesen, wenn `repo_skeleton.md` existiert.",
                "3 Testing: run the whole suite before you push.", "5 使用文档: 当需要使用某个库时，必须先调用文档工具。",
            ])
    }

    @Test func paragraphsThatTellTheAgentWhatToDoAreRulesInAnyLanguageOrVerbForm() {
        let found = rules(
            """
            This project is a small web shop.

            You could use the `tools/web_scraper.py` file to scrape the web.

            If the build fails, rerun it once before you report it.

            コミットする前に必ずテストを実行してください。

            커밋 전에 반드시 테스트를 실행하세요.

            Siempre usa comillas simples en JavaScript.

            Никогда не коммить секреты в репозиторий.

            The shop sells tea.
            """)
        #expect(
            found == [
                "3 You could use the `tools/web_scraper.py` file to scrape the web.",
                "5 If the build fails, rerun it once before you report it.", "7 コミットする前に必ずテストを実行してください。",
                "9 커밋 전에 반드시 테스트를 실행하세요.", "11 Siempre usa comillas simples en JavaScript.",
                "13 Никогда не коммить секреты в репозиторий.",
            ])
    }

    @Test func everyRowOfAnInstructingTableIsARuleAndAReferenceTableGivesNone() {
        let found = rules(
            """
            | Do | Don't |
            | --- | --- |
            | `@Observable` | `ObservableObject` |
            | `async let` | nested completion handlers |

            | Option | Meaning |
            | --- | --- |
            | `--port` | the port to listen on |
            """)
        #expect(found == ["3 `@Observable` — `ObservableObject`", "4 `async let` — nested completion handlers"])
    }

    @Test func anItemOverSubItemsIsContextUnlessItInstructs() {
        let found = rules(
            """
            - Before committing:
              - Run the tests.
            - Avoid `sleep()` in tests. Instead:
              - Wait on an event.
            """)
        #expect(found == ["2 Run the tests.", "3 Avoid `sleep()` in tests. Instead:", "4 Wait on an event."])
    }

    @Test func checklistItemsAreRulesHoweverShort() {
        let found = rules(
            """
            ## Done when
            - [ ] 文档已更新
            - [ ] Tests pass
            """)
        #expect(found == ["2 文档已更新", "3 Tests pass"])
    }

    @Test func linesThatEachOpenWithABoldLabelAreOneRuleALine() {
        let found = rules(
            """
            **In tests:** use `console.error()`, not the logger.
            **Before an operation:** log what it is about to do.
            **Context:** directory, working folder, time.

            **Author:** Sam
            **Date:** 2026-01-02
            """)
        // The metadata lines instruct nothing, so they stay out; a line of the label paragraph that instructs
        // nothing itself is still one of its rules.
        #expect(
            found == [
                "1 In tests: use `console.error()`, not the logger.",
                "2 Before an operation: log what it is about to do.",
                "3 Context: directory, working folder, time.",
            ])
    }

    @Test func aChineseConditionBeforeAnInstructionIsARule() {
        let found = rules(
            """
            当无法手动追踪时，添加诊断埋点：

            如果测试失败，回到上一步。

            **绝不只在错误出现的地方修复。** 反向追踪，找到最初的触发点。

            这个项目是一个小工具。
            """)
        #expect(found.map { $0.prefix(2) } == ["1 ", "3 ", "5 "])
    }

    @Test func whatADescribingSectionListsIsNotARule() {
        let found = rules(
            """
            ## When to Use
            - Implement network segmentation between namespaces
            - Set up RBAC for least-privilege access
            - You must not use it for cluster upgrades.

            ## Tech Stack
            - Core: Python 3.10+
            - HTTP: httpx with HTTP/2

            ## Project Structure
            - `api.py`: main API client entry point.
            - `entities/`: data models and entity logic (works, authors, sources).

            ## Rules
            - Implement each policy as a separate manifest.
            """)
        // Under "When to use" only the directive counts; facts and a directory listing are no rules anywhere.
        #expect(
            found == [
                "4 You must not use it for cluster upgrades.", "15 Implement each policy as a separate manifest.",
            ])
    }

    @Test func quotedExamplesAndLabelledFactsAreNotRules() {
        let found = rules(
            """
            ## Prompts that work
            - "Create secure form validation that prevents injection attacks"
            - “Implement clickjacking protection”

            ## Services
            - Kafka: valid for sources and sinks
            - Unit tests: `npm run test`
            - Singleton: for stateless services, configuration objects, or services that manage shared state.
            - Action: run `npm test` and read its output.
            - Step 2: Clear the terminal first.
            - **Edge cases**: are boundary conditions handled?
            """)
        // A command after a label, a when-to-use value longer than a fact, steps and checks stay rules.
        #expect(
            found == [
                "7 Unit tests: `npm run test`",
                "8 Singleton: for stateless services, configuration objects, or services that manage shared state.",
                "9 Action: run `npm test` and read its output.", "10 Step 2: Clear the terminal first.",
                "11 Edge cases: are boundary conditions handled?",
            ])
    }

    @Test func aDescribingSectionsTableKeepsOnlyDirectiveRows() {
        let found = rules(
            """
            ## Examples

            | Situation | What to do |
            |---|---|
            | A flaky test | Rerun it once, then file a bug |
            | A secret in a diff | Never commit it: rotate the key |
            """)
        #expect(found == ["6 A secret in a diff — Never commit it: rotate the key"])
    }

    @Test func aListThatOnlyListsGivesNoRulesUnlessItsPlaceSetsThem() {
        // Facts, parts and features: no item instructs or asks.
        #expect(
            rules(
                """
                ## Main process
                - Settings persistence via electron-store
                - RSA key generation and cryptographic operations
                - Strict TypeScript checking enabled
                """
            ).isEmpty)
        // One item that instructs makes the list a list of rules, each item with it.
        #expect(
            rules(
                """
                ## Main process
                - Settings persistence via electron-store
                - Never store keys in plain text
                """) == ["2 Settings persistence via electron-store", "3 Never store keys in plain text"])
        // A heading that sets rules: bare conventions are rules there.
        #expect(
            rules(
                """
                ## Code style
                - Four spaces of indentation in every file
                - Google-style docstrings on public functions
                """) == ["2 Four spaces of indentation in every file", "3 Google-style docstrings on public functions"])
        // After a lead-in that instructs, the items are what to check (the lead-in stays a rule of its own).
        #expect(
            rules(
                """
                Before finalizing code, verify:

                - No bare except clauses left
                - Resources closed on every path
                """)
                == [
                    "1 Before finalizing code, verify:", "3 No bare except clauses left",
                    "4 Resources closed on every path",
                ])
        // Questions are checks to make; sub-items of an item ending with a colon are its steps (the items over them
        // only introduce them).
        #expect(
            rules(
                """
                - Failure modes
                  - Is a network timeout handled?
                - Clear the old processes:
                  - Action: the iTerm tool with Ctrl-C
                """) == ["2 Is a network timeout handled?", "4 Action: the iTerm tool with Ctrl-C"])
    }

    @Test func anExamplesSectionsSubSectionsAndTaskItemsAreExamples() {
        let found = rules(
            """
            ## Example plans
            ### Week 1
            - [ ] Day 2: Full system architecture deep-dive
            - Analyze technical debt backlog
            - Never skip the security briefing

            ## Onboarding
            - [ ] Meet the team
            """)
        #expect(found == ["5 Never skip the security briefing", "8 Meet the team"])
    }

    @Test func aDrawingOutsideACodeBlockIsNotARule() {
        let found = rules(
            """
            ## Onboarding screen

            ┌─────────────────────┐ │ ○ ● ○ [Skip] │ ├─────────────────────┤ │ [Illustration] │ └─────────────────────┘

            - Skip → go to the last page
            - Use ─ as a separator only in tables
            """)
        #expect(found == ["5 Skip → go to the last page", "6 Use ─ as a separator only in tables"])
    }
}
