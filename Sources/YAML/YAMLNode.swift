/// A YAML value with the line and column where it starts (1-based, relative to the parsed text).
///
/// libyaml does no type resolution, so scalars stay strings; ``YAMLNode/Scalar/isPlain`` tells a plain
/// `12` from a quoted `"12"` for callers that want to resolve types.
public struct YAMLNode: Sendable, Hashable, Codable {
    /// A scalar's text and whether it was written without quotes or block style.
    public struct Scalar: Sendable, Hashable, Codable {
        public var text: String
        public var isPlain: Bool
        public init(text: String, isPlain: Bool) {
            self.text = text
            self.isPlain = isPlain
        }
    }

    /// One key and value of a mapping, in document order.
    public struct Pair: Sendable, Hashable, Codable {
        public var key: YAMLNode
        public var value: YAMLNode
        public init(key: YAMLNode, value: YAMLNode) {
            self.key = key
            self.value = value
        }
    }

    /// The shape of a node.
    public indirect enum Value: Sendable, Hashable, Codable {
        case scalar(Scalar)
        case sequence([YAMLNode])
        case mapping([Pair])
    }

    public var value: Value
    /// 1-based line of the node's first character.
    public var line: Int
    /// 1-based column of the node's first character.
    public var column: Int

    public init(value: Value, line: Int, column: Int) {
        self.value = value
        self.line = line
        self.column = column
    }

    /// The scalar's text, or `nil` for a sequence or mapping.
    public var string: String? {
        if case .scalar(let scalar) = value { return scalar.text }
        return nil
    }

    /// Whether this is a plain scalar that YAML 1.2's core schema reads as null (`~`, `null`, empty).
    public var isNull: Bool {
        if case .scalar(let scalar) = value, scalar.isPlain {
            return ["", "~", "null", "Null", "NULL"].contains(scalar.text)
        }
        return false
    }

    /// The mapping's pairs, or `nil` when this is not a mapping.
    public var pairs: [Pair]? {
        if case .mapping(let pairs) = value { return pairs }
        return nil
    }

    /// The sequence's items, or `nil` when this is not a sequence.
    public var items: [YAMLNode]? {
        if case .sequence(let items) = value { return items }
        return nil
    }

    /// The value of the first pair whose key is the scalar `key`.
    public subscript(key: String) -> YAMLNode? {
        pairs?.first { $0.key.string == key }?.value
    }
}
