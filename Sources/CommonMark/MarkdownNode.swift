/// Lines and columns of a node in its source, 1-based and inclusive, as cmark-gfm reports them.
public struct SourceRange: Sendable, Hashable, Codable {
    public var startLine: Int
    public var startColumn: Int
    public var endLine: Int
    public var endColumn: Int

    public init(startLine: Int, startColumn: Int, endLine: Int, endColumn: Int) {
        self.startLine = startLine
        self.startColumn = startColumn
        self.endLine = endLine
        self.endColumn = endColumn
    }
}

/// One node of a parsed Markdown document: an immutable value, with its children.
public struct MarkdownNode: Sendable, Hashable {
    /// What a node is.
    ///
    /// Extension nodes (tables, task items) have their own cases.
    public enum Kind: Sendable, Hashable {
        case document
        case blockQuote
        case list(isOrdered: Bool, start: Int)
        case item
        /// A task-list item (`- [ ]` / `- [x]`).
        case taskItem(isChecked: Bool)
        case codeBlock(info: String)
        case htmlBlock
        case customBlock
        case paragraph
        case heading(level: Int)
        case thematicBreak
        case table
        case tableHeader
        case tableRow
        case tableCell
        case text
        case softBreak
        case lineBreak
        case code
        case htmlInline
        case customInline
        case emphasis
        case strong
        case strikethrough
        case link(destination: String)
        case image(source: String)
        case footnoteDefinition
        case footnoteReference
        /// A node type this wrapper does not know, by cmark's type string.
        case other(String)
    }

    public let kind: Kind
    /// The node's source range.
    ///
    /// Inline nodes may report zeros where cmark keeps no position.
    public let range: SourceRange
    /// The text of text, code, code-block and HTML nodes; empty otherwise.
    public let literal: String
    public let children: [MarkdownNode]

    public init(kind: Kind, range: SourceRange, literal: String = "", children: [MarkdownNode] = []) {
        self.kind = kind
        self.range = range
        self.literal = literal
        self.children = children
    }

    /// Whether this is a block (not an inline) node.
    public var isBlock: Bool {
        switch kind {
        case .document, .blockQuote, .list, .item, .taskItem, .codeBlock, .htmlBlock, .customBlock, .paragraph,
            .heading, .thematicBreak, .table, .tableHeader, .tableRow, .tableCell, .footnoteDefinition:
            return true
        default:
            return false
        }
    }

    /// The plain text of the node's inlines: emphasis and links stripped, inline code kept in backticks,
    /// line breaks as spaces.
    public var plainText: String {
        var output = ""
        appendPlainText(to: &output)
        return output
    }

    /// ``plainText`` with runs of ASCII white space collapsed to one space and the ends trimmed, built in one pass.
    public var collapsedPlainText: String {
        var text = ""
        var pendingSpace = false
        appendCollapsed(to: &text, pendingSpace: &pendingSpace)
        return text
    }

    private func appendPlainText(to output: inout String) {
        switch kind {
        case .text, .htmlInline: output += literal
        case .code:
            output += "`"
            output += literal
            output += "`"
        case .softBreak, .lineBreak: output += " "
        case .image: break
        default:
            for child in children { child.appendPlainText(to: &output) }
        }
    }

    private func appendCollapsed(to buffer: inout String, pendingSpace: inout Bool) {
        // Runs of other bytes are copied whole (a string appends a substring as one copy); a white-space byte only
        // leaves a space pending.
        func append(_ text: String) {
            let utf8 = text.utf8
            let bytes = utf8.span
            var start = 0
            func copy(upTo end: Int) {
                guard end > start else { return }
                if pendingSpace { buffer.append(" ") }
                pendingSpace = false
                buffer.append(
                    contentsOf: text[
                        utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)])
            }
            for index in 0..<bytes.count {
                let byte = bytes[index]
                if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C {
                    copy(upTo: index)
                    pendingSpace = !buffer.isEmpty
                    start = index + 1
                }
            }
            copy(upTo: bytes.count)
        }
        switch kind {
        case .text, .htmlInline: append(literal)
        case .code:
            append("`")
            append(literal)
            append("`")
        case .softBreak, .lineBreak: pendingSpace = !buffer.isEmpty
        case .image: break
        default:
            for child in children { child.appendCollapsed(to: &buffer, pendingSpace: &pendingSpace) }
        }
    }

    /// A readable dump of the tree, one node per line with its lines, for tests.
    public func dump(indent: Int = 0) -> String {
        var line = String(repeating: "  ", count: indent) + "\(kind) L\(range.startLine)-\(range.endLine)"
        if !literal.isEmpty && !isBlock { line += " \"\(literal)\"" }
        return ([line] + children.filter(\.isBlock).map { $0.dump(indent: indent + 1) }).joined(separator: "\n")
    }
}
