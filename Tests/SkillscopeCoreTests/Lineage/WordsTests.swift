import Foundation
import SkillscopeCore
import Testing

@Suite struct WordsTests {
    func words(_ text: String) -> [String] { Words(text: text).words }
    func phraseCount(_ text: String) -> Int { Words(text: text).phraseHashes.count }
    func percent(_ version: String, on file: String) -> Int {
        PhraseSet.percentSame(of: Words(text: version).phraseHashes, on: Words(text: file).phraseHashes)
    }

    @Test func wordsAreLetterMarkNumberAndUnderscoreRunsLowercased() {
        #expect(words("Hello, World! hello_world 42 x2") == ["hello", "world", "hello_world", "42", "x2"])
        #expect(words("don't stop") == ["don", "t", "stop"])
        #expect(
            words("**Use** `swift build` [guide](https://a.b/c)") == [
                "use", "swift", "build", "guide", "https", "a", "b", "c",
            ])
        #expect(words("") == [] && words("—  !!") == [])
    }

    @Test func nfkcFoldsCompatibilityFormsBeforeSplitting() {
        #expect(words("ﬁle") == ["file"])
        #expect(words("ＡＢＣ　ｄｅｆ") == ["abc", "def"])
        #expect(words("x²") == ["x2"])
        #expect(words("Cafe\u{301}") == words("Café"))
        #expect(words("Straße") == ["straße"])
        #expect(words("日本語のテスト👍ok") == ["日本語のテスト", "ok"])
    }

    @Test func lineEndingsAndDecorationChangeNoWord() {
        let plain = "Keep views small.\nUse state sparingly.\n"
        #expect(words(plain) == words("Keep views small.\r\nUse state sparingly.\r\n"))
        #expect(words(plain) == words("- **Keep** *views* small.\n\n# Use `state` sparingly.\n"))
    }

    @Test func underscoresBelongToWordsSoUnderscoreEmphasisDoesChangeThem() {
        #expect(words("_views_ __bold__") == ["_views_", "__bold__"])
    }

    @Test func aFinalCapitalSigmaLowercasesToFinalSigmaAsUnicodeSays() {
        #expect(words("ΟΔΟΣ ΣΑΣ") == ["οδος", "σας"])
        #expect(words("Σ") == ["σ"])
    }

    @Test func phrasesAreDistinctRunsOfFiveWords() {
        #expect(phraseCount("") == 0)
        #expect(phraseCount("one") == 1)
        #expect(phraseCount("one two three four") == 1)
        #expect(phraseCount("one two three four five") == 1)
        #expect(phraseCount("one two three four five six") == 2)
        // "a b c d e a b c d e": phrases a-e, b-a, c-b, d-c, e-d, a-e again: five distinct.
        #expect(phraseCount("a b c d e a b c d e") == 5)
    }

    @Test func percentSameIsTheShareOfTheVersionsPhrasesInTheFile() {
        // G has 2 phrases (a-e, b-f); F holds only a-e: floor(100 × 1 / 2) = 50.
        #expect(percent("a b c d e f", on: "a b c d e") == 50)
        // G is wholly inside a longer F: 100, though F's own share is small.
        #expect(percent("one two three four five six", on: "zero one two three four five six seven eight nine") == 100)
        // Three of seven phrases shared: floor(300 / 7) = 42.
        #expect(percent("p q r s t u v w x y z", on: "p q r s t u v m n o") == 42)
        #expect(percent("", on: "anything at all here now") == 0)
    }

    @Test func reorderedParagraphsShareOnlyTheirInsides() {
        let first = "alpha beta gamma delta epsilon zeta"
        let second = "one two three four five six"
        // Each has 8 phrases: 2 inside each paragraph and 4 across the join; only the 4 inside ones are shared.
        #expect(percent(second + "\n\n" + first, on: first + "\n\n" + second) == 50)
    }

    @Test func theSequenceHashTellsWordForWordCopies() {
        let a = Words(text: "# Title\r\n\r\n- Keep it short.\r\n")
        let b = Words(text: "Title\n* keep IT short")
        #expect(a.sequenceHash == b.sequenceHash)
        #expect(a.sequenceHash != Words(text: "Title keep it shorter").sequenceHash)
    }

    @Test func scalarsOfEveryLengthSplitWhereTheirCategorySays() {
        // Two-, three- and four-byte scalars against ASCII: letters and digits join words, punctuation and
        // symbols (the dash, the emoji) separate them.
        #expect(
            Words(text: "naïve café—日本語🙂x ١٢٣_ok 𠀀y").words == ["naïve", "café", "日本語", "x", "١٢٣_ok", "𠀀y"])
    }

    /// A stretch between white space that NFKC or lower-casing would change is read on the full path on its own.
    ///
    /// The rest of the text stays on the direct one, and the answer must be the whole text's.
    @Test func onlyTheStretchThatChangesTakesTheFullPath() {
        // Composition reaches back over ASCII and over letters the direct path let through.
        #expect(words("plain x=e\u{0301}tude ε\u{0301}na after") == ["plain", "x", "étude", "έna", "after"])
        // `<` and a combining long solidus compose into a symbol: no word, where the bare mark would be one.
        #expect(words("a <\u{0338} b") == ["a", "b"])
        // Compatibility forms inside a stretch that also holds plain words.
        #expect(words("x²+y²=z² Brand™, ＦＵＬＬ，ﬁne") == ["x2", "y2", "z2", "brandtm", "full", "fine"])
        // Final sigma looks at the letters around it up to the white space, no further.
        #expect(words("ΟΔΟΣ ΣΑΣ. Σ a Σb") == ["οδος", "σας", "σ", "a", "σb"])
        // A word before the stretch (ended by `,`) is taken back and read again, once.
        #expect(words("one,TWO,Ünï three") == ["one", "two", "ünï", "three"])
    }

    @Test(arguments: [
        "Überprüfe die Änderung — ünïcode “quotes” and 日本語のテキスト, ١٢٣ digits",
        "emoji ✌\u{FE0F} selector, ✌️ again… and ，full-width，commas\tⅫ\r\nℌello ｶﾀｶﾅ ㈱ and ᄀ\u{1161}",
        "İstanbul ǅemal ß ẞ ﬀ and \u{00B4}accent a\u{00AD}b zw\u{200D}j",
    ])
    func theStretchesGiveTheWholeTextsWords(text: String) {
        // The measure's definition, on the whole text at once (none of these texts holds a capital sigma, the one
        // scalar whose lower case depends on its neighbours).
        let whole = text.precomposedStringWithCompatibilityMapping.lowercased()
        var expected: [String] = []
        var current = ""
        for scalar in whole.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark,
                .spacingMark, .decimalNumber, .letterNumber, .otherNumber:
                current.unicodeScalars.append(scalar)
            default:
                if scalar == "_" {
                    current.unicodeScalars.append(scalar)
                } else if !current.isEmpty {
                    expected.append(current)
                    current = ""
                }
            }
        }
        if !current.isEmpty { expected.append(current) }
        #expect(words(text) == expected)
    }

    /// The fingerprint hashes words as their bytes go by; the words themselves, hashed one by one, must agree on
    /// every path: ASCII, letters beyond it, variation selectors, separators, and texts that take the full path.
    @Test(arguments: [
        "Use `swift test` -- always; never skip_it (v2.0)!",
        "Überprüfe die Änderung — ünïcode “quotes” and 日本語のテキスト, ١٢٣ digits",
        "emoji ✌\u{FE0F} selector, ✌️ again… and ，full-width，commas",
        "ＦＵＬＬＷＩＤＴＨ ﬁ ligature, Σ final ΟΔΟΣ sigma, e\u{0301} combining",
        "", "one", "a b c d", "a b c d e f g h i j k l",
        String(repeating: "tab\tand\r\nline endings ", count: 40),
    ])
    func fingerprintHashesEqualTheWordsHashedOneByOne(text: String) {
        let fingerprint = TextFingerprint(text: text)
        let words = Words(text: text)
        #expect(fingerprint.phrases == words.phraseHashes)
        #expect(fingerprint.sequenceHash == words.sequenceHash)
        #expect(fingerprint.wordCount == words.words.count)
    }
}
