/// A column of fixed-width values: an array on the heap, or values read in place from memory that another object
/// keeps alive (a memory-mapped file, which every process reading it shares through the page cache).
///
/// Read it by subscript, or in bulk through ``withUnsafeBufferPointer(_:)``, which hot loops use. Only a column
/// held in an array grows (``append(contentsOf:)``); a mapped one is read-only.
public struct Column<Element: BitwiseCopyable & Sendable>: @unchecked Sendable {
    private enum Storage {
        case array([Element])
        /// `count` values at `base`, valid while `owner` lives.
        case mapped(owner: AnyObject, base: UnsafePointer<Element>, count: Int)
    }

    private var storage: Storage

    /// The values of `array`, held on the heap.
    public init(_ array: [Element] = []) { storage = .array(array) }

    /// `count` values in place at `base`, which `owner` keeps valid and unchanged for as long as it lives.
    public init(mappedBy owner: AnyObject, at base: UnsafeRawPointer, count: Int) {
        storage = .mapped(owner: owner, base: base.assumingMemoryBound(to: Element.self), count: count)
    }

    public var count: Int {
        switch storage {
        case .array(let values): values.count
        case .mapped(_, _, let count): count
        }
    }

    public var isEmpty: Bool { count == 0 }

    /// Whether the values are read in place from mapped memory.
    public var isMapped: Bool {
        if case .mapped = storage { true } else { false }
    }

    @inline(__always) public subscript(position: Int) -> Element {
        switch storage {
        case .array(let values): return values[position]
        case .mapped(_, let base, let count):
            precondition(position >= 0 && position < count, "column index out of range")
            return base[position]
        }
    }

    public var last: Element? { isEmpty ? nil : self[count - 1] }

    /// Calls `body` with the values in one buffer, the memory kept alive until it returns.
    @inline(__always) public func withUnsafeBufferPointer<Result>(
        _ body: (UnsafeBufferPointer<Element>) throws -> Result
    ) rethrows -> Result {
        switch storage {
        case .array(let values): return try values.withUnsafeBufferPointer(body)
        case .mapped(let owner, let base, let count):
            return try withExtendedLifetime(owner) { try body(UnsafeBufferPointer(start: base, count: count)) }
        }
    }

    /// The values in `range`, copied.
    public func copy(_ range: Range<Int>) -> [Element] {
        withUnsafeBufferPointer { Array($0[range]) }
    }

    /// The values, copied into an array.
    public var array: [Element] {
        if case .array(let values) = storage { return values }
        return withUnsafeBufferPointer { Array($0) }
    }

    /// Appends `values` to a column held in an array.
    public mutating func append(contentsOf values: some Sequence<Element>) {
        guard case .array(var held) = storage else { preconditionFailure("a mapped column is read-only") }
        // Moved out and back, so that the array is not copied on write.
        storage = .array([])
        held.append(contentsOf: values)
        storage = .array(held)
    }

    public mutating func append(_ value: Element) { append(contentsOf: CollectionOfOne(value)) }

    /// Reserves room for `capacity` values in a column held in an array.
    public mutating func reserveCapacity(_ capacity: Int) {
        guard case .array(var held) = storage else { return }
        storage = .array([])
        held.reserveCapacity(capacity)
        storage = .array(held)
    }
}

extension Column: Equatable where Element: Equatable {
    public static func == (lhs: Column, rhs: Column) -> Bool {
        lhs.withUnsafeBufferPointer { a in rhs.withUnsafeBufferPointer { b in a.elementsEqual(b) } }
    }
}
