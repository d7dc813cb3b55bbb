/// Little-endian writing of the numbers, strings and arrays the rule statistics are stored as.
struct ByteWriter {
    private(set) var bytes: [UInt8] = []

    mutating func write<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func write(_ value: Float) { write(value.bitPattern) }

    mutating func write(_ string: String) {
        let utf8 = Array(string.utf8)
        write(UInt32(utf8.count))
        bytes += utf8
    }

    mutating func write<T: FixedWidthInteger>(array: [T]) {
        write(UInt64(array.count))
        array.withUnsafeBufferPointer { buffer in
            for value in buffer { write(value) }
        }
    }
}

/// Reads what ``ByteWriter`` wrote; any short or malformed input throws.
struct ByteReader {
    struct Malformed: Error, CustomStringConvertible {
        var description: String { "the stored rule statistics are damaged; run `skillscope group` again" }
    }

    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { offset == bytes.count }

    mutating func read<T: FixedWidthInteger>(_: T.Type = T.self) throws -> T {
        let size = MemoryLayout<T>.size
        guard offset + size <= bytes.count else { throw Malformed() }
        var value: T = 0
        withUnsafeMutableBytes(of: &value) { target in
            bytes.withUnsafeBytes { source in
                target.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<offset + size]))
            }
        }
        offset += size
        return T(littleEndian: value)
    }

    mutating func readFloat() throws -> Float { Float(bitPattern: try read(UInt32.self)) }

    mutating func readString() throws -> String {
        let count = Int(try read(UInt32.self))
        guard offset + count <= bytes.count else { throw Malformed() }
        defer { offset += count }
        return String(decoding: bytes[offset..<offset + count], as: UTF8.self)
    }

    mutating func readArray<T: FixedWidthInteger>(_: T.Type = T.self) throws -> [T] {
        let count = Int(try read(UInt64.self))
        guard count >= 0, offset + count * MemoryLayout<T>.size <= bytes.count else { throw Malformed() }
        var values: [T] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try read(T.self)) }
        return values
    }
}
