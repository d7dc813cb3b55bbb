import BLAS
public import SkillscopeEmbeddings

/// Places rules that are not in the registry among its rule kinds: the nearest kind leader of each, within a
/// threshold, found without ever scoring every rule against every kind at once.
///
/// A few rules against a few kinds are scanned exactly, a chunk of rules at a time (memory: one chunk's scores).
/// Past that, the leaders stand in an inverted-file index (``SkillscopeEmbeddings/NearestNeighbourIndex``, as the
/// grouping uses): each chunk reads only the lists nearest to it, so memory grows with rules × neighbours, never
/// rules × kinds. A 24,000-rule text against 225,000 kinds had needed one 21 GB matrix.
public struct KindPlacer: Sendable {
    /// Rules embedded and scored at a time.
    public static let chunk = 64
    /// Below this many rule–kind scores in all, the exact scan is cheaper than building the index.
    public static let exactScores = 20_000_000

    public let vectors: KindVectors
    /// Built on first need (a server keeps it for as long as the registry's kinds last).
    let index: @Sendable () -> NearestNeighbourIndex

    public init(vectors: KindVectors, index: @escaping @Sendable () -> NearestNeighbourIndex) {
        self.vectors = vectors
        self.index = index
    }

    /// For each text, its nearest kind and the score, or nil where no leader reaches `threshold`.
    ///
    /// - Parameter shouldStop: asked between chunks; true stops the placing, and the texts not reached are nil.
    public func place(
        _ texts: [String], embedder: any Embedder, threshold: Float, shouldStop: () -> Bool = { false }
    ) throws -> [(kind: Int, score: Float)?] {
        var placed = [(kind: Int, score: Float)?](repeating: nil, count: texts.count)
        let exact = texts.count * vectors.count <= Self.exactScores
        let searched = exact ? nil : index()
        for start in stride(from: 0, to: texts.count, by: Self.chunk) {
            if shouldStop() { break }
            let end = min(texts.count, start + Self.chunk)
            let queries = try embedder.embed(Array(texts[start..<end])).values
            let rows = end - start
            if let searched {
                for (offset, best) in searched.nearest(queries, workers: 2).enumerated() {
                    if let best, best.score >= threshold { placed[start + offset] = (Int(best.id), best.score) }
                }
            } else {
                let scores = BLAS.multiply(
                    queries, vectors.values, m: rows, n: vectors.count, k: vectors.dimension, transposeB: true)
                for offset in 0..<rows {
                    let line = scores[offset * vectors.count..<(offset + 1) * vectors.count]
                    guard let best = line.indices.max(by: { line[$0] < line[$1] }), line[best] >= threshold
                    else { continue }
                    placed[start + offset] = (best - line.startIndex, line[best])
                }
            }
        }
        return placed
    }

    /// The leaders in an inverted-file index shaped as the grouping shapes its own: `2·√n` lists (at most
    /// 8,192), trained on up to 40 leaders a list spread over all of them, each query probing as many lists as
    /// the grouping's rows do.
    ///
    /// Vectors saved with the grouping's own lists (``KindVectors/centroids``) are put back in those lists, with
    /// no training and no search for each leader's list.
    public static func index(of vectors: KindVectors) -> NearestNeighbourIndex {
        let rows = vectors.count
        let dimension = vectors.dimension
        let probes = RuleGrouper.Configuration(threshold: 0).probes
        if let centroids = vectors.centroids, let listOfKind = vectors.listOfKind, !centroids.isEmpty {
            let lists = centroids.count / dimension
            var ids = [[Int32]](repeating: [], count: lists)
            var values = [[Float]](repeating: [], count: lists)
            for (kind, list) in listOfKind.enumerated() where Int(list) < lists {
                ids[Int(list)].append(Int32(kind))
                values[Int(list)] += vectors.values[kind * dimension..<(kind + 1) * dimension]
            }
            return NearestNeighbourIndex(
                dimension: dimension, centroids: centroids, ids: ids, vectors: values, probes: probes)
        }
        let lists = max(1, min(8192, Int((Double(rows).squareRoot() * 2).rounded())))
        let wanted = min(rows, lists * 40)
        var sample: [Float] = []
        sample.reserveCapacity(wanted * dimension)
        for position in 0..<wanted {
            let row = position * rows / max(wanted, 1)
            sample += vectors.values[row * dimension..<(row + 1) * dimension]
        }
        var index = NearestNeighbourIndex(
            dimension: dimension, training: sample.isEmpty ? [Float](repeating: 0, count: dimension) : sample,
            lists: lists, probes: probes)
        let step = 4096
        for start in stride(from: 0, to: rows, by: step) {
            let end = min(rows, start + step)
            let slice = vectors.values[start * dimension..<end * dimension]
            let nearest = Array(slice).withUnsafeBufferPointer { index.nearestLists($0, count: 1) }
            for row in start..<end {
                index.add(
                    vectors.values[row * dimension..<(row + 1) * dimension], id: Int32(row),
                    toList: nearest[row - start][0])
            }
        }
        return index
    }
}
