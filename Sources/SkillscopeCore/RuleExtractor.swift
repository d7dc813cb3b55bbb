internal import CommonMark

/// Walks a Markdown tree into sections and rules.
///
/// A rule is one instruction: a list item's own text (an item whose text only introduces its sub-items is
/// context, and the sub-items are the rules), a paragraph outside lists that instructs, a table body row.
/// Headings, code blocks, HTML and block quotes are never rules; a code block becomes an example of the rule
/// before it in the same section.
struct RuleExtractor {
    private(set) var rules: [Rule] = []
    private(set) var sections: [Section] = []
    private var headingStack: [(level: Int, title: String)] = []

    private var sectionPath: [String] { headingStack.map(\.title) }

    mutating func walk(document: MarkdownNode) {
        for block in document.children { visitBlock(block) }
    }

    private mutating func visitBlock(_ node: MarkdownNode) {
        switch node.kind {
        case .heading(let level):
            let title = node.collapsedPlainText
            while let last = headingStack.last, last.level >= level { headingStack.removeLast() }
            headingStack.append((level, title))
            sections.append(Section(title: title, level: level, line: node.range.startLine))
        case .paragraph:
            let text = node.collapsedPlainText
            if InstructionHeuristics.isInstruction(text) {
                emit(text, lines: lines(of: node), source: .paragraph)
            }
        case .list:
            visitList(node)
        case .table:
            visitTable(node)
        case .codeBlock(let info):
            attachExample(node, language: info)
        case .footnoteDefinition, .customBlock:
            for child in node.children { visitBlock(child) }
        default:
            // Block quotes, HTML blocks and thematic breaks are never rules.
            break
        }
    }

    private mutating func visitList(_ list: MarkdownNode) {
        for item in list.children {
            let own = item.children.filter { if case .paragraph = $0.kind { true } else { false } }
            let hasSubList = item.children.contains { if case .list = $0.kind { true } else { false } }
            let text =
                own.map(\.collapsedPlainText).filter { !$0.isEmpty }.joined(separator: " ")
            let introducesOnly =
                hasSubList
                && (text.isEmpty || text.hasSuffix(":")
                    || InstructionHeuristics.lowercaseWords(text, limit: 4).count <= 3)
            if !text.isEmpty && !introducesOnly {
                let end = own.map { lines(of: $0).end }.max() ?? item.range.startLine
                emit(text, lines: LineSpan(start: item.range.startLine, end: end), source: .listItem)
            }
            for child in item.children {
                switch child.kind {
                case .paragraph: continue
                default: visitBlock(child)
                }
            }
        }
    }

    private mutating func visitTable(_ table: MarkdownNode) {
        for row in table.children {
            guard case .tableRow = row.kind else { continue }
            let cells = row.children.map(\.collapsedPlainText).filter { !$0.isEmpty }
            guard !cells.isEmpty else { continue }
            emit(cells.joined(separator: " — "), lines: LineSpan(line: row.range.startLine), source: .tableRow)
        }
    }

    private mutating func attachExample(_ node: MarkdownNode, language: String) {
        guard let last = rules.indices.last, rules[last].section == sectionPath else { return }
        var code = node.literal
        if code.hasSuffix("\n") { code.removeLast() }
        rules[last].examples.append(Example(language: language, code: code, lines: lines(of: node)))
    }

    private mutating func emit(_ text: String, lines: LineSpan, source: Rule.Source) {
        rules.append(Rule(position: rules.count, text: text, lines: lines, section: sectionPath, source: source))
    }

    /// A block's lines; cmark counts a trailing blank line into the last item and indented code, so the end is
    /// pulled back to the last line its children reach.
    private func lines(of node: MarkdownNode) -> LineSpan {
        var end = node.range.endLine
        if case .codeBlock(let info) = node.kind, info.isEmpty {
            // Line feeds counted by bytes (line endings are `\n` by now): splitting the string walks characters.
            let codeLines = node.literal.utf8.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            end = min(end, node.range.startLine + max(0, codeLines - 2))
        }
        return LineSpan(start: node.range.startLine, end: end)
    }

}
