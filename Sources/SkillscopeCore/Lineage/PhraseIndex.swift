/// Every phrase of a ``PhraseTable`` inverted: sorted distinct hashes, each with the rows that hold it, in three
/// flat arrays (compressed sparse rows), and a directory on the hashes' top bits so a lookup reads a cache line or
/// two.
///
/// With it, `|phrases(G) ∩ phrases(F)|` for every row G at once costs the postings of F's phrases: a candidate
/// that shares a passage or two with F costs those phrases, not its whole phrase set.
public struct PhraseIndex: Sendable {
    /// Sorted distinct hashes.
    public private(set) var hashes: [UInt64] = []
    /// `offsets[i]..<offsets[i + 1]` are the postings of `hashes[i]`.
    public private(set) var offsets: [UInt32] = [0]
    /// Table rows, ascending within each hash.
    public private(set) var postings: [UInt32] = []
    /// `directory[k]..<directory[k + 1]` are the hashes whose top ``directoryBits`` bits are `k`.
    private var directory: [UInt32] = [0, 0]
    private var directoryBits = 1

    public init() {}

    /// Inverts `table`: 64 partitions by the hashes' top bits, each gathered from every row's sorted slice and
    /// radix-sorted, so nothing but one partition's pairs is held besides the index.
    ///
    /// - Complexity: O(P) for P phrases in the table.
    public init(_ table: PhraseTable) {
        precondition(table.phraseCount < Int(UInt32.max), "a phrase index holds fewer than 2^32 postings")
        let partitionBits = 6
        let shift = UInt32(32 - partitionBits)
        var cursors = Array(table.starts.dropLast())
        postings = [UInt32](repeating: 0, count: table.phraseCount)
        var filled = 0
        var keys: [UInt64] = []
        var rows: [UInt32] = []
        var sortedKeys: [UInt64] = []
        var sortedRows: [UInt32] = []
        for partition in 0..<(1 << partitionBits) {
            keys.removeAll(keepingCapacity: true)
            rows.removeAll(keepingCapacity: true)
            for row in 0..<table.rowCount {
                var cursor = cursors[row]
                let end = table.starts[row + 1]
                while cursor < end, Int(table.high[cursor] >> shift) == partition {
                    keys.append(UInt64(table.high[cursor]) << 32 | UInt64(table.low[cursor]))
                    rows.append(UInt32(row))
                    cursor += 1
                }
                cursors[row] = cursor
            }
            Self.radixSort(&keys, &rows, into: &sortedKeys, &sortedRows)
            var index = 0
            while index < keys.count {
                let hash = keys[index]
                hashes.append(hash)
                while index < keys.count && keys[index] == hash {
                    postings[filled] = rows[index]
                    filled += 1
                    index += 1
                }
                offsets.append(UInt32(filled))
            }
        }
        // About eight hashes per directory entry.
        directoryBits = 1
        while directoryBits < 26 && (1 << directoryBits) * 8 < hashes.count { directoryBits += 1 }
        directory = [UInt32](repeating: 0, count: (1 << directoryBits) + 1)
        for hash in hashes { directory[Int(hash >> UInt64(64 - directoryBits)) + 1] += 1 }
        for entry in 1..<directory.count { directory[entry] += directory[entry - 1] }
    }

    /// Sorts `keys` (stably carrying `rows`) by their 64 bits, four 16-bit digits from the lowest.
    private static func radixSort(
        _ keys: inout [UInt64], _ rows: inout [UInt32], into spareKeys: inout [UInt64], _ spareRows: inout [UInt32]
    ) {
        let count = keys.count
        guard count > 1 else { return }
        if spareKeys.count < count {
            spareKeys = [UInt64](repeating: 0, count: count)
            spareRows = [UInt32](repeating: 0, count: count)
        }
        var histogram = [Int](repeating: 0, count: 1 << 16)
        for digit in 0..<4 {
            let shift = UInt64(digit * 16)
            for index in histogram.indices { histogram[index] = 0 }
            for key in keys { histogram[Int((key >> shift) & 0xFFFF)] += 1 }
            var total = 0
            for index in histogram.indices {
                let next = total + histogram[index]
                histogram[index] = total
                total = next
            }
            keys.withUnsafeBufferPointer { keys in
                rows.withUnsafeBufferPointer { rows in
                    spareKeys.withUnsafeMutableBufferPointer { outKeys in
                        spareRows.withUnsafeMutableBufferPointer { outRows in
                            for index in 0..<count {
                                let bucket = Int((keys[index] >> shift) & 0xFFFF)
                                let position = histogram[bucket]
                                histogram[bucket] = position + 1
                                outKeys[position] = keys[index]
                                outRows[position] = rows[index]
                            }
                        }
                    }
                }
            }
            swap(&keys, &spareKeys)
            swap(&rows, &spareRows)
            // The spare arrays may be longer than `count`: keep only the sorted prefix in `keys`.
            if keys.count != count {
                keys.removeLast(keys.count - count)
                rows.removeLast(rows.count - count)
            }
        }
    }

    /// The rows holding `hash`, ascending, or an empty slice.
    public func rows(holding hash: UInt64) -> ArraySlice<UInt32> {
        let bucket = Int(hash >> UInt64(64 - directoryBits))
        guard bucket + 1 < directory.count else { return [] }
        var low = Int(directory[bucket])
        var high = Int(directory[bucket + 1])
        while low < high {
            let middle = (low + high) / 2
            if hashes[middle] < hash { low = middle + 1 } else { high = middle }
        }
        guard low < Int(directory[bucket + 1]), hashes[low] == hash else { return [] }
        return postings[Int(offsets[low])..<Int(offsets[low + 1])]
    }
}
