import CommonMark
import Testing

@Suite struct CommonMarkParserTests {
    @Test func blocksCarryTheirSourceLines() {
        let tree = CommonMarkParser.parse(
            "# Title\n\n- one\n- two\n  - nested\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```swift\nlet x = 1\n```\n")
        #expect(
            tree.dump() == """
                document L1-13
                  heading(level: 1) L1-1
                  list(isOrdered: false, start: 0) L3-6
                    item L3-3
                      paragraph L3-3
                    item L4-6
                      paragraph L4-4
                      list(isOrdered: false, start: 0) L5-6
                        item L5-6
                          paragraph L5-5
                  table L7-9
                    tableHeader L7-7
                      tableCell L7-7
                      tableCell L7-7
                    tableRow L9-9
                      tableCell L9-9
                      tableCell L9-9
                  codeBlock(info: "swift") L11-13
                """)
    }

    @Test func plainTextStripsEmphasisAndLinksAndKeepsCode() {
        let tree = CommonMarkParser.parse("**Bold** _it_ [link](https://x.y) `code`\nnext line")
        #expect(tree.children.first?.plainText == "Bold it link `code` next line")
    }

    @Test func taskItemsAreKnown() {
        let tree = CommonMarkParser.parse("- [x] done\n- [ ] open\n")
        let kinds = tree.children.first?.children.map(\.kind)
        #expect(kinds == [.taskItem(isChecked: true), .taskItem(isChecked: false)])
    }

    @Test func parsesOnManyThreadsAgree() async {
        let text = (0..<200).map { "## H\($0)\n\n- rule ~~\($0)~~ | x\n\n| a | b |\n|---|---|\n| \($0) | y |\n" }
            .joined(separator: "\n")
        let expected = CommonMarkParser.parse(text)
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<16 { group.addTask { CommonMarkParser.parse(text) == expected } }
            var all: [Bool] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.allSatisfy { $0 })
    }
}
