internal import CCrypto

/// HMAC-SHA256, random bytes and a constant-time comparison, through OpenSSL's libcrypto.
public enum HMACSHA256 {
    /// The MAC of `message` under `key`, as 64 lower-case hex digits.
    public static func hex(key: [UInt8], message: [UInt8]) -> String {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        key.withUnsafeBufferPointer { keyBuffer in
            message.withUnsafeBufferPointer { messageBuffer in
                _ = HMAC(
                    EVP_sha256(), keyBuffer.baseAddress, Int32(keyBuffer.count), messageBuffer.baseAddress,
                    messageBuffer.count, &digest, &length)
            }
        }
        return SHA256.hex(digest.prefix(Int(length)))
    }

    /// Whether two texts are equal, in a time that does not depend on where they first differ.
    public static func equal(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8)
        let right = Array(rhs.utf8)
        guard left.count == right.count else { return false }
        return left.withUnsafeBytes { l in
            right.withUnsafeBytes { r in CRYPTO_memcmp(l.baseAddress, r.baseAddress, l.count) == 0 }
        }
    }

    /// `count` bytes from OpenSSL's cryptographically secure generator, as lower-case hex.
    public static func randomHex(bytes count: Int) -> String {
        var bytes = [UInt8](repeating: 0, count: count)
        let made = bytes.withUnsafeMutableBufferPointer { RAND_bytes($0.baseAddress, Int32(count)) }
        precondition(made == 1, "OpenSSL's random generator failed")
        return SHA256.hex(bytes)
    }
}
