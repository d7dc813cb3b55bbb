import BLAS
import Dispatch
import Synchronization

/// An inverted-file index over unit vectors (IVF, as faiss's `IndexIVFFlat`): k-means centroids split the space
/// into lists; a vector is stored in the list of its nearest centroid, and a query reads only the `probes` lists
/// whose centroids are nearest to it.
///
/// Scores are dot products (cosines for unit vectors), computed with sgemm.
///
/// Debian 12's `libfaiss-dev` ships only a static C++ library whose C API headers have no compiled symbols, so
/// this index is our own; its recall against an exact scan is tested.
public struct NearestNeighbourIndex: Sendable {
    public let dimension: Int
    /// `lists × dimension` centroid values, row after row.
    public private(set) var centroids: [Float]
    /// The lists: grown in memory, or read from a mapped index file (``mapped(path:tag:)``).
    private var storage: Storage
    /// How many lists a query reads.
    public var probes: Int

    private enum Storage: Sendable {
        /// Per list: the ids of its vectors, and their values packed row after row.
        case arrays(ids: [[Int32]], vectors: [[Float]])
        case mapped(MappedLists)
    }

    /// The number of lists.
    public var listCount: Int { centroids.count / dimension }
    /// The number of vectors stored.
    public var count: Int {
        switch storage {
        case .arrays(let ids, _): ids.reduce(0) { $0 + $1.count }
        case .mapped(let lists): lists.count
        }
    }
    /// Whether the lists are read from a mapped file rather than held in memory.
    public var isMapped: Bool {
        if case .mapped = storage { true } else { false }
    }

    /// An empty index whose `lists` centroids are trained by k-means on `sample` (rows of `dimension` values).
    public init(dimension: Int, training sample: [Float], lists: Int, probes: Int = 8, iterations: Int = 8) {
        precondition(dimension > 0 && sample.count % dimension == 0, "the sample must fill whole rows")
        let rows = sample.count / dimension
        let listCount = max(1, min(lists, rows))
        self.dimension = dimension
        self.probes = max(1, min(probes, listCount))
        centroids = Self.kMeans(sample, rows: rows, dimension: dimension, k: listCount, iterations: iterations)
        storage = .arrays(ids: Array(repeating: [], count: listCount), vectors: Array(repeating: [], count: listCount))
    }

    /// An index rebuilt from stored centroids and lists.
    public init(dimension: Int, centroids: [Float], ids: [[Int32]], vectors: [[Float]], probes: Int) {
        precondition(centroids.count % dimension == 0 && ids.count == centroids.count / dimension, "bad lists")
        self.dimension = dimension
        self.centroids = centroids
        storage = .arrays(ids: ids, vectors: vectors)
        self.probes = max(1, min(probes, ids.count))
    }

    init(dimension: Int, centroids: [Float], mapped lists: MappedLists, probes: Int) {
        self.dimension = dimension
        self.centroids = centroids
        storage = .mapped(lists)
        self.probes = max(1, min(probes, lists.listCount))
    }

    /// How many vectors list `list` holds.
    public func members(of list: Int) -> Int {
        switch storage {
        case .arrays(let ids, _): ids[list].count
        case .mapped(let lists): lists.members(of: list)
        }
    }

    /// Calls `body` with list `list`'s ids and its vectors' values (`members × dimension`, row after row).
    public func withList<Result>(
        _ list: Int, _ body: (UnsafeBufferPointer<Int32>, UnsafeBufferPointer<Float>) throws -> Result
    ) rethrows -> Result {
        switch storage {
        case .arrays(let ids, let vectors):
            return try ids[list].withUnsafeBufferPointer { i in
                try vectors[list].withUnsafeBufferPointer { v in try body(i, v) }
            }
        case .mapped(let lists):
            return try withExtendedLifetime(lists) {
                try body(lists.ids(of: list), lists.values(of: list, dimension: dimension))
            }
        }
    }

    /// For each row of `queries`, the `count` lists whose centroids are nearest, best first.
    public func nearestLists(_ queries: UnsafeBufferPointer<Float>, count: Int) -> [[Int]] {
        let rows = queries.count / dimension
        let k = listCount
        var scores = [Float](repeating: 0, count: rows * k)
        centroids.withUnsafeBufferPointer { c in
            scores.withUnsafeMutableBufferPointer { s in
                BLAS.multiply(
                    queries, c, into: s, m: rows, n: k, k: dimension,
                    transposeB: true)
            }
        }
        let wanted = min(count, k)
        return (0..<rows).map { row in
            Self.topIndices(scores[row * k..<(row + 1) * k], count: wanted)
        }
    }

    /// Adds `vector` under `id` to the list of its nearest centroid; returns that list.
    @discardableResult public mutating func add(_ vector: ArraySlice<Float>, id: Int32) -> Int {
        let list = Array(vector).withUnsafeBufferPointer { nearestLists($0, count: 1)[0][0] }
        add(vector, id: id, toList: list)
        return list
    }

    /// Adds `vector` under `id` to list `list`; only an index held in memory grows.
    public mutating func add(_ vector: ArraySlice<Float>, id: Int32, toList list: Int) {
        guard case .arrays(var ids, var vectors) = storage else { preconditionFailure("a mapped index is read-only") }
        // Moved out and back so that the lists are not copied on write.
        storage = .arrays(ids: [], vectors: [])
        ids[list].append(id)
        vectors[list].append(contentsOf: vector)
        storage = .arrays(ids: ids, vectors: vectors)
    }

    /// The stored vector most similar to each query row, among the lists each query probes: (id, score), or nil
    /// where the probed lists are empty.
    ///
    /// Lists are scanned in parallel on `workers` threads.
    public func nearest(_ queries: [Float], probing: [[Int]]? = nil, workers: Int = 2) -> [(id: Int32, score: Float)?] {
        let rows = queries.count / dimension
        let probed = probing ?? queries.withUnsafeBufferPointer { nearestLists($0, count: probes) }
        // Which queries read each list.
        var listReaders = [[Int]](repeating: [], count: listCount)
        for (row, lists) in probed.enumerated() { for list in lists { listReaders[list].append(row) } }
        let readers = listReaders
        let touched = readers.indices.filter { !readers[$0].isEmpty && members(of: $0) > 0 }
        let best = Mutex([(id: Int32, score: Float)?](repeating: nil, count: rows))
        let chunks = max(1, min(workers, touched.count))
        DispatchQueue.concurrentPerform(iterations: chunks) { worker in
            var local = [(id: Int32, score: Float)?](repeating: nil, count: rows)
            var gathered: [Float] = []
            var scores: [Float] = []
            for position in stride(from: worker, to: touched.count, by: chunks) {
                let list = touched[position]
                let queryRows = readers[list]
                gathered.removeAll(keepingCapacity: true)
                for row in queryRows { gathered.append(contentsOf: queries[row * dimension..<(row + 1) * dimension]) }
                withList(list) { members, values in
                    scores = [Float](repeating: 0, count: queryRows.count * members.count)
                    gathered.withUnsafeBufferPointer { g in
                        scores.withUnsafeMutableBufferPointer { s in
                            BLAS.multiply(
                                g, values, into: s, m: queryRows.count,
                                n: members.count, k: dimension, transposeB: true)
                        }
                    }
                    for (offset, row) in queryRows.enumerated() {
                        let line = scores[offset * members.count..<(offset + 1) * members.count]
                        guard let top = line.indices.max(by: { line[$0] < line[$1] }) else { continue }
                        let score = line[top]
                        local[row] = better(local[row], (members[top - line.startIndex], score))
                    }
                }
            }
            best.withLock { values in
                for row in values.indices { values[row] = better(values[row], local[row]) }
            }
        }
        return best.withLock { $0 }
    }

    /// Every stored vector whose score against `query` is at least `threshold`, among the lists the query
    /// probes, best first.
    public func within(_ query: ArraySlice<Float>, threshold: Float) -> [(id: Int32, score: Float)] {
        let vector = Array(query)
        let lists = vector.withUnsafeBufferPointer { nearestLists($0, count: probes)[0] }
        var found: [(id: Int32, score: Float)] = []
        var scores: [Float] = []
        for list in lists where members(of: list) > 0 {
            withList(list) { members, values in
                scores = [Float](repeating: 0, count: members.count)
                vector.withUnsafeBufferPointer { q in
                    scores.withUnsafeMutableBufferPointer { s in
                        BLAS.multiply(
                            q, values, into: s, m: 1, n: members.count,
                            k: dimension, transposeB: true)
                    }
                }
                for (offset, score) in scores.enumerated() where score >= threshold {
                    found.append((members[offset], score))
                }
            }
        }
        return found.sorted { ($0.score, -$0.id) > ($1.score, -$1.id) }
    }

    private static func topIndices(_ scores: ArraySlice<Float>, count: Int) -> [Int] {
        var top: [(Int, Float)] = []
        top.reserveCapacity(count + 1)
        for index in scores.indices {
            let score = scores[index]
            if top.count == count, let last = top.last, score <= last.1 { continue }
            let at = top.firstIndex { score > $0.1 } ?? top.count
            top.insert((index - scores.startIndex, score), at: at)
            if top.count > count { top.removeLast() }
        }
        return top.map(\.0)
    }

    /// Spherical k-means: centroids are the normalised means of their members; seeded with evenly spaced rows.
    static func kMeans(_ data: [Float], rows: Int, dimension: Int, k: Int, iterations: Int) -> [Float] {
        var centroids = [Float]()
        centroids.reserveCapacity(k * dimension)
        for index in 0..<k {
            let row = index * rows / k
            centroids.append(contentsOf: data[row * dimension..<(row + 1) * dimension])
        }
        for _ in 0..<iterations {
            let scores = BLAS.multiply(data, centroids, m: rows, n: k, k: dimension, transposeB: true)
            var sums = [Float](repeating: 0, count: k * dimension)
            var members = [Int](repeating: 0, count: k)
            for row in 0..<rows {
                let line = scores[row * k..<(row + 1) * k]
                let best = (line.indices.max { line[$0] < line[$1] } ?? line.startIndex) - line.startIndex
                members[best] += 1
                for d in 0..<dimension { sums[best * dimension + d] += data[row * dimension + d] }
            }
            for cluster in 0..<k where members[cluster] > 0 {
                var slice = sums[cluster * dimension..<(cluster + 1) * dimension]
                normalize(&slice)
                centroids.replaceSubrange(cluster * dimension..<(cluster + 1) * dimension, with: slice)
            }
        }
        return centroids
    }
}

/// Keeps the better of two matches: the higher score, then the lower id, so results never depend on timing.
private func better(_ a: (id: Int32, score: Float)?, _ b: (id: Int32, score: Float)?) -> (id: Int32, score: Float)? {
    guard let a else { return b }
    guard let b else { return a }
    return a.score > b.score || (a.score == b.score && a.id < b.id) ? a : b
}
