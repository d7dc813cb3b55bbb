extension Kernels {
    /// Scaled dot-product attention of one sentence whose query, key and value rows are packed side by side:
    /// for each head, context = softmax(Q·Kᵀ · `scale`)·V, written into the head's columns of `context`.
    ///
    /// Row `r` of the sentence is row `firstRow + r` of both buffers: `queryKeyValue` is `3 · hidden` wide (query,
    /// key, value), `context` is `hidden` wide. Meant for short sentences, where two small products per head
    /// would cost more in calls than in arithmetic; for long ones, multiply block by block with
    /// ``BLAS/multiply(_:_:_:_:transposeB:into:_:alpha:beta:)``.
    ///
    /// - Parameter scores: scratch of at least `length` values.
    public static func attention(
        _ queryKeyValue: [Float], firstRow: Int, length: Int, hidden: Int, heads: Int, scale: Float,
        into context: inout [Float], scores: inout [Float]
    ) {
        let size = hidden / heads
        precondition(size * heads == hidden && size % 8 == 0, "head size must be a multiple of 8")
        precondition((firstRow + length) * 3 * hidden <= queryKeyValue.count, "rows outside the buffer")
        precondition((firstRow + length) * hidden <= context.count && length <= scores.count, "a buffer is too small")
        queryKeyValue.withUnsafeBufferPointer { qkv in
            context.withUnsafeMutableBufferPointer { out in
                scores.withUnsafeMutableBufferPointer { weights in
                    guard let qkv = qkv.baseAddress, let out = out.baseAddress, let weights = weights.baseAddress
                    else { return }
                    let stride = 3 * hidden
                    let rows = qkv + firstRow * stride
                    for head in 0..<heads {
                        let offset = head * size
                        for i in 0..<length {
                            let query = UnsafeRawPointer(rows + i * stride + offset)
                            var largest = -Float.infinity
                            for j in 0..<length {
                                let key = UnsafeRawPointer(rows + j * stride + hidden + offset)
                                var sum = Lanes()
                                for c in Swift.stride(from: 0, to: size * 4, by: 32) {
                                    sum +=
                                        query.loadUnaligned(fromByteOffset: c, as: Lanes.self)
                                        * key.loadUnaligned(fromByteOffset: c, as: Lanes.self)
                                }
                                weights[j] = total(sum) * scale
                                largest = Swift.max(largest, weights[j])
                            }
                            var denominator: Float = 0
                            for j in 0..<length {
                                weights[j] = exp(weights[j] - largest)
                                denominator += weights[j]
                            }
                            let target = out + (firstRow + i) * hidden + offset
                            for c in 0..<size { target[c] = 0 }
                            for j in 0..<length {
                                let value = rows + j * stride + 2 * hidden + offset
                                let weight = weights[j] / denominator
                                for c in 0..<size { target[c] += weight * value[c] }
                            }
                        }
                    }
                }
            }
        }
    }
}
