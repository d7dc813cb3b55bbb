internal import Foundation
internal import SkillscopeCore
internal import SkillscopeStore
internal import YAML

/// JSON shapes the CLI prints; plain `Codable` values so the output is stable.
struct DiagnosticView: Encodable {
    var code: String
    var severity: String
    var message: String
    var line: Int?
    var column: Int?

    init(_ diagnostic: FileDiagnostic) {
        code = diagnostic.code.rawValue
        severity = diagnostic.severity.rawValue
        message = diagnostic.message
        line = diagnostic.line
        column = diagnostic.column
    }
}

/// Front matter as plain JSON: mappings become objects, sequences arrays, scalars strings.
enum PlainJSON: Encodable {
    case string(String)
    case array([PlainJSON])
    case object([(String, PlainJSON)])

    init(_ node: YAMLNode) {
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

    func encode(to encoder: any Encoder) throws {
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

/// Plain lines for a terminal.
enum TextFormat {
    static func rules(_ rules: [Rule]) -> [String] {
        var lines: [String] = []
        var lastSection: [String]? = nil
        for rule in rules {
            if rule.section != lastSection {
                lines.append(rule.section.isEmpty ? "(top)" : rule.section.joined(separator: " › "))
                lastSection = rule.section
            }
            let number = String(rule.lines.start)
            let pad = String(repeating: " ", count: max(0, 5 - number.count))
            var line = "\(pad)\(number)  \(rule.text)"
            if !rule.examples.isEmpty {
                line += "  [\(rule.examples.count) example\(rule.examples.count == 1 ? "" : "s")]"
            }
            lines.append(line)
        }
        return lines
    }
}
