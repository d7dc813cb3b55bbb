import Testing

@testable import SkillscopeCore

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

    /// The test as documented, on the whole list of words: the filtered reading that stops early must agree with it.
    private static func reference(_ text: String) -> Bool {
        let words = InstructionHeuristics.lowercaseWords(text)
        if InstructionHeuristics.hasScriptMarker(text) { return true }
        guard words.count >= 2 else { return false }
        if InstructionHeuristics.opensWithClauseThenInstruction(text) { return true }
        if InstructionHeuristics.directiveWords.contains(words[0]) { return true }
        if InstructionHeuristics.imperativeVerbs.contains(words[0]) { return true }
        if let colon = text.utf8.firstIndex(of: UInt8(ascii: ":")),
            text.utf8.distance(from: text.utf8.startIndex, to: colon) < 40,
            let next = InstructionHeuristics.lowercaseWords(String(text[text.index(after: colon)...])).first,
            InstructionHeuristics.imperativeVerbs.contains(next)
        {
            return true
        }
        if InstructionHeuristics.addressees.contains(words[0]),
            InstructionHeuristics.imperativeVerbs.contains(words[1]) || InstructionHeuristics.modals.contains(words[1])
        {
            return true
        }
        for index in words.indices {
            if InstructionHeuristics.directiveWords.contains(words[index]) { return true }
            for length in 2...3 where index + length <= words.count {
                if InstructionHeuristics.directivePhrases.contains(Array(words[index..<index + length])) {
                    return true
                }
            }
        }
        return false
    }

    @Test func theFilteredReadingAgreesWithReadingEveryWord() {
        let vocabulary = [
            "run", "Please", "you", "the", "tests", "must", "not", "do", "make", "sure", "is", "allowed", "are",
            "Important:", "note:", "keep", "it", "instead", "of", "agents", "should", "claude", "x", "notes", "need",
            "to", "café", "Don’t", "—", "2", "be", "only", "use",
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var instructing = 0
        for _ in 0..<5_000 {
            let text = (0..<(next(7))).map { _ in vocabulary[next(vocabulary.count)] }.joined(separator: " ")
            let expected = Self.reference(text)
            #expect(InstructionHeuristics.isInstruction(text) == expected, "\(text)")
            if expected { instructing += 1 }
        }
        // Both answers occur often enough for the comparison to mean something.
        #expect(instructing > 500 && instructing < 4_500)
    }

    @Test func wordsStopAtTheLimit() {
        let text = "Run the tests, then Ship it"
        #expect(InstructionHeuristics.lowercaseWords(text) == ["run", "the", "tests", "then", "ship", "it"])
        #expect(InstructionHeuristics.lowercaseWords(text, limit: 2) == ["run", "the"])
        #expect(InstructionHeuristics.lowercaseWords(text, limit: 0) == [])
    }
}
