import SkillscopeSync
import Testing

@Suite struct MarkedBlockTests {
    @Test func firstSpliceKeepsHandWrittenTextAsAPrefix() {
        let hand = "# Mine\n\nKeep this.\n"
        let block = MarkedBlock.render(content: "- Rule one.\n", from: "AGENTS.md")
        let once = MarkedBlock.splice(block, into: hand)
        #expect(once.hasPrefix(hand))
        #expect(MarkedBlock.find(in: once)?.content == "- Rule one.\n")
        #expect(MarkedBlock.splice(block, into: once) == once)
    }
}
