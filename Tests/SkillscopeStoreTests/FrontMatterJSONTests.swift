import Foundation
import SkillscopeStore
import Testing
import YAML

@Suite struct FrontMatterJSONTests {
    /// A tree with every shape: nested mappings and sequences, plain and quoted scalars, escapes and Unicode.
    static let tree: YAMLNode = {
        func scalar(_ text: String, plain: Bool = true, line: Int, column: Int = 1) -> YAMLNode {
            YAMLNode(value: .scalar(.init(text: text, isPlain: plain)), line: line, column: column)
        }
        let tools = YAMLNode(
            value: .sequence([scalar("Read", line: 4, column: 5), scalar("Bash(git:*)", line: 5, column: 5)]), line: 4,
            column: 3)
        let metadata = YAMLNode(
            value: .mapping([
                .init(
                    key: scalar("version", line: 7, column: 3), value: scalar("1.0", plain: false, line: 7, column: 12))
            ]), line: 7, column: 3)
        return YAMLNode(
            value: .mapping([
                .init(key: scalar("name", line: 1), value: scalar("pdf-tools", line: 1, column: 7)),
                .init(
                    key: scalar("description", line: 2),
                    value: scalar(
                        "Say \"hi\" \\ then\n\ttab, ünïcode ✓, /slash/, \u{1}", plain: false, line: 2, column: 14)),
                .init(key: scalar("allowed-tools", line: 3), value: tools),
                .init(key: scalar("metadata", line: 6), value: metadata),
                .init(key: scalar("empty", line: 8), value: YAMLNode(value: .sequence([]), line: 8, column: 8)),
                .init(key: scalar("none", line: 9), value: YAMLNode(value: .mapping([]), line: 9, column: 7)),
            ]), line: 1, column: 1)
    }()

    @Test func theHandWrittenJSONIsWhatJSONEncoderWrites() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let written = JSONText.yaml(Self.tree)
        #expect(written == String(decoding: try encoder.encode(Self.tree), as: UTF8.self))
        #expect(try JSONDecoder().decode(YAMLNode.self, from: Data(written.utf8)) == Self.tree)
    }
}
