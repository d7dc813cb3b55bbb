/// The kinds each file's rules are of, as `skillscope group` found them: what "≈ common" counts among a file's
/// peers (how many of the files most like it hold a rule of a kind).
///
/// Kept as a store blob: file ids ascending, each file's kinds sorted, all in three flat arrays, so that 350,000
/// files of about 36 kinds each stay about 50 MB and a file's kinds are one binary search away.
public struct FileKinds: Sendable {
    /// The store blob it is kept in.
    public static let blobName = "file-kinds"

    /// File ids, ascending.
    public private(set) var fileIDs: [Int64]
    /// Where each file's kinds start in ``kinds``; one more entry than ``fileIDs`` (the end).
    public private(set) var offsets: [UInt32]
    /// Each file's kinds, sorted, one run a file.
    public private(set) var kinds: [Int32]

    /// Builds from each file's id and its kinds (in any order, with repeats); files are sorted by id.
    public init(files: [(id: Int64, kinds: [Int32])]) {
        let sorted = files.sorted { $0.id < $1.id }
        fileIDs = sorted.map(\.id)
        offsets = [0]
        kinds = []
        offsets.reserveCapacity(sorted.count + 1)
        for file in sorted {
            kinds += Array(Set(file.kinds)).sorted()
            offsets.append(UInt32(kinds.count))
        }
    }

    public var count: Int { fileIDs.count }

    /// The kinds of a file's rules, sorted; empty when the file was not grouped.
    public func kinds(ofFile id: Int64) -> ArraySlice<Int32> {
        var low = 0
        var high = fileIDs.count
        while low < high {
            let middle = (low + high) / 2
            if fileIDs[middle] < id { low = middle + 1 } else { high = middle }
        }
        guard low < fileIDs.count, fileIDs[low] == id else { return [] }
        return kinds[Int(offsets[low])..<Int(offsets[low + 1])]
    }

    /// Whether a file holds a rule of `kind` (a file's few dozen kinds are read in order).
    public func file(_ id: Int64, holds kind: Int32) -> Bool { kinds(ofFile: id).contains(kind) }

    public func encoded() -> [UInt8] {
        var writer = ByteWriter()
        writer.write(UInt32(1))
        writer.write(array: fileIDs)
        writer.write(array: offsets)
        writer.write(array: kinds)
        return writer.bytes
    }

    public init(decoding bytes: [UInt8]) throws {
        var reader = ByteReader(bytes)
        guard try reader.read(UInt32.self) == 1 else { throw ByteReader.Malformed() }
        fileIDs = try reader.readArray()
        offsets = try reader.readArray()
        kinds = try reader.readArray()
        guard reader.isAtEnd, offsets.count == fileIDs.count + 1, offsets.first == 0,
            offsets.last.map({ Int($0) == kinds.count }) == true, zip(offsets, offsets.dropFirst()).allSatisfy(<=),
            zip(fileIDs, fileIDs.dropFirst()).allSatisfy(<)
        else { throw ByteReader.Malformed() }
    }
}
