internal import CSQLite

/// A scalar SQL function written in Swift, registered on every connection opened with it in its
/// ``Connection/Configuration/functions``.
///
/// SQLite calls it from whatever statement names it (a view, an index, a virtual table reading its content): each
/// call gets the arguments' values and returns one value. An error thrown by `body` fails the statement with the
/// error's text.
public struct Function: Sendable {
    public var name: String
    public var argumentCount: Int
    /// Same arguments, same result: SQLite may then use it in indexes and views and fold repeated calls.
    public var isDeterministic: Bool
    public var body: @Sendable ([Value]) throws -> Value

    public init(
        _ name: String, argumentCount: Int, isDeterministic: Bool = true,
        _ body: @escaping @Sendable ([Value]) throws -> Value
    ) {
        self.name = name
        self.argumentCount = argumentCount
        self.isDeterministic = isDeterministic
        self.body = body
    }
}

/// What SQLite holds for a registered function: the function, released when SQLite drops it.
private final class FunctionBox {
    let function: Function
    init(_ function: Function) { self.function = function }
}

extension Connection {
    /// Registers `function` on this connection (replacing one of the same name and argument count).
    public func register(_ function: Function) throws(SQLiteError) {
        var flags = SQLITE_UTF8
        if function.isDeterministic { flags |= SQLITE_DETERMINISTIC }
        let box = Unmanaged.passRetained(FunctionBox(function)).toOpaque()
        let rc = sqlite3_create_function_v2(
            handle, function.name, Int32(function.argumentCount), flags, box,
            { context, count, arguments in
                guard let context, let box = sqlite3_user_data(context) else { return }
                let function = Unmanaged<FunctionBox>.fromOpaque(box).takeUnretainedValue().function
                var values: [Value] = []
                values.reserveCapacity(Int(count))
                for index in 0..<Int(count) { values.append(Value(reading: arguments?[index])) }
                do {
                    try function.body(values).setResult(of: context)
                } catch {
                    sqlite3_result_error(context, "\(error)", -1)
                }
            }, nil, nil,
            { box in
                guard let box else { return }
                Unmanaged<FunctionBox>.fromOpaque(box).release()
            })
        guard rc == SQLITE_OK else { throw lastError(sql: nil) }
    }
}

extension Value {
    /// An argument's value, copied out.
    fileprivate init(reading value: OpaquePointer?) {
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER: self = .integer(sqlite3_value_int64(value))
        case SQLITE_FLOAT: self = .real(sqlite3_value_double(value))
        case SQLITE_TEXT:
            // The text first, then its length (SQLite's order: asking for the text may convert it).
            if let pointer = sqlite3_value_text(value) {
                let count = Int(sqlite3_value_bytes(value))
                self = .text(String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self))
            } else {
                self = .text("")
            }
        case SQLITE_BLOB:
            let pointer = sqlite3_value_blob(value)
            let count = Int(sqlite3_value_bytes(value))
            if let pointer, count > 0 {
                self = .blob(Array(UnsafeRawBufferPointer(start: pointer, count: count)))
            } else {
                self = .blob([])
            }
        default: self = .null
        }
    }

    /// Hands this value to SQLite as a function's result (text and blobs copied).
    fileprivate func setResult(of context: OpaquePointer) {
        switch self {
        case .null: sqlite3_result_null(context)
        case .integer(let value): sqlite3_result_int64(context, value)
        case .real(let value): sqlite3_result_double(context, value)
        case .text(let value):
            value.withCString { sqlite3_result_text(context, $0, Int32(value.utf8.count), csqlite_transient()) }
        case .blob(let value):
            value.withUnsafeBytes { buffer in
                sqlite3_result_blob(context, buffer.baseAddress, Int32(buffer.count), csqlite_transient())
            }
        }
    }
}
