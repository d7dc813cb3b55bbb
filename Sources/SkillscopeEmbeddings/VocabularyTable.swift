internal import Hashing

/// Word pieces by their exact UTF-8 bytes, in an open-addressing hash table over one flat byte array.
///
/// Not a `[String: Int]`: Swift compares strings by canonical equivalence, so a decomposed Hangul syllable would
/// find its precomposed vocabulary entry, which the reference tokenizer (comparing code points) never does. Keys
/// are looked up as slices of the word being split, so no lookup allocates.
struct VocabularyTable: Sendable {
    private var bytes: [UInt8] = []
    private var ends: [Int] = []
    private var ids: [Int] = []
    private var slots: [Int]
    private let mask: Int

    /// A table of `entries`; for a key given twice, the later id wins (as Python's and Rust's maps do).
    init(_ entries: [(key: ArraySlice<UInt8>, id: Int)]) {
        var size = 16
        while size < entries.count * 2 { size <<= 1 }
        slots = [Int](repeating: -1, count: size)
        mask = size - 1
        for entry in entries {
            if let slot = find(entry.key), slots[slot] >= 0 {
                ids[slots[slot]] = entry.id
                continue
            }
            bytes.append(contentsOf: entry.key)
            ends.append(bytes.count)
            ids.append(entry.id)
            var slot = Self.hash(entry.key) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = ids.count - 1
        }
    }

    /// The id of `key`, if it is in the table.
    func id(of key: ArraySlice<UInt8>) -> Int? {
        guard let slot = find(key), slots[slot] >= 0 else { return nil }
        return ids[slots[slot]]
    }

    /// The slot holding `key`, or the empty slot where it would go.
    private func find(_ key: ArraySlice<UInt8>) -> Int? {
        guard !slots.isEmpty else { return nil }
        var slot = Self.hash(key) & mask
        while slots[slot] >= 0 {
            let entry = slots[slot]
            let start = entry == 0 ? 0 : ends[entry - 1]
            if ends[entry] - start == key.count && bytes[start..<ends[entry]].elementsEqual(key) { return slot }
            slot = (slot + 1) & mask
        }
        return slot
    }

    /// FNV-1a over the bytes, its high bits folded into the low ones the mask keeps.
    private static func hash(_ key: ArraySlice<UInt8>) -> Int {
        let hash = FNV1a.hash(key)
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }
}
