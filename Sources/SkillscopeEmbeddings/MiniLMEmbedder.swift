internal import BLAS
internal import Dispatch
internal import Foundation
internal import SafeTensors
internal import Synchronization

/// all-MiniLM-L6-v2 run in-process on OpenBLAS: 384-dimensional sentence vectors equal to sentence-transformers'
/// (cosine ≥ 0.9999 on the reference sentences).
///
/// Texts are tokenised (``WordPieceTokenizer``, cut at 256 tokens), sorted by length and cut into batches, which
/// ``Configuration/workers`` threads take in turn, each running OpenBLAS on one thread.
///
/// ```swift
/// let folder = ModelFolder.resolve(flag: nil, environment: ProcessInfo.processInfo.environment)
/// let embedder = try MiniLMEmbedder(modelFolder: folder)
/// let vectors = try embedder.embed(["Run the tests before committing.", "Never push to main."])
/// vectors.cosine(0, 1)
/// ```
public struct MiniLMEmbedder: Embedder {
    /// How a ``MiniLMEmbedder`` splits its work.
    public struct Configuration: Sendable {
        /// Threads that run batches, each with a one-thread OpenBLAS.
        ///
        /// The default is the number of cores.
        ///
        /// With more than one worker, ``embed(_:)`` sets OpenBLAS to one thread for the whole process
        /// (`BLAS.setThreads(1)`), which is what two workers on two cores need; one worker leaves the setting as it
        /// is.
        public var workers = ProcessInfo.processInfo.activeProcessorCount
        /// Sentences per batch.
        ///
        /// The default is 32.
        public var batchSize = 32
        public init() {}
    }

    public let identifier = "all-MiniLM-L6-v2"
    public var dimension: Int { encoder.weights.hidden }
    public let tokenizer: WordPieceTokenizer
    public var configuration: Configuration
    let encoder: BertEncoder

    /// Loads the model from `modelFolder`; it never reaches the network.
    ///
    /// - Throws: ``EmbeddingsError`` `.modelMissing` (saying how to install) or `.modelCorrupt`.
    public init(modelFolder: ModelFolder, configuration: Configuration = Configuration()) throws(EmbeddingsError) {
        try modelFolder.requireFiles()
        tokenizer = try WordPieceTokenizer(vocabularyFile: modelFolder.vocabularyFile)
        var heads = 12
        var epsilon: Float = 1e-12
        if let data = FileManager.default.contents(atPath: modelFolder.configurationFile),
            let config = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        {
            heads = config["num_attention_heads"] as? Int ?? heads
            epsilon = (config["layer_norm_eps"] as? Double).map(Float.init) ?? epsilon
            if let activation = config["hidden_act"] as? String, activation != "gelu" {
                throw EmbeddingsError(
                    .modelCorrupt, "\(modelFolder.configurationFile): activation \(activation) is not supported")
            }
        }
        do {
            encoder = BertEncoder(weights: try BertWeights(file: modelFolder.modelFile, heads: heads, epsilon: epsilon))
        } catch {
            throw EmbeddingsError(.modelCorrupt, error.message, underlying: error)
        }
        guard encoder.weights.vocabularySize >= tokenizer.tokens.count else {
            throw EmbeddingsError(.modelCorrupt, "\(modelFolder.vocabularyFile) has more tokens than the model")
        }
        self.configuration = configuration
    }

    public func embed(_ texts: [String]) throws -> Embeddings {
        embed(tokenized: texts.map(tokenizer.encode))
    }

    /// The vectors of sentences already tokenised (as ``WordPieceTokenizer/encode(_:)`` does), in their order.
    ///
    /// Every id must be below the model's vocabulary size; sentences longer than ``WordPieceTokenizer/maxLength``
    /// are cut, keeping their last id (`[SEP]`).
    public func embed(tokenized sentences: [[Int]]) -> Embeddings {
        embed(tokenized: sentences, pooling: .mean)
    }

    func embed(tokenized sentences: [[Int]], pooling: BertEncoder.Pooling) -> Embeddings {
        let h = dimension
        let limit = min(tokenizer.maxLength, encoder.weights.maxPositions)
        let vocabulary = encoder.weights.vocabularySize
        precondition(
            sentences.allSatisfy { $0.allSatisfy { (0..<vocabulary).contains($0) } }, "an id outside the vocabulary")
        let sentences = sentences.map { $0.count <= limit ? $0 : Array($0.prefix(limit - 1)) + [$0[$0.count - 1]] }
        let order = sentences.indices.sorted { sentences[$0].count > sentences[$1].count }
        let batchSize = max(configuration.batchSize, 1)
        let batches = stride(from: 0, to: order.count, by: batchSize).map {
            Array(order[$0..<min($0 + batchSize, order.count)])
        }
        let workers = max(1, min(configuration.workers, batches.count))
        if workers > 1 { BLAS.setThreads(1) }
        let result = Mutex([Float](repeating: 0, count: sentences.count * h))
        let next = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            var workspace = BertEncoder.Workspace()
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < batches.count else { return }
                let batch = batches[index]
                let vectors = encoder.embed(batch.map { sentences[$0] }, pooling: pooling, workspace: &workspace)
                result.withLock { values in
                    for (row, sentence) in batch.enumerated() {
                        values[sentence * h..<(sentence + 1) * h] = vectors[row * h..<(row + 1) * h]
                    }
                }
            }
        }
        return Embeddings(embedder: identifier, dimension: h, values: result.withLock { $0 })
    }
}
