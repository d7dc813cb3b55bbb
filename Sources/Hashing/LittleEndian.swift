/// Fixed-width integers read from little-endian bytes in bulk: what stored hash lists and indexes are decoded with.
public enum LittleEndian {
    /// `count` 64-bit values stored from `offset` on.
    ///
    /// - Precondition: `bytes` holds `count * 8` bytes from `offset`.
    public static func uint64s(_ bytes: [UInt8], from offset: Int, count: Int) -> [UInt64] {
        values(bytes, from: offset, count: count)
    }

    /// `count` 32-bit values stored from `offset` on.
    ///
    /// - Precondition: `bytes` holds `count * 4` bytes from `offset`.
    public static func uint32s(_ bytes: [UInt8], from offset: Int, count: Int) -> [UInt32] {
        values(bytes, from: offset, count: count)
    }

    /// Appends to `values` the whole values `raw` holds from its start (`raw.count / width` of them); returns how
    /// many bytes they took.
    ///
    /// Inlinable, so that callers in other modules get it made for their type: unspecialized, it took 7 s instead of
    /// a fraction of one for the 75 million values of a 350,000-file passage index.
    @inlinable @discardableResult
    public static func append<Value: FixedWidthInteger>(_ raw: UnsafeRawBufferPointer, to values: inout [Value]) -> Int
    {
        let width = MemoryLayout<Value>.size
        let count = raw.count / width
        values.reserveCapacity(values.count + count)
        for index in 0..<count {
            values.append(Value(littleEndian: raw.loadUnaligned(fromByteOffset: index * width, as: Value.self)))
        }
        return count * width
    }

    private static func values<Value: FixedWidthInteger>(_ bytes: [UInt8], from offset: Int, count: Int) -> [Value] {
        let width = MemoryLayout<Value>.size
        precondition(offset >= 0 && count >= 0 && offset + count * width <= bytes.count, "bytes too short")
        var values: [Value] = []
        bytes.withUnsafeBytes { raw in
            append(UnsafeRawBufferPointer(rebasing: raw[offset..<offset + count * width]), to: &values)
        }
        return values
    }
}
