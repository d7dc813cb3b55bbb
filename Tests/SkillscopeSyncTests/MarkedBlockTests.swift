import Foundation
import SkillscopeSync
import Testing

@Suite struct MarkedBlockTests {
    @Test func firstSpliceKeepsHandWrittenTextAsAPrefixAndASecondChangesNothing() {
        let hand = "# Mine\n\nKeep this.\n"
        let block = MarkedBlock.render(content: "- Follow rule one.\n", from: "AGENTS.md")
        let once = MarkedBlock.splice(block, into: hand)
        #expect(once.hasPrefix(hand))
        #expect(MarkedBlock.find(in: once)?.content == "- Follow rule one.\n")
        #expect(MarkedBlock.splice(block, into: once) == once)
    }

    @Test func replacingTheBlockLeavesTextBeforeAndAfterByteForByte() throws {
        let before = "intro\r\nwith CRLF\r\n"
        let after = "\ntrailer without newline"
        let text = before + MarkedBlock.render(content: "old\n", from: "AGENTS.md") + after
        let replaced = MarkedBlock.splice(MarkedBlock.render(content: "new\n", from: "AGENTS.md"), into: text)
        #expect(replaced.hasPrefix(before))
        #expect(replaced.hasSuffix(after))
        #expect(try #require(MarkedBlock.find(in: replaced)).content == "new\n")
    }

    @Test func anEditInsideTheBlockIsSeen() throws {
        let text = MarkedBlock.render(content: "- Rule.\n", from: "AGENTS.md")
        #expect(try #require(MarkedBlock.find(in: text)).isEditedByHand == false)
        let edited = text.replacingOccurrences(of: "- Rule.", with: "- Rule, edited.")
        #expect(try #require(MarkedBlock.find(in: edited)).isEditedByHand)
    }

    @Test func aBeginWithoutEndIsNoBlock() {
        #expect(MarkedBlock.find(in: "<!-- skillscope:begin from=AGENTS.md sha256=x -->\ntext\n") == nil)
    }
}
