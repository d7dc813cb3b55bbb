#if canImport(Glibc)
    internal import Glibc
#endif

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
    /// The collapsed plain text of a paragraph, heading or table cell parsed with
    /// ``CommonMarkParser/Inlines/collapsedText``, which keeps no inline nodes; `nil` otherwise.
    public let inlineText: String?
    /// What the inlines of a block parsed with ``CommonMarkParser/Inlines/collapsedText`` were made of; `nil`
    /// otherwise.
    public let inlineShape: InlineShape?

    public init(kind: Kind, range: SourceRange, literal: String = "", children: [MarkdownNode] = []) {
        self.kind = kind
        self.range = range
        self.literal = literal
        self.children = children
        inlineText = nil
        inlineShape = nil
    }

    /// A block whose inlines were read into their collapsed plain text instead of nodes.
    public init(kind: Kind, range: SourceRange, inlineText: String, inlineShape: InlineShape = InlineShape()) {
        self.kind = kind
        self.range = range
        literal = ""
        children = []
        self.inlineText = inlineText
        self.inlineShape = inlineShape
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
    ///
    /// A block parsed without inline nodes has only its collapsed text (``inlineText``), and gives that.
    public var plainText: String {
        if let inlineText { return inlineText }
        var output = ""
        appendPlainText(to: &output)
        return output
    }

    /// ``plainText`` with runs of ASCII white space collapsed to one space and the ends trimmed, built in one pass.
    public var collapsedPlainText: String {
        if let inlineText { return inlineText }
        var text = CollapsedText()
        appendCollapsed(to: &text)
        return text.string
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

    private func appendCollapsed(to text: inout CollapsedText) {
        switch kind {
        case .text, .htmlInline: text.append(literal)
        case .code:
            text.append(byte: 0x60)
            text.append(literal)
            text.append(byte: 0x60)
        case .softBreak, .lineBreak: text.space()
        case .image: break
        default:
            for child in children { child.appendCollapsed(to: &text) }
        }
    }

    /// A readable dump of the tree, one node per line with its lines, for tests.
    public func dump(indent: Int = 0) -> String {
        var line = String(repeating: "  ", count: indent) + "\(kind) L\(range.startLine)-\(range.endLine)"
        if !literal.isEmpty && !isBlock { line += " \"\(literal)\"" }
        return ([line] + children.filter(\.isBlock).map { $0.dump(indent: indent + 1) }).joined(separator: "\n")
    }
}

/// What a block's inlines were made of, beside their text: enough to tell a table of contents (links to the
/// file's own anchors) and a bare code name from prose.
public struct InlineShape: Sendable, Hashable {
    /// The destinations of the block's links, in order (at most 16 are kept).
    public var linkDestinations: [String] = []
    /// Letters and digits outside links.
    public var lettersOutsideLinks = 0
    /// Letters and digits outside code spans.
    public var lettersOutsideCode = 0
    /// Each line's collapsed text, in order, of a paragraph whose lines all open with bold text.
    ///
    /// Two lines or more: "**In tests:** use …" on one line, "**Before an operation:** …" on the next. Empty for
    /// any other block.
    public var labelledLines: [String] = []

    public init() {}
}

/// Text with each run of white space made one space, none at the start or the end.
///
/// The pieces are gathered as they come, and the white space is collapsed in one pass when the string is made:
/// appending byte by byte, each byte tested on the way in, was 4.5% of the parse's instructions.
struct CollapsedText {
    private var bytes: [UInt8] = []

    /// The text, white space collapsed; invalid UTF-8 would become U+FFFD.
    var string: String {
        bytes.withUnsafeBufferPointer { source in
            String(unsafeUninitializedCapacity: source.count) { target in
                var count = 0
                var pendingSpace = false
                for byte in source {
                    if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C {
                        pendingSpace = count > 0
                    } else {
                        if pendingSpace {
                            target[count] = 0x20
                            count += 1
                            pendingSpace = false
                        }
                        target[count] = byte
                        count += 1
                    }
                }
                return count
            }
        }
    }

    /// A break between words.
    mutating func space() { bytes.append(0x20) }

    mutating func append(byte: UInt8) { bytes.append(byte) }

    mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// Appends a C string's bytes, up to its NUL.
    mutating func append(cString pointer: UnsafePointer<CChar>) {
        pointer.withMemoryRebound(to: UInt8.self, capacity: 1) { start in
            bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: strlen(pointer)))
        }
    }
}
