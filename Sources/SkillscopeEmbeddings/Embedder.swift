internal import BLAS

/// Turns texts into unit-length vectors whose dot products measure closeness in meaning.
///
/// Every result carries the embedder's `identifier`, so vectors from different embedders are never compared.
public protocol Embedder: Sendable {
    /// Names the embedder and its version ("lexical-1", "all-MiniLM-L6-v2"), stored with what it makes.
    var identifier: String { get }
    /// The length of each vector.
    var dimension: Int { get }
    /// One L2-normalised row per text, in the order given.
    func embed(_ texts: [String]) throws -> Embeddings
}

/// A row-major matrix of embeddings, one row per text, and the embedder that made them.
public struct Embeddings: Sendable {
    /// The `identifier` of the embedder that made the rows.
    public let embedder: String
    /// The length of each row.
    public let dimension: Int
    /// `count × dimension` values, row after row.
    public private(set) var values: [Float]

    /// Wraps `values` (row after row); its count must be a multiple of `dimension`.
    public init(embedder: String, dimension: Int, values: [Float]) {
        precondition(dimension > 0 && values.count % dimension == 0, "values must fill whole rows")
        self.embedder = embedder
        self.dimension = dimension
        self.values = values
    }

    /// The number of rows.
    public var count: Int { values.count / dimension }

    /// Row `index`.
    public func row(_ index: Int) -> ArraySlice<Float> {
        values[index * dimension..<(index + 1) * dimension]
    }

    /// The dot product of rows `i` and `j`: their cosine, since rows are unit length.
    public func cosine(_ i: Int, _ j: Int) -> Float {
        var sum: Float = 0
        let a = i * dimension
        let b = j * dimension
        for offset in 0..<dimension { sum += values[a + offset] * values[b + offset] }
        return sum
    }

    /// The cosine of every row with every row of `other` (from the same embedder), as one matrix product.
    ///
    /// - Returns: `count × other.count` values, row-major: entry `i · other.count + j` pairs row `i` with `j`.
    /// - Complexity: O(count · other.count · dimension), run by OpenBLAS.
    public func cosines(with other: Embeddings) -> [Float] {
        precondition(other.embedder == embedder && other.dimension == dimension, "rows from another embedder")
        return BLAS.multiply(values, other.values, m: count, n: other.count, k: dimension, transposeB: true)
    }

    /// Appends the rows of `other`, which must come from the same embedder.
    public mutating func append(_ other: Embeddings) {
        precondition(other.embedder == embedder && other.dimension == dimension, "rows from another embedder")
        values.append(contentsOf: other.values)
    }
}

/// Scales `vector` to unit length in place; a zero vector stays zero.
public func normalize(_ vector: inout ArraySlice<Float>) {
    var sum: Float = 0
    for value in vector { sum += value * value }
    guard sum > 0 else { return }
    let scale = 1 / sum.squareRoot()
    for index in vector.indices { vector[index] *= scale }
}
