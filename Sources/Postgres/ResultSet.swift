internal import Hashing

/// The rows a statement returned, copied out of libpq's result (which is cleared before the call returns).
///
/// Cells sit in one byte buffer with an offset and a length each, so a result of a million cells is two
/// allocations, not a million.
public struct ResultSet: Sendable, Sequence {
    /// How the server sent the cells: text (PostgreSQL's output format) or binary (the type's send format).
    public enum Format: Int32, Sendable {
        case text = 0
        case binary = 1
    }

    /// One column's name and type (an OID, such as 20 for `bigint` or 17 for `bytea`).
    public struct Column: Sendable, Hashable {
        public var name: String
        public var typeOID: UInt32
    }

    public let columns: [Column]
    public let format: Format
    /// Rows changed by an INSERT, UPDATE or DELETE (`PQcmdTuples`), else 0.
    public let affectedRows: Int
    let storage: [UInt8]
    /// Per cell, row-major: where its bytes start in ``storage``.
    let offsets: [Int]
    /// Per cell: its length, or -1 for NULL.
    let lengths: [Int32]

    init(
        columns: [Column], format: Format, affectedRows: Int, storage: [UInt8], offsets: [Int], lengths: [Int32]
    ) {
        self.columns = columns
        self.format = format
        self.affectedRows = affectedRows
        self.storage = storage
        self.offsets = offsets
        self.lengths = lengths
    }

    /// How many rows came back.
    public var count: Int { columns.isEmpty ? 0 : lengths.count / columns.count }

    public var first: Row? { count > 0 ? Row(result: self, index: 0) : nil }

    public subscript(row: Int) -> Row { Row(result: self, index: row) }

    public func makeIterator() -> AnyIterator<Row> {
        var next = 0
        return AnyIterator {
            guard next < count else { return nil }
            defer { next += 1 }
            return Row(result: self, index: next)
        }
    }
}

/// One row of a ``ResultSet``; accessors return `nil` for NULL or a cell that is not of the asked kind.
public struct Row: Sendable {
    let result: ResultSet
    let index: Int

    /// The raw bytes of cell `column`, or `nil` for NULL.
    func cell(_ column: Int) -> ArraySlice<UInt8>? {
        let position = index * result.columns.count + column
        let length = result.lengths[position]
        guard length >= 0 else { return nil }
        let start = result.offsets[position]
        return result.storage[start..<start + Int(length)]
    }

    public func isNull(_ column: Int) -> Bool { cell(column) == nil }

    public func string(_ column: Int) -> String? {
        cell(column).map { String(decoding: $0, as: UTF8.self) }
    }

    /// An integer column (`smallint`, `integer`, `bigint`), in either format.
    public func int64(_ column: Int) -> Int64? {
        guard let bytes = cell(column) else { return nil }
        if result.format == .binary {
            guard [2, 4, 8].contains(bytes.count) else { return nil }
            var value: UInt64 = 0
            for byte in bytes { value = value << 8 | UInt64(byte) }
            let bits = UInt64(bytes.count * 8)
            // Sign-extend the narrower integer types.
            if bits < 64, value & (1 << (bits - 1)) != 0 { value |= ~0 << bits }
            return Int64(bitPattern: value)
        }
        return Int64(String(decoding: bytes, as: UTF8.self))
    }

    public func int(_ column: Int) -> Int? { int64(column).map { Int($0) } }

    /// A `double precision` or `real` column in text format (any numeric text parses).
    public func double(_ column: Int) -> Double? {
        guard let bytes = cell(column) else { return nil }
        if result.format == .binary {
            guard bytes.count == 8 || bytes.count == 4 else { return nil }
            var value: UInt64 = 0
            for byte in bytes { value = value << 8 | UInt64(byte) }
            return bytes.count == 8 ? Double(bitPattern: value) : Double(Float(bitPattern: UInt32(value)))
        }
        return Double(String(decoding: bytes, as: UTF8.self))
    }

    public func bool(_ column: Int) -> Bool? {
        guard let bytes = cell(column), let first = bytes.first else { return nil }
        return result.format == .binary ? first != 0 : first == UInt8(ascii: "t")
    }

    /// A `bytea` column: raw in binary format, decoded from `\x…` hex in text format.
    public func bytes(_ column: Int) -> [UInt8]? {
        guard let bytes = cell(column) else { return nil }
        if result.format == .binary { return Array(bytes) }
        guard bytes.count >= 2, bytes.first == UInt8(ascii: "\\") else { return Array(bytes) }
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count - 2) / 2)
        var high: UInt8?
        for byte in bytes.dropFirst(2) {
            let nibble: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            if let value = high {
                out.append(value << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        return out
    }

    /// A `bytea` column of little-endian 64-bit values (8 bytes each), such as stored hash sets.
    public func uint64s(_ column: Int) -> [UInt64]? {
        guard let bytes = self.bytes(column) else { return nil }
        return LittleEndian.uint64s(bytes, from: 0, count: bytes.count / 8)
    }
}
