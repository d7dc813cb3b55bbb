/// A text's lines, without their line feeds (a carriage return before one stays): found once as byte offsets,
/// and each cut out of the text only when it is read.
///
/// The security scan marks the few lines worth reading in one byte pass; making a substring of every line first
/// cost it as much as that pass. Lines are numbered from 0 here; editors (and rules) number them from 1.
public struct TextLines: RandomAccessCollection, Sendable, Hashable {
    public let text: String
    /// The byte offset where each line starts, and one past the end of the text (as if a line feed followed).
    private let starts: [Int]

    public init(_ text: String) {
        self.text = text
        let bytes = text.utf8.span
        var starts = [0]
        for index in bytes.indices where bytes[index] == 0x0A { starts.append(index + 1) }
        starts.append(bytes.count + 1)
        self.starts = starts
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { starts.count - 1 }

    /// The byte range of line `index` in the text's UTF-8.
    public func byteRange(_ index: Int) -> Range<Int> { starts[index]..<(starts[index + 1] - 1) }

    public subscript(index: Int) -> Substring { text.substring(utf8Offsets: byteRange(index)) }

    /// Lines are equal when their texts are: the offsets follow from the text.
    public static func == (lhs: TextLines, rhs: TextLines) -> Bool { lhs.text == rhs.text }

    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
