import SkillscopeCore
import SkillscopeSync
import Testing

/// A remix of picked rules: a rule an earlier pick already gives (word for word or in other words) is left out and
/// named in the attribution.
@Suite struct RemixTests {
    static func pick(_ label: String, _ text: String) throws -> Remix.Pick {
        guard
            case .parsed(let document) = DocumentParser().parse(
                Array(text.utf8), path: "\(label)/SKILL.md", kind: .skill)
        else {
            Issue.record("\(label) does not parse")
            return Remix.Pick(label: label, text: text, title: nil, rules: [])
        }
        return Remix.Pick(label: label, document: document, rules: document.rules)
    }

    @Test func aRuleAnEarlierPickGivesIsLeftOutAndNamed() throws {
        let first = try Self.pick(
            "acme/review",
            "---\nname: review\ndescription: Review code. Use when reviewing.\n---\n# Review\n\n"
                + "- Read the whole diff before commenting on any line.\n- Ask for tests when behaviour changes.\n")
        let second = try Self.pick(
            "lena/review",
            "---\nname: review\ndescription: Review code. Use when reviewing.\n---\n# Review\n\n"
                + "- Read the whole diff before commenting on any line, then summarise it.\n"
                + "- Keep review comments kind and specific.\n")
        let text = try Remix.skill(name: "mixed-review", description: nil, picks: [first, second])
        #expect(text.contains("Read the whole diff before commenting on any line."))
        #expect(!text.contains("then summarise it"))
        #expect(text.contains("Keep review comments kind and specific."))
        #expect(text.contains("left-out: \"source-2#1: given by an earlier source\""))
        #expect(text.contains("source-2: \"lena/review#2 sha256:"))
    }

    /// A rule picked with its examples keeps their labels, so the anti-pattern does not read as advice; a table row
    /// picked alone keeps its table's header.
    @Test func examplesKeepTheirLabelsAndARowItsHeader() throws {
        let source = try Self.pick(
            "acme/swift",
            "---\nname: swift\ndescription: Swift rules. Use when writing Swift.\n---\n# Swift\n\n"
                + "- Never force-unwrap optionals in production code.\n\n"
                + "  ❌ BAD:\n\n  ```swift\n  let user = users.first!\n  ```\n\n"
                + "  ✅ GOOD:\n\n  ```swift\n  guard let user = users.first else { return }\n  ```\n\n"
                + "## Tools\n\n| Task | Command |\n| --- | --- |\n| Format | `swift format -i` |\n| Test | `swift test` |\n"
        )
        let rules = source.rules
        let unwrap = try #require(rules.first { $0.text.contains("force-unwrap") })
        let row = try #require(rules.first { $0.text.contains("swift test") })
        let picked = Remix.Pick(label: source.label, text: source.text, title: source.title, rules: [unwrap, row])
        let text = try Remix.skill(name: "swift-picks", description: nil, picks: [picked])
        let bad = try #require(text.firstRange(of: "❌ BAD:"))
        let unwrapped = try #require(text.firstRange(of: "users.first!"))
        #expect(bad.lowerBound < unwrapped.lowerBound)
        #expect(text.contains("✅ GOOD:"))
        #expect(text.contains("| Task | Command |\n| --- | --- |\n| Test | `swift test` |"))
        #expect(!text.contains("swift format -i"))
    }
}
