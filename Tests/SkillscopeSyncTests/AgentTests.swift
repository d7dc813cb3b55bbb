import SkillscopeSync
import SkillscopeTesting
import Testing

@Suite struct AgentTests {
    @Test func theTableHoldsTheEightAgentsWithDistinctIDs() {
        let ids = Agent.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(
            Set(ids).isSuperset(of: ["claude", "codex", "cursor", "gemini", "copilot", "opencode", "windsurf", "cline"])
        )
        #expect(Agent.named("cursor")?.rules?.header == .cursor)
        #expect(Agent.named("copilot")?.scopedRules?.header == .copilot)
    }

    @Test func agentsInUseAreDetectedFromTheirFiles() throws {
        let project = TemporaryDirectory()
        try project.write("CLAUDE.md", "# x\n")
        try project.write(".cursor/rules/a.mdc", "x\n")
        try project.write(".github/copilot-instructions.md", "x\n")
        #expect(Agent.detect(in: project.path).map(\.id) == ["claude", "cursor", "copilot"])
    }

    @Test func anUnknownAgentIsAnError() {
        #expect(throws: SyncError.self) { try Agent.parse(["claude,vim"]) }
    }
}
