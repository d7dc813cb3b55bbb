public import SkillscopeEmbeddings
internal import SkillscopeStore
public import SkillscopeVersions

/// Every file's meaning as one vector — the mean of its rules' kinds (their leaders' vectors) and of its name and
/// description, embedded — in an inverted-file index: what finds "their own version" by similar meaning.
///
/// `skillscope group` makes it; it is kept as a store blob beside the rule statistics.
public struct FileMeaning: Sendable {
    /// The store blob it is kept in.
    public static let blobName = "file-meaning"
    /// The cosine from which two files are close in meaning, by embedder, chosen by reading the nearest pairs
    /// of the shared corpus at each level: with the static or MiniLM embedder, pairs from 0.92 are rewrites of one
    /// skill (sql-pro and sql-optimization, two Liquid Glass guides) and pairs below 0.90 are files on one
    /// subject (competitor profiling and competitors); the lexical embedder's pairs stay versions down to 0.85.
    public static func threshold(for embedder: String) -> Float {
        embedder.hasPrefix("lexical-") ? 0.85 : 0.92
    }

    public var embedder: String
    public var threshold: Float
    /// The file id of each position the index stores.
    public var fileIDs: [Int64]
    public var index: NearestNeighbourIndex
    private var place: [Int64: (list: Int, offset: Int)] = [:]

    public init(embedder: String, threshold: Float, fileIDs: [Int64], index: NearestNeighbourIndex) {
        self.embedder = embedder
        self.threshold = threshold
        self.fileIDs = fileIDs
        self.index = index
        indexPlaces()
    }

    private mutating func indexPlaces() {
        for list in 0..<index.listCount {
            index.withList(list) { ids, _ in
                for (offset, position) in ids.enumerated() { place[fileIDs[Int(position)]] = (list, offset) }
            }
        }
    }

    /// The stored vector of a file, if it has one.
    public func vector(ofFile id: Int64) -> ArraySlice<Float>? {
        guard let (list, offset) = place[id] else { return nil }
        let dimension = index.dimension
        return index.withList(list) { _, values in Array(values[offset * dimension..<(offset + 1) * dimension])[...] }
    }

    /// Files whose meaning is within the threshold of `vector`, best first, at most `limit`.
    public func neighbours(of vector: ArraySlice<Float>, limit: Int = 1000) -> [Int64] {
        index.within(vector, threshold: threshold).prefix(limit).map { fileIDs[Int($0.id)] }
    }

    public func encoded() -> [UInt8] {
        var writer = ByteWriter()
        writer.write(UInt32(1))
        writer.write(embedder)
        writer.write(threshold)
        writer.write(UInt32(index.dimension))
        writer.write(UInt32(index.probes))
        writer.write(array: fileIDs)
        writer.write(array: index.centroids.map { Float16($0).bitPattern })
        writer.write(UInt32(index.listCount))
        for list in 0..<index.listCount {
            index.withList(list) { ids, values in
                writer.write(array: Array(ids))
                writer.write(array: values.map { Float16($0).bitPattern })
            }
        }
        return writer.bytes
    }

    public init(decoding bytes: [UInt8]) throws {
        var reader = ByteReader(bytes)
        guard try reader.read(UInt32.self) == 1 else { throw ByteReader.Malformed() }
        embedder = try reader.readString()
        threshold = try reader.readFloat()
        let dimension = Int(try reader.read(UInt32.self))
        let probes = Int(try reader.read(UInt32.self))
        fileIDs = try reader.readArray()
        let centroids = try reader.readArray(UInt16.self).map { Float(Float16(bitPattern: $0)) }
        let lists = Int(try reader.read(UInt32.self))
        var ids: [[Int32]] = []
        var vectors: [[Float]] = []
        for _ in 0..<lists {
            ids.append(try reader.readArray())
            vectors.append(try reader.readArray(UInt16.self).map { Float(Float16(bitPattern: $0)) })
        }
        guard dimension > 0, centroids.count == lists * dimension, reader.isAtEnd,
            zip(ids, vectors).allSatisfy({ $0.count * dimension == $1.count })
        else { throw ByteReader.Malformed() }
        index = NearestNeighbourIndex(
            dimension: dimension, centroids: centroids, ids: ids, vectors: vectors, probes: probes)
        indexPlaces()
    }

    /// Builds the index over `vectors` (one row per file of `fileIDs`; zero rows are left out).
    public static func build(
        embedder: String, fileIDs: [Int64], vectors: [Float], dimension: Int, threshold: Float? = nil
    ) -> FileMeaning {
        let rows = fileIDs.count
        let lists = max(1, min(4096, Int((Double(rows).squareRoot() * 2).rounded())))
        var sample: [Float] = []
        let wanted = min(rows, lists * 40)
        for pick in 0..<wanted {
            let row = pick * rows / max(wanted, 1)
            sample += vectors[row * dimension..<(row + 1) * dimension]
        }
        var index = NearestNeighbourIndex(
            dimension: dimension, training: sample.isEmpty ? [Float](repeating: 0, count: dimension) : sample,
            lists: lists, probes: 8)
        for start in stride(from: 0, to: rows, by: 4096) {
            let end = min(rows, start + 4096)
            let chunk = Array(vectors[start * dimension..<end * dimension])
            let nearest = chunk.withUnsafeBufferPointer { index.nearestLists($0, count: 1) }
            for row in start..<end {
                let vector = vectors[row * dimension..<(row + 1) * dimension]
                guard vector.contains(where: { $0 != 0 }) else { continue }
                index.add(vector, id: Int32(row), toList: nearest[row - start][0])
            }
        }
        return FileMeaning(
            embedder: embedder, threshold: threshold ?? Self.threshold(for: embedder), fileIDs: fileIDs, index: index)
    }
}

/// The "their own version" seam of ``SkillscopeStore/VersionFinder``: files close in meaning to a subject.
public struct MeaningFinder: MeaningNeighbours {
    public let meaning: FileMeaning
    /// Makes the registry's embedder, for a text that is not stored (its rules, name and description): called only
    /// then, since it loads every kind's vector.
    public let makeEmbedder: @Sendable () throws -> (any Embedder)?

    public func neighbours(of subject: VersionFinder.Subject) throws -> [Int64] {
        guard let vector = try vector(of: subject) else { return [] }
        return meaning.neighbours(of: vector).filter { $0 != subject.id }
    }

    public func closeness(of subject: VersionFinder.Subject, to ids: [Int64]) throws -> [Int64: Float] {
        guard !ids.isEmpty, let vector = try vector(of: subject) else { return [:] }
        var found: [Int64: Float] = [:]
        for id in ids {
            guard let other = meaning.vector(ofFile: id) else { continue }
            found[id] = zip(vector, other).reduce(0) { $0 + $1.0 * $1.1 }
        }
        return found
    }

    /// The subject's meaning: stored for a stored file, else embedded from its rules, name and description.
    private func vector(of subject: VersionFinder.Subject) throws -> ArraySlice<Float>? {
        if let id = subject.id { return meaning.vector(ofFile: id) }
        guard let embedder = try makeEmbedder(), embedder.identifier == meaning.embedder else { return nil }
        var vector = try Self.vector(
            rules: subject.rules, about: [subject.name, subject.description].compactMap { $0 }.joined(separator: ". "),
            embedder: embedder)[...]
        guard vector.contains(where: { $0 != 0 }) else { return nil }
        normalize(&vector)
        return vector
    }

    /// The mean of a text's rules, embedded, and of its name and description, embedded (each part unit length).
    static func vector(rules: [String], about: String, embedder: any Embedder) throws -> [Float] {
        let dimension = embedder.dimension
        var total = [Float](repeating: 0, count: dimension)
        if !rules.isEmpty {
            var mean = [Float](repeating: 0, count: dimension)
            let rows = try embedder.embed(rules)
            for row in 0..<rows.count { for (d, value) in rows.row(row).enumerated() { mean[d] += value } }
            var slice = mean[...]
            normalize(&slice)
            for d in 0..<dimension { total[d] += slice[d] }
        }
        if !about.isEmpty {
            let row = try embedder.embed([about]).row(0)
            for (d, value) in row.enumerated() { total[d] += value }
        }
        return total
    }
}
