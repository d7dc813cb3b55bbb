/// A statement parameter as libpq receives it: text, sent as PostgreSQL's text form, or bytes, sent in binary.
public enum PostgresValue: Sendable, Hashable {
    case null
    /// Text form; the server infers the parameter's type from where it stands (cast in the SQL when it cannot).
    case text(String)
    /// Raw bytes, sent in binary as `bytea`.
    case bytea([UInt8])

    /// A PostgreSQL array literal of integers, such as `{1,2,3}`, for `= ANY($1::bigint[])`.
    public static func array(_ values: [Int64]) -> PostgresValue {
        .text("{" + values.map(String.init).joined(separator: ",") + "}")
    }

    /// A PostgreSQL array literal of strings, each quoted, for `= ANY($1::text[])`.
    public static func array(_ values: [String]) -> PostgresValue {
        let quoted = values.map { value in
            var out = "\""
            for character in value {
                if character == "\\" || character == "\"" { out.append("\\") }
                out.append(character)
            }
            return out + "\""
        }
        return .text("{" + quoted.joined(separator: ",") + "}")
    }
}

/// A Swift value that can be a statement parameter.
public protocol PostgresBindable {
    /// The parameter this value stands for.
    var postgresValue: PostgresValue { get }
}

extension Int: PostgresBindable { public var postgresValue: PostgresValue { .text(String(self)) } }
extension Int64: PostgresBindable { public var postgresValue: PostgresValue { .text(String(self)) } }
extension Int32: PostgresBindable { public var postgresValue: PostgresValue { .text(String(self)) } }
extension Double: PostgresBindable { public var postgresValue: PostgresValue { .text("\(self)") } }
extension String: PostgresBindable { public var postgresValue: PostgresValue { .text(self) } }
extension Bool: PostgresBindable { public var postgresValue: PostgresValue { .text(self ? "true" : "false") } }
extension PostgresValue: PostgresBindable { public var postgresValue: PostgresValue { self } }
extension Array: PostgresBindable where Element == UInt8 {
    public var postgresValue: PostgresValue { .bytea(self) }
}
extension Optional: PostgresBindable where Wrapped: PostgresBindable {
    public var postgresValue: PostgresValue { self?.postgresValue ?? .null }
}
