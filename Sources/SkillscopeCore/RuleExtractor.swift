internal import CommonMark

/// Walks a Markdown tree into sections and rules.
///
/// What a rule is, as the extractor applies it (the definitions every rating and count builds on):
///
/// - A rule is one instruction the file gives an agent, in one block: a list item's own text (without its
///   sub-items), a paragraph that instructs, or a body row of a table that instructs. It starts on the line its
///   block starts on, as an editor numbers it (front matter counted).
/// - A list item that only introduces its sub-items ("Before committing:", "Testing") is context; the sub-items are
///   the rules.
/// - A list none of whose items instructs or asks (no imperative, directive word, arrow or question) lists facts,
///   parts, features or an example's content ("Day 2: architecture deep-dive", "Strict checking enabled"): none of
///   it is a rule, unless a heading above sets rules ("Code style", "Conventions", "Common mistakes": there "Four
///   spaces of indentation in every file" is one) or it follows a lead-in that instructs ("Before finalizing, verify:") or an item with a
///   colon.
/// - A list whose items only link to anchors of the same file, or repeat its headings, is navigation (a table of
///   contents): none of it is a rule, nested lists included.
/// - A bare name is not a rule: an item that is only code (`CNMutableContact`, `` `init` ``), only links, or a
///   noun phrase of a few words with nothing that instructs ("Environment", "✅ GetObject"). A list of them is a
///   reference list: context for the rule before it.
/// - A bold or code label followed by an instruction ("**Never** read whole files", "**Testing**: run the suite")
///   is one rule, its text without the label's markup. An instructing paragraph whose every line opens with a
///   bold label ("**In tests:** use …", then "**Before an operation:** log …") is one rule a line.
/// - A paragraph is a rule when it tells the agent to do, use, avoid or check something, in any language and verb
///   form (``InstructionHeuristics/isInstruction(_:)``): "Use …", "You could use the `tools/x.py` file to …",
///   "Niemals …", "必须先调用 …", "…してください".
/// - Each body row of an instructing table is a rule (do / don't, use-this / not-that, situation / action); a
///   reference table (option / meaning, file / contents) with no instructing header or row gives none.
/// - What describes is not a rule (``RuleShapes``): under a heading that describes ("When to use", "Tech stack",
///   "Project structure", "Example prompts", "Related skills"; under "Examples" its sub-sections too, and task
///   items there are an example's content) only a block with a directive word ("must", "never",
///   "do not", 必须) is; a quotation ("\"Create secure form validation\"") and a label with a fact ("Core: Python
///   3.10+", "`api.py`: main API client") are examples and facts; a reference table's rows are rules only where
///   they instruct.
/// - Headings, code blocks, HTML and thematic breaks are never rules; a code block becomes an example of the rule
///   before it in the same section. Block quotes are quoted text, never rules.
struct RuleExtractor {
    private(set) var rules: [Rule] = []
    private(set) var sections: [Section] = []
    private var headingStack: [(level: Int, title: String)] = []
    /// The file's headings as ``InstructionHeuristics/headingKey(_:)`` compares them: what a table of contents
    /// repeats.
    ///
    /// Made at the first list item that may repeat one.
    private var headingKeys: Set<UInt64>?
    private var document: MarkdownNode?

    /// A list item's text longer than this repeats no heading.
    private static let longestHeading = 120

    private var sectionPath: [String] { headingStack.map(\.title) }
    /// What the headings above say of the blocks under them (``RuleShapes/role(under:)``), kept as headings change.
    private var sectionRole = RuleShapes.SectionRole.neutral
    /// Whether the block just visited ends with a colon and instructs ("Before committing, check:"): a list right
    /// after it holds steps or checks, even as bare phrases.
    private var leadInInstructs = false

    mutating func walk(document: MarkdownNode) {
        self.document = document
        for block in document.children { visitBlock(block) }
    }

    /// ``headingKeys``, made once.
    private mutating func keysOfHeadings() -> Set<UInt64> {
        if let headingKeys { return headingKeys }
        var keys = Set<UInt64>()
        func collect(_ node: MarkdownNode) {
            for child in node.children {
                switch child.kind {
                case .heading:
                    if let key = InstructionHeuristics.headingKey(child.collapsedPlainText) { keys.insert(key) }
                case .customBlock: collect(child)
                default: continue
                }
            }
        }
        if let document { collect(document) }
        headingKeys = keys
        return keys
    }

    private mutating func visitBlock(_ node: MarkdownNode) {
        let afterLeadIn = leadInInstructs
        leadInInstructs = false
        switch node.kind {
        case .heading(let level):
            let title = node.collapsedPlainText
            while let last = headingStack.last, last.level >= level { headingStack.removeLast() }
            headingStack.append((level, title))
            sectionRole = RuleShapes.role(under: sectionPath)
            sections.append(Section(title: title, level: level, line: node.range.startLine))
        case .paragraph:
            let text = node.collapsedPlainText
            leadInInstructs =
                (text.hasSuffix(":") || text.hasSuffix("：")) && InstructionHeuristics.hasInstructionSignal(text)
            guard InstructionHeuristics.isInstruction(text), !describesOnly(text) else { break }
            let labelled = node.inlineShape?.labelledLines ?? []
            if labelled.isEmpty {
                emit(text, lines: lines(of: node), source: .paragraph)
            } else {
                // Lines that each open with a bold label are parallel items, as a list's are: one rule a line.
                for (offset, line) in labelled.enumerated() {
                    emit(line, lines: LineSpan(line: node.range.startLine + offset), source: .paragraph)
                }
            }
        case .list:
            visitList(node, afterLeadIn: afterLeadIn)
        case .table:
            visitTable(node)
        case .codeBlock(let info):
            attachExample(node, language: info)
        case .footnoteDefinition, .customBlock:
            for child in node.children { visitBlock(child) }
        default:
            // Block quotes (quoted text, not the file's own voice), HTML blocks and thematic breaks are never rules.
            break
        }
    }

    /// An item's own paragraphs, not its sub-lists or code.
    private static func ownParagraphs(_ item: MarkdownNode) -> [MarkdownNode] {
        item.children.filter { if case .paragraph = $0.kind { true } else { false } }
    }

    /// Whether every item of `list` (and of the lists nested in it) only links to the file's own anchors or
    /// repeats one of its headings.
    private mutating func isNavigation(_ list: MarkdownNode) -> Bool {
        var entries = 0
        for item in list.children {
            for paragraph in Self.ownParagraphs(item) {
                let text = paragraph.collapsedPlainText
                guard !text.isEmpty else { continue }
                entries += 1
                let shape = paragraph.inlineShape ?? InlineShape()
                let linksToAnchors =
                    !shape.linkDestinations.isEmpty && shape.linkDestinations.allSatisfy { $0.hasPrefix("#") }
                    && shape.lettersOutsideLinks <= 3
                if linksToAnchors { continue }
                guard text.utf8.count <= Self.longestHeading,
                    let key = InstructionHeuristics.headingKey(text), keysOfHeadings().contains(key)
                else { return false }
            }
            for child in item.children {
                if case .list = child.kind, !isNavigation(child) { return false }
            }
        }
        return entries > 0
    }

    private mutating func visitList(_ list: MarkdownNode, afterLeadIn: Bool) {
        if isNavigation(list) { return }
        let texts = list.children.map { item in
            Self.ownParagraphs(item).map(\.collapsedPlainText).filter { !$0.isEmpty }.joined(separator: " ")
        }
        let signals = texts.map { !$0.isEmpty && InstructionHeuristics.hasInstructionSignal($0) }
        // A list none of whose items instructs or asks (a question is a check to make: "Is there a try/catch?"),
        // under no heading that sets rules and after no lead-in that instructs, lists facts, parts, features or an
        // example's content ("Day 2: architecture deep-dive", "Strict checking enabled"): not rules.
        let listsOnly =
            !afterLeadIn && sectionRole != .prescribes && !signals.contains(true)
            && !texts.contains { $0.hasSuffix("?") || $0.hasSuffix("？") }
        for (index, item) in list.children.enumerated() {
            let own = Self.ownParagraphs(item)
            let hasSubList = item.children.contains { if case .list = $0.kind { true } else { false } }
            let text = texts[index]
            let instructs = signals[index]
            // An item over sub-items introduces them unless it instructs itself ("Avoid `sleep()`. Instead:").
            let introducesOnly = hasSubList && !instructs
            let isTask = if case .taskItem = item.kind { true } else { false }
            let isRule =
                (isTask && sectionRole != .describes)
                || (!listsOnly && !Self.isBareName(text, shapes: own.compactMap(\.inlineShape), instructs: instructs)
                    && !describesOnly(text))
            if !text.isEmpty && !introducesOnly && isRule {
                let end = own.map { lines(of: $0).end }.max() ?? item.range.startLine
                emit(text, lines: LineSpan(start: item.range.startLine, end: end), source: .listItem)
            }
            for child in item.children {
                switch child.kind {
                case .paragraph: continue
                case .list:
                    // Sub-items of an item that instructs or ends with a colon ("Clear the old processes:") are its
                    // steps.
                    visitList(child, afterLeadIn: instructs || text.hasSuffix(":") || text.hasSuffix("："))
                default: visitBlock(child)
                }
            }
        }
    }

    /// Whether a list item's text is a bare name: only code, only links, or a few words that do not instruct
    /// (`instructs`: what ``InstructionHeuristics/hasInstructionSignal(_:)`` said of the text).
    static func isBareName(_ text: String, shapes: [InlineShape], instructs: Bool) -> Bool {
        if !shapes.isEmpty {
            if shapes.allSatisfy({ $0.lettersOutsideCode == 0 }) { return true }
            if shapes.allSatisfy({ $0.lettersOutsideLinks == 0 }) { return true }
        }
        return !instructs && InstructionHeuristics.isFewWords(text)
    }

    private mutating func visitTable(_ table: MarkdownNode) {
        var header: [String] = []
        var rows: [(cells: [String], line: Int)] = []
        for row in table.children {
            let cells = row.children.map(\.collapsedPlainText)
            switch row.kind {
            case .tableHeader: header = cells
            case .tableRow:
                let kept = cells.filter { !$0.isEmpty }
                if !kept.isEmpty { rows.append((kept, row.range.startLine)) }
            default: continue
            }
        }
        let instructs =
            InstructionHeuristics.isInstructingHeader(header)
            || rows.contains { row in row.cells.contains(where: InstructionHeuristics.hasInstructionSignal) }
        guard instructs else { return }
        let describes = sectionRole == .describes
        for row in rows {
            let text = row.cells.joined(separator: " — ")
            // Under a heading that describes ("Tech stack", "Examples"), a row is a rule only with a directive word.
            if describes, !RuleShapes.hasDirective(text) { continue }
            emit(text, lines: LineSpan(line: row.line), source: .tableRow)
        }
    }

    /// Whether a block's text describes, lists or shows rather than instructs (``RuleShapes``): under a heading
    /// that describes ("When to use", "Tech stack", "Examples") without a directive word; a quotation; a label and
    /// a fact; a drawing made of box-drawing characters.
    private func describesOnly(_ text: String) -> Bool {
        if sectionRole == .describes, !RuleShapes.hasDirective(text) { return true }
        return RuleShapes.isQuotation(text) || RuleShapes.isLabelledFact(text) || RuleShapes.isDrawing(text)
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
