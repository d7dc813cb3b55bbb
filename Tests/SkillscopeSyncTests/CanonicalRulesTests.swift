import SkillscopeSync
import Testing

@Suite struct CanonicalRulesTests {
    let text = """
        # Rules

        - Everyone.
        <!-- skillscope:only claude -->
        - Claude only.
        <!-- skillscope:only-end -->
        <!-- skillscope:scope src/**/*.ts, test/**/*.ts -->
        - TypeScript only.
        <!-- skillscope:scope-end -->

        """

    @Test func sectionsSplitByAgentAndGlobWithoutTheirMarkers() throws {
        let rules = try CanonicalRules(text: text, path: "AGENTS.md")
        let claude = rules.rules(for: "claude")
        #expect(claude.always == "# Rules\n\n- Everyone.\n- Claude only.\n")
        #expect(claude.scoped.count == 1)
        #expect(claude.scoped.first?.globs == ["src/**/*.ts", "test/**/*.ts"])
        #expect(claude.scoped.first?.text == "- TypeScript only.\n")
        #expect(rules.rules(for: "cursor").always == "# Rules\n\n- Everyone.\n")
    }

    @Test(arguments: [
        "<!-- skillscope:only claude -->\n- x\n", "<!-- skillscope:only-end -->\n", "<!-- skillscope:only nobody -->\n",
        "<!-- skillscope:scope ../x -->\n- x\n<!-- skillscope:scope-end -->\n", "<!-- skillscope:end -->\n",
    ])
    func malformedSectionsAreErrorsWithTheirLine(text: String) {
        #expect(throws: SyncError.self) { try CanonicalRules(text: text, path: "AGENTS.md") }
    }
}
