/// An inverted index from winnowed phrase hashes to the files holding them, in three flat arrays (compressed
/// sparse rows): sorted distinct hashes, each hash's start in the postings, and the postings (file numbers).
///
/// Built in two passes over the files' fingerprints (count, then fill), so it never holds a list of pairs.
/// A query looks up each of its hashes by binary search, so it never scans the corpus.
public struct PassageIndex: Sendable {
    /// Sorted distinct hashes.
    public private(set) var hashes: [UInt64]
    /// `offsets[i]..<offsets[i + 1]` are the postings of `hashes[i]`.
    public private(set) var offsets: [UInt32]
    /// File ids (registry row ids, below 2^32), ascending within each hash.
    public private(set) var postings: [UInt32]

    public init(hashes: [UInt64], offsets: [UInt32], postings: [UInt32]) {
        self.hashes = hashes
        self.offsets = offsets
        self.postings = postings
    }

    /// An empty index.
    public init() {
        self.init(hashes: [], offsets: [0], postings: [])
    }

    /// Builds the index from each file's sorted, distinct fingerprints, given in ascending file id.
    ///
    /// - Complexity: O(P log P) for P postings.
    public init(files: [(id: Int64, fingerprints: [UInt64])]) {
        var counts: [UInt64: UInt32] = [:]
        for file in files {
            for hash in file.fingerprints { counts[hash, default: 0] += 1 }
        }
        let sorted = counts.keys.sorted()
        var offsets = [UInt32](repeating: 0, count: sorted.count + 1)
        var slot: [UInt64: Int] = [:]
        slot.reserveCapacity(sorted.count)
        for (index, hash) in sorted.enumerated() {
            offsets[index + 1] = offsets[index] + (counts[hash] ?? 0)
            slot[hash] = index
        }
        counts = [:]
        var fill = Array(offsets.dropLast())
        var postings = [UInt32](repeating: 0, count: Int(offsets.last ?? 0))
        for file in files {
            for hash in file.fingerprints {
                guard let index = slot[hash] else { continue }
                postings[Int(fill[index])] = UInt32(truncatingIfNeeded: file.id)
                fill[index] += 1
            }
        }
        self.init(hashes: sorted, offsets: offsets, postings: postings)
    }

    /// Files in the index.
    public var postingCount: Int { postings.count }

    /// The files holding `hash`, or an empty slice.
    public func files(holding hash: UInt64) -> ArraySlice<UInt32> {
        var low = 0
        var high = hashes.count
        while low < high {
            let middle = (low + high) / 2
            if hashes[middle] < hash { low = middle + 1 } else { high = middle }
        }
        guard low < hashes.count, hashes[low] == hash else { return [] }
        return postings[Int(offsets[low])..<Int(offsets[low + 1])]
    }

    /// Candidate files for a text with `fingerprints`, with how many fingerprints each shares.
    ///
    /// Hashes held by more than `maxPostings` files (licence text, templates) propose no candidate; they still
    /// count when candidates are measured exactly on their phrase sets.
    ///
    /// - Complexity: O(f log H + c) for f fingerprints, H distinct hashes, c postings read.
    public func candidates(for fingerprints: [UInt64], maxPostings: Int) -> [Int64: Int] {
        var shared: [Int64: Int] = [:]
        for hash in fingerprints {
            let files = self.files(holding: hash)
            guard files.count <= maxPostings else { continue }
            for file in files { shared[Int64(file), default: 0] += 1 }
        }
        return shared
    }

    /// The most files a hash may hold and still propose candidates, for a registry of `fileCount` files: 10% of
    /// the files, at least 1,000. Licence text and boilerplate in more files propose none; template families
    /// (hundreds of generated skills sharing most of their text) stay below it, since their members are each
    /// other's edited versions.
    public static func stopThreshold(fileCount: Int) -> Int { max(1000, fileCount / 10) }
}

extension PassageIndex {
    /// The index as bytes, for the registry to keep: three little-endian arrays after their counts.
    public func encoded() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20 + hashes.count * 12 + postings.count * 4)
        func append<T: FixedWidthInteger>(_ value: T) {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }
        append(UInt64(hashes.count))
        append(UInt64(postings.count))
        for hash in hashes { append(hash) }
        for offset in offsets { append(offset) }
        for posting in postings { append(posting) }
        return bytes
    }

    /// Reads ``encoded()`` bytes; `nil` when they are not an index.
    public init?(encoded bytes: [UInt8]) {
        guard bytes.count >= 16 else { return nil }
        let decoded: (hashes: [UInt64], offsets: [UInt32], postings: [UInt32])? = bytes.withUnsafeBytes { raw in
            let hashCount = Int(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self)))
            let postingCount = Int(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
            let expected = 16 + hashCount * 8 + (hashCount + 1) * 4 + postingCount * 4
            guard hashCount >= 0, postingCount >= 0, raw.count == expected else { return nil }
            var offset = 16
            let hashes = (0..<hashCount).map { index in
                UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset + index * 8, as: UInt64.self))
            }
            offset += hashCount * 8
            let offsets = (0...hashCount).map { index in
                UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset + index * 4, as: UInt32.self))
            }
            offset += (hashCount + 1) * 4
            let postings = (0..<postingCount).map { index in
                UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset + index * 4, as: UInt32.self))
            }
            return (hashes, offsets, postings)
        }
        guard let decoded, decoded.offsets.last.map(Int.init) == decoded.postings.count else { return nil }
        self.init(hashes: decoded.hashes, offsets: decoded.offsets, postings: decoded.postings)
    }
}
