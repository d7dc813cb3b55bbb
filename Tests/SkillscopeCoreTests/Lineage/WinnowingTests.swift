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

    /// Winnowing as the paper defines it, window by window: the rightmost smallest hash of each window, kept when
    /// it is not the one the window before kept.
    func winnowedByDefinition(_ hashes: [UInt64], window: Int) -> [UInt64] {
        guard hashes.count > window else { return Array(Set(hashes)).sorted() }
        var kept: Set<UInt64> = []
        var lastIndex = -1
        for start in 0...(hashes.count - window) {
            let slice = start..<(start + window)
            let smallest = slice.map { hashes[$0] }.min() ?? 0
            let chosen = slice.last { hashes[$0] == smallest } ?? start
            if chosen != lastIndex { kept.insert(hashes[chosen]) }
            lastIndex = chosen
        }
        return kept.sorted()
    }

    @Test(arguments: [1, 2, 4, 12])
    func windowsAreChosenAsTheDefinitionSays(window: Int) {
        var generator = Generator(seed: UInt64(window))
        for round in 0..<200 {
            // Few distinct values in most rounds, so that ties (and minima leaving the window) are common.
            let spread: UInt64 = round % 4 == 0 ? .max : UInt64(round % 7 + 1)
            let hashes = (0..<Int(generator.next() % 400)).map { _ in generator.next() % spread }
            #expect(
                Winnowing.fingerprints(ofSequence: hashes, window: window)
                    == winnowedByDefinition(hashes, window: window))
        }
        // Falling and rising runs: every window's minimum enters last, or leaves first.
        let falling = (0..<300).map { UInt64(1_000 - $0) }
        #expect(
            Winnowing.fingerprints(ofSequence: falling, window: window) == winnowedByDefinition(falling, window: window)
        )
        let rising = Array(falling.reversed())
        #expect(
            Winnowing.fingerprints(ofSequence: rising, window: window) == winnowedByDefinition(rising, window: window))
    }

    @Test func shortTextsKeepEveryPhrase() {
        let fingerprint = TextFingerprint(text: "one two three four five six seven")
        #expect(fingerprint.winnowed == fingerprint.phrases)
        #expect(fingerprint.wordCount == 7)
    }
}
