internal import Foundation
public import JSON

/// One message a client sent, classified: a request (answered), a notification (never answered), or something the
/// server answers with an error and the request's id when it could read one.
public enum RPCMessage: Sendable {
    case request(id: RequestID, method: String, params: JSONValue?)
    case notification(method: String, params: JSONValue?)
    /// A response to a request the server sent. This server sends none, so responses are dropped.
    case response
    case invalid(id: RequestID?, RPCError)

    /// Reads one message.
    ///
    /// Batches are refused with `-32600`: JSON-RPC batching was removed from MCP in
    /// 2025-06-18, and every revision this server speaks sends one message at a time.
    ///
    /// - Parameter maxBytes: longer messages are refused with `-32600` before they are parsed.
    /// - Complexity: O(n) in the message's length.
    public init(parsing bytes: some Collection<UInt8>, maxBytes: Int) {
        guard bytes.count <= maxBytes else {
            self = .invalid(id: nil, RPCError(.invalidRequest, "message over \(maxBytes) bytes"))
            return
        }
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes)) else {
            self = .invalid(id: nil, RPCError(.parseError, "parse error: the message is not JSON"))
            return
        }
        self.init(value)
    }

    init(_ value: JSONValue) {
        guard case .object(let object) = value else {
            let batch = value.array != nil
            self = .invalid(
                id: nil,
                RPCError(
                    .invalidRequest,
                    batch ? "batches are not supported: send one message at a time" : "a message must be an object"))
            return
        }
        let rawID = object["id"]
        let id = rawID.flatMap(RequestID.init)
        guard object["jsonrpc"] == .string("2.0") else {
            self = .invalid(id: id, RPCError(.invalidRequest, "jsonrpc must be \"2.0\""))
            return
        }
        guard let method = object["method"] else {
            self =
                object["result"] != nil || object["error"] != nil
                ? .response : .invalid(id: id, RPCError(.invalidRequest, "no method"))
            return
        }
        guard case .string(let name) = method else {
            self = .invalid(id: id, RPCError(.invalidRequest, "method must be a string"))
            return
        }
        let params = object["params"]
        if let params, params.object == nil {
            self = .invalid(id: id, RPCError(.invalidRequest, "params must be an object"))
            return
        }
        guard rawID != nil else {
            self = .notification(method: name, params: params)
            return
        }
        guard let id else {
            self = .invalid(id: nil, RPCError(.invalidRequest, "id must be a string or an integer"))
            return
        }
        self = .request(id: id, method: name, params: params)
    }

    /// A response line: `{"jsonrpc":"2.0","id":…,"result":…}`.
    static func encode(id: RequestID?, result: JSONValue) -> [UInt8] {
        encode(.object(["jsonrpc": "2.0", "id": id?.json ?? .null, "result": result]))
    }

    /// An error response line.
    static func encode(id: RequestID?, error: RPCError) -> [UInt8] {
        encode(.object(["jsonrpc": "2.0", "id": id?.json ?? .null, "error": error.json]))
    }

    /// Compact JSON, keys sorted, slashes and non-ASCII text left as they are; never contains a line break.
    static func encode(_ value: JSONValue) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map(Array.init) ?? Array("null".utf8)
    }
}
