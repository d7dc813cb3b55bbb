internal import Foundation
internal import SafeTensors

/// The weights of a BERT encoder as all-MiniLM-L6-v2 stores them, reshaped for the forward pass: the query, key
/// and value projections of each layer stacked into one matrix, so a layer starts with a single product.
///
/// Linear weights stay `[out, in]` (y = x·Wᵀ + b), as in the file.
struct BertWeights: Sendable {
    struct Layer: Sendable {
        /// `[3·hidden, hidden]`: query, key and value rows, in that order.
        var queryKeyValue: [Float]
        var queryKeyValueBias: [Float]
        var attentionOutput: [Float]
        var attentionOutputBias: [Float]
        var attentionNormScale: [Float]
        var attentionNormShift: [Float]
        /// `[intermediate, hidden]`.
        var intermediate: [Float]
        var intermediateBias: [Float]
        /// `[hidden, intermediate]`.
        var output: [Float]
        var outputBias: [Float]
        var outputNormScale: [Float]
        var outputNormShift: [Float]
    }

    var hidden: Int
    var intermediateSize: Int
    var heads: Int
    var vocabularySize: Int
    var maxPositions: Int
    var epsilon: Float
    var wordEmbeddings: [Float]
    var positionEmbeddings: [Float]
    /// Row 0 of the token-type embeddings: every token is of type 0 for a single sentence.
    var tokenType: [Float]
    var embeddingNormScale: [Float]
    var embeddingNormShift: [Float]
    var layers: [Layer]

    /// Reads the weights from the safetensors file at `path`; `heads` and `epsilon` come from `config.json`.
    init(file path: String, heads: Int, epsilon: Float) throws(SafeTensorsError) {
        let file = try SafeTensors(contentsOf: path)
        guard let words = file.tensors["embeddings.word_embeddings.weight"], words.shape.count == 2,
            let inner = file.tensors["encoder.layer.0.intermediate.dense.weight"], inner.shape.count == 2
        else { throw SafeTensorsError(.missingTensor, "\(path) does not hold a BERT encoder") }
        (vocabularySize, hidden, intermediateSize) = (words.shape[0], words.shape[1], inner.shape[0])
        guard heads > 0, hidden % heads == 0 else {
            throw SafeTensorsError(.malformed, "\(path): \(hidden) dimensions cannot split into \(heads) heads")
        }
        (self.heads, self.epsilon) = (heads, epsilon)
        let (h, i) = (hidden, intermediateSize)
        wordEmbeddings = try file.floats("embeddings.word_embeddings.weight")
        positionEmbeddings = try file.floats("embeddings.position_embeddings.weight")
        maxPositions = positionEmbeddings.count / h
        tokenType = Array(try file.floats("embeddings.token_type_embeddings.weight").prefix(h))
        embeddingNormScale = try file.floats("embeddings.LayerNorm.weight", shape: [h])
        embeddingNormShift = try file.floats("embeddings.LayerNorm.bias", shape: [h])
        var layers: [Layer] = []
        while file.tensors["encoder.layer.\(layers.count).attention.self.query.weight"] != nil {
            let p = "encoder.layer.\(layers.count)."
            func read(_ name: String, _ shape: [Int]) throws(SafeTensorsError) -> [Float] {
                try file.floats(p + name, shape: shape)
            }
            var qkv: [Float] = []
            var qkvBias: [Float] = []
            for part in ["query", "key", "value"] {
                qkv += try read("attention.self.\(part).weight", [h, h])
                qkvBias += try read("attention.self.\(part).bias", [h])
            }
            layers.append(
                Layer(
                    queryKeyValue: qkv, queryKeyValueBias: qkvBias,
                    attentionOutput: try read("attention.output.dense.weight", [h, h]),
                    attentionOutputBias: try read("attention.output.dense.bias", [h]),
                    attentionNormScale: try read("attention.output.LayerNorm.weight", [h]),
                    attentionNormShift: try read("attention.output.LayerNorm.bias", [h]),
                    intermediate: try read("intermediate.dense.weight", [i, h]),
                    intermediateBias: try read("intermediate.dense.bias", [i]),
                    output: try read("output.dense.weight", [h, i]), outputBias: try read("output.dense.bias", [h]),
                    outputNormScale: try read("output.LayerNorm.weight", [h]),
                    outputNormShift: try read("output.LayerNorm.bias", [h])))
        }
        guard !layers.isEmpty else { throw SafeTensorsError(.missingTensor, "\(path) has no encoder layers") }
        self.layers = layers
    }
}
