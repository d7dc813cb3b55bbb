internal import Dispatch
public import Foundation
internal import Synchronization

extension StaticEmbedder {
    /// How ``StaticEmbedder/distill(from:options:)`` builds a table.
    public struct Distillation: Sendable {
        /// Which MiniLM output stands for a token, run alone as `[CLS] token [SEP]`.
        public enum Pooling: String, Sendable, CaseIterable {
            /// The sentence vector (mean over the three positions), as the model embeds any text.
            case mean
            /// The token's own output row.
            case token
        }

        /// The default is `.token`, which agreed better with MiniLM on held-out corpus rules (pairwise cosine
        /// correlation 0.42 against 0.38 with `.mean`, before tuning).
        public var pooling = Pooling.token
        /// How often each token occurs in a corpus (see ``StaticEmbedder/countTokens(in:tokenizer:)``), for the
        /// weights a/(a + p(token)); when `nil`, p follows Zipf's law over vocabulary order, as Model2Vec assumes.
        ///
        /// The default is `nil`.
        public var tokenCounts: [Int]? = nil
        /// The a of the weights a/(a + p): smaller makes frequent pieces count less.
        ///
        /// The default is 1e-3.
        public var smoothing: Float = 1e-3
        /// Whether to subtract the weighted mean of all token vectors before normalising them: it removes the
        /// direction every single-token sentence shares (mostly [CLS] and [SEP]).
        ///
        /// The default is `true`.
        public var removesCommonDirection = true
        /// Texts (rules from a corpus) whose MiniLM vectors the token vectors are then fitted to, by ridge
        /// regression (see ``StaticEmbedder/tune(_:weights:model:texts:ridge:iterations:)``).
        ///
        /// The default is none.
        public var trainingTexts: [String] = []
        /// The λ pulling fitted vectors toward the distilled ones.
        ///
        /// The default is 10.
        public var ridge: Float = 10
        /// Conjugate-gradient steps of the fit.
        ///
        /// The default is 60.
        public var iterations = 60
        /// Only these tokens get vectors; the others get zeros.
        ///
        /// The default, `nil`, is every token.
        public var tokens: [Int]? = nil
        /// Single-token sentences per batch.
        ///
        /// The default is 256.
        public var batchSize = 256
        public init() {}
    }

    /// Runs every vocabulary token through `model` alone and keeps the result as that token's vector.
    ///
    /// - Complexity: one MiniLM pass of three tokens per vocabulary token: about 10 seconds for 30,522 tokens
    ///   on two cores in a release build.
    public static func distill(from model: MiniLMEmbedder, options: Distillation = Distillation()) -> StaticEmbedder {
        let tokenizer = model.tokenizer
        let count = tokenizer.tokens.count
        let dimension = model.dimension
        let chosen = options.tokens ?? Array(0..<count)
        var runner = model
        runner.configuration.batchSize = max(options.batchSize, 1)
        let sentences = chosen.map { [tokenizer.classifierID, $0, tokenizer.separatorID] }
        let pooled = runner.embed(tokenized: sentences, pooling: options.pooling == .mean ? .mean : .token(at: 1))
        let weights = weights(options, count: count)
        var vectors = [Float](repeating: 0, count: count * dimension)
        for (row, token) in chosen.enumerated() {
            vectors[token * dimension..<(token + 1) * dimension] = pooled.row(row)
        }
        if options.removesCommonDirection {
            var mean = [Float](repeating: 0, count: dimension)
            let total = chosen.reduce(Float(0)) { $0 + weights[$1] }
            for token in chosen {
                for c in 0..<dimension { mean[c] += vectors[token * dimension + c] * weights[token] / total }
            }
            for token in chosen {
                for c in 0..<dimension { vectors[token * dimension + c] -= mean[c] }
                var vector = vectors[token * dimension..<(token + 1) * dimension]
                normalize(&vector)
                vectors[token * dimension..<(token + 1) * dimension] = vector
            }
        }
        var metadata = [
            "source": model.identifier, "pooling": options.pooling.rawValue,
            "weighting": options.tokenCounts == nil ? "zipf-sif" : "corpus-sif",
            "smoothing": "\(options.smoothing)",
            "common-direction": options.removesCommonDirection ? "removed" : "kept",
        ]
        if let counts = options.tokenCounts { metadata["corpus-tokens"] = "\(counts.reduce(0, +))" }
        if !options.trainingTexts.isEmpty {
            vectors = tune(
                vectors, weights: weights, model: runner, texts: options.trainingTexts, ridge: options.ridge,
                iterations: options.iterations)
            metadata["training-texts"] = "\(options.trainingTexts.count)"
            metadata["ridge"] = "\(options.ridge)"
        }
        return StaticEmbedder(
            tokenizer: tokenizer, vectors: vectors, weights: weights, dimension: dimension, metadata: metadata)
    }

    /// The weights a/(a + p(token)) (smooth inverse frequency), with p from corpus counts or from Zipf's law.
    static func weights(_ options: Distillation, count: Int) -> [Float] {
        let a = Double(options.smoothing)
        if let counts = options.tokenCounts, counts.count == count {
            let total = Double(counts.reduce(0, +) + count)
            return counts.map { Float(a / (a + Double($0 + 1) / total)) }
        }
        let harmonic = (0..<count).reduce(0.0) { $0 + 1 / Double($1 + 2) }
        return (0..<count).map { Float(a / (a + 1 / (Double($0 + 2) * harmonic))) }
    }

    /// How many times each vocabulary token occurs in the word pieces of `texts`, counted on `workers` threads.
    public static func countTokens(
        in texts: [String], tokenizer: WordPieceTokenizer, workers: Int = ProcessInfo.processInfo.activeProcessorCount
    ) -> [Int] {
        var unlimited = tokenizer
        unlimited.maxLength = Int.max
        let tokenizer = unlimited
        let parts = max(1, min(workers, texts.count))
        let total = Mutex([Int](repeating: 0, count: tokenizer.tokens.count))
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            var counts = [Int](repeating: 0, count: tokenizer.tokens.count)
            for text in texts[texts.count * part / parts..<texts.count * (part + 1) / parts] {
                for id in tokenizer.encode(text).dropFirst().dropLast() { counts[id] += 1 }
            }
            total.withLock { sum in
                for index in sum.indices { sum[index] += counts[index] }
            }
        }
        return total.withLock { $0 }
    }
}
