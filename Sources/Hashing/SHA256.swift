internal import CCrypto

/// SHA-256 through OpenSSL's libcrypto.
public enum SHA256 {
    /// The digest of `bytes` as 64 lower-case hex digits.
    public static func hex<Bytes: Collection<UInt8>>(of bytes: Bytes) -> String {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            _ = CCrypto.SHA256(buffer.baseAddress, buffer.count, &digest)
        }
        if done == nil {
            let copy = Array(bytes)
            copy.withUnsafeBufferPointer { buffer in _ = CCrypto.SHA256(buffer.baseAddress, buffer.count, &digest) }
        }
        return hex(digest)
    }

    /// `bytes` as lower-case hex digits, two a byte.
    public static func hex(_ bytes: some Collection<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
