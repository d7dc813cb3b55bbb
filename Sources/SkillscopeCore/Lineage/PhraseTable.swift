/// Many files' phrase sets in two flat arrays, for measuring N% same on every candidate without a read per file.
///
/// Each sorted, distinct phrase hash is split into its low and high 32 bits (`low[i]`, `high[i]`); row `r`'s
/// phrases are `starts[r]..<starts[r + 1]`. A ``PhraseProbe`` scans only the low halves and reads a high half
/// where the low half may match, so a candidate that shares little costs about four bytes a phrase.
public struct PhraseTable: Sendable {
    public private(set) var low = Column<UInt32>()
    public private(set) var high = Column<UInt32>()
    /// `starts[row]..<starts[row + 1]` are the row's phrases.
    public private(set) var starts = Column<Int>([0])

    /// An empty table with room for `phrases` phrases in `rows` rows.
    public init(reservingPhrases phrases: Int = 0, rows: Int = 0) {
        low.reserveCapacity(phrases)
        high.reserveCapacity(phrases)
        starts.reserveCapacity(rows + 1)
    }

    /// A table of columns read elsewhere (a mapped file); nil when they do not make one.
    public init?(low: Column<UInt32>, high: Column<UInt32>, starts: Column<Int>) {
        guard low.count == high.count, starts.count >= 1, starts[0] == 0, starts.last == low.count else { return nil }
        let rising = starts.withUnsafeBufferPointer { starts in zip(starts, starts.dropFirst()).allSatisfy { $0 <= $1 }
        }
        guard rising else { return nil }
        self.low = low
        self.high = high
        self.starts = starts
    }

    /// Rows in the table.
    public var rowCount: Int { starts.count - 1 }

    /// Phrases in the table.
    public var phraseCount: Int { low.count }

    /// Appends a row of sorted, distinct phrase hashes.
    public mutating func append(_ phrases: [UInt64]) {
        low.append(contentsOf: phrases.lazy.map { UInt32(truncatingIfNeeded: $0) })
        high.append(contentsOf: phrases.lazy.map { UInt32(truncatingIfNeeded: $0 >> 32) })
        starts.append(low.count)
    }

    /// How many phrases `row` has.
    @inline(__always) public func count(_ row: Int) -> Int { starts[row + 1] - starts[row] }

    /// The phrases of `row`, sorted.
    public func phrases(_ row: Int) -> [UInt64] {
        (starts[row]..<starts[row + 1]).map { UInt64(high[$0]) << 32 | UInt64(low[$0]) }
    }
}

/// A phrase set prepared for counting how many of a table row's phrases stand in it: a bitmap over the low bits
/// of its hashes (about 64 bits a phrase, so at most one phrase in 64 that is not in the set passes it) and an
/// open-addressing table of the full hashes for those that pass.
///
/// The count is exact: the bitmap only filters, the table decides.
public struct PhraseProbe: Sendable {
    private var bitmap: [UInt64]
    private let bitmapMask: UInt32
    /// Open addressing on the high half; 0 marks an empty slot (the hash 0 is kept in ``hasZero``).
    private var slots: [UInt64]
    private let slotMask: Int
    private let hasZero: Bool
    /// Phrases in the set.
    public let count: Int

    /// Prepares `phrases` (distinct).
    public init(_ phrases: [UInt64]) {
        count = phrases.count
        var bits = 1 << 12
        while bits < phrases.count * 64 && bits < 1 << 24 { bits <<= 1 }
        bitmapMask = UInt32(bits - 1)
        var bitmap = [UInt64](repeating: 0, count: bits / 64)
        var size = 16
        while size < phrases.count * 2 { size <<= 1 }
        slotMask = size - 1
        var slots = [UInt64](repeating: 0, count: size)
        var hasZero = false
        for phrase in phrases {
            let bit = Int(UInt32(truncatingIfNeeded: phrase) & bitmapMask)
            bitmap[bit >> 6] |= 1 << UInt64(bit & 63)
            guard phrase != 0 else {
                hasZero = true
                continue
            }
            var slot = Int(truncatingIfNeeded: phrase >> 32) & slotMask
            while slots[slot] != 0 && slots[slot] != phrase { slot = (slot + 1) & slotMask }
            slots[slot] = phrase
        }
        self.bitmap = bitmap
        self.slots = slots
        self.hasZero = hasZero
    }

    /// Whether `phrase` is in the set.
    public func contains(_ phrase: UInt64) -> Bool {
        slots.withUnsafeBufferPointer { Self.contains(phrase, slots: $0, mask: slotMask, hasZero: hasZero) }
    }

    @inline(__always)
    private static func contains(_ phrase: UInt64, slots: UnsafeBufferPointer<UInt64>, mask: Int, hasZero: Bool)
        -> Bool
    {
        guard phrase != 0 else { return hasZero }
        var slot = Int(truncatingIfNeeded: phrase >> 32) & mask
        while true {
            let held = slots[slot]
            if held == phrase { return true }
            if held == 0 { return false }
            slot = (slot + 1) & mask
        }
    }

    /// How many of the row's phrases pass the bitmap: an upper bound on ``sharedCount(_:in:)`` (every shared
    /// phrase passes), above it by about one in 64 of the phrases not shared.
    ///
    /// Branch-free, so a row that shares
    /// little is ruled out at a fraction of the cost of counting exactly.
    ///
    /// - Complexity: O(p) for the row's p phrases.
    public func passingCount(_ row: Int, in table: PhraseTable) -> Int {
        let start = table.starts[row]
        let end = table.starts[row + 1]
        let mask = bitmapMask
        var passing = 0
        bitmap.withUnsafeBufferPointer { bitmap in
            table.low.withUnsafeBufferPointer { low in
                guard let bits = bitmap.baseAddress, let lows = low.baseAddress else { return }
                for index in start..<end {
                    let bit = lows[index] & mask
                    passing &+= Int(truncatingIfNeeded: (bits[Int(bit &>> 6)] &>> UInt64(bit & 63)) & 1)
                }
            }
        }
        return passing
    }

    /// `|phrases(row) ∩ set|`, exactly.
    ///
    /// - Complexity: O(p) for the row's p phrases.
    public func sharedCount(_ row: Int, in table: PhraseTable) -> Int {
        let start = table.starts[row]
        let end = table.starts[row + 1]
        let mask = bitmapMask
        let slotMask = slotMask
        let hasZero = hasZero
        var shared = 0
        bitmap.withUnsafeBufferPointer { bitmap in
            slots.withUnsafeBufferPointer { slots in
                table.low.withUnsafeBufferPointer { low in
                    table.high.withUnsafeBufferPointer { high in
                        guard let bits = bitmap.baseAddress, let lows = low.baseAddress else { return }
                        for index in start..<end {
                            let value = lows[index]
                            let bit = Int(value & mask)
                            guard bits[bit &>> 6] & (1 &<< UInt64(bit & 63)) != 0 else { continue }
                            let phrase = UInt64(high[index]) &<< 32 | UInt64(value)
                            if Self.contains(phrase, slots: slots, mask: slotMask, hasZero: hasZero) { shared += 1 }
                        }
                    }
                }
            }
        }
        return shared
    }
}
