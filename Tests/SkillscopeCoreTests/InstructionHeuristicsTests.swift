import SkillscopeCore
import Testing

@Suite struct InstructionHeuristicsTests {
    @Test(arguments: [
        ("Run the TESTS before every commit.", true),
        ("Important: keep commits small.", true),
        ("Agents MUST-NOT guess; they check first.", false),
        ("You should read the changelog.", true),
        ("The team needs to review each change.", true),
        ("This skill covers SwiftUI layout.", false),
        ("Swift 6.2 ships with strict-concurrency checks.", false),
        ("x", false),
    ])
    func asciiParagraphs(text: String, instructs: Bool) {
        #expect(InstructionHeuristics.isInstruction(text) == instructs)
    }

    /// Scalars beyond ASCII are decoded in the middle of the byte split: a curly apostrophe counts as a straight
    /// one, a letter beyond ASCII only adds a word, and a word holding one is lower-cased whole.
    @Test(arguments: [
        ("Don't commit secrets.", "Don’t commit secrets."),
        ("The build mustn't break.", "The build mustn’t break."),
        ("This skill covers SwiftUI layout.", "This skill covers SwiftUI layout, café."),
        ("Important: keep commits small.", "Important: keep commits small — é."),
        ("It is not allowed here.", "It is not allowed here — ñ."),
        ("Notes on 2 modules.", "Notes on 2 modules ✓."),
        ("NEVER skip review.", "ÉTÉ: NEVER skip review."),
        ("Mostly notes here.", "Mostly notes here, ÜBER ÅLL."),
    ])
    func everyTextReadsTheSameWords(ascii: String, other: String) {
        #expect(InstructionHeuristics.isInstruction(ascii) == InstructionHeuristics.isInstruction(other))
    }
}
