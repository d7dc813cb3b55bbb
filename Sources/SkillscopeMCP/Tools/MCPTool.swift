internal import Foundation
public import JSON
internal import SkillscopeRating
internal import SkillscopeStore
internal import SkillscopeVersions
internal import Synchronization

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
    /// Whether a call waits in the server's ``HeavyQueue`` (as an analysis does), so it never holds up light ones.
    static var isHeavy: Bool { get }
}

extension MCPTool {
    static func text(of output: Output, json: String) -> String { json }
    static var isHeavy: Bool { false }
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

    /// The hints; a read-only tool's destructive and idempotent hints are left out, as MCP reads them only for a
    /// tool that writes.
    var json: JSONValue {
        guard !readOnly else { return ["readOnlyHint": true, "openWorldHint": .bool(openWorld)] }
        return [
            "readOnlyHint": false, "destructiveHint": .bool(destructive), "idempotentHint": .bool(idempotent),
            "openWorldHint": .bool(openWorld),
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
            "annotations": annotations.json,
        ]
    }

    /// Decodes the arguments, runs the tool and shapes the `tools/call` result: `structuredContent` and the same
    /// JSON as text, or the error's text with `isError: true`.
    func call(_ arguments: JSONValue, context: RPCContext) -> [String: JSONValue] {
        // Checked against the schema first: JSONDecoder would say only "of another type", or for a fraction where an
        // integer goes, that the data was not valid JSON.
        if let mistake = ToolArguments.typeMistake(in: arguments, schema: Self.inputSchema) {
            return Self.failure("invalid arguments for \(Self.name): \(mistake)")
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
    /// The first argument whose JSON type is not its schema's, as "kinds must be an array of strings, not a
    /// string"; nil when every given argument has its schema's type.
    static func typeMistake(in arguments: JSONValue, schema: JSONValue) -> String? {
        guard case .object(let given) = arguments, case .object(let properties)? = schema["properties"] else {
            return nil
        }
        for (name, value) in given.sorted(by: { $0.key < $1.key }) where value != .null {
            guard let property = properties[name] else { continue }
            if let mistake = mistake(value, property, at: name) { return mistake }
        }
        return nil
    }

    private static func mistake(_ value: JSONValue, _ schema: JSONValue, at name: String) -> String? {
        let allowed = schema["type"].map { $0.array?.compactMap(\.string) ?? [$0.string].compactMap { $0 } } ?? []
        guard !allowed.isEmpty else { return nil }
        if !allowed.contains(where: { has(value, type: $0) }) {
            let wanted = allowed.map { typeName($0, items: schema["items"]) }.joined(separator: " or ")
            return "\(name) must be \(wanted), not \(describe(value))"
        }
        if case .array(let items) = value, let itemSchema = schema["items"] {
            for (index, item) in items.enumerated() {
                if let mistake = mistake(item, itemSchema, at: "\(name)[\(index)]") { return mistake }
            }
        }
        return nil
    }

    private static func has(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("string", .string), ("boolean", .bool), ("array", .array), ("object", .object),
            ("integer", .integer), ("number", .integer), ("number", .number):
            true
        default: false
        }
    }

    private static func typeName(_ type: String, items: JSONValue?) -> String {
        switch type {
        case "array":
            items?["type"]?.string.map { "an array of " + plural(typeName($0, items: nil)) } ?? "an array"
        case "integer": "an integer"
        case "object": "an object"
        default: "a \(type)"
        }
    }

    private static func plural(_ name: String) -> String {
        String(name.drop { $0 != " " }.dropFirst()) + "s"
    }

    private static func describe(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): "a string (\"\(text.prefix(40))\")"
        case .integer(let number): "an integer (\(number))"
        case .number(let number): "a fraction (\(number))"
        case .bool(let flag): "a boolean (\(flag))"
        case .array: "an array"
        case .object: "an object"
        case .null: "null"
        }
    }

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

    init(
        store: any Store, databasePath: String? = nil, heavyQueue: HeavyQueue? = nil,
        ratingCache: StatisticsCache = StatisticsCache()
    ) {
        var rater = RegistryRater(store: store, cache: ratingCache)
        // A server answers many queries: from the whole lineage table, once built, without one waiting for it.
        rater.versionConfiguration.tableScope = .wholeOnceBuilt
        self.init(
            tools: [
                SearchTool(store: store), ReadTool(store: store, rater: rater), AnalyzeTool(store: store, rater: rater),
                WriteTool(store: store), InstallPlanTool(store: store, databasePath: databasePath),
            ], heavyQueue: heavyQueue)
    }

    init(tools: [any MCPTool], heavyQueue: HeavyQueue? = nil) {
        entries = tools.map { tool in
            func erase<T: MCPTool>(_ tool: T) -> (String, Entry) {
                guard T.isHeavy, let heavyQueue else {
                    return (T.name, Entry(description: T.description, call: { tool.call($0, context: $1) }))
                }
                return (
                    T.name,
                    Entry(description: T.description, call: { Self.queued(tool, $0, $1, in: heavyQueue) })
                )
            }
            return erase(tool)
        }
    }

    /// Calls `tool` when the queue gives it a turn; a refusal (busy, or the client gone) is the tool's error.
    static func queued<T: MCPTool>(
        _ tool: T, _ arguments: JSONValue, _ context: RPCContext, in queue: HeavyQueue
    ) -> [String: JSONValue] {
        // Settled before the turn, so a call with bad arguments never takes one.
        if let mistake = ToolArguments.typeMistake(in: arguments, schema: T.inputSchema) {
            return T.failure("invalid arguments for \(T.name): \(mistake)")
        }
        let result = Mutex<[String: JSONValue]?>(nil)
        do {
            try queue.run({ context.cancellation.isCancelled }) {
                let answer = tool.call(arguments, context: context)
                result.withLock { $0 = answer }
            }
        } catch {
            let reason =
                context.cancellation.isCancelled
                ? "the request was cancelled while waiting for a turn"
                : (error as? ToolError)?.message ?? String(describing: error)
            return T.failure("\(T.name) did not run: \(reason)")
        }
        return result.withLock { $0 } ?? T.failure("\(T.name) did not run")
    }

    var descriptions: [JSONValue] { entries.map(\.entry.description) }

    func tool(named name: String) -> Entry? { entries.first { $0.name == name }?.entry }
}
