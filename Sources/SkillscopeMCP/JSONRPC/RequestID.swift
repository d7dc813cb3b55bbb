internal import JSON

/// A JSON-RPC request id: a string or an integer, never null (MCP forbids null ids).
public enum RequestID: Sendable, Hashable, CustomStringConvertible {
    case integer(Int64)
    case string(String)

    /// The id of a request, or `nil` when `value` is not a string or an integer.
    init?(_ value: JSONValue) {
        switch value {
        case .integer(let number): self = .integer(number)
        case .string(let text): self = .string(text)
        default: return nil
        }
    }

    var json: JSONValue {
        switch self {
        case .integer(let number): .integer(number)
        case .string(let text): .string(text)
        }
    }

    public var description: String {
        switch self {
        case .integer(let number): String(number)
        case .string(let text): "\"\(text)\""
        }
    }
}
