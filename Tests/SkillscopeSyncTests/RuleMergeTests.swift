import Foundation
import SkillscopeSync
import Testing

@Suite struct RuleMergeTests {
    let base = """
        ---
        name: demo
        description: Demo.
        ---
        # Demo

        ## Rules

        - Rule one.
        - Rule two.
        - Rule three.
        - Rule four.

        """

    @Test func aLocalEditOnOneRuleAndAnUpstreamEditOnAnotherBothLand() {
        let local = base.replacingOccurrences(of: "- Rule one.", with: "- Rule one, as we do it here.")
        let upstream = base.replacingOccurrences(of: "- Rule three.", with: "- Rule three, clarified upstream.")
        let merged = RuleMerge.merge(base: base, local: local, upstream: upstream, path: "SKILL.md")
        #expect(merged.conflicts.isEmpty)
        #expect(
            merged.text
                == base.replacingOccurrences(of: "- Rule one.", with: "- Rule one, as we do it here.")
                .replacingOccurrences(of: "- Rule three.", with: "- Rule three, clarified upstream."))
        #expect(merged.localChanges.map(\.kind) == [.edited])
        #expect(merged.upstreamChanges.first?.after == "Rule three, clarified upstream.")
    }

    @Test func editsToNeighbouringRulesOnDifferentSidesBothLand() {
        let local = base.replacingOccurrences(of: "- Rule two.", with: "- Rule two (local).")
        let upstream = base.replacingOccurrences(of: "- Rule three.", with: "- Rule three (upstream).")
        let merged = RuleMerge.merge(base: base, local: local, upstream: upstream, path: "SKILL.md")
        #expect(merged.conflicts.isEmpty)
        #expect(merged.text.contains("- Rule two (local).\n- Rule three (upstream).\n"))
    }

    @Test func anUpstreamAdditionAndALocalRemovalBothLand() {
        let local = base.replacingOccurrences(of: "- Rule four.\n", with: "")
        let upstream = base.replacingOccurrences(of: "- Rule one.\n", with: "- Rule zero.\n- Rule one.\n")
        let merged = RuleMerge.merge(base: base, local: local, upstream: upstream, path: "SKILL.md")
        #expect(merged.conflicts.isEmpty)
        #expect(merged.text.hasSuffix("## Rules\n\n- Rule zero.\n- Rule one.\n- Rule two.\n- Rule three.\n"))
    }

    @Test func aConflictingEditOnTheSameRuleIsMarkedAndNothingIsLost() throws {
        let local = base.replacingOccurrences(of: "- Rule two.", with: "- Rule two, our way.")
        let upstream = base.replacingOccurrences(of: "- Rule two.", with: "- Rule two, their way.")
        let merged = RuleMerge.merge(base: base, local: local, upstream: upstream, path: "SKILL.md")
        let conflict = try #require(merged.conflicts.first)
        #expect(merged.conflicts.count == 1)
        #expect(conflict.local == "Rule two, our way.")
        #expect(conflict.upstream == "Rule two, their way.")
        #expect(conflict.base == "Rule two.")
        #expect(
            merged.text.contains(
                "<<<<<<< local\n- Rule two, our way.\n||||||| locked\n- Rule two.\n=======\n- Rule two, their way.\n>>>>>>> upstream\n"
            ))
        let lines = merged.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[conflict.line - 1] == "<<<<<<< local")
        #expect(merged.text.contains("- Rule one.\n") && merged.text.contains("- Rule four.\n"))
    }

    @Test func aMultiLineRuleMovesAsOnePiece() {
        let base = "# T\n\n- First rule\n  continues here.\n- Second rule.\n"
        let local = "# T\n\n- First rule\n  continues here, edited.\n- Second rule.\n"
        let upstream = "# T\n\n- First rule\n  continues here.\n- Second rule, edited.\n"
        let merged = RuleMerge.merge(base: base, local: local, upstream: upstream, path: "AGENTS.md")
        #expect(merged.conflicts.isEmpty)
        #expect(merged.text == "# T\n\n- First rule\n  continues here, edited.\n- Second rule, edited.\n")
    }

    @Test func ruleDiffNamesEditedAddedAndRemovedRules() {
        let changes = RuleDiff.changes(
            from: "- Keep.\n- Change me.\n- Drop me.\n", to: "- Keep.\n- Changed.\n- New one.\n", path: "AGENTS.md")
        #expect(changes.map(\.kind) == [.edited, .edited])
        let added = RuleDiff.changes(from: "- A.\n", to: "- A.\n- B.\n", path: "AGENTS.md")
        #expect(added == [RuleChange(kind: .added, isRule: true, before: nil, after: "B.", line: 2)])
    }
}
