internal import Dispatch
internal import Hashing
internal import Synchronization

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
    /// - Complexity: O(P log H) for P postings and H distinct hashes.
    public init(files: [(id: Int64, fingerprints: [UInt64])]) {
        self.init(visiting: { visit in for file in files { visit(file.id, file.fingerprints) } })
    }

    /// Builds the index in two passes over the files, which `forEachFile` hands over (the same files in the same
    /// ascending id order each time): one pass counts each hash's files, the other fills the postings.
    ///
    /// Nothing but one count per distinct hash and the index itself is held, so a store can stream fingerprints
    /// from disk instead of loading them all. The hashes are cut in two at the median of the first batch of files
    /// (winnowed hashes are window minima, far from uniform), and each half is counted and filled on its own
    /// thread, a batch at a time while the next is read: every hash of the lower half sorts before every hash of
    /// the upper one, so the halves' hashes and postings simply join.
    public init(visiting forEachFile: ((Int64, [UInt64]) -> Void) -> Void) {
        let halves = [IndexHalf(), IndexHalf()]
        let cut = Self.overlapped(forEachFile, cut: nil) { half, batch, cut in
            let upper = half == 1
            halves[half].slots.withLock { slots in
                for hash in batch.hashes where (hash >= cut) == upper { slots.increment(hash) }
            }
        }
        let group = DispatchGroup()
        for half in halves {
            DispatchQueue.global().async(group: group) { half.slots.withLock { half.arrange(&$0) } }
        }
        group.wait()
        Self.overlapped(forEachFile, cut: cut) { half, batch, cut in
            let upper = half == 1
            halves[half].slots.withLock { slots in
                halves[half].postings.withLock { postings in
                    var start = 0
                    for (file, end) in batch.ends.enumerated() {
                        let id = UInt32(truncatingIfNeeded: batch.ids[file])
                        for hash in batch.hashes[start..<end] where (hash >= cut) == upper {
                            guard let position = slots.takeNext(hash) else { continue }
                            postings[Int(position)] = id
                        }
                        start = end
                    }
                }
            }
        }
        // The tables go before the halves are joined, and each half's arrays leave it as they are taken.
        for half in halves { half.slots.withLock { $0 = HashSlots() } }
        let lower = halves[0].take()
        let upper = halves[1].take()
        let base = lower.offsets.last ?? 0
        self.init(
            hashes: lower.hashes + upper.hashes, offsets: lower.offsets + upper.offsets.dropFirst().map { $0 + base },
            postings: lower.postings + upper.postings)
    }

    /// Hands each batch of `forEachFile`'s files to `work` for both halves, on two other threads, while this one
    /// reads the next batch; returns the cut between the halves: `cut` when given, else the median of the first
    /// batch's hashes (hashes from the cut up are the upper half's).
    @discardableResult
    private static func overlapped(
        _ forEachFile: ((Int64, [UInt64]) -> Void) -> Void, cut given: UInt64?,
        _ work: @escaping @Sendable (_ half: Int, _ batch: Batch, _ cut: UInt64) -> Void
    ) -> UInt64 {
        var cut = given
        var running: DispatchGroup?
        inBatches(forEachFile) { batch in
            let split = cut ?? batch.hashes.sorted()[batch.hashes.count / 2]
            cut = split
            running?.wait()
            let group = DispatchGroup()
            for half in 0..<2 { DispatchQueue.global().async(group: group) { work(half, batch, split) } }
            running = group
        }
        running?.wait()
        return cut ?? 0
    }

    /// Files' fingerprints gathered in order, for the two halves to read together.
    private struct Batch: Sendable {
        var ids: [Int64] = []
        /// Where each file's hashes end in ``hashes``.
        var ends: [Int] = []
        var hashes: [UInt64] = []
    }

    /// Hands `body` the files of `forEachFile` in batches of about 64 Ki hashes.
    private static func inBatches(
        _ forEachFile: ((Int64, [UInt64]) -> Void) -> Void, _ body: (Batch) -> Void
    ) {
        var batch = Batch()
        withoutActuallyEscaping(body) { body in
            forEachFile { id, fingerprints in
                batch.ids.append(id)
                batch.hashes += fingerprints
                batch.ends.append(batch.hashes.count)
                if batch.hashes.count >= 1 << 16 {
                    body(batch)
                    batch = Batch()
                }
            }
        }
        if !batch.ids.isEmpty { body(batch) }
    }

    /// One half of the hashes while the index is built: their counts, then their sorted hashes, offsets and
    /// postings.
    private final class IndexHalf: Sendable {
        let slots = Mutex(HashSlots())
        let postings = Mutex([UInt32]())
        let arranged = Mutex((hashes: [UInt64](), offsets: [UInt32]()))

        /// After counting: sorts the half's hashes, turns each count into where the hash's next posting goes, and
        /// makes room for the postings.
        func arrange(_ slots: inout HashSlots) {
            var sorted = slots.keys()
            HashSort.sort(&sorted)
            var offsets = [UInt32](repeating: 0, count: sorted.count + 1)
            for (index, hash) in sorted.enumerated() {
                let count = slots.replace(hash, with: offsets[index])
                offsets[index + 1] = offsets[index] + count
            }
            postings.withLock { $0 = [UInt32](repeating: 0, count: Int(offsets.last ?? 0)) }
            arranged.withLock { $0 = (sorted, offsets) }
        }

        /// The half's sorted hashes, offsets and postings, which it no longer holds.
        func take() -> (hashes: [UInt64], offsets: [UInt32], postings: [UInt32]) {
            let (hashes, offsets) = arranged.withLock { value in
                defer { value = ([], []) }
                return value
            }
            let postings = self.postings.withLock { value in
                defer { value = [] }
                return value
            }
            return (hashes, offsets, postings)
        }
    }

    /// This index with `later`'s files added: every file of `later` has a larger id than every file here.
    ///
    /// Each hash's postings are this index's followed by `later`'s, so they stay ascending: the index a build over
    /// both sets of files gives, in one pass over both instead of a count and a fill over every file. The runs of
    /// this index's hashes between two of `later`'s are copied whole (their offsets moved by the postings inserted
    /// before them), so joining a few files to a large index costs about a copy of it.
    ///
    /// - Complexity: O(H + P) for the hashes and postings of both, and O(h log H) searches for `later`'s h hashes.
    public func appending(_ later: PassageIndex) -> PassageIndex {
        guard !later.hashes.isEmpty else { return self }
        guard !hashes.isEmpty else { return later }
        precondition(
            (postings.max() ?? 0) < (later.postings.min() ?? .max), "appended files must come after the index's")
        var merged: [UInt64] = []
        merged.reserveCapacity(hashes.count + later.hashes.count)
        var offsets: [UInt32] = [0]
        offsets.reserveCapacity(hashes.count + later.hashes.count + 1)
        var joined: [UInt32] = []
        joined.reserveCapacity(postings.count + later.postings.count)
        var mine = 0
        // Postings of `later` placed so far: what this index's offsets move by.
        var shift: UInt32 = 0
        /// Copies this index's hashes `mine..<end` with their postings.
        func copyRun(to end: Int) {
            guard end > mine else { return }
            merged += hashes[mine..<end]
            for offset in self.offsets[(mine + 1)...end] { offsets.append(offset &+ shift) }
            joined += postings[Int(self.offsets[mine])..<Int(self.offsets[end])]
            mine = end
        }
        for theirs in later.hashes.indices {
            let hash = later.hashes[theirs]
            var low = mine
            var high = hashes.count
            while low < high {
                let middle = (low + high) / 2
                if hashes[middle] < hash { low = middle + 1 } else { high = middle }
            }
            copyRun(to: low)
            let added = later.postings[Int(later.offsets[theirs])..<Int(later.offsets[theirs + 1])]
            if mine < hashes.count, hashes[mine] == hash {
                copyRun(to: mine + 1)
                joined += added
                shift &+= UInt32(added.count)
                offsets[offsets.count - 1] &+= UInt32(added.count)
            } else {
                merged.append(hash)
                joined += added
                shift &+= UInt32(added.count)
                offsets.append(UInt32(joined.count))
            }
        }
        copyRun(to: hashes.count)
        return PassageIndex(hashes: merged, offsets: offsets, postings: joined)
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

    /// Calls `body` with each file holding one of `fingerprints` that is held by at most `maxPostings` files, once
    /// per such fingerprint (a file sharing several comes several times): ``candidates(for:maxPostings:)`` without
    /// the counting.
    ///
    /// - Complexity: O(f log H + c) for f fingerprints, H distinct hashes, c postings read.
    public func forEachCandidate(for fingerprints: [UInt64], maxPostings: Int, _ body: (UInt32) -> Void) {
        for hash in fingerprints {
            let files = self.files(holding: hash)
            guard files.count <= maxPostings else { continue }
            for file in files { body(file) }
        }
    }

    /// The most files a hash may hold and still propose candidates, for a registry of `fileCount` files: 10% of
    /// the files, at least 1,000.
    ///
    /// Licence text and boilerplate in more files propose none; template families
    /// (hundreds of generated skills sharing most of their text) stay below it, since their members are each
    /// other's edited versions.
    public static func stopThreshold(fileCount: Int) -> Int { max(1000, fileCount / 10) }
}

/// A map from 64-bit hashes to 32-bit counters, by open addressing with linear probing: what the index build
/// needs of a dictionary, without `Hasher`'s SipHash per lookup or a bucket per entry (hashes are already random,
/// so a multiply spreads them; winnowed hashes are the smallest of their windows, so their high bits alone would
/// not).
private struct HashSlots: Sendable {
    /// One slot: a key, its value and whether it is taken, side by side, so a probe reads one cache line (the
    /// table is far larger than the caches at 350,000 files, and three parallel arrays cost three misses).
    private struct Slot {
        var key: UInt64 = 0
        var value: UInt32 = 0
        var isOccupied = false
    }

    private var slots: [Slot] = []
    private var count = 0
    private var shift: UInt64 = 64

    private func slot(of hash: UInt64) -> Int {
        // Fibonacci hashing: the top bits of the product pick the slot.
        Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// Where `hash` is, or the empty slot where it would go.
    private func find(_ hash: UInt64) -> Int {
        let mask = slots.count - 1
        var index = slot(of: hash)
        while slots[index].isOccupied && slots[index].key != hash { index = (index + 1) & mask }
        return index
    }

    mutating func increment(_ hash: UInt64) {
        if (count + 1) * 2 > slots.count { grow() }
        let index = find(hash)
        if slots[index].isOccupied {
            slots[index].value += 1
        } else {
            slots[index] = Slot(key: hash, value: 1, isOccupied: true)
            count += 1
        }
    }

    /// Sets `hash`'s value and returns the old one (0 when absent).
    mutating func replace(_ hash: UInt64, with value: UInt32) -> UInt32 {
        guard !slots.isEmpty else { return 0 }
        let index = find(hash)
        guard slots[index].isOccupied else { return 0 }
        defer { slots[index].value = value }
        return slots[index].value
    }

    /// `hash`'s value, then one more; `nil` when absent.
    mutating func takeNext(_ hash: UInt64) -> UInt32? {
        guard !slots.isEmpty else { return nil }
        let index = find(hash)
        guard slots[index].isOccupied else { return nil }
        defer { slots[index].value += 1 }
        return slots[index].value
    }

    /// Every key held, in slot order.
    func keys() -> [UInt64] {
        var out: [UInt64] = []
        out.reserveCapacity(count)
        for slot in slots where slot.isOccupied { out.append(slot.key) }
        return out
    }

    private mutating func grow() {
        let old = slots
        let capacity = max(1024, slots.count * 2)
        slots = [Slot](repeating: Slot(), count: capacity)
        shift = UInt64(64 - capacity.trailingZeroBitCount)
        for slot in old where slot.isOccupied { slots[find(slot.key)] = slot }
    }
}

extension PassageIndex {
    /// The index as bytes, for the registry to keep: the two counts, then the three arrays, little-endian.
    public func encoded() -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 16 + hashes.count * 8 + offsets.count * 4 + postings.count * 4)
        // Whole values stored at once, little-endian: hundreds of megabytes at 350,000 files.
        var span = bytes.mutableSpan
        var raw = span.mutableBytes
        raw.storeBytes(of: UInt64(hashes.count).littleEndian, toByteOffset: 0, as: UInt64.self)
        raw.storeBytes(of: UInt64(postings.count).littleEndian, toByteOffset: 8, as: UInt64.self)
        var at = 16
        for hash in hashes {
            raw.storeBytes(of: hash.littleEndian, toByteOffset: at, as: UInt64.self)
            at += 8
        }
        for offset in offsets {
            raw.storeBytes(of: offset.littleEndian, toByteOffset: at, as: UInt32.self)
            at += 4
        }
        for posting in postings {
            raw.storeBytes(of: posting.littleEndian, toByteOffset: at, as: UInt32.self)
            at += 4
        }
        return bytes
    }

    /// Reads ``encoded()`` bytes handed over in consecutive pieces of any size (as a store keeps them, in parts),
    /// each value copied once into the index's arrays: no joined copy of the bytes is made.
    public struct Reader {
        /// What the bytes read so far say: the header's counts once read.
        private var counts: (hashes: Int, postings: Int)?
        /// Bytes of a value (or of the header) cut by the end of a piece, until the next piece completes it.
        private var carry: [UInt8] = []
        private var hashes: [UInt64] = []
        private var offsets: [UInt32] = []
        private var postings: [UInt32] = []
        /// Set when the bytes are not an index.
        private var broken = false

        public init() {}

        /// Reads the next piece.
        public mutating func read(_ piece: UnsafeRawBufferPointer) {
            var rest = piece
            while !rest.isEmpty, !broken {
                guard let counts else {
                    rest = Self.fill(&carry, to: 16, from: rest)
                    guard carry.count == 16 else { return }
                    let values = LittleEndian.uint64s(carry, from: 0, count: 2)
                    carry = []
                    // Every hash has a posting, and postings are counted by 32-bit offsets.
                    guard values[0] <= values[1], values[1] <= UInt64(UInt32.max) else {
                        broken = true
                        return
                    }
                    self.counts = (Int(values[0]), Int(values[1]))
                    // Room made for what the header says, within reason: a damaged header must not take the memory.
                    hashes.reserveCapacity(min(Int(values[0]), 1 << 26))
                    offsets.reserveCapacity(min(Int(values[0]) + 1, 1 << 26))
                    postings.reserveCapacity(min(Int(values[1]), 1 << 26))
                    continue
                }
                if hashes.count < counts.hashes {
                    rest = Self.take(&hashes, carry: &carry, upTo: counts.hashes, from: rest)
                } else if offsets.count < counts.hashes + 1 {
                    rest = Self.take(&offsets, carry: &carry, upTo: counts.hashes + 1, from: rest)
                } else if postings.count < counts.postings {
                    rest = Self.take(&postings, carry: &carry, upTo: counts.postings, from: rest)
                } else {
                    broken = true  // bytes past the end
                }
            }
        }

        /// The index read; `nil` when the bytes were not a whole index.
        public func index() -> PassageIndex? {
            guard !broken, let counts, carry.isEmpty, hashes.count == counts.hashes,
                offsets.count == counts.hashes + 1, postings.count == counts.postings,
                offsets.last.map(Int.init) == postings.count
            else { return nil }
            return PassageIndex(hashes: hashes, offsets: offsets, postings: postings)
        }

        /// Appends to `values` the values `bytes` holds, up to `limit` in all; returns the bytes left.
        ///
        /// A value `carry` began comes first; the first bytes of a value the piece cuts are kept in `carry`.
        private static func take<Value: FixedWidthInteger>(
            _ values: inout [Value], carry: inout [UInt8], upTo limit: Int, from bytes: UnsafeRawBufferPointer
        ) -> UnsafeRawBufferPointer {
            let width = MemoryLayout<Value>.size
            var rest = bytes
            if !carry.isEmpty {
                rest = Self.fill(&carry, to: width, from: rest)
                guard carry.count == width else { return rest }
                carry.withUnsafeBytes { _ = LittleEndian.append($0, to: &values) }
                carry = []
            }
            let whole = min(rest.count / width, limit - values.count)
            let used = LittleEndian.append(UnsafeRawBufferPointer(rebasing: rest.prefix(whole * width)), to: &values)
            rest = UnsafeRawBufferPointer(rebasing: rest.dropFirst(used))
            if values.count < limit, rest.count < width {
                carry = Array(rest)
                return UnsafeRawBufferPointer(rebasing: rest.dropFirst(rest.count))
            }
            return rest
        }

        /// Moves bytes from the start of `bytes` into `buffer` until it holds `count`; returns the bytes left.
        private static func fill(_ buffer: inout [UInt8], to count: Int, from bytes: UnsafeRawBufferPointer)
            -> UnsafeRawBufferPointer
        {
            let taken = min(count - buffer.count, bytes.count)
            buffer += bytes.prefix(taken)
            return UnsafeRawBufferPointer(rebasing: bytes.dropFirst(taken))
        }
    }

    /// Reads ``encoded()`` bytes; `nil` when they are not an index.
    public init?(encoded bytes: [UInt8]) {
        var reader = Reader()
        bytes.withUnsafeBytes { reader.read($0) }
        guard let index = reader.index() else { return nil }
        self = index
    }
}
