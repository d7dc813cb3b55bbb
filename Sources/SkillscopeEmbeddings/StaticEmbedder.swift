internal import Dispatch
internal import Foundation
internal import SafeTensors
internal import Synchronization

/// A distilled, Model2Vec-style embedder: one vector per vocabulary token, taken from all-MiniLM-L6-v2, so a
/// sentence costs a tokenisation and a weighted mean instead of a transformer pass.
///
/// A text's vector is the weighted mean of its word pieces' vectors ([CLS] and [SEP] left out), scaled to unit
/// length; a text with no word piece gets a zero vector. It is tens of thousands of times cheaper than
/// ``MiniLMEmbedder`` and agrees with it less closely: use it to group millions of rules, and MiniLM where a
/// pair's score matters. `skillscope model distill` writes its table (`static.safetensors`) into the model
/// folder; ``distill(from:options:)`` makes one in memory.
public struct StaticEmbedder: Embedder {
    /// How a ``StaticEmbedder`` splits its work.
    public struct Configuration: Sendable {
        /// Threads that embed texts.
        ///
        /// The default is the number of cores.
        public var workers = ProcessInfo.processInfo.activeProcessorCount
        public init() {}
    }

    public let identifier: String
    public let dimension: Int
    public let tokenizer: WordPieceTokenizer
    public var configuration = Configuration()
    /// The vector of every token, `tokens × dimension` (unit length unless fitted to training texts).
    public let vectors: [Float]
    /// The weight of every token in a text's mean.
    public let weights: [Float]
    /// What the table was made from and how, as written in the file's metadata.
    public let metadata: [String: String]
    /// `vectors` row by row times `weights`: what ``embed(_:)`` sums.
    private let weighted: [Float]

    /// Names this kind of table; a table made another way gets another identifier.
    public static let defaultIdentifier = "minilm-static-1"

    /// An embedder over `vectors` (`tokenizer.tokens.count × dimension`) and per-token `weights`.
    public init(
        tokenizer: WordPieceTokenizer, vectors: [Float], weights: [Float], dimension: Int,
        identifier: String = defaultIdentifier, metadata: [String: String] = [:]
    ) {
        precondition(dimension > 0 && vectors.count == weights.count * dimension, "one vector and weight per token")
        precondition(weights.count >= tokenizer.tokens.count, "a vector for every token")
        var tokenizer = tokenizer
        tokenizer.maxLength = 512
        (self.tokenizer, self.vectors, self.weights, self.dimension) = (tokenizer, vectors, weights, dimension)
        (self.identifier, self.metadata) = (identifier, metadata)
        var weighted = vectors
        for token in weights.indices {
            for c in 0..<dimension { weighted[token * dimension + c] *= weights[token] }
        }
        self.weighted = weighted
    }

    /// Loads `static.safetensors` and `vocab.txt` from `modelFolder`.
    ///
    /// - Throws: ``EmbeddingsError`` `.modelMissing` (saying to run `skillscope model distill`) or `.modelCorrupt`.
    public init(modelFolder: ModelFolder) throws(EmbeddingsError) {
        try modelFolder.requireFiles([modelFolder.vocabularyFile, modelFolder.staticFile])
        let tokenizer = try WordPieceTokenizer(vocabularyFile: modelFolder.vocabularyFile)
        do throws(SafeTensorsError) {
            let file = try SafeTensors(contentsOf: modelFolder.staticFile)
            let weights = try file.floats("weights", shape: [tokenizer.tokens.count])
            guard let shape = file.tensors["vectors"]?.shape, shape.count == 2, shape[0] == weights.count else {
                throw SafeTensorsError(.malformed, "\(modelFolder.staticFile): vectors do not match the vocabulary")
            }
            self.init(
                tokenizer: tokenizer, vectors: try file.floats("vectors"), weights: weights, dimension: shape[1],
                identifier: file.metadata["identifier"] ?? Self.defaultIdentifier, metadata: file.metadata)
        } catch {
            throw EmbeddingsError(.modelCorrupt, error.message, underlying: error)
        }
    }

    /// Writes the table as safetensors (`vectors`, `weights`, and the metadata with the identifier) to `path`.
    public func write(to path: String) throws(EmbeddingsError) {
        var metadata = self.metadata
        metadata["identifier"] = identifier
        do {
            try SafeTensors.write(
                [
                    .init(name: "vectors", shape: [weights.count, dimension], values: vectors),
                    .init(name: "weights", shape: [weights.count], values: weights),
                ], metadata: metadata, to: path)
        } catch {
            throw EmbeddingsError(.installFailed, error.message, underlying: error)
        }
    }

    public func embed(_ texts: [String]) throws -> Embeddings {
        let chunk = 256
        let chunks = (texts.count + chunk - 1) / chunk
        let result = Mutex([Float](repeating: 0, count: texts.count * dimension))
        let next = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: max(1, min(configuration.workers, chunks))) { _ in
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < chunks else { return }
                let range = index * chunk..<min((index + 1) * chunk, texts.count)
                var values = [Float](repeating: 0, count: range.count * dimension)
                for (row, text) in texts[range].enumerated() { embed(text, into: &values, row: row) }
                result.withLock { $0[range.lowerBound * dimension..<range.upperBound * dimension] = values[...] }
            }
        }
        return Embeddings(embedder: identifier, dimension: dimension, values: result.withLock { $0 })
    }

    /// Writes the weighted mean of `text`'s pieces, scaled to unit length, into row `row` of `values`.
    private func embed(_ text: String, into values: inout [Float], row: Int) {
        let start = row * dimension
        for id in tokenizer.encode(text).dropFirst().dropLast() {
            let from = id * dimension
            for c in 0..<dimension { values[start + c] += weighted[from + c] }
        }
        var vector = values[start..<start + dimension]
        normalize(&vector)
        values[start..<start + dimension] = vector
    }
}
