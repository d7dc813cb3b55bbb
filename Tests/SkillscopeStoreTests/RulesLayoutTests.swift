import Foundation
import SkillscopeCore
import SkillscopeStore
import Testing

@Suite struct RulesLayoutTests {
    let rules: [Rule] = [
        Rule(
            position: 0, text: "a", lines: LineSpan(start: 3, end: 4), section: ["Top", "Sub \"quoted\"\\"],
            source: .listItem),
        Rule(
            position: 1, text: "b", lines: LineSpan(line: 7), section: ["Top", "Sub \"quoted\"\\"], source: .tableRow,
            examples: [Example(language: "sh", code: "echo \"hi\"\n\tdone", lines: LineSpan(start: 8, end: 10))]),
        Rule(position: 2, text: "c", lines: LineSpan(line: 12), section: ["ünï\u{1}code"], source: .paragraph),
    ]

    @Test func theHandWrittenJSONIsWhatJSONEncoderWrites() throws {
        let layout = RulesLayout(rules)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let written = layout.json()
        let decoded = try JSONDecoder().decode(RulesLayout.self, from: Data(written.utf8))
        #expect(decoded == layout)
        #expect(decoded.rules(texts: ["a", "b", "c"]) == rules)
        #expect(written == String(decoding: try encoder.encode(layout), as: UTF8.self))
        // Numbers of every width, and a layout with nothing in it.
        var wide = layout
        wide.starts = [0, 9, 10, 99, 100, 12_345, 1_000_000]
        wide.ends = wide.starts.map { $0 + 1 }
        #expect(wide.json() == String(decoding: try encoder.encode(wide), as: UTF8.self))
        #expect(RulesLayout([]).json() == String(decoding: try encoder.encode(RulesLayout([])), as: UTF8.self))
    }

    @Test func findingsAreWrittenAsJSONEncoderWritesThem() throws {
        let findings = [
            Finding(code: "name-format", severity: .error, message: "name 'A\"b' is bad", line: 2),
            Finding(code: "body-length", severity: .warning, message: "long\tbody", line: nil),
        ]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        #expect(JSONText.findings(findings) == String(decoding: try encoder.encode(findings), as: UTF8.self))
        #expect(JSONText.findings([]) == "[]")
    }

    @Test func quotingEscapesQuotesBackslashesAndControls() throws {
        #expect(JSONText.quoted("a\"b\\c\nd\u{1}") == "\"a\\\"b\\\\c\\nd\\u0001\"")
        #expect(JSONText.quoted("tab\there\r\u{1F}") == "\"tab\\there\\r\\u001f\"")
        // Every control character, and text beyond ASCII around the escapes, reads back as it was.
        let controls = String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init)))
        for text in [controls, "ünï\"cödé\" ✓ 日本\\語 🎉\n", "\u{7F}\u{80}\u{2028}", "/slash/", "", "\"", "end\\"] {
            let quoted = JSONText.quoted(text)
            #expect(try JSONDecoder().decode(String.self, from: Data(quoted.utf8)) == text)
            #expect(!quoted.utf8.dropFirst().dropLast().contains { $0 < 0x20 })
        }
    }
}

@Suite struct SearchBodyTests {
    @Test func theSearchBodyIsTheTextWithoutItsRulesLinesButWithTheirExamples() {
        let text = "---\nname: x\n---\n# Title\n- rule one\n  spans two\n```sh\nrun it\n```\nplain note\n| a | b |"
        let rules = [
            Rule(
                position: 0, text: "rule one spans two", lines: LineSpan(start: 5, end: 6), section: ["Title"],
                source: .listItem,
                examples: [Example(language: "sh", code: "run it", lines: LineSpan(start: 7, end: 9))]),
            Rule(position: 1, text: "a — b", lines: LineSpan(line: 11), section: ["Title"], source: .tableRow),
        ]
        #expect(
            RulesLayout(rules).searchBody(of: text) == "---\nname: x\n---\n# Title\n```sh\nrun it\n```\nplain note")
        // A rule whose example sits inside its lines keeps the example's lines.
        let inside = [
            Rule(
                position: 0, text: "a", lines: LineSpan(start: 1, end: 3), section: [], source: .listItem,
                examples: [Example(language: "", code: "b", lines: LineSpan(line: 2))])
        ]
        #expect(RulesLayout(inside).searchBody(of: "- a\n    b\n  c\nd") == "    b\nd")
        // No rules: the whole text; lines past the text's end are no matter.
        #expect(RulesLayout([]).searchBody(of: "a\nb") == "a\nb")
        let beyond = [Rule(position: 0, text: "z", lines: LineSpan(start: 2, end: 9), section: [], source: .paragraph)]
        #expect(RulesLayout(beyond).searchBody(of: "a\nb\nc") == "a")
        #expect(RulesLayout(beyond).searchBody(of: "") == "")
    }

    /// On seeded texts (empty lines, text beyond ASCII, a trailing line feed or none) and seeded rules and examples
    /// (overlapping, out of order, past the end), the body is the text's kept lines joined by line feeds.
    @Test func theSearchBodyKeepsExactlyTheLinesNoRuleStandsOn() {
        var state: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let pieces = ["", "- a rule", "plain", "ünï 日本", "  indented", "| a | b |", "```", "\t"]
        for _ in 0..<2_000 {
            let lineCount = next(12)
            let text =
                (0..<lineCount).map { _ in pieces[next(pieces.count)] }.joined(separator: "\n")
                + (next(2) == 0 ? "\n" : "")
            let rules = (0..<next(5)).map { position in
                let start = next(lineCount + 3)
                let examples = (0..<next(2)).map { _ in
                    let line = next(lineCount + 2) + 1
                    return Example(language: "", code: "x", lines: LineSpan(start: line, end: line + next(3)))
                }
                return Rule(
                    position: position, text: "r", lines: LineSpan(start: start, end: start + next(4)), section: [],
                    source: .listItem, examples: examples)
            }
            #expect(RulesLayout(rules).searchBody(of: text) == Self.reference(rules, text), "\(text.debugDescription)")
        }
    }

    /// The body as documented: every line (numbered from 1) that no rule stands on, or that an example of a rule
    /// stands on, joined by line feeds.
    private static func reference(_ rules: [Rule], _ text: String) -> String {
        guard !rules.isEmpty else { return text }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var dropped = Set<Int>()
        for rule in rules where rule.lines.start >= 1 && rule.lines.start <= rule.lines.end {
            dropped.formUnion(rule.lines.start...rule.lines.end)
        }
        for example in rules.flatMap(\.examples) where example.lines.start >= 1 {
            dropped.subtract(example.lines.start...max(example.lines.start, example.lines.end))
        }
        return lines.indices.filter { !dropped.contains($0 + 1) }.map { String(lines[$0]) }.joined(separator: "\n")
    }
}
