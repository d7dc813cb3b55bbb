import Foundation
internal import Hashing

/// An embedder that needs no model: hashed word and word-pair features, TF-IDF weighted, L2-normalised.
///
/// A text's features are its words (lowercased runs of letters, digits and `_`) and each pair of neighbouring
/// words. Each feature is hashed (64-bit FNV-1a) to one of `dimension` buckets with a sign taken from another bit
/// of the hash, so collisions cancel out on average instead of adding up. A feature weighs `(1 + ln tf) · idf`,
/// where idf comes from the ``Vocabulary`` counted over the registry's rules; without one every feature weighs
/// alike. Word pairs weigh half as much as words, so a paraphrase that keeps the words but not their order still
/// scores high.
public struct LexicalEmbedder: Embedder {
    /// Document frequencies of features, counted over a collection of texts (the registry's distinct rules).
    public struct Vocabulary: Sendable {
        /// The number of texts counted.
        public private(set) var documents: Int = 0
        /// Feature hash → the number of texts holding it.
        public private(set) var frequencies: [UInt64: Int32] = [:]

        /// An empty vocabulary: every feature is unseen.
        public init() {}

        /// Counts the features of `texts`.
        public init(counting texts: some Sequence<String>) {
            for text in texts { add(text) }
        }

        /// Rebuilds a vocabulary from stored counts.
        public init(documents: Int, frequencies: [UInt64: Int32]) {
            self.documents = documents
            self.frequencies = frequencies
        }

        /// Counts one more text.
        public mutating func add(_ text: String) {
            documents += 1
            for feature in Set(LexicalEmbedder.features(of: text).map(\.hash)) {
                frequencies[feature, default: 0] += 1
            }
        }

        /// Drops features seen in fewer than `minimum` texts (they get the unseen weight), to keep it small.
        public mutating func prune(below minimum: Int32) {
            frequencies = frequencies.filter { $0.value >= minimum }
        }

        /// ln((N + 1) / (df + 1)) + 1: rare features weigh more; unseen ones weigh most.
        public func inverseFrequency(_ feature: UInt64) -> Float {
            let df = Float(frequencies[feature] ?? 0)
            return logf((Float(documents) + 1) / (df + 1)) + 1
        }
    }

    /// One feature of a text: its hash, and whether it is a word pair.
    public struct Feature: Sendable, Hashable {
        public var hash: UInt64
        public var isPair: Bool
    }

    public let identifier: String
    public let dimension: Int
    public let vocabulary: Vocabulary

    /// An embedder into `dimension` buckets weighted by `vocabulary`.
    public init(dimension: Int = 1024, vocabulary: Vocabulary = Vocabulary()) {
        precondition(dimension > 0, "dimension must be positive")
        self.dimension = dimension
        self.vocabulary = vocabulary
        identifier = "lexical-1-d\(dimension)"
    }

    public func embed(_ texts: [String]) -> Embeddings {
        var values = [Float](repeating: 0, count: texts.count * dimension)
        values.withUnsafeMutableBufferPointer { buffer in
            for (row, text) in texts.enumerated() {
                fill(UnsafeMutableBufferPointer(rebasing: buffer[row * dimension..<(row + 1) * dimension]), text)
            }
        }
        return Embeddings(embedder: identifier, dimension: dimension, values: values)
    }

    private func fill(_ row: UnsafeMutableBufferPointer<Float>, _ text: String) {
        var counts: [Feature: Int] = [:]
        for feature in Self.features(of: text) { counts[feature, default: 0] += 1 }
        var norm: Float = 0
        for (feature, count) in counts {
            let weight =
                (1 + logf(Float(count))) * vocabulary.inverseFrequency(feature.hash) * (feature.isPair ? 0.5 : 1)
            let bucket = Int(feature.hash % UInt64(dimension))
            let sign: Float = (feature.hash >> 63) == 0 ? 1 : -1
            row[bucket] += sign * weight
        }
        for value in row { norm += value * value }
        guard norm > 0 else { return }
        let scale = 1 / norm.squareRoot()
        for index in row.indices { row[index] *= scale }
    }

    /// The words of `text`, their stems, and pairs of neighbouring content words, hashed.
    ///
    /// A word's stem is its first five letters (so "commit", "commits" and "committing" meet); pairs skip the
    /// function words ("the", "to", "a"), so "run the tests" and "run tests" share their pair.
    public static func features(of text: String) -> [Feature] {
        let words = self.words(of: text)
        var features = words.map { Feature(hash: fnv1a($0.utf8), isPair: false) }
        for word in words where word.count > 5 {
            features.append(Feature(hash: fnv1a(("~" + word.prefix(5)).utf8), isPair: true))
        }
        let content = words.filter { !functionWords.contains($0) }.map { fnv1a($0.utf8) }
        for index in content.indices.dropFirst() {
            // Mix the pair so (a, b) and (b, a) differ and neither equals a single word's hash.
            let pair = (content[index - 1] &* 0x9E37_79B9_7F4A_7C15) ^ (content[index] &+ 0xD6E8_FEB8_6659_FD93)
            features.append(Feature(hash: pair, isPair: true))
        }
        return features
    }

    static let functionWords: Set<String> = [
        "a", "an", "the", "to", "of", "in", "on", "for", "and", "or", "is", "are", "be", "it", "its", "this", "that",
        "with", "as", "at", "by", "from", "you", "your", "all", "any", "each", "every", "when", "if",
    ]

    /// Lowercased maximal runs of letters, marks, digits and `_`.
    public static func words(of text: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            if scalar == "_" || scalar.properties.generalCategory.isWordPart {
                current.append(scalar)
            } else if !current.isEmpty {
                words.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }

    private static func fnv1a(_ bytes: String.UTF8View) -> UInt64 { FNV1a.hash(bytes) }
}

extension Unicode.GeneralCategory {
    /// Letters, marks and numbers: what a word is made of.
    var isWordPart: Bool {
        switch self {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark,
            .spacingMark, .decimalNumber, .letterNumber, .otherNumber:
            true
        default: false
        }
    }
}
