internal import Dispatch
internal import Foundation
internal import Synchronization

/// Every phrase of a ``PhraseTable`` inverted: sorted distinct hashes, each with the rows that hold it, in three
/// flat arrays (compressed sparse rows), and a directory on the hashes' top bits so a lookup reads a cache line or
/// two.
///
/// With it, `|phrases(G) ∩ phrases(F)|` for every row G at once costs the postings of F's phrases: a candidate
/// that shares a passage or two with F costs those phrases, not its whole phrase set.
public struct PhraseIndex: Sendable {
    /// Sorted distinct hashes.
    public private(set) var hashes = Column<UInt64>()
    /// `offsets[i]..<offsets[i + 1]` are the postings of `hashes[i]`.
    public private(set) var offsets = Column<UInt32>([0])
    /// Table rows, ascending within each hash.
    public private(set) var postings = Column<UInt32>()
    /// `directory[k]..<directory[k + 1]` are the hashes whose top ``directoryBits`` bits are `k`.
    public private(set) var directory = Column<UInt32>([0, 0])
    public private(set) var directoryBits = 1

    public init() {}

    /// An index of columns read elsewhere (a mapped file); nil when they do not make one.
    public init?(
        hashes: Column<UInt64>, offsets: Column<UInt32>, postings: Column<UInt32>, directory: Column<UInt32>,
        directoryBits: Int
    ) {
        guard offsets.count == hashes.count + 1, offsets[0] == 0, offsets.last.map(Int.init) == postings.count,
            (1...26).contains(directoryBits), directory.count == (1 << directoryBits) + 1, directory[0] == 0,
            directory.last.map(Int.init) == hashes.count
        else { return nil }
        self.hashes = hashes
        self.offsets = offsets
        self.postings = postings
        self.directory = directory
        self.directoryBits = directoryBits
    }

    /// Inverts `table`: 64 partitions by the hashes' top bits, each gathered from every row's sorted slice and
    /// radix-sorted, so nothing but the partitions in hand is held besides the index.
    ///
    /// Partitions are built `workers` at a time (0: one per core), one a thread, then appended in order: at
    /// 350,000 files (339 M phrases) the build is most of the lineage table's load.
    ///
    /// - Complexity: O(P) for P phrases in the table.
    public init(_ table: PhraseTable, workers: Int = 0) {
        let workers = workers > 0 ? workers : ProcessInfo.processInfo.activeProcessorCount
        precondition(table.phraseCount < Int(UInt32.max), "a phrase index holds fewer than 2^32 postings")
        let partitions = 1 << Self.partitionBits
        var cursors = table.starts.copy(0..<table.rowCount)
        // Built in arrays, held as columns once built.
        var hashes: [UInt64] = []
        var offsets: [UInt32] = [0]
        var postings = [UInt32](repeating: 0, count: table.phraseCount)
        var filled = 0
        var first = 0
        while first < partitions {
            let round = min(max(1, workers), partitions - first)
            let parts = Mutex<[Int: Part]>([:])
            let starts = cursors
            let roundFirst = first
            DispatchQueue.concurrentPerform(iterations: round) { worker in
                let part = Self.gather(
                    table, partition: roundFirst + worker, from: starts, keepingEnds: worker == round - 1)
                parts.withLock { $0[worker] = part }
            }
            let built = parts.withLock { $0 }
            for worker in 0..<round {
                guard let part = built[worker] else { continue }
                var index = 0
                while index < part.keys.count {
                    let hash = part.keys[index]
                    hashes.append(hash)
                    while index < part.keys.count && part.keys[index] == hash {
                        postings[filled] = part.rows[index]
                        filled += 1
                        index += 1
                    }
                    offsets.append(UInt32(filled))
                }
                if let ends = part.ends { cursors = ends }
            }
            first += round
        }
        // About eight hashes per directory entry.
        var directoryBits = 1
        while directoryBits < 26 && (1 << directoryBits) * 8 < hashes.count { directoryBits += 1 }
        var directory = [UInt32](repeating: 0, count: (1 << directoryBits) + 1)
        for hash in hashes { directory[Int(hash >> UInt64(64 - directoryBits)) + 1] += 1 }
        for entry in 1..<directory.count { directory[entry] += directory[entry - 1] }
        self.hashes = Column(hashes)
        self.offsets = Column(offsets)
        self.postings = Column(postings)
        self.directory = Column(directory)
        self.directoryBits = directoryBits
    }

    /// The hashes' top bits that pick their partition.
    private static let partitionBits = 6

    /// One partition's phrases, sorted, with the rows holding them; `ends` is where each row's phrases of later
    /// partitions start, when asked for.
    private struct Part: Sendable {
        var keys: [UInt64]
        var rows: [UInt32]
        var ends: [Int]?
    }

    /// Gathers partition `partition` from each row's slice, reading from `starts` (each row's first phrase of this
    /// partition or an earlier one), and sorts it.
    private static func gather(_ table: PhraseTable, partition: Int, from starts: [Int], keepingEnds: Bool) -> Part {
        let shift = UInt32(32 - partitionBits)
        var keys: [UInt64] = []
        var rows: [UInt32] = []
        var ends: [Int] = keepingEnds ? starts : []
        table.high.withUnsafeBufferPointer { high in
            table.low.withUnsafeBufferPointer { low in
                table.starts.withUnsafeBufferPointer { rowStarts in
                    for row in 0..<table.rowCount {
                        var cursor = starts[row]
                        let end = rowStarts[row + 1]
                        while cursor < end, Int(high[cursor] >> shift) < partition { cursor += 1 }
                        while cursor < end, Int(high[cursor] >> shift) == partition {
                            keys.append(UInt64(high[cursor]) << 32 | UInt64(low[cursor]))
                            rows.append(UInt32(row))
                            cursor += 1
                        }
                        if keepingEnds { ends[row] = cursor }
                    }
                }
            }
        }
        var spareKeys: [UInt64] = []
        var spareRows: [UInt32] = []
        radixSort(&keys, &rows, into: &spareKeys, &spareRows)
        return Part(keys: keys, rows: rows, ends: keepingEnds ? ends : nil)
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

    /// The rows holding `hash`, ascending, or an empty array (copied: ``withRows(holding:_:)`` reads in place).
    public func rows(holding hash: UInt64) -> [UInt32] {
        withRows(holding: hash) { Array($0) }
    }

    /// Calls `body` with the rows holding `hash`, ascending (empty when none), read in place.
    @inline(__always) public func withRows<Result>(
        holding hash: UInt64, _ body: (UnsafeBufferPointer<UInt32>) throws -> Result
    ) rethrows -> Result {
        guard let range = postingRange(of: hash) else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
        return try postings.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// Where `hash`'s postings are, or nil when no row holds it.
    private func postingRange(of hash: UInt64) -> Range<Int>? {
        let bucket = Int(hash >> UInt64(64 - directoryBits))
        guard bucket + 1 < directory.count else { return nil }
        var low = Int(directory[bucket])
        var high = Int(directory[bucket + 1])
        hashes.withUnsafeBufferPointer { hashes in
            while low < high {
                let middle = (low + high) / 2
                if hashes[middle] < hash { low = middle + 1 } else { high = middle }
            }
        }
        guard low < Int(directory[bucket + 1]), hashes[low] == hash else { return nil }
        return Int(offsets[low])..<Int(offsets[low + 1])
    }
}
