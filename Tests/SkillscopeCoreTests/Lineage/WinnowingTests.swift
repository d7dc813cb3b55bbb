import SkillscopeCore
import SkillscopeTesting
import Testing

@Suite struct WinnowingTests {
    typealias Generator = SeededGenerator

    func randomWords(_ count: Int, _ generator: inout Generator) -> [String] {
        (0..<count).map { _ in "w\(generator.next() % 5000)" }
    }

    @Test func everySharedPassageOfTheGuaranteedLengthSharesAFingerprint() {
        var generator = Generator(seed: 7)
        let guarantee = Winnowing.defaultWindow + 4
        for _ in 0..<300 {
            let passage = randomWords(guarantee, &generator)
            let a =
                randomWords(Int(generator.next() % 200), &generator) + passage
                + randomWords(Int(generator.next() % 200), &generator)
            let b =
                randomWords(Int(generator.next() % 200), &generator) + passage
                + randomWords(Int(generator.next() % 200), &generator)
            let fa = TextFingerprint(text: a.joined(separator: " ")).winnowed
            let fb = TextFingerprint(text: b.joined(separator: " ")).winnowed
            #expect(PhraseSet.intersectionCount(fa, fb) >= 1)
        }
    }

    @Test func aboutTwoInWindowPlusOnePhrasesAreKept() {
        var generator = Generator(seed: 11)
        let text = randomWords(20_000, &generator).joined(separator: " ")
        let fingerprint = TextFingerprint(text: text)
        let density = Double(fingerprint.winnowed.count) / Double(fingerprint.phrases.count)
        let expected = 2.0 / Double(Winnowing.defaultWindow + 1)
        #expect(abs(density - expected) < 0.03)
    }

    @Test func theFingerprintAgreesWithTheWordsItCounts() {
        var generator = Generator(seed: 3)
        for _ in 0..<50 {
            let text = randomWords(Int(generator.next() % 300), &generator).joined(separator: " — ") + " Ünïcode ΣΑΣ ﬁ"
            let words = Words(text: text)
            let fingerprint = TextFingerprint(text: text)
            #expect(fingerprint.phrases == words.phraseHashes)
            #expect(fingerprint.sequenceHash == words.sequenceHash)
            #expect(fingerprint.wordCount == words.words.count)
        }
    }

    @Test func shortTextsKeepEveryPhrase() {
        let fingerprint = TextFingerprint(text: "one two three four five six seven")
        #expect(fingerprint.winnowed == fingerprint.phrases)
        #expect(fingerprint.wordCount == 7)
    }
}
