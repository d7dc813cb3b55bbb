import SkillscopeCore
import SkillscopeTesting
import Testing

/// `Lowercase.of` gives what `lowercased()` gives, only sooner.
@Suite struct LowercaseTests {
    @Test func everyScalarLowercasesAsTheStandardLibraryDoes() {
        var differing: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            // Beside an ASCII capital, so that the text is never all ASCII and the scalar path is taken.
            let text = "A" + String(Character(scalar)) + "Z"
            if Lowercase.of(text) != text.lowercased() { differing.append(value) }
        }
        #expect(differing.isEmpty, "differs at \(differing.prefix(10).map { String($0, radix: 16) })")
    }

    @Test func mixedLinesLowercaseAsTheStandardLibraryDoes() {
        var generator = SeededGenerator(seed: 11)
        let pieces = [
            "Run", " ", "THE", "Tests", "—", "İstanbul", "ΣΟΦΊΑ", "ß", "Ǆ", "日本語", "👍🏽", "e\u{301}", "Ⅻ", "ＡＢ", "\t",
            "ﬁ", "ᾼ", "К", "ǅ", "Ω",
        ]
        for _ in 0..<2000 {
            let line = (0..<Int.random(in: 1...12, using: &generator)).map { _ in
                pieces[Int.random(in: 0..<pieces.count, using: &generator)]
            }.joined()
            #expect(Lowercase.of(line) == line.lowercased())
            #expect(Lowercase.of(line[...]) == line.lowercased())
        }
        #expect(Lowercase.of("Plain ASCII Only") == "plain ascii only")
        #expect(Lowercase.of("") == "")
    }
}
