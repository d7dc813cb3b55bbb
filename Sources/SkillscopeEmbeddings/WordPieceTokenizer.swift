internal import Foundation

/// BERT's uncased WordPiece tokenizer, read from a `vocab.txt`: the ids all-MiniLM-L6-v2 was trained on.
///
/// It follows Hugging Face's `BertNormalizer`, `BertPreTokenizer` and `WordPiece` (the Rust `tokenizers` that
/// sentence-transformers runs), as written down in the embeddings notes (Appendix C holds the test vectors):
/// - NUL, U+FFFD and control, format and private-use characters (Cc, Cf, Co) are dropped; tab, newline and
///   carriage return count as whitespace, like every White_Space character;
/// - CJK ideographs become words of their own;
/// - letters are decomposed (NFD), non-spacing marks (Mn) dropped, then each is lower-cased;
/// - ASCII punctuation and every Unicode P* character is a word of its own;
/// - each word is split greedily into the longest vocabulary pieces (`##` marks a continuation); a word that
///   cannot be covered, or has more than 100 characters, becomes `[UNK]`;
/// - the result is `[CLS]`, at most `maxLength − 2` pieces, `[SEP]`.
public struct WordPieceTokenizer: Sendable {
    /// Every token by id: line `i` of `vocab.txt` is token `i`.
    public let tokens: [String]
    public let classifierID: Int
    public let separatorID: Int
    public let unknownID: Int
    /// The most ids ``encode(_:)`` returns, `[CLS]` and `[SEP]` included.
    ///
    /// The default is 256, the
    /// `max_seq_length` sentence-transformers uses for all-MiniLM-L6-v2.
    public var maxLength = 256

    private let starts: VocabularyTable
    private let continuations: VocabularyTable
    /// Words longer than this (in Unicode scalars) are `[UNK]`.
    static let maxWordLength = 100

    /// Reads `vocab.txt` at `path`: one token a line.
    ///
    /// - Throws: ``EmbeddingsError`` `.modelMissing` when the file is not there, `.modelCorrupt` when it lacks
    ///   `[CLS]`, `[SEP]` or `[UNK]`.
    public init(vocabularyFile path: String) throws(EmbeddingsError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw EmbeddingsError(.modelMissing, "cannot read the vocabulary \(path)")
        }
        try self.init(vocabulary: String(decoding: data, as: UTF8.self), source: path)
    }

    /// Reads a vocabulary given as text: one token a line, ids counted from 0 (empty lines take an id too).
    public init(vocabulary text: String, source: String = "the vocabulary") throws(EmbeddingsError) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        tokens = lines
        var starts: [(key: ArraySlice<UInt8>, id: Int)] = []
        var continuations: [(key: ArraySlice<UInt8>, id: Int)] = []
        for (id, token) in lines.enumerated() where !token.isEmpty {
            let bytes = Array(token.utf8)
            starts.append((bytes[...], id))
            if token.hasPrefix("##") { continuations.append((bytes.dropFirst(2), id)) }
        }
        let table = VocabularyTable(starts)
        func special(_ name: String) throws(EmbeddingsError) -> Int {
            guard let id = table.id(of: Array(name.utf8)[...]) else {
                throw EmbeddingsError(.modelCorrupt, "\(source) has no \(name) token")
            }
            return id
        }
        (classifierID, separatorID, unknownID) = (try special("[CLS]"), try special("[SEP]"), try special("[UNK]"))
        self.starts = table
        self.continuations = VocabularyTable(continuations)
    }

    /// The ids of `text`: `[CLS]`, its word pieces (cut to fit ``maxLength``), `[SEP]`.
    public func encode(_ text: String) -> [Int] {
        var ids = [classifierID]
        let limit = max(maxLength - 2, 0)
        forEachWord(in: text) { word in
            appendPieces(of: word, to: &ids)
            return ids.count - 1 < limit
        }
        if ids.count - 1 > limit { ids.removeSubrange((limit + 1)...) }
        ids.append(separatorID)
        return ids
    }

    /// Appends the word pieces of `word`, or `[UNK]` when no split covers it.
    func appendPieces(of word: Word, to ids: inout [Int]) {
        let scalars = word.boundaries.count - 1
        guard scalars <= Self.maxWordLength else {
            ids.append(unknownID)
            return
        }
        let first = ids.count
        var start = 0
        while start < scalars {
            var end = scalars
            var found: Int?
            while start < end {
                let key = word.bytes[word.boundaries[start]..<word.boundaries[end]]
                found = start == 0 ? starts.id(of: key) : continuations.id(of: key)
                if found != nil { break }
                end -= 1
            }
            guard let found else {
                ids.removeSubrange(first...)
                ids.append(unknownID)
                return
            }
            ids.append(found)
            start = end
        }
    }
}

extension WordPieceTokenizer {
    /// One word after normalisation: its UTF-8 bytes and the byte offset of each scalar (plus the end).
    struct Word {
        var bytes: [UInt8] = []
        var boundaries: [Int] = [0]

        mutating func append(_ scalar: Unicode.Scalar) {
            let value = scalar.value
            switch value {
            case 0..<0x80:
                bytes.append(UInt8(value))
            case 0x80..<0x800:
                bytes.append(UInt8(0xC0 | value >> 6))
                bytes.append(UInt8(0x80 | value & 0x3F))
            case 0x800..<0x10000:
                bytes.append(UInt8(0xE0 | value >> 12))
                bytes.append(UInt8(0x80 | value >> 6 & 0x3F))
                bytes.append(UInt8(0x80 | value & 0x3F))
            default:
                bytes.append(UInt8(0xF0 | value >> 18))
                bytes.append(UInt8(0x80 | value >> 12 & 0x3F))
                bytes.append(UInt8(0x80 | value >> 6 & 0x3F))
                bytes.append(UInt8(0x80 | value & 0x3F))
            }
            boundaries.append(bytes.count)
        }

        mutating func removeAll() {
            bytes.removeAll(keepingCapacity: true)
            boundaries.removeAll(keepingCapacity: true)
            boundaries.append(0)
        }

        var isEmpty: Bool { bytes.isEmpty }
    }
}
