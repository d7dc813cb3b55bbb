import BLAS

/// Groups vectors into kinds by leader clustering over a ``NearestNeighbourIndex``.
///
/// Rows are taken in the order given (callers put the most widely held rules first). A row joins the kind of the
/// most similar leader whose cosine is at least `threshold`; when there is none it becomes a new kind's leader.
/// Every member is therefore within `threshold` of its kind's leader — kinds never chain into one another — and
/// the result depends only on the order of the rows. Rows are handled in chunks: one sgemm per probed list finds
/// each row's best existing leader, and one chunk-by-chunk product finds leaders made earlier in the same chunk.
public struct RuleGrouper: Sendable {
    public struct Configuration: Sendable {
        /// The cosine at or above which a row joins a leader's kind.
        public var threshold: Float
        /// Lists of the index; nil picks about 2·√rows.
        public var lists: Int?
        /// Lists each row probes.
        public var probes = 8
        /// Rows handled together.
        public var chunk = 2048
        public var workers = 2

        public init(threshold: Float) { self.threshold = threshold }
    }

    /// Each row's kind (the row index of its leader), and the index holding the leaders.
    public struct Grouping: Sendable {
        public var leaderOf: [Int32]
        public var index: NearestNeighbourIndex
        /// The number of kinds.
        public var kinds: Int { index.count }
    }

    public var configuration: Configuration

    public init(configuration: Configuration) { self.configuration = configuration }

    /// The inverted-file lists a grouping of `rows` rows uses unless told: `2·√rows`, at most 8,192.
    public static func lists(rows: Int) -> Int { max(1, min(8192, Int((Double(rows).squareRoot() * 2).rounded()))) }

    public func group(_ embeddings: Embeddings) -> Grouping {
        group(rows: embeddings.count, dimension: embeddings.dimension) { rows in
            rows.flatMap { embeddings.row($0) }
        }
    }

    /// Groups `rows` rows that `embed` makes a few at a time (so the whole matrix is never held), each
    /// `dimension` values long.
    public func group(rows: Int, dimension: Int, embed: ([Int]) throws -> [Float]) rethrows -> Grouping {
        let lists = configuration.lists ?? Self.lists(rows: rows)
        var sample: [Float] = []
        let wanted = min(rows, lists * 40)
        for start in stride(from: 0, to: wanted, by: configuration.chunk) {
            // Rows spread evenly over the whole order, embedded a chunk at a time.
            let picked = (start..<min(wanted, start + configuration.chunk)).map { $0 * rows / max(wanted, 1) }
            sample += try embed(picked)
        }
        var index = NearestNeighbourIndex(
            dimension: dimension, training: sample.isEmpty ? [Float](repeating: 0, count: dimension) : sample,
            lists: lists, probes: configuration.probes)
        var leaderOf = [Int32](repeating: -1, count: rows)
        let threshold = configuration.threshold
        for start in stride(from: 0, to: rows, by: configuration.chunk) {
            let end = min(rows, start + configuration.chunk)
            let queries = try embed(Array(start..<end))
            let probing = queries.withUnsafeBufferPointer { index.nearestLists($0, count: index.probes) }
            let existing = index.nearest(queries, probing: probing, workers: configuration.workers)
            let count = end - start
            let within = BLAS.multiply(queries, queries, m: count, n: count, k: dimension, transposeB: true)
            var newLeaders: [Int] = []
            for offset in 0..<count {
                var best = existing[offset]
                for leader in newLeaders {
                    let score = within[offset * count + leader]
                    if score > (best?.score ?? -.infinity) { best = (Int32(start + leader), score) }
                }
                if let best, best.score >= threshold {
                    leaderOf[start + offset] = best.id
                } else {
                    leaderOf[start + offset] = Int32(start + offset)
                    newLeaders.append(offset)
                    index.add(
                        queries[offset * dimension..<(offset + 1) * dimension], id: Int32(start + offset),
                        toList: probing[offset][0])
                }
            }
        }
        return Grouping(leaderOf: leaderOf, index: index)
    }
}
