internal import Foundation
internal import Hashing

/// The words and five-word phrases of a file, the units every version measure counts.
///
/// The measure, exactly (an independent implementation must give identical results; `../shared/tools/phrases.py`
/// is one):
/// - **Words**: the file's whole text (front matter included) decoded as UTF-8 with invalid bytes as U+FFFD,
///   NFKC-normalised and lower-cased; a word is a maximal run of Unicode scalars whose general category is a
///   letter (Lu, Ll, Lt, Lm, Lo), a mark (Mn, Mc) or a number (Nd, Nl, No), or the underscore. Everything else
///   separates words.
/// - **Phrases**: the distinct runs of five consecutive words joined by one space. A text of one to four words has
///   one phrase, all its words; a text of none has none. Phrases are kept as 64-bit hashes (each word's FNV-1a
///   hash, mixed, then the five combined), sorted and unique.
/// - **N% same**, for a version G shown on file F's page: `floor(100 × |phrases(G) ∩ phrases(F)| / |phrases(G)|)`,
///   the share of G's phrases that also stand in F.
/// - **Word for word**: the same sequence of words (compared through ``Words/sequenceHash``).
public struct Words: Sendable, Hashable {
    /// The words, in order.
    public let words: [String]

    public init(text: String) {
        words = Self.split(text)
    }

    /// Splits `text` into words as the measure says.
    ///
    /// Most text is ASCII with a few dashes, arrows and quotes that NFKC and lower-casing leave alone, so one pass
    /// splits it directly. A stretch between two ASCII white-space bytes that holds anything NFKC or case folding
    /// would change (capitals beyond ASCII, compatibility forms, combining marks, conjoining jamo) takes the full
    /// path on its own: NFKC, then Unicode lower-casing.
    ///
    /// That is the whole text's answer because white space cuts both: nothing composes with a space or across it
    /// (so NFKC of the text is NFKC of its stretches joined by their spaces), and the one context rule of
    /// lower-casing, final sigma, stops at a space.
    public static func split(_ text: String) -> [String] {
        var sink = StringSink()
        forEachWord(text, into: &sink)
        return sink.words
    }

    /// What the split hands its words to, byte by byte, and takes back from when a stretch must be read again.
    protocol WordSink {
        /// The next byte of the current word.
        mutating func append(_ byte: UInt8)
        /// Ends the current word, if one is open.
        mutating func endWord()
        /// The words ended so far.
        var wordCount: Int { get }
        /// Drops the open word and every word after the first `count`.
        mutating func rollBack(to count: Int)
    }

    private struct StringSink: WordSink {
        var words: [String] = []
        var current: [UInt8] = []

        mutating func append(_ byte: UInt8) { current.append(byte) }

        mutating func endWord() {
            guard !current.isEmpty else { return }
            words.append(String(decoding: current, as: UTF8.self))
            current.removeAll(keepingCapacity: true)
        }

        var wordCount: Int { words.count }

        mutating func rollBack(to count: Int) {
            current.removeAll(keepingCapacity: true)
            words.removeLast(words.count - count)
        }
    }

    /// Each word's hash: FNV-1a over its bytes as they go by, then mixed (``wordHash(utf8:)``).
    private struct HashSink: WordSink {
        var hashes: [UInt64] = []
        var hash = FNV1a.basis
        var inWord = false

        mutating func append(_ byte: UInt8) {
            hash = FNV1a.adding(byte, to: hash)
            inWord = true
        }

        mutating func endWord() {
            guard inWord else { return }
            hashes.append(mix(hash))
            hash = FNV1a.basis
            inWord = false
        }

        var wordCount: Int { hashes.count }

        mutating func rollBack(to count: Int) {
            hash = FNV1a.basis
            inWord = false
            hashes.removeLast(hashes.count - count)
        }
    }

    /// Gives `sink` the UTF-8 bytes of each word in order, ending each: the split of ``split(_:)``.
    static func forEachWord(_ text: String, into sink: inout some WordSink) {
        let bytes = text.utf8.span
        let count = bytes.count
        let table = asciiWordBytes
        let wordBytes = table.span
        precondition(wordBytes.count == 128)
        var index = 0
        // Where the current stretch began (after an ASCII white-space byte), and the words ended before it.
        var stretchStart = 0
        var wordsBefore = 0
        // Over the UTF-8 bytes: ASCII (most of a file) by one table lookup, other scalars decoded in place. Reads
        // are unchecked: `index` is below `count`, and an ASCII byte is below the table's 128 entries.
        while index < count {
            let lead = bytes[unchecked: index]
            if lead < 0x80 {
                let folded = wordBytes[unchecked: Int(lead)]
                if folded != 0 {
                    sink.append(folded)
                    // The rest of an ASCII word in one tight loop.
                    index += 1
                    while index < count {
                        let next = bytes[unchecked: index]
                        guard next < 0x80 else { break }
                        let nextFolded = wordBytes[unchecked: Int(next)]
                        guard nextFolded != 0 else { break }
                        sink.append(nextFolded)
                        index += 1
                    }
                    continue
                } else {
                    sink.endWord()
                    if isStretchBreak(lead) {
                        stretchStart = index + 1
                        wordsBefore = sink.wordCount
                    }
                }
                index += 1
                continue
            }
            let scalar = text.scalar(atUTF8Offset: index)
            let length = UTF8.width(scalar)
            switch fastClass(scalar) {
            case .separator:
                sink.endWord()
                index += length
            case .word:
                for offset in 0..<length { sink.append(bytes[index + offset]) }
                index += length
            case .changes:
                // The stretch again from its start, on the full path.
                sink.rollBack(to: wordsBefore)
                var end = index + length
                while end < count, !isStretchBreak(bytes[end]) { end += 1 }
                fullForEachWord(String(text.substring(utf8Offsets: stretchStart..<end)), into: &sink)
                index = end
            }
        }
        sink.endWord()
    }

    /// Whether `byte` is ASCII white space, where a stretch read on its own ends.
    private static func isStretchBreak(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }

    /// What a scalar beyond ASCII is to the direct split.
    private enum FastClass {
        /// It separates words, before NFKC and after it (… becomes ..., ， becomes , and no-break space a space).
        case separator
        /// Its bytes join the word as they are.
        case word
        /// NFKC or lower-casing could change it or compose it with a neighbour: its stretch takes the full path.
        case changes
    }

    private static func fastClass(_ scalar: Unicode.Scalar) -> FastClass {
        let value = scalar.value
        // Variation selectors are marks (word characters) that NFKC keeps and nothing composes with.
        if (0xFE00...0xFE0F).contains(value) { return .word }
        let properties = scalar.properties
        let category = properties.generalCategory
        switch category {
        case .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation,
            .otherPunctuation, .spaceSeparator, .lineSeparator, .paragraphSeparator:
            return .separator
        case .nonspacingMark, .spacingMark, .enclosingMark:
            return .changes
        default:
            break
        }
        if properties.changesWhenNFKCCaseFolded || properties.canonicalCombiningClass != .notReordered
            || isHangulJamo(value)
        {
            return .changes
        }
        switch category {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
            .letterNumber, .otherNumber:
            return .word
        default:
            return .separator
        }
    }

    /// For each ASCII byte, what it adds to a word: itself (letters lower-cased), or 0 for a separator.
    private static let asciiWordBytes: [UInt8] = (0..<128).map { value in
        switch value {
        case 0x41...0x5A: UInt8(value + 0x20)
        case 0x61...0x7A, 0x30...0x39, 0x5F: UInt8(value)
        default: 0
        }
    }

    private static func isHangulJamo(_ value: UInt32) -> Bool {
        (0x1100...0x11FF).contains(value) || (0xA960...0xA97F).contains(value) || (0xD7B0...0xD7FF).contains(value)
            || (0x3131...0x318E).contains(value)
    }

    /// NFKC, Unicode lower-casing, then the split, over all of `text`.
    static func fullForEachWord(_ text: String, into sink: inout some WordSink) {
        let normalized = lowercase(text.precomposedStringWithCompatibilityMapping)
        for scalar in normalized {
            if isWordScalar(scalar) {
                for byte in String(scalar).utf8 { sink.append(byte) }
            } else {
                sink.endWord()
            }
        }
        sink.endWord()
    }

    /// A 64-bit hash of each word, in order: what phrase hashes are built from.
    ///
    /// Each word is hashed as its bytes go by, instead of gathered first: the same bytes in the same order as
    /// ``split(_:)`` gives, so the same hashes.
    public static func wordHashes(_ text: String) -> [UInt64] {
        var sink = HashSink()
        sink.hashes.reserveCapacity(text.utf8.count / 5)
        forEachWord(text, into: &sink)
        return sink.hashes
    }

    /// One word's hash: FNV-1a over its UTF-8 bytes, then mixed.
    static func wordHash(utf8 bytes: some Sequence<UInt8>) -> UInt64 { mix(FNV1a.hash(bytes)) }

    /// The hash of a run of words from their word hashes: equal runs of words give equal hashes (words hold no
    /// space, so a run of words and its phrase text determine each other).
    static func combine(_ hashes: ArraySlice<UInt64>) -> UInt64 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(hashes.count)
        for value in hashes {
            hash = (hash ^ value) &* 0xff51_afd7_ed55_8ccd
            hash = (hash << 29) | (hash >> 35)
        }
        return mix(hash)
    }

    /// splitmix64's finaliser: spreads every input bit over the output.
    static func mix(_ value: UInt64) -> UInt64 {
        var hash = value
        hash ^= hash >> 30
        hash = hash &* 0xbf58_476d_1ce4_e5b9
        hash ^= hash >> 27
        hash = hash &* 0x94d0_49bb_1331_11eb
        hash ^= hash >> 31
        return hash
    }

    /// Phrase hashes in text order from word hashes (one phrase of all words when there are one to four).
    static func phraseSequence(wordHashes: [UInt64]) -> [UInt64] {
        guard !wordHashes.isEmpty else { return [] }
        if wordHashes.count < 5 { return [combine(wordHashes[...])] }
        return (0...(wordHashes.count - 5)).map { combine(wordHashes[$0..<$0 + 5]) }
    }

    /// Full Unicode lower-casing, scalar by scalar, with the one context rule of the standard's `toLowercase`:
    /// a capital sigma that ends a word becomes final sigma (ς).
    ///
    /// Python's `str.lower` does the same.
    static func lowercase(_ text: String) -> [Unicode.Scalar] {
        let scalars = Array(text.unicodeScalars)
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(scalars.count)
        for (index, scalar) in scalars.enumerated() {
            if scalar == "\u{03A3}" {
                out.append(isFinalSigma(at: index, in: scalars) ? "\u{03C2}" : "\u{03C3}")
                continue
            }
            if scalar.isASCII {
                out.append(scalar.properties.isUppercase ? Unicode.Scalar(scalar.value + 0x20) ?? scalar : scalar)
                continue
            }
            out.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
        }
        return out
    }

    /// Unicode's Final_Sigma: a cased letter before (case-ignorables skipped) and none after.
    private static func isFinalSigma(at index: Int, in scalars: [Unicode.Scalar]) -> Bool {
        var before = index - 1
        while before >= 0 && scalars[before].properties.isCaseIgnorable { before -= 1 }
        guard before >= 0, scalars[before].properties.isCased else { return false }
        var after = index + 1
        while after < scalars.count && scalars[after].properties.isCaseIgnorable { after += 1 }
        return !(after < scalars.count && scalars[after].properties.isCased)
    }

    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "_" { return true }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }

    /// The hashes of the five-word phrases in text order, repeats kept (what winnowing reads).
    public var phraseSequence: [UInt64] {
        Self.phraseSequence(wordHashes: words.map { Self.wordHash($0) })
    }

    /// The sorted, distinct hashes of the five-word phrases.
    public var phraseHashes: [UInt64] {
        var hashes = phraseSequence
        hashes.sort()
        return hashes.uniqued()
    }

    /// A hash of the whole word sequence: equal for word-for-word copies.
    public var sequenceHash: UInt64 { Self.combine(words.map { Self.wordHash($0) }[...]) }

    static func wordHash(_ word: String) -> UInt64 { wordHash(utf8: word.utf8) }
}

extension Array where Element == UInt64 {
    /// The array without adjacent repeats (on a sorted array: without repeats).
    func uniqued() -> [UInt64] {
        var out: [UInt64] = []
        out.reserveCapacity(count)
        for value in self where out.last != value { out.append(value) }
        return out
    }
}

/// Set arithmetic on sorted, distinct phrase hashes.
public enum PhraseSet {
    /// `|a ∩ b|` by merging.
    ///
    /// - Complexity: O(a.count + b.count).
    public static func intersectionCount(_ a: [UInt64], _ b: [UInt64]) -> Int {
        var i = 0
        var j = 0
        var count = 0
        while i < a.count && j < b.count {
            if a[i] == b[j] {
                count += 1
                i += 1
                j += 1
            } else if a[i] < b[j] {
                i += 1
            } else {
                j += 1
            }
        }
        return count
    }

    /// N% same of `version` on `file`'s page: `floor(100 × |version ∩ file| / |version|)`; 0 when `version` is empty.
    public static func percentSame(of version: [UInt64], on file: [UInt64]) -> Int {
        guard !version.isEmpty else { return 0 }
        return 100 * intersectionCount(version, file) / version.count
    }
}
