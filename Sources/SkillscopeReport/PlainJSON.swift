public import YAML

/// Front matter as plain JSON: mappings become objects, sequences arrays, scalars strings.
public enum PlainJSON: Sendable, Encodable {
    case string(String)
    case array([PlainJSON])
    case object([(String, PlainJSON)])

    public init(_ node: YAMLNode) {
        switch node.value {
        case .scalar(let scalar): self = .string(scalar.text)
        case .sequence(let items): self = .array(items.map(PlainJSON.init))
        case .mapping(let pairs): self = .object(pairs.map { ($0.key.string ?? "", PlainJSON($0.value)) })
        }
    }

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .string(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .array(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(item) }
        case .object(let pairs):
            var container = encoder.container(keyedBy: Key.self)
            for (key, value) in pairs { try container.encode(value, forKey: Key(stringValue: key)) }
        }
    }
}
