internal import CCmarkGFM

#if canImport(Glibc)
    internal import Glibc
#endif

/// Parses Markdown with cmark-gfm into an immutable ``MarkdownNode`` tree; the C tree is freed before returning.
///
/// With ``Inlines/collapsedText`` only the blocks become nodes: each paragraph, heading and table cell carries its
/// inlines' collapsed plain text, read from the C tree, instead of a node for each. The inline nodes were most of
/// a document's nodes, and making each one a value (its children array, its text a string) and freeing it again
/// was 7% of the parse's instructions (the shared corpus under `cachegrind`), for a text the rule extractor read
/// once.
///
/// Only the block extensions `table` and `tasklist` are attached. The inline extensions (strikethrough,
/// autolink) edit a process-global table of special characters on every parse, so parses that use them cannot
/// run on several threads at once; without them, parses are independent and run in parallel.
public enum CommonMarkParser {
    private static let registered: Bool = {
        cmark_gfm_core_extensions_ensure_registered()
        return true
    }()

    /// What becomes of a block's inline content.
    public enum Inlines: Sendable {
        /// A node for each inline: emphasis, links, code spans, text.
        case nodes
        /// No inline nodes: paragraphs, headings and table cells carry ``MarkdownNode/inlineText``.
        case collapsedText
    }

    /// Parses `text`.
    ///
    /// Parsing never fails: any text is some Markdown.
    public static func parse(_ text: String, inlines: Inlines = .nodes) -> MarkdownNode {
        precondition(registered)
        guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else {
            return MarkdownNode(
                kind: .document, range: SourceRange(startLine: 1, startColumn: 1, endLine: 1, endColumn: 1))
        }
        defer { cmark_parser_free(parser) }
        for name in ["table", "tasklist"] {
            if let extensionPointer = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, extensionPointer)
            }
        }
        var source = text
        source.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                cmark_parser_feed(parser, chars.baseAddress, chars.count)
            }
        }
        guard let document = cmark_parser_finish(parser) else {
            return MarkdownNode(
                kind: .document, range: SourceRange(startLine: 1, startColumn: 1, endLine: 1, endColumn: 1))
        }
        defer { cmark_node_free(document) }
        return convert(document, inlines: inlines)
    }

    private static func convert(_ node: OpaquePointer, inlines: Inlines) -> MarkdownNode {
        let range = SourceRange(
            startLine: Int(cmark_node_get_start_line(node)), startColumn: Int(cmark_node_get_start_column(node)),
            endLine: Int(cmark_node_get_end_line(node)), endColumn: Int(cmark_node_get_end_column(node)))
        let kind = kind(of: node)
        if inlines == .collapsedText {
            switch kind {
            case .paragraph, .heading, .tableCell:
                var text = CollapsedText()
                var shape = InlineShape()
                appendCollapsed(childrenOf: node, to: &text, shape: &shape, inLink: false, inCode: false)
                if kind == .paragraph { shape.labelledLines = labelledLines(of: node) }
                return MarkdownNode(kind: kind, range: range, inlineText: text.string, inlineShape: shape)
            default: break
            }
        }
        var children: [MarkdownNode] = []
        var child = cmark_node_first_child(node)
        while let current = child {
            children.append(convert(current, inlines: inlines))
            child = cmark_node_next(current)
        }
        var literal = ""
        switch kind {
        case .text, .code, .codeBlock, .htmlBlock, .htmlInline:
            if let pointer = cmark_node_get_literal(node) { literal = String(cString: pointer) }
        default: break
        }
        return MarkdownNode(kind: kind, range: range, literal: literal, children: children)
    }

    /// The inlines under `node` as ``MarkdownNode/collapsedPlainText`` reads them from a tree of nodes, and what
    /// they are made of.
    private static func appendCollapsed(
        childrenOf node: OpaquePointer, to text: inout CollapsedText, shape: inout InlineShape, inLink: Bool,
        inCode: Bool
    ) {
        var child = cmark_node_first_child(node)
        while let current = child {
            appendCollapsed(node: current, to: &text, shape: &shape, inLink: inLink, inCode: inCode)
            child = cmark_node_next(current)
        }
    }

    /// One inline node and what is under it, as ``appendCollapsed(childrenOf:to:shape:inLink:inCode:)`` reads it.
    private static func appendCollapsed(
        node current: OpaquePointer, to text: inout CollapsedText, shape: inout InlineShape, inLink: Bool,
        inCode: Bool
    ) {
        switch cmark_node_get_type(current) {
        case CMARK_NODE_TEXT, CMARK_NODE_HTML_INLINE:
            if let pointer = cmark_node_get_literal(current) {
                text.append(cString: pointer)
                let letters = countLetters(pointer)
                if !inLink { shape.lettersOutsideLinks += letters }
                if !inCode { shape.lettersOutsideCode += letters }
            }
        case CMARK_NODE_CODE:
            text.append(byte: 0x60)
            if let pointer = cmark_node_get_literal(current) {
                text.append(cString: pointer)
                if !inLink { shape.lettersOutsideLinks += countLetters(pointer) }
            }
            text.append(byte: 0x60)
        case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: text.space()
        case CMARK_NODE_IMAGE: break
        case CMARK_NODE_LINK:
            if shape.linkDestinations.count < 16 {
                shape.linkDestinations.append(cmark_node_get_url(current).map { String(cString: $0) } ?? "")
            }
            appendCollapsed(childrenOf: current, to: &text, shape: &shape, inLink: true, inCode: inCode)
        default: appendCollapsed(childrenOf: current, to: &text, shape: &shape, inLink: inLink, inCode: inCode)
        }
    }

    /// Each line's collapsed text of a paragraph whose lines all open with bold text; else nothing.
    ///
    /// The paragraph needs two lines or more, each with a strong node first (or right after the line break before
    /// it). Only a paragraph that opens with bold text is read a second time.
    private static func labelledLines(of paragraph: OpaquePointer) -> [String] {
        guard let first = cmark_node_first_child(paragraph), cmark_node_get_type(first) == CMARK_NODE_STRONG else {
            return []
        }
        var lines: [String] = []
        var line = CollapsedText()
        var unusedShape = InlineShape()
        var atLineStart = true
        var child: OpaquePointer? = first
        while let current = child {
            let type = cmark_node_get_type(current)
            if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK {
                lines.append(line.string)
                line = CollapsedText()
                atLineStart = true
            } else {
                if atLineStart && type != CMARK_NODE_STRONG { return [] }
                atLineStart = false
                appendCollapsed(node: current, to: &line, shape: &unusedShape, inLink: false, inCode: false)
            }
            child = cmark_node_next(current)
        }
        if !atLineStart { lines.append(line.string) }
        return lines.count >= 2 && lines.allSatisfy { !$0.isEmpty } ? lines : []
    }

    /// ASCII letters and digits and every byte past ASCII that starts a scalar: a count to compare with zero and
    /// small numbers, not a character count.
    private static func countLetters(_ pointer: UnsafePointer<CChar>) -> Int {
        var count = 0
        var cursor = pointer
        while cursor.pointee != 0 {
            let byte = UInt8(bitPattern: cursor.pointee)
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0xC0...: count += 1
            default: break
            }
            cursor += 1
        }
        return count
    }

    private static func kind(of node: OpaquePointer) -> MarkdownNode.Kind {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_DOCUMENT: return .document
        case CMARK_NODE_BLOCK_QUOTE: return .blockQuote
        case CMARK_NODE_LIST:
            return .list(
                isOrdered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
                start: Int(cmark_node_get_list_start(node)))
        case CMARK_NODE_ITEM:
            // The tasklist extension marks items by their type string, not by a node type of its own.
            if let name = cmark_node_get_type_string(node), strcmp(name, "tasklist") == 0 {
                return .taskItem(isChecked: cmark_gfm_extensions_get_tasklist_item_checked(node))
            }
            return .item
        case CMARK_NODE_CODE_BLOCK:
            return .codeBlock(info: cmark_node_get_fence_info(node).map { String(cString: $0) } ?? "")
        case CMARK_NODE_HTML_BLOCK: return .htmlBlock
        case CMARK_NODE_CUSTOM_BLOCK: return .customBlock
        case CMARK_NODE_PARAGRAPH: return .paragraph
        case CMARK_NODE_HEADING: return .heading(level: Int(cmark_node_get_heading_level(node)))
        case CMARK_NODE_THEMATIC_BREAK: return .thematicBreak
        case CMARK_NODE_FOOTNOTE_DEFINITION: return .footnoteDefinition
        case CMARK_NODE_TEXT: return .text
        case CMARK_NODE_SOFTBREAK: return .softBreak
        case CMARK_NODE_LINEBREAK: return .lineBreak
        case CMARK_NODE_CODE: return .code
        case CMARK_NODE_HTML_INLINE: return .htmlInline
        case CMARK_NODE_CUSTOM_INLINE: return .customInline
        case CMARK_NODE_EMPH: return .emphasis
        case CMARK_NODE_STRONG: return .strong
        case CMARK_NODE_LINK: return .link(destination: cmark_node_get_url(node).map { String(cString: $0) } ?? "")
        case CMARK_NODE_IMAGE: return .image(source: cmark_node_get_url(node).map { String(cString: $0) } ?? "")
        case CMARK_NODE_FOOTNOTE_REFERENCE: return .footnoteReference
        default:
            // Extension nodes have no public type constants: compare cmark's type string.
            let name = cmark_node_get_type_string(node).map { String(cString: $0) } ?? ""
            switch name {
            case "table": return .table
            case "table_header": return .tableHeader
            case "table_row": return .tableRow
            case "table_cell": return .tableCell
            case "strikethrough": return .strikethrough
            case "tasklist": return .taskItem(isChecked: cmark_gfm_extensions_get_tasklist_item_checked(node))
            default: return .other(name)
            }
        }
    }
}
