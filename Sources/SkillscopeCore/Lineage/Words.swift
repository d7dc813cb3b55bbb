internal import Foundation

/// The words and five-word phrases of a file, the units every version measure counts.
///
/// The measure, exactly (an independent implementation must give identical results; `../shared/tools/phrases.py`
/// is one):
/// - **Words**: the file's whole text (front matter included) decoded as UTF-8 with invalid bytes as U+FFFD,
///   NFKC-normalised and lower-cased; a word is a maximal run of Unicode scalars whose general category is a
///   letter (Lu, Ll, Lt, Lm, Lo), a mark (Mn, Mc) or a number (Nd, Nl, No), or the underscore. Everything else
///   separates words.
/// - **Phrases**: the distinct runs of five consecutive words joined by one space. A text of one to four words has
///   one phrase, all its words; a text of none has none. Phrases are kept as 64-bit FNV-1a hashes of their UTF-8
///   bytes, sorted and unique.
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
    public static func split(_ text: String) -> [String] {
        // NFKC leaves ASCII alone; only non-ASCII text pays for normalisation.
        var isASCII = true
        var probe = text
        probe.withUTF8 { bytes in isASCII = bytes.allSatisfy { $0 < 0x80 } }
        if isASCII { return splitASCII(text) }
        let normalized = lowercase(text.precomposedStringWithCompatibilityMapping)
        var words: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in normalized {
            if isWordScalar(scalar) {
                current.append(scalar)
            } else if !current.isEmpty {
                words.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }

    /// Full Unicode lower-casing, scalar by scalar, with the one context rule of the standard's `toLowercase`:
    /// a capital sigma that ends a word becomes final sigma (ς). Python's `str.lower` does the same.
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

    private static func splitASCII(_ text: String) -> [String] {
        var words: [String] = []
        var text = text
        text.withUTF8 { bytes in
            var current: [UInt8] = []
            current.reserveCapacity(32)
            for byte in bytes {
                switch byte {
                case 0x41...0x5A: current.append(byte + 0x20)
                case 0x61...0x7A, 0x30...0x39, 0x5F: current.append(byte)
                default:
                    if !current.isEmpty {
                        words.append(String(decoding: current, as: UTF8.self))
                        current.removeAll(keepingCapacity: true)
                    }
                }
            }
            if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
        }
        return words
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
        guard !words.isEmpty else { return [] }
        if words.count < 5 { return [Self.hash(words[...])] }
        var hashes: [UInt64] = []
        hashes.reserveCapacity(words.count - 4)
        for start in 0...(words.count - 5) {
            hashes.append(Self.hash(words[start..<start + 5]))
        }
        return hashes
    }

    /// The sorted, distinct hashes of the five-word phrases.
    public var phraseHashes: [UInt64] {
        var hashes = phraseSequence
        hashes.sort()
        return hashes.uniqued()
    }

    /// A hash of the whole word sequence: equal for word-for-word copies.
    public var sequenceHash: UInt64 { Self.hash(words[...]) }

    /// FNV-1a over the UTF-8 of the words joined by one space.
    static func hash(_ words: ArraySlice<String>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var first = true
        for word in words {
            if !first {
                hash ^= 0x20
                hash = hash &* 0x0000_0100_0000_01b3
            }
            first = false
            var word = word
            word.withUTF8 { bytes in
                for byte in bytes {
                    hash ^= UInt64(byte)
                    hash = hash &* 0x0000_0100_0000_01b3
                }
            }
        }
        // FNV-1a mixes its last bytes weakly; a final avalanche spreads them over all 64 bits (splitmix64).
        hash ^= hash >> 30
        hash = hash &* 0xbf58_476d_1ce4_e5b9
        hash ^= hash >> 27
        hash = hash &* 0x94d0_49bb_1331_11eb
        hash ^= hash >> 31
        return hash
    }
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
