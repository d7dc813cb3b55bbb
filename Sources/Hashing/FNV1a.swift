/// 64-bit FNV-1a over bytes: a fast, non-cryptographic hash for lookup tables and feature buckets.
public enum FNV1a {
    /// The hash of `bytes`.
    @inlinable public static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}
