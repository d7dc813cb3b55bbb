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

        - Follow rule one.
        - Follow rule two.
        - Follow rule three.
        - Follow rule four.

        """

    @Test func aLocalEditOnOneRuleAndAnUpstreamEditOnAnotherBothLand() {
        let local = base.replacingOccurrences(of: "- Follow rule one.", with: "- Follow rule one, as we do it here.")
        let upstream = base.replacingOccurrences(
            of: "- Follow rule three.", with: "- Follow rule three, clarified upstream.")
        let merged = RuleMerge.merge(base: base, local: local, upstream: upstream, path: "SKILL.md")
        #expect(merged.conflicts.isEmpty)
        #expect(
            merged.text
                == base.replacingOccurrences(of: "- Follow rule one.", with: "- Follow rule one, as we do it here.")
                .replacingOccurrences(of: "- Follow rule three.", with: "- Follow rule three, clarified upstream."))
        #expect(merged.localChanges.map(\.kind) == [.edited])
        #expect(merged.upstreamChanges.first?.after == "Follow rule three, clarified upstream.")
    }

    @Test func editsToNeighbouringRulesOnDifferentSidesBothLand() {
        let local = base.replacingOccurrences(of: "- Follow rule two.", with: "- Follow rule two (local).")
        let upstream = base.replacingOccurrences(of: "- Follow rule three.", with: "- Follow rule three (upstream).")
        let merged = RuleMerge.merge(base: base, local: local, upstream: upstream, path: "SKILL.md")
        #expect(merged.conflicts.isEmpty)
        #expect(merged.text.contains("- Follow rule two (local).\n- Follow rule three (upstream).\n"))
    }

    @Test func anUpstreamAdditionAndALocalRemovalBothLand() {
        let local = base.replacingOccurrences(of: "- Follow rule four.\n", with: "")
        let upstream = base.replacingOccurrences(of: "- Follow rule one.\n", with: "- Rule zero.\n- Follow rule one.\n")
        let merged = RuleMerge.merge(base: base, local: local, upstream: upstream, path: "SKILL.md")
        #expect(merged.conflicts.isEmpty)
        #expect(
            merged.text.hasSuffix(
                "## Rules\n\n- Rule zero.\n- Follow rule one.\n- Follow rule two.\n- Follow rule three.\n"))
    }

    @Test func aConflictingEditOnTheSameRuleIsMarkedAndNothingIsLost() throws {
        let local = base.replacingOccurrences(of: "- Follow rule two.", with: "- Follow rule two, our way.")
        let upstream = base.replacingOccurrences(of: "- Follow rule two.", with: "- Follow rule two, their way.")
        let merged = RuleMerge.merge(base: base, local: local, upstream: upstream, path: "SKILL.md")
        let conflict = try #require(merged.conflicts.first)
        #expect(merged.conflicts.count == 1)
        #expect(conflict.local == "Follow rule two, our way.")
        #expect(conflict.upstream == "Follow rule two, their way.")
        #expect(conflict.base == "Follow rule two.")
        #expect(
            merged.text.contains(
                "<<<<<<< local\n- Follow rule two, our way.\n||||||| locked\n- Follow rule two.\n=======\n- Follow rule two, their way.\n>>>>>>> upstream\n"
            ))
        let lines = merged.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[conflict.line - 1] == "<<<<<<< local")
        #expect(merged.text.contains("- Follow rule one.\n") && merged.text.contains("- Follow rule four.\n"))
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
            from: "- Keep it.\n- Change me.\n- Drop me.\n", to: "- Keep it.\n- Change it.\n- Add one.\n",
            path: "AGENTS.md")
        #expect(changes.map(\.kind) == [.edited, .edited])
        let added = RuleDiff.changes(from: "- Run A.\n", to: "- Run A.\n- Run B.\n", path: "AGENTS.md")
        #expect(added == [RuleChange(kind: .added, isRule: true, before: nil, after: "Run B.", line: 2)])
    }
}
