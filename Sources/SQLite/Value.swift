/// A value SQLite stores or returns.
public enum Value: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

/// A Swift value that can be bound to a statement parameter.
public protocol Bindable {
    /// The SQLite value this one stands for.
    var sqliteValue: Value { get }
}

extension Int: Bindable { public var sqliteValue: Value { .integer(Int64(self)) } }
extension Int64: Bindable { public var sqliteValue: Value { .integer(self) } }
extension Double: Bindable { public var sqliteValue: Value { .real(self) } }
extension String: Bindable { public var sqliteValue: Value { .text(self) } }
extension Bool: Bindable { public var sqliteValue: Value { .integer(self ? 1 : 0) } }
extension Value: Bindable { public var sqliteValue: Value { self } }
extension Array: Bindable where Element == UInt8 { public var sqliteValue: Value { .blob(self) } }
extension Optional: Bindable where Wrapped: Bindable {
    public var sqliteValue: Value { self?.sqliteValue ?? .null }
}
