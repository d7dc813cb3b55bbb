public import JSON

/// A JSON-RPC error answered to the client: its code, a message safe to show anyone and optional data.
///
/// Related documentation: <https://www.jsonrpc.org/specification#error_object>,
/// <https://modelcontextprotocol.io/specification/2026-07-28/basic>.
public struct RPCError: Error, Sendable, Hashable {
    /// A JSON-RPC error code; MCP reserves a few of its own beside the standard ones.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The message is not JSON.
        public static let parseError = Code(rawValue: -32700)
        /// JSON, but not a request: a batch, no method, a null or fractional id, an oversized message.
        public static let invalidRequest = Code(rawValue: -32600)
        public static let methodNotFound = Code(rawValue: -32601)
        /// The method's params are missing or of the wrong shape; also an unknown tool or resource.
        public static let invalidParams = Code(rawValue: -32602)
        public static let internalError = Code(rawValue: -32603)
        /// `MCP-Protocol-Version` (or `Mcp-Method`, `Mcp-Name`) disagrees with the body (2026-07-28).
        public static let headerMismatch = Code(rawValue: -32020)
        public static let missingRequiredClientCapability = Code(rawValue: -32021)
        /// The request names a protocol version this server does not speak; `data` lists those it does.
        public static let unsupportedProtocolVersion = Code(rawValue: -32022)
        public var description: String { String(rawValue) }
    }

    public var code: Code
    public var message: String
    public var data: JSONValue?

    public init(_ code: Code, _ message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    var json: JSONValue {
        var object: [String: JSONValue] = ["code": .integer(Int64(code.rawValue)), "message": .string(message)]
        if let data { object["data"] = data }
        return .object(object)
    }
}
