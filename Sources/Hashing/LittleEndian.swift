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

    private static func values<Value: FixedWidthInteger>(_ bytes: [UInt8], from offset: Int, count: Int) -> [Value] {
        let width = MemoryLayout<Value>.size
        precondition(offset >= 0 && count >= 0 && offset + count * width <= bytes.count, "bytes too short")
        return [Value](unsafeUninitializedCapacity: count) { buffer, initialized in
            bytes.withUnsafeBytes { raw in
                for index in 0..<count {
                    buffer[index] = Value(
                        littleEndian: raw.loadUnaligned(fromByteOffset: offset + index * width, as: Value.self))
                }
            }
            initialized = count
        }
    }
}
