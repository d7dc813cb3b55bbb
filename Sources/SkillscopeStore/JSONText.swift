internal import FoundationEssentials
public import SkillscopeCore
public import YAML

/// JSON text built as UTF-8 bytes and made a string once: literals, integers and quoted strings appended to it.
///
/// Appending to a string piece by piece went through the string's append path each time: the rules' layout alone
/// was 6% of the instructions an ingest spends on each file (`cachegrind`); a third of that now.
struct JSONWriter {
    private var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(256) }

    var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends JSON written out in the source, such as `,"key":`.
    mutating func append(_ literal: String) { bytes.append(contentsOf: literal.utf8) }

    mutating func append(integer value: Int) {
        if value >= 0, value < 10 {
            bytes.append(0x30 + UInt8(value))
        } else {
            bytes.append(contentsOf: String(value).utf8)
        }
    }

    mutating func append(integers values: [Int]) { append(list: values) { $0.append(integer: $1) } }

    mutating func append(strings values: [String]) { append(list: values) { $0.append(quoted: $1) } }

    /// `[a,b,…]`, each element written by `element`.
    private mutating func append<Element>(list values: [Element], _ element: (inout JSONWriter, Element) -> Void) {
        bytes.append(0x5B)
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(0x2C) }
            element(&self, value)
        }
        bytes.append(0x5D)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// `text` as a JSON string literal: quotes, backslashes and control characters escaped.
    ///
    /// Escapes are found on the UTF-8 bytes: every byte that needs one is ASCII, and no byte of a longer
    /// character is below 0x80. A text with none is copied whole; one with some, a byte at a time from the first.
    mutating func append(quoted text: String) {
        bytes.append(0x22)
        let span = text.utf8.span
        var first = 0
        while first < span.count, !Self.needsEscape(span[first]) { first += 1 }
        if first == span.count {
            bytes.append(contentsOf: text.utf8)
        } else {
            bytes.reserveCapacity(bytes.count + span.count + 16)
            for index in 0..<span.count {
                let byte = span[index]
                guard Self.needsEscape(byte) else {
                    bytes.append(byte)
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""): append("\\\"")
                case UInt8(ascii: "\\"): append("\\\\")
                case UInt8(ascii: "\n"): append("\\n")
                case UInt8(ascii: "\r"): append("\\r")
                case UInt8(ascii: "\t"): append("\\t")
                default:
                    // \u00XX, lower-case hex, as JSONEncoder writes it.
                    append("\\u00")
                    bytes.append(Self.hexDigits[Int(byte >> 4)])
                    bytes.append(Self.hexDigits[Int(byte & 0xF)])
                }
            }
        }
        bytes.append(0x22)
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }
}

/// JSON string literals, written by hand where the generic encoder costs too much.
public enum JSONText {
    /// Examples by rule position, as `JSONEncoder` with sorted keys writes them.
    public static func examples(_ examples: [String: [Example]]) -> String {
        var out = JSONWriter()
        appendExamples(examples, to: &out)
        return out.string
    }

    static func appendExamples(_ examples: [String: [Example]], to out: inout JSONWriter) {
        out.append("{")
        for (index, key) in examples.keys.sorted().enumerated() {
            if index > 0 { out.append(",") }
            out.append(quoted: key)
            out.append(":[")
            for (position, example) in (examples[key] ?? []).enumerated() {
                if position > 0 { out.append(",") }
                out.append("{\"code\":")
                out.append(quoted: example.code)
                out.append(",\"language\":")
                out.append(quoted: example.language)
                out.append(",\"lines\":{\"end\":")
                out.append(integer: example.lines.end)
                out.append(",\"start\":")
                out.append(integer: example.lines.start)
                out.append("}}")
            }
            out.append("]")
        }
        out.append("}")
    }

    /// Findings as `JSONEncoder` with sorted keys writes them (`line` left out when unknown).
    public static func findings(_ findings: [Finding]) -> String {
        var out = JSONWriter()
        out.append("[")
        for (index, finding) in findings.enumerated() {
            if index > 0 { out.append(",") }
            out.append("{\"code\":")
            out.append(quoted: finding.code)
            if let line = finding.line {
                out.append(",\"line\":")
                out.append(integer: line)
            }
            out.append(",\"message\":")
            out.append(quoted: finding.message)
            out.append(",\"severity\":")
            out.append(quoted: finding.severity.rawValue)
            out.append("}")
        }
        out.append("]")
        return out.string
    }

    /// A YAML tree as JSON, written as `JSONEncoder` with sorted keys writes its synthesized `Codable` form.
    ///
    /// The shape is `{"column":…,"line":…,"value":{"mapping":{"_0":[{"key":…,"value":…}]}}}`, so `JSONDecoder`
    /// reads it back as a ``YAML/YAMLNode``. The generic encoder took 3% of an ingest's CPU for front matter alone.
    public static func yaml(_ node: YAMLNode) -> String {
        var out = JSONWriter()
        appendYAML(node, to: &out)
        return out.string
    }

    private static func appendYAML(_ node: YAMLNode, to out: inout JSONWriter) {
        out.append("{\"column\":")
        out.append(integer: node.column)
        out.append(",\"line\":")
        out.append(integer: node.line)
        out.append(",\"value\":{")
        switch node.value {
        case .scalar(let scalar):
            out.append(
                scalar.isPlain
                    ? "\"scalar\":{\"_0\":{\"isPlain\":true,\"text\":"
                    : "\"scalar\":{\"_0\":{\"isPlain\":false,\"text\":")
            out.append(quoted: scalar.text)
            out.append("}}")
        case .sequence(let items):
            out.append("\"sequence\":{\"_0\":[")
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(",") }
                appendYAML(item, to: &out)
            }
            out.append("]}")
        case .mapping(let pairs):
            out.append("\"mapping\":{\"_0\":[")
            for (index, pair) in pairs.enumerated() {
                out.append(index > 0 ? ",{\"key\":" : "{\"key\":")
                appendYAML(pair.key, to: &out)
                out.append(",\"value\":")
                appendYAML(pair.value, to: &out)
                out.append("}")
            }
            out.append("]}")
        }
        out.append("}}")
    }

    /// `text` as a JSON string literal: quotes, backslashes and control characters escaped.
    public static func quoted(_ text: String) -> String {
        var out = JSONWriter()
        out.append(quoted: text)
        return out.string
    }
}
