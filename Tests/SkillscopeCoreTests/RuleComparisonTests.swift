import SkillscopeCore
import Testing

/// Compare's kept / changed / added / dropped, and that it agrees with ``RuleKeeping`` rule for rule.
@Suite struct RuleComparisonTests {
    static let first: [RuleComparison.Rule] = [
        .init(text: "Avoid top-level conditional view swapping; prefer a single stable base view.", line: 3),
        .init(text: "Run the whole test suite before you push.", line: 5),
        .init(text: "Keep every view body under forty lines of code.", line: 7),
    ]
    static let second: [RuleComparison.Rule] = [
        .init(
            text:
                "Avoid top-level conditional view swapping; prefer a single stable base view. Animate the change with "
                + "a transition instead.",
            line: 4),
        .init(text: "Run the whole test suite before you push.", line: 9),
        .init(text: "Name every test after the behaviour it checks.", line: 11),
    ]

    @Test func aRuleWithASentenceMergedInIsChangedNotDropped() {
        let entries = RuleComparison.compare(Self.first, Self.second)
        let byLine = Dictionary(grouping: entries.filter { $0.firstLine != nil }, by: { $0.firstLine ?? 0 })
        #expect(byLine[3]?.map(\.kind) == [.changed])
        #expect(byLine[3]?.first?.line == 4)
        #expect(byLine[5]?.map(\.kind) == [.kept])
        #expect(byLine[5]?.first?.line == 9)
        #expect(byLine[7]?.map(\.kind) == [.dropped])
        #expect(entries.filter { $0.kind == .added }.map(\.line) == [11])
    }

    @Test func aParagraphSplitInTwoKeepsTheRuleAndReportsTheSecondPartAsChanged() {
        let first: [RuleComparison.Rule] = [
            .init(text: "Write the commit subject in the imperative mood and keep it under fifty characters.", line: 1)
        ]
        let second: [RuleComparison.Rule] = [
            .init(text: "Write the commit subject in the imperative mood.", line: 1),
            .init(text: "Keep it under fifty characters.", line: 2),
        ]
        let entries = RuleComparison.compare(first, second)
        #expect(entries.map(\.kind) == [.changed, .changed])
        #expect(entries.map(\.firstLine) == [1, nil])
        #expect(!entries.contains { $0.kind == .added })
    }

    @Test func everyRuleIsMarkedKeptExactlyWhenRuleKeepingSaysTheVersionGivesIt() {
        let version = RuleKeeping.Version(rules: Self.second.map(\.text))
        let entries = RuleComparison.compare(Self.first, Self.second)
        for rule in Self.first {
            let marked = entries.first { $0.firstLine == rule.line }
            #expect(marked?.kind.givesRule == RuleKeeping.keeps(rule.text, in: version), "line \(rule.line)")
        }
    }

    @Test func identicalVersionsKeepEverythingAndEmptyOnesDropIt() {
        #expect(RuleComparison.compare(Self.first, Self.first).allSatisfy { $0.kind == .kept })
        #expect(RuleComparison.compare(Self.first, []).map(\.kind) == [.dropped, .dropped, .dropped])
        #expect(RuleComparison.compare([], Self.second).map(\.kind) == [.added, .added, .added])
    }
}
