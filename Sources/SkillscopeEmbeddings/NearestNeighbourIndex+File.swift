public import FileSystem

/// An index kept in a file beside the registry and memory-mapped: every process that reads it shares one copy of
/// the vectors through the page cache, and none builds its own on the heap.
///
/// The file, little-endian, each section starting on a 64-byte boundary:
/// `SSNNIDX1`, version (UInt32), dimension (UInt32), lists (UInt64), vectors (UInt64), probes (UInt32), tag length
/// (UInt32), the tag, the caller's extra bytes (UInt64 length first), the centroids (Float32), each list's first
/// row (UInt64, lists + 1 of them), the ids (Int32), the vectors (Float32, list after list). The tag names what the
/// file was built from (the SHA-256 of a store blob): a reader asking for another tag gets nil and rebuilds.
extension NearestNeighbourIndex {
    static let magic = Array("SSNNIDX1".utf8)
    static let fileVersion: UInt32 = 1
    static let alignment = 64

    /// Writes an index file from lists given by id, each vector read through `vector` as it is written (nothing
    /// is gathered first), atomically.
    ///
    /// - Parameters:
    ///   - lists: each list's ids, in the order they are stored.
    ///   - vector: the `dimension` values of the vector stored under an id.
    public static func writeFile(
        path: String, tag: [UInt8], extra: [UInt8], dimension: Int, centroids: [Float], probes: Int,
        lists: [[Int32]], vector: (Int32) -> [Float]
    ) throws {
        precondition(centroids.count == lists.count * dimension, "one centroid a list")
        let file = try AtomicFileWriter(path: path)
        try file.write(magic)
        try file.write([fileVersion, UInt32(dimension)])
        let count = lists.reduce(0) { $0 + $1.count }
        try file.write([UInt64(lists.count), UInt64(count)])
        try file.write([UInt32(probes), UInt32(tag.count)])
        try file.write(tag)
        try file.write([UInt64(extra.count)])
        try file.write(extra)
        try file.pad(to: alignment)
        try file.write(centroids)
        try file.pad(to: alignment)
        var starts: [UInt64] = [0]
        var total: UInt64 = 0
        for list in lists {
            total += UInt64(list.count)
            starts.append(total)
        }
        try file.write(starts)
        try file.write(lists.flatMap { $0 })
        try file.pad(to: alignment)
        for list in lists {
            for id in list {
                let values = vector(id)
                precondition(values.count == dimension, "a vector of the index's dimension")
                try file.write(values)
            }
        }
        try file.commit()
    }

    /// Writes this index to an index file (see ``writeFile(path:tag:extra:dimension:centroids:probes:lists:vector:)``).
    public func write(path: String, tag: [UInt8], extra: [UInt8]) throws {
        var lists: [[Int32]] = []
        var place: [Int32: (list: Int, offset: Int)] = [:]
        for list in 0..<listCount {
            let ids = withList(list) { ids, _ in Array(ids) }
            for (offset, id) in ids.enumerated() { place[id] = (list, offset) }
            lists.append(ids)
        }
        try Self.writeFile(
            path: path, tag: tag, extra: extra, dimension: dimension, centroids: centroids, probes: probes,
            lists: lists
        ) { id in
            let (list, offset) = place[id] ?? (0, 0)
            return withList(list) { _, values in
                Array(values[offset * dimension..<(offset + 1) * dimension])
            }
        }
    }

    /// The index in the file at `path`, mapped, and the extra bytes written with it; nil when the file is missing,
    /// malformed, or was built from something other than `tag`.
    public static func mapped(path: String, tag: [UInt8]) -> (index: NearestNeighbourIndex, extra: [UInt8])? {
        guard let file = MappedFile(path: path) else { return nil }
        var reader = MappedFile.Reader(file)
        guard reader.expect(magic), reader.integer(UInt32.self) == fileVersion,
            let dimension = reader.integer(UInt32.self).map(Int.init), dimension > 0,
            let lists = reader.integer(UInt64.self).map(Int.init), lists > 0, lists < 1 << 24,
            let count = reader.integer(UInt64.self).map(Int.init), count < 1 << 31,
            let probes = reader.integer(UInt32.self).map(Int.init),
            let tagLength = reader.integer(UInt32.self).map(Int.init), tagLength == tag.count, reader.expect(tag),
            let extraLength = reader.integer(UInt64.self).map(Int.init), let extra = reader.take(extraLength),
            reader.align(alignment), let centroidsAt = reader.offset(forBytes: lists * dimension * 4),
            reader.align(alignment), let starts = reader.offset(forBytes: (lists + 1) * 8),
            let ids = reader.offset(forBytes: count * 4),
            reader.align(alignment), let values = reader.offset(forBytes: count * dimension * 4), reader.isAtEnd,
            let base = file.bytes.baseAddress
        else { return nil }
        let centroids = UnsafeBufferPointer(
            start: (base + centroidsAt).assumingMemoryBound(to: Float.self), count: lists * dimension)
        let mappedLists = MappedLists(
            file: file, base: base, lists: lists, count: count, starts: starts, ids: ids, values: values)
        guard mappedLists.isWellFormed else { return nil }
        return (
            NearestNeighbourIndex(
                dimension: dimension, centroids: Array(centroids), mapped: mappedLists, probes: probes),
            Array(extra)
        )
    }
}

/// The lists of a mapped index file: offsets into its bytes, read in place.
final class MappedLists: @unchecked Sendable {
    let file: MappedFile
    let listCount: Int
    let count: Int
    private let starts: UnsafeBufferPointer<UInt64>
    private let idValues: UnsafeBufferPointer<Int32>
    private let vectorValues: UnsafePointer<Float>

    /// - Parameter base: the start of `file`'s bytes; `starts`, `ids` and `values` are offsets from it.
    init(file: MappedFile, base: UnsafeRawPointer, lists: Int, count: Int, starts: Int, ids: Int, values: Int) {
        self.file = file
        listCount = lists
        self.count = count
        self.starts = UnsafeBufferPointer(
            start: (base + starts).assumingMemoryBound(to: UInt64.self), count: lists + 1)
        idValues = UnsafeBufferPointer(start: (base + ids).assumingMemoryBound(to: Int32.self), count: count)
        vectorValues = (base + values).assumingMemoryBound(to: Float.self)
    }

    /// The starts rise from 0 to the count.
    var isWellFormed: Bool {
        guard starts.first == 0, starts.last == UInt64(count) else { return false }
        return zip(starts, starts.dropFirst()).allSatisfy { $0 <= $1 }
    }

    func members(of list: Int) -> Int { Int(starts[list + 1] - starts[list]) }

    func ids(of list: Int) -> UnsafeBufferPointer<Int32> {
        UnsafeBufferPointer(rebasing: idValues[Int(starts[list])..<Int(starts[list + 1])])
    }

    func values(of list: Int, dimension: Int) -> UnsafeBufferPointer<Float> {
        UnsafeBufferPointer(start: vectorValues + Int(starts[list]) * dimension, count: members(of: list) * dimension)
    }
}
