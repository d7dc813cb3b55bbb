internal import CYAML

/// Reads the first YAML document of a text into a ``YAMLNode`` tree, through libyaml's event API.
///
/// Aliases are refused (no "billion laughs"), and a key repeated in one mapping is an error, since
/// libyaml itself accepts both.
public enum YAMLParser {
    /// Parses `text`; returns `nil` for an empty stream.
    ///
    /// - Throws: ``YAMLError`` with the line and column libyaml reports (reader errors, such as a
    ///   control character, are located from their byte offset).
    public static func parse(_ text: String) throws(YAMLError) -> YAMLNode? {
        var bytes = Array(text.utf8)
        let count = bytes.count
        return try bytes.withUnsafeMutableBufferPointer { (buffer) throws(YAMLError) -> YAMLNode? in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1 else {
                throw YAMLError(message: "cannot start the YAML parser", line: 1, column: 1)
            }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_input_string(&parser, buffer.baseAddress, count)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            var builder = Builder()
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    throw error(of: &parser, in: UnsafeBufferPointer(buffer))
                }
                defer { yaml_event_delete(&event) }
                let done = try builder.consume(&event)
                if done { break }
            }
            return builder.root
        }
    }

    private static func error(of parser: inout yaml_parser_t, in buffer: UnsafeBufferPointer<UInt8>) -> YAMLError {
        let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        var message = problem
        var contextLine: Int?
        if let context = parser.context.map({ String(cString: $0) }) {
            message += " (\(context))"
            contextLine = Int(parser.context_mark.line) + 1
        }
        if parser.error == YAML_READER_ERROR {
            let (line, column) = position(ofByte: parser.problem_offset, in: buffer)
            return YAMLError(message: message, line: line, column: column)
        }
        var error = YAMLError(
            message: message, line: Int(parser.problem_mark.line) + 1, column: Int(parser.problem_mark.column) + 1)
        error.contextLine = contextLine
        return error
    }

    private static func position(ofByte offset: Int, in buffer: UnsafeBufferPointer<UInt8>) -> (Int, Int) {
        var line = 1
        var column = 1
        for byte in buffer.prefix(min(offset, buffer.count)) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }
}

/// Builds nodes from events with a stack of open sequences and mappings.
private struct Builder {
    private enum Frame {
        case sequence(items: [YAMLNode], line: Int, column: Int)
        case mapping(pairs: [YAMLNode.Pair], pendingKey: YAMLNode?, keys: Set<String>, line: Int, column: Int)
    }
    private var stack: [Frame] = []
    private(set) var root: YAMLNode?
    private var sawDocument = false

    /// Takes one event; returns `true` once the first document is complete.
    mutating func consume(_ event: inout yaml_event_t) throws(YAMLError) -> Bool {
        let line = Int(event.start_mark.line) + 1
        let column = Int(event.start_mark.column) + 1
        switch event.type {
        case YAML_STREAM_END_EVENT:
            return true
        case YAML_DOCUMENT_START_EVENT:
            sawDocument = true
        case YAML_DOCUMENT_END_EVENT:
            return true
        case YAML_ALIAS_EVENT:
            throw YAMLError(message: "aliases are not allowed", line: line, column: column)
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text: String
            if let value = scalar.value {
                text = String(
                    decoding: UnsafeBufferPointer(start: value, count: Int(scalar.length)), as: UTF8.self)
            } else {
                text = ""
            }
            let isPlain = scalar.style == YAML_PLAIN_SCALAR_STYLE
            try add(YAMLNode(value: .scalar(.init(text: text, isPlain: isPlain)), line: line, column: column))
        case YAML_SEQUENCE_START_EVENT:
            stack.append(.sequence(items: [], line: line, column: column))
        case YAML_SEQUENCE_END_EVENT:
            guard case .sequence(let items, let l, let c) = stack.popLast() else { break }
            try add(YAMLNode(value: .sequence(items), line: l, column: c))
        case YAML_MAPPING_START_EVENT:
            stack.append(.mapping(pairs: [], pendingKey: nil, keys: [], line: line, column: column))
        case YAML_MAPPING_END_EVENT:
            guard case .mapping(let pairs, _, _, let l, let c) = stack.popLast() else { break }
            try add(YAMLNode(value: .mapping(pairs), line: l, column: c))
        default:
            break
        }
        return false
    }

    private mutating func add(_ node: YAMLNode) throws(YAMLError) {
        guard let top = stack.popLast() else {
            root = node
            return
        }
        switch top {
        case .sequence(var items, let l, let c):
            items.append(node)
            stack.append(.sequence(items: items, line: l, column: c))
        case .mapping(var pairs, let pendingKey, var keys, let l, let c):
            if let key = pendingKey {
                pairs.append(YAMLNode.Pair(key: key, value: node))
                stack.append(.mapping(pairs: pairs, pendingKey: nil, keys: keys, line: l, column: c))
            } else {
                if let text = node.string {
                    if keys.contains(text) {
                        throw YAMLError(message: "duplicate key '\(text)'", line: node.line, column: node.column)
                    }
                    keys.insert(text)
                }
                stack.append(.mapping(pairs: pairs, pendingKey: node, keys: keys, line: l, column: c))
            }
        }
    }
}
