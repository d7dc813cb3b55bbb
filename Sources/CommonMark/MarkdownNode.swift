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
        var bytes: [UInt8] = []
        var pendingSpace = false
        appendCollapsed(to: &bytes, pendingSpace: &pendingSpace)
        return String(decoding: bytes, as: UTF8.self)
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

    /// Appends the text's bytes with each run of white space made one space (none at the start).
    ///
    /// Built as bytes and made a string once: appending word by word to a string took 5.5% of an ingest's samples
    /// (50,000 files, `perf`), most of it in the string's append path.
    private func appendCollapsed(to buffer: inout [UInt8], pendingSpace: inout Bool) {
        func append(_ text: String) {
            let bytes = text.utf8.span
            for index in 0..<bytes.count {
                let byte = bytes[index]
                if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C {
                    pendingSpace = !buffer.isEmpty
                } else {
                    if pendingSpace { buffer.append(0x20) }
                    pendingSpace = false
                    buffer.append(byte)
                }
            }
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
