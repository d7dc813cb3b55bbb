import CommonMark
import Foundation
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

    @Test func collapsedInlinesKeepNoInlineNodes() {
        let tree = CommonMarkParser.parse(
            "**Bold** _it_ [link](https://x.y) `code`\nnext line", inlines: .collapsedText)
        let paragraph = tree.children.first
        #expect(paragraph?.children.isEmpty == true)
        #expect(paragraph?.inlineText == "Bold it link `code` next line")
        #expect(paragraph?.collapsedPlainText == "Bold it link `code` next line")
    }

    /// Without inline nodes, every block and its lines are the same, and each paragraph, heading and table cell
    /// carries the text the full tree gives: on generated documents full of inline Markdown, and on every file
    /// of `examples/`.
    @Test func collapsedInlinesGiveTheFullTreesText() throws {
        var documents = (0..<300).map { Self.generatedDocument(seed: UInt64($0)) }
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/files")
        let files = FileManager.default.enumerator(at: examples, includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            guard ["md", "mdc"].contains(url.pathExtension), let text = try? String(contentsOf: url, encoding: .utf8)
            else { continue }
            documents.append(text)
        }
        #expect(documents.count > 330)
        var compared = 0
        for text in documents {
            let full = CommonMarkParser.parse(text)
            let collapsed = CommonMarkParser.parse(text, inlines: .collapsedText)
            #expect(full.dump() == collapsed.dump())
            compared += Self.compareTexts(full, collapsed)
        }
        #expect(compared > 5_000)
    }

    /// Compares the texts of the blocks that hold inlines; returns how many it compared.
    private static func compareTexts(_ full: MarkdownNode, _ collapsed: MarkdownNode) -> Int {
        switch full.kind {
        case .paragraph, .heading, .tableCell:
            #expect(collapsed.inlineText == full.collapsedPlainText, "\(full.kind) L\(full.range.startLine)")
            return 1
        default:
            let fullBlocks = full.children.filter(\.isBlock)
            #expect(fullBlocks.count == collapsed.children.count)
            return zip(fullBlocks, collapsed.children).reduce(0) { $0 + compareTexts($1.0, $1.1) }
        }
    }

    /// A document of headings, paragraphs, nested lists, task items, tables, quotes and code, its inlines drawn
    /// from emphasis, links, images, code spans, inline HTML, entities, escapes, hard and soft breaks and CJK.
    private static func generatedDocument(seed: UInt64) -> String {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 1
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let pieces = [
            "word", "**strong**", "_emphasis_", "*a **nested** one*", "[a link](https://example.org)",
            "![an image](x.png)", "`code span`", "`` two `ticks` ``", "<span>html</span>", "&amp; &copy;",
            "\\*escaped\\*", "~~struck~~", "<https://auto.link>", "tab\there", "  spaced  ", "日本語の文",
            "[ref][r]", "a_b_c", "end.  \n", "\n", "\\\n", "[![img](i.png)](https://x.y)",
        ]
        func inline() -> String { (0..<(1 + next(8))).map { _ in pieces[next(pieces.count)] }.joined(separator: " ") }
        var lines: [String] = []
        for _ in 0..<(4 + next(10)) {
            switch next(7) {
            case 0: lines.append(String(repeating: "#", count: 1 + next(4)) + " " + inline())
            case 1: lines.append(inline())
            case 2:
                for depth in 0..<(1 + next(5)) {
                    let indent = String(repeating: "  ", count: next(2) == 0 ? 0 : min(depth, 2))
                    lines.append(indent + ["- ", "* ", "1. ", "- [ ] ", "- [x] "][next(5)] + inline())
                }
            case 3:
                lines.append("| " + inline() + " | b |")
                lines.append("|---|---|")
                for _ in 0..<(1 + next(3)) { lines.append("| " + inline() + " | " + inline() + " |") }
            case 4: lines.append("> " + inline())
            case 5: lines += ["```swift", "let x = `y` // **not** emphasis", "```"]
            default: lines.append("[r]: https://example.org/ref")
            }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }
}
