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

    /// ASCII texts are split byte by byte and others scalar by scalar: the two must read the same words.
    ///
    /// A curly apostrophe counts as a straight one, and a letter beyond ASCII only adds a word.
    @Test(arguments: [
        ("Don't commit secrets.", "Don’t commit secrets."),
        ("The build mustn't break.", "The build mustn’t break."),
        ("This skill covers SwiftUI layout.", "This skill covers SwiftUI layout, café."),
        ("Important: keep commits small.", "Important: keep commits small — é."),
        ("It is not allowed here.", "It is not allowed here — ñ."),
        ("Notes on 2 modules.", "Notes on 2 modules ✓."),
    ])
    func everyTextReadsTheSameWords(ascii: String, other: String) {
        #expect(InstructionHeuristics.isInstruction(ascii) == InstructionHeuristics.isInstruction(other))
    }
}
