/// 64-bit FNV-1a over bytes: a fast, non-cryptographic hash for lookup tables and feature buckets.
public enum FNV1a {
    /// The hash of no bytes, where a running hash starts.
    public static let basis: UInt64 = 0xcbf2_9ce4_8422_2325

    /// `hash` with one more byte: for hashes built as the bytes go by.
    @inlinable public static func adding(_ byte: UInt8, to hash: UInt64) -> UInt64 {
        (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }

    /// The hash of `bytes`.
    @inlinable public static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash = basis
        for byte in bytes { hash = adding(byte, to: hash) }
        return hash
    }
}
