internal import BLAS
internal import Foundation

/// The forward pass of a post-LN BERT encoder with mean pooling: token ids in, unit-length sentence vectors out.
///
/// A batch is packed, not padded: the rows of all its sentences sit one after another, the dense layers run as
/// one product over all of them, and attention runs per sentence and head over that sentence's rows only. That
/// is exactly the reference's masked attention (its −∞ key mask gives padding a weight of exactly 0), without
/// computing the padding.
struct BertEncoder: Sendable {
    let weights: BertWeights

    /// The buffers of one worker, grown as batches need and reused across them.
    struct Workspace {
        var x: [Float] = []
        var queryKeyValue: [Float] = []
        var context: [Float] = []
        var attended: [Float] = []
        var intermediate: [Float] = []
        var scores: [Float] = []

        mutating func reserve(rows: Int, longest: Int, hidden: Int, intermediate size: Int) {
            func grow(_ buffer: inout [Float], _ count: Int) {
                if buffer.count < count { buffer = [Float](repeating: 0, count: count) }
            }
            grow(&x, rows * hidden)
            grow(&queryKeyValue, rows * 3 * hidden)
            grow(&context, rows * hidden)
            grow(&attended, rows * hidden)
            grow(&intermediate, rows * size)
            grow(&scores, longest * longest)
        }
    }

    /// How a sentence's token vectors become one.
    enum Pooling: Sendable, Hashable {
        /// The mean over all its tokens, [CLS] and [SEP] included (sentence-transformers' pooling).
        case mean
        /// The output row of the token at this position.
        case token(at: Int)
    }

    /// One L2-normalised, pooled vector per sentence of `batch`, row after row.
    ///
    /// - Parameter batch: token ids, each sentence within the model's positions.
    func embed(_ batch: [[Int]], pooling: Pooling = .mean, workspace w: inout Workspace) -> [Float] {
        let (h, size) = (weights.hidden, weights.intermediateSize)
        let rows = batch.reduce(0) { $0 + $1.count }
        let longest = batch.map(\.count).max() ?? 0
        precondition(longest <= weights.maxPositions, "a sentence is longer than the model's positions")
        w.reserve(rows: rows, longest: longest, hidden: h, intermediate: size)
        embedTokens(batch, into: &w.x)
        Kernels.layerNorm(
            &w.x, rows: rows, scale: weights.embeddingNormScale, shift: weights.embeddingNormShift,
            epsilon: weights.epsilon)
        let hidden = BLAS.Layout(rows: rows, columns: h)
        for layer in weights.layers {
            Kernels.repeatRow(layer.queryKeyValueBias, into: &w.queryKeyValue, rows: rows)
            BLAS.multiply(
                w.x, hidden, layer.queryKeyValue, BLAS.Layout(rows: 3 * h, columns: h), transposeB: true,
                into: &w.queryKeyValue, BLAS.Layout(rows: rows, columns: 3 * h), beta: 1)
            attend(batch.map(\.count), &w)
            Kernels.add(w.x, plus: layer.attentionOutputBias, into: &w.attended, rows: rows)
            BLAS.multiply(
                w.context, hidden, layer.attentionOutput, BLAS.Layout(rows: h, columns: h), transposeB: true,
                into: &w.attended, hidden, beta: 1)
            Kernels.layerNorm(
                &w.attended, rows: rows, scale: layer.attentionNormScale, shift: layer.attentionNormShift,
                epsilon: weights.epsilon)
            Kernels.repeatRow(layer.intermediateBias, into: &w.intermediate, rows: rows)
            BLAS.multiply(
                w.attended, hidden, layer.intermediate, BLAS.Layout(rows: size, columns: h), transposeB: true,
                into: &w.intermediate, BLAS.Layout(rows: rows, columns: size), beta: 1)
            Kernels.gelu(&w.intermediate, range: 0..<rows * size)
            Kernels.add(w.attended, plus: layer.outputBias, into: &w.x, rows: rows)
            BLAS.multiply(
                w.intermediate, BLAS.Layout(rows: rows, columns: size), layer.output,
                BLAS.Layout(rows: h, columns: size), transposeB: true, into: &w.x, hidden, beta: 1)
            Kernels.layerNorm(
                &w.x, rows: rows, scale: layer.outputNormScale, shift: layer.outputNormShift,
                epsilon: weights.epsilon)
        }
        return pool(w.x, lengths: batch.map(\.count), pooling)
    }

    /// Word + position + token-type-0 embeddings of every token, row after row.
    private func embedTokens(_ batch: [[Int]], into x: inout [Float]) {
        let h = weights.hidden
        var row = 0
        for ids in batch {
            for (position, id) in ids.enumerated() {
                let (word, place, out) = (id * h, position * h, row * h)
                for c in 0..<h {
                    x[out + c] =
                        weights.wordEmbeddings[word + c] + weights.positionEmbeddings[place + c] + weights.tokenType[c]
                }
                row += 1
            }
        }
    }

    /// Sentences up to this long are attended by ``Kernels/attention(_:firstRow:length:hidden:heads:scale:into:scores:)``
    /// in one call; longer ones by two matrix products per head.
    static let shortSentence = 48

    /// Scaled dot-product attention of each sentence and head, from `queryKeyValue` into `context`.
    private func attend(_ lengths: [Int], _ w: inout Workspace) {
        let (h, heads) = (weights.hidden, weights.heads)
        let size = h / heads
        let scale = 1 / Float(size).squareRoot()
        var start = 0
        for length in lengths {
            defer { start += length }
            if length <= Self.shortSentence {
                Kernels.attention(
                    w.queryKeyValue, firstRow: start, length: length, hidden: h, heads: heads, scale: scale,
                    into: &w.context, scores: &w.scores)
                continue
            }
            let scores = BLAS.Layout(rows: length, columns: length)
            for head in 0..<heads {
                func slice(_ part: Int) -> BLAS.Layout {
                    BLAS.Layout(
                        offset: start * 3 * h + part * h + head * size, rows: length, columns: size, rowStride: 3 * h)
                }
                BLAS.multiply(
                    w.queryKeyValue, slice(0), w.queryKeyValue, slice(1), transposeB: true, into: &w.scores, scores,
                    alpha: scale)
                Kernels.softmaxRows(&w.scores, scores)
                BLAS.multiply(
                    w.scores, scores, w.queryKeyValue, slice(2), into: &w.context,
                    BLAS.Layout(offset: start * h + head * size, rows: length, columns: size, rowStride: h))
            }
        }
    }

    /// Each sentence's rows pooled, scaled to unit length.
    private func pool(_ x: [Float], lengths: [Int], _ pooling: Pooling) -> [Float] {
        let h = weights.hidden
        var pooled = [Float](repeating: 0, count: lengths.count * h)
        var row = 0
        for (index, length) in lengths.enumerated() {
            for position in 0..<length {
                if case .token(let at) = pooling, at != position {
                    row += 1
                    continue
                }
                for c in 0..<h { pooled[index * h + c] += x[row * h + c] }
                row += 1
            }
            var vector = pooled[index * h..<(index + 1) * h]
            normalize(&vector)
            pooled[index * h..<(index + 1) * h] = vector
        }
        return pooled
    }
}
