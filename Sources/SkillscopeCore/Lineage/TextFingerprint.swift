/// What the version measures keep of a text: its word count, a hash of its word sequence, its phrase set and the
/// winnowed fingerprints that propose candidates.
///
/// Computed once, when the file is parsed.
public struct TextFingerprint: Sendable, Hashable {
    public var wordCount: Int
    /// Equal for word-for-word copies.
    public var sequenceHash: UInt64
    /// Sorted, distinct phrase hashes: what N% counts.
    public var phrases: [UInt64]
    /// Sorted, distinct winnowed phrase hashes: what the passage index holds.
    public var winnowed: [UInt64]

    public init(wordCount: Int, sequenceHash: UInt64, phrases: [UInt64], winnowed: [UInt64]) {
        self.wordCount = wordCount
        self.sequenceHash = sequenceHash
        self.phrases = phrases
        self.winnowed = winnowed
    }

    public init(text: String, window: Int = Winnowing.defaultWindow) {
        let wordHashes = Words.wordHashes(text)
        let sequence = Words.phraseSequence(wordHashes: wordHashes)
        var phrases = sequence
        HashSort.sort(&phrases)
        self.init(
            wordCount: wordHashes.count, sequenceHash: Words.combine(wordHashes[...]), phrases: phrases.uniqued(),
            winnowed: Winnowing.fingerprints(ofSequence: sequence, window: window))
    }
}

/// Names compared for "their own version": lower-cased, with `-`, `_` and spaces alike (runs become one `-`).
public enum NameKey {
    public static func make(_ name: String?) -> String? {
        guard let name else { return nil }
        var out = ""
        var pendingDash = false
        for character in name.lowercased() {
            if character == "-" || character == "_" || character.isWhitespace {
                pendingDash = !out.isEmpty
            } else {
                if pendingDash { out.append("-") }
                pendingDash = false
                out.append(character)
            }
        }
        return out.isEmpty ? nil : out
    }
}

/// The byte encoding of hash lists for storage: 8 bytes each, little-endian (the SQLite wrapper reads them
/// back with `Row.uint64s`).
public enum HashCoding {
    public static func encode(_ hashes: [UInt64]) -> [UInt8] {
        // Each hash stored whole into the zeroed bytes: appending byte by byte was a percent of an ingest's work.
        var bytes = [UInt8](repeating: 0, count: hashes.count * 8)
        var span = bytes.mutableSpan
        var raw = span.mutableBytes
        for (index, hash) in hashes.enumerated() {
            raw.storeBytes(of: hash.littleEndian, toByteOffset: index * 8, as: UInt64.self)
        }
        return bytes
    }

}
