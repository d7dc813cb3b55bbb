internal import Foundation
public import JSON
internal import SkillscopeRating
internal import SkillscopeStore
internal import SkillscopeVersions

/// One MCP tool: its name, typed arguments and typed result, with the JSON Schemas that describe them.
///
/// Synchronous, unlike sourcekit-lsp's async `RequestType`: tools read the store, whose calls block, and the HTTP
/// transport runs them on libmicrohttpd's threads, which must not await. The stdio transport moves each call onto a
/// blocking pool instead.
public protocol MCPTool: Sendable {
    associatedtype Arguments: Decodable & Sendable
    associatedtype Output: Encodable & Sendable
    static var name: String { get }
    static var title: String { get }
    static var summary: String { get }
    /// A JSON Schema (2020-12) object for ``Arguments``.
    static var inputSchema: JSONValue { get }
    /// A JSON Schema object that every ``Output`` conforms to.
    static var outputSchema: JSONValue { get }
    static var annotations: ToolAnnotations { get }
    /// Runs the tool; a ``ToolError`` becomes a result with `isError: true`.
    func call(_ arguments: Arguments, context: RPCContext) throws -> Output
    /// The result's text block: the structured content as JSON unless the tool says it shorter.
    static func text(of output: Output, json: String) -> String
}

extension MCPTool {
    static func text(of output: Output, json: String) -> String { json }
}

/// Hints a client may show or act on; untrusted by design, so they are written down honestly.
public struct ToolAnnotations: Sendable {
    public var readOnly: Bool
    public var destructive: Bool
    public var idempotent: Bool
    /// Whether the tool reaches beyond the registry (the web, other services).
    ///
    /// None of ours does.
    public var openWorld: Bool = false

    var json: JSONValue {
        [
            "readOnlyHint": .bool(readOnly), "destructiveHint": .bool(destructive),
            "idempotentHint": .bool(idempotent), "openWorldHint": .bool(openWorld),
        ]
    }
}

/// A tool's failure, told to the model as the result's text with `isError: true`.
public struct ToolError: Error, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

extension MCPTool {
    /// `tools/list`'s entry.
    static var description: JSONValue {
        [
            "name": .string(name), "title": .string(title), "description": .string(summary),
            "inputSchema": inputSchema, "outputSchema": outputSchema,
            "annotations": annotations.json.merging(["title": .string(title)]),
        ]
    }

    /// Decodes the arguments, runs the tool and shapes the `tools/call` result: `structuredContent` and the same
    /// JSON as text, or the error's text with `isError: true`.
    func call(_ arguments: JSONValue, context: RPCContext) -> [String: JSONValue] {
        // A fraction where the schema wants an integer: JSONDecoder would only say the data was not valid JSON.
        if case .object(let given) = arguments, case .object(let properties)? = Self.inputSchema["properties"] {
            for (name, value) in given.sorted(by: { $0.key < $1.key }) {
                if case .number(let number) = value, properties[name]?["type"] == "integer" {
                    return Self.failure(
                        "invalid arguments for \(Self.name): \(name) must be an integer, not \(number)")
                }
            }
        }
        let decoded: Arguments
        do {
            decoded = try JSONDecoder().decode(Arguments.self, from: Data(RPCMessage.encode(arguments)))
        } catch {
            return Self.failure("invalid arguments for \(Self.name): \(ToolArguments.explain(error))")
        }
        do {
            let output = try call(decoded, context: context)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let data = try encoder.encode(output)
            let structured = try JSONDecoder().decode(JSONValue.self, from: data)
            return [
                "content": [
                    [
                        "type": "text",
                        "text": .string(Self.text(of: output, json: String(decoding: data, as: UTF8.self))),
                    ]
                ],
                "structuredContent": structured, "isError": false,
            ]
        } catch let error as ToolError {
            return Self.failure(error.message)
        } catch let error as RPCError {
            return Self.failure(error.message)
        } catch {
            return Self.failure("\(Self.name) failed: the registry could not answer")
        }
    }

    static func failure(_ message: String) -> [String: JSONValue] {
        ["content": [["type": "text", "text": .string(message)]], "isError": true]
    }
}

extension JSONValue {
    /// An object with `other`'s keys added (theirs win); other values are returned unchanged.
    func merging(_ other: [String: JSONValue]) -> JSONValue {
        guard case .object(let object) = self else { return self }
        return .object(object.merging(other) { _, new in new })
    }
}

/// Describing why arguments did not decode, in words a model can act on.
enum ToolArguments {
    static func explain(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "not a JSON object" }
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "arguments" : keys.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = path(context)
            return "\(parent == "arguments" ? "" : parent + ".")\(key.stringValue) is required"
        case .typeMismatch(let type, let context): return "\(path(context)) must be \(jsonName(type))"
        case .valueNotFound(let type, let context): return "\(path(context)) must be \(jsonName(type)), not null"
        case .dataCorrupted(let context): return "\(path(context)): \(context.debugDescription)"
        @unknown default: return "not valid"
        }
    }

    private static func jsonName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Int64.Type: "an integer"
        case is Double.Type: "a number"
        case is Bool.Type: "a boolean"
        default: "of another type"
        }
    }
}

/// The tools, in the order `tools/list` gives them, each behind a type-erased call.
struct ToolRegistry: Sendable {
    struct Entry: Sendable {
        var description: JSONValue
        var call: @Sendable (JSONValue, RPCContext) -> [String: JSONValue]
    }
    let entries: [(name: String, entry: Entry)]

    init(store: any Store) {
        var rater = RegistryRater(store: store)
        // A server answers many queries: from the whole lineage table, once built, without one waiting for it.
        rater.versionConfiguration.tableScope = .wholeOnceBuilt
        self.init(tools: [
            SearchTool(store: store), ReadTool(store: store, rater: rater), AnalyzeTool(store: store, rater: rater),
            WriteTool(store: store), InstallPlanTool(store: store),
        ])
    }

    init(tools: [any MCPTool]) {
        entries = tools.map { tool in
            func erase<T: MCPTool>(_ tool: T) -> (String, Entry) {
                (T.name, Entry(description: T.description, call: { tool.call($0, context: $1) }))
            }
            return erase(tool)
        }
    }

    var descriptions: [JSONValue] { entries.map(\.entry.description) }

    func tool(named name: String) -> Entry? { entries.first { $0.name == name }?.entry }
}
