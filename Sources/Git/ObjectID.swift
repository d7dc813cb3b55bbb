internal import CGit2

/// A git object id (SHA-1): the 20 bytes of a `git_oid`, held as three integers so ids hash and compare fast.
public struct ObjectID: Hashable, Sendable, CustomStringConvertible {
    private let high: UInt64
    private let middle: UInt64
    private let low: UInt32

    init(_ oid: git_oid) {
        var copy = oid
        (high, middle, low) = withUnsafeBytes(of: &copy.id) { bytes in
            (
                bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self),
                bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
                bytes.loadUnaligned(fromByteOffset: 16, as: UInt32.self)
            )
        }
    }

    init(_ pointer: UnsafePointer<git_oid>) {
        self.init(pointer.pointee)
    }

    /// Parses 40 hexadecimal digits; `nil` for anything else.
    public init?(hex: String) {
        guard hex.utf8.count == 40 else { return nil }
        var oid = git_oid()
        guard git_oid_fromstr(&oid, hex) == 0 else { return nil }
        self.init(oid)
    }

    /// The `git_oid` again, for libgit2 calls.
    var oid: git_oid {
        var oid = git_oid()
        withUnsafeMutableBytes(of: &oid.id) { bytes in
            bytes.storeBytes(of: high, toByteOffset: 0, as: UInt64.self)
            bytes.storeBytes(of: middle, toByteOffset: 8, as: UInt64.self)
            bytes.storeBytes(of: low, toByteOffset: 16, as: UInt32.self)
        }
        return oid
    }

    /// The 40 lower-case hexadecimal digits git prints.
    public var description: String {
        var copy = oid
        return withUnsafeBytes(of: &copy.id) { bytes in
            let digits = Array("0123456789abcdef".utf8)
            var out: [UInt8] = []
            out.reserveCapacity(40)
            for byte in bytes {
                out.append(digits[Int(byte >> 4)])
                out.append(digits[Int(byte & 0x0f)])
            }
            return String(decoding: out, as: UTF8.self)
        }
    }
}

extension ObjectID {
    /// The id git gives a blob holding `bytes` (`git hash-object`), to check bytes fetched from elsewhere.
    public static func blob(hashing bytes: [UInt8]) -> ObjectID? {
        _ = Repository.libgit2
        var oid = git_oid()
        let result = bytes.withUnsafeBytes { git_odb_hash(&oid, $0.baseAddress, $0.count, GIT_OBJECT_BLOB) }
        return result == 0 ? ObjectID(oid) : nil
    }
}
