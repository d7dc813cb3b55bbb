public import SkillscopeEmbeddings

/// Places rules that are not in the registry among its rule kinds: the nearest kind leader of each, within a
/// threshold, found without ever scoring every rule against every kind at once.
///
/// The leaders stand in an inverted-file index (``SkillscopeEmbeddings/NearestNeighbourIndex``, as the grouping
/// uses), the only copy of them kept. A few rules against a few kinds are scanned exactly (every list read), a
/// chunk of rules at a time; past that, each chunk reads only the lists nearest to it. Memory grows with a chunk
/// of rules × a list, never rules × kinds: a 24,000-rule text against 225,000 kinds had needed one 21 GB matrix.
public struct KindPlacer: Sendable {
    /// Rules embedded and scored at a time.
    public static let chunk = 64
    /// Up to this many rule–kind scores in all, every list is read (the exact answer); past it, each rule reads
    /// the lists nearest to it.
    public static let exactScores = 20_000_000
    /// Lists each rule probes: as many as the grouping's rows do.
    static let probes = RuleGrouper.Configuration(threshold: 0).probes

    /// The embedder the kinds were grouped with, and for a lexical one its vocabulary.
    public let embedder: String
    public let vocabulary: LexicalEmbedder.Vocabulary?
    public let index: NearestNeighbourIndex
    /// Where each kind's leader stands in ``index``: its list and its place in it, by kind id (-1: nowhere).
    private let places: (list: [Int32], offset: [Int32])

    /// The number of kinds.
    public var count: Int { index.count }

    public init(vectors: KindVectors) {
        embedder = vectors.embedder
        vocabulary = vectors.vocabulary
        index = Self.index(of: vectors)
        places = Self.places(in: index)
    }

    init(embedder: String, vocabulary: LexicalEmbedder.Vocabulary?, index: NearestNeighbourIndex) {
        self.embedder = embedder
        self.vocabulary = vocabulary
        self.index = index
        places = Self.places(in: index)
    }

    /// Each kind's list and place in it, read once over the lists (kind ids are dense).
    private static func places(in index: NearestNeighbourIndex) -> (list: [Int32], offset: [Int32]) {
        var list = [Int32](repeating: -1, count: index.count)
        var offset = [Int32](repeating: -1, count: index.count)
        for number in 0..<index.listCount {
            index.withList(number) { ids, _ in
                for (place, id) in ids.enumerated() where Int(id) < list.count && id >= 0 {
                    list[Int(id)] = Int32(number)
                    offset[Int(id)] = Int32(place)
                }
            }
        }
        return (list, offset)
    }

    /// The leaders' vectors of `kinds`, one row a kind in order (a kind the index lacks gets a row of zeros).
    public func vectors(ofKinds kinds: [Int32]) -> [Float] {
        let dimension = index.dimension
        var rows = [Float](repeating: 0, count: kinds.count * dimension)
        for (row, kind) in kinds.enumerated() {
            guard kind >= 0, Int(kind) < places.list.count, places.list[Int(kind)] >= 0 else { continue }
            let offset = Int(places.offset[Int(kind)])
            index.withList(Int(places.list[Int(kind)])) { _, values in
                for d in 0..<dimension { rows[row * dimension + d] = values[offset * dimension + d] }
            }
        }
        return rows
    }

    /// The placer whose index file at `path` was built from the kind vectors tagged `tag` (their blob's SHA-256),
    /// mapped; nil when there is no such file.
    public static func mapped(path: String, tag: [UInt8]) -> KindPlacer? {
        guard let (index, extra) = NearestNeighbourIndex.mapped(path: path, tag: tag) else { return nil }
        var reader = ByteReader(extra)
        guard let embedder = try? reader.readString(), let documents = try? reader.read(UInt64.self),
            let keys = try? reader.readArray(UInt64.self), let counts = try? reader.readArray(Int32.self),
            let hasVocabulary = try? reader.read(UInt8.self), keys.count == counts.count, reader.isAtEnd
        else { return nil }
        let vocabulary =
            hasVocabulary == 1
            ? LexicalEmbedder.Vocabulary(
                documents: Int(documents), frequencies: Dictionary(zip(keys, counts)) { first, _ in first }) : nil
        return KindPlacer(embedder: embedder, vocabulary: vocabulary, index: index)
    }

    /// Writes the index file of `vectors` (tagged `tag`) to `path`.
    ///
    /// Each leader is streamed from the vectors as stored: no index is built in memory first. Vectors saved
    /// without the grouping's lists get their index trained here, then written.
    public static func writeFile(of vectors: KindVectors, path: String, tag: [UInt8]) throws {
        var extra = ByteWriter()
        extra.write(vectors.embedder)
        extra.write(UInt64(vectors.vocabulary?.documents ?? 0))
        let frequencies = (vectors.vocabulary?.frequencies ?? [:]).sorted { $0.key < $1.key }
        extra.write(array: frequencies.map(\.key))
        extra.write(array: frequencies.map(\.value))
        extra.write(UInt8(vectors.vocabulary == nil ? 0 : 1))
        guard let centroids = vectors.centroids, let listOfKind = vectors.listOfKind, !centroids.isEmpty else {
            try index(of: vectors).write(path: path, tag: tag, extra: extra.bytes)
            return
        }
        let lists = centroids.count / vectors.dimension
        var members = [[Int32]](repeating: [], count: lists)
        for (kind, list) in listOfKind.enumerated() where Int(list) < lists { members[Int(list)].append(Int32(kind)) }
        try NearestNeighbourIndex.writeFile(
            path: path, tag: tag, extra: extra.bytes, dimension: vectors.dimension, centroids: centroids,
            probes: probes, lists: members
        ) { vectors.row(Int($0)) }
    }

    /// For each text, its nearest kind and the score, or nil where no leader reaches `threshold`.
    ///
    /// - Parameter shouldStop: asked between chunks; true stops the placing, and the texts not reached are nil.
    public func place(
        _ texts: [String], embedder: any Embedder, threshold: Float, shouldStop: () -> Bool = { false }
    ) throws -> [(kind: Int, score: Float)?] {
        var placed = [(kind: Int, score: Float)?](repeating: nil, count: texts.count)
        let exact = texts.count * count <= Self.exactScores
        let everyList = Array(0..<index.listCount)
        for start in stride(from: 0, to: texts.count, by: Self.chunk) {
            if shouldStop() { break }
            let end = min(texts.count, start + Self.chunk)
            let queries = try embedder.embed(Array(texts[start..<end])).values
            // Exact: every list read; else the lists nearest to each rule.
            let probing = exact ? [[Int]](repeating: everyList, count: end - start) : nil
            for (offset, best) in index.nearest(queries, probing: probing, workers: 2).enumerated() {
                if let best, best.score >= threshold { placed[start + offset] = (Int(best.id), best.score) }
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
    public static func index(of given: KindVectors) -> NearestNeighbourIndex {
        var vectors = given
        if let centroids = vectors.centroids, let listOfKind = vectors.listOfKind, !centroids.isEmpty {
            return fromLists(vectors, centroids: centroids, listOfKind: listOfKind)
        }
        // Trained here: the rows are read many times over, as Float.
        if vectors.values.isEmpty {
            vectors = KindVectors(
                embedder: given.embedder, dimension: given.dimension,
                values: given.halves.map { Float(Float16(bitPattern: $0)) }, vocabulary: given.vocabulary)
        }
        let rows = vectors.count
        let dimension = vectors.dimension
        var index = NearestNeighbourIndex(
            dimension: dimension, training: sampleOf(vectors), lists: RuleGrouper.lists(rows: rows), probes: Self.probes
        )
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

    /// Up to 40 leaders a list, spread over all of them.
    static func sampleOf(_ vectors: KindVectors) -> [Float] {
        let rows = vectors.count
        let dimension = vectors.dimension
        let wanted = min(rows, RuleGrouper.lists(rows: rows) * 40)
        var sample: [Float] = []
        sample.reserveCapacity(wanted * dimension)
        for position in 0..<wanted {
            let row = position * rows / max(wanted, 1)
            sample += vectors.values[row * dimension..<(row + 1) * dimension]
        }
        return sample.isEmpty ? [Float](repeating: 0, count: dimension) : sample
    }

    /// The index from the grouping's own lists: each leader back in its list, nothing trained or searched.
    static func fromLists(_ vectors: KindVectors, centroids: [Float], listOfKind: [Int32]) -> NearestNeighbourIndex {
        let dimension = vectors.dimension
        let lists = centroids.count / dimension
        var ids = [[Int32]](repeating: [], count: lists)
        var values = [[Float]](repeating: [], count: lists)
        // Each list at its exact size: grown by appending, the lists' spare capacity was as large as the leaders.
        var members = [Int](repeating: 0, count: lists)
        for list in listOfKind where Int(list) < lists { members[Int(list)] += 1 }
        for list in 0..<lists {
            ids[list].reserveCapacity(members[list])
            values[list].reserveCapacity(members[list] * dimension)
        }
        for (kind, list) in listOfKind.enumerated() where Int(list) < lists {
            ids[Int(list)].append(Int32(kind))
            values[Int(list)] += vectors.row(kind)
        }
        return NearestNeighbourIndex(
            dimension: dimension, centroids: centroids, ids: ids, vectors: values,
            probes: Self.probes)
    }
}
