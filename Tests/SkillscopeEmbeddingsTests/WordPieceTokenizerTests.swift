import SkillscopeEmbeddings
import SkillscopeTesting
import Testing

@Suite struct WordPieceTokenizerTests {
    /// A small vocabulary written for these tests: ids are line numbers.
    static let tiny = [
        "[PAD]", "[UNK]", "[CLS]", "[SEP]", "un", "##aff", "##able", "aff", "##a", "run", "##ning", ",", "!", "e",
        "한", "x", "##x",
    ].joined(separator: "\n")

    @Test func greedyLongestMatchWithContinuations() throws {
        let tokenizer = try WordPieceTokenizer(vocabulary: Self.tiny)
        #expect(tokenizer.encode("unaffable running!") == [2, 4, 5, 6, 9, 10, 12, 3])
        #expect(tokenizer.encode("UNAFFA, e") == [2, 4, 5, 8, 11, 13, 3])
        #expect(tokenizer.encode("") == [2, 3])
    }

    @Test func aWordNoSplitCoversIsOneUnknown() throws {
        let tokenizer = try WordPieceTokenizer(vocabulary: Self.tiny)
        #expect(tokenizer.encode("unaffz run") == [2, 1, 9, 3])
        #expect(
            tokenizer.encode(String(repeating: "x", count: 100)) == [2, 15] + Array(repeating: 16, count: 99) + [3])
        #expect(tokenizer.encode(String(repeating: "x", count: 101)) == [2, 1, 3])
    }

    @Test func piecesAreMatchedByCodePointsNotCanonicalEquivalence() throws {
        // "한" decomposes (NFD) into three jamo; Swift's String equality would match the precomposed entry.
        let tokenizer = try WordPieceTokenizer(vocabulary: Self.tiny)
        #expect(tokenizer.encode("한") == [2, 1, 3])
    }

    @Test func longTextsAreCutToMaxLength() throws {
        var tokenizer = try WordPieceTokenizer(vocabulary: Self.tiny)
        tokenizer.maxLength = 5
        #expect(tokenizer.encode("run run run run run") == [2, 9, 9, 9, 3])
        #expect(tokenizer.encode("unaffable") == [2, 4, 5, 6, 3])
    }

    @Test func aVocabularyWithoutSpecialTokensIsRejected() {
        let error = #expect(throws: EmbeddingsError.self) { try WordPieceTokenizer(vocabulary: "a\nb\n[UNK]") }
        #expect(error?.code == .modelCorrupt)
    }

    /// Appendix C of the embeddings notes: ids from Hugging Face `tokenizers` on the real vocabulary.
    static let vectors: [(String, [Int])] = [
        ("Café naïve résumé", [101, 7668, 15743, 13746, 102]),
        ("使用中文测试", [101, 100, 100, 1746, 1861, 100, 100, 102]),
        ("👍 use emoji 🚀", [101, 100, 2224, 7861, 29147, 2072, 100, 102]),
        ("`swift test --parallel`", [101, 1036, 9170, 3231, 1011, 1011, 5903, 1036, 102]),
        (
            "Sync CLAUDE.md/AGENTS.md and .cursor/rules/*.mdc",
            [
                101, 26351, 8149, 1012, 9108, 1013, 6074, 1012, 9108, 1998, 1012, 12731, 25301, 2099, 1013, 3513, 1013,
                1008, 1012, 9108, 2278, 102,
            ]
        ),
        ("don't", [101, 2123, 1005, 1056, 102]),
        (String(repeating: "x", count: 120), [101, 100, 102]),
        (
            "https://example.com/a?b=c",
            [101, 16770, 1024, 1013, 1013, 2742, 1012, 4012, 1013, 1037, 1029, 1038, 1027, 1039, 102]
        ),
        (
            "snake_case_identifier camelCaseIdentifier",
            [101, 7488, 1035, 2553, 1035, 8909, 4765, 18095, 19130, 18382, 5178, 16778, 8873, 2121, 102]
        ),
        ("pi is 3.14159", [101, 14255, 2003, 1017, 1012, 15471, 28154, 102]),
        ("tab\there\nnewline", [101, 21628, 2182, 2047, 4179, 102]),
        ("non\u{a0}breaking\u{200b}zero-width", [101, 2512, 4911, 6290, 2080, 1011, 9381, 102]),
        ("ﬁle ligature", [101, 1984, 2571, 8018, 11244, 102]),
        (
            "Ελληνικά Кириллица العربية",
            [
                101, 1159, 29727, 29727, 24824, 16177, 18199, 29726, 14608, 1189, 10325, 16856, 10325, 29436, 29436,
                10325, 29751, 10260, 1270, 23673, 29830, 17149, 29816, 14498, 19433, 102,
            ]
        ),
        ("Ⅻ ½ ²", [101, 100, 1092, 1082, 102]),
        ("MUST NOT", [101, 2442, 2025, 102]),
        (
            "ALWAYS use `--no-verify`!!!",
            [101, 2467, 2224, 1036, 1011, 1011, 2053, 1011, 20410, 1036, 999, 999, 999, 102]
        ),
        ("- [ ] todo item", [101, 1011, 1031, 1033, 28681, 2080, 8875, 102]),
        ("# Heading\n\n## Sub", [101, 1001, 5825, 1001, 1001, 4942, 102]),
        ("\u{301}accent alone", [101, 9669, 2894, 102]),
        ("a\u{e000}b", [101, 11113, 102]),
        ("a\u{378}b", [101, 100, 102]),
        ("a\u{2028}b", [101, 1037, 1038, 102]),
        (String(repeating: "rule ", count: 400), [101] + Array(repeating: 3627, count: 254) + [102]),
    ]

    @Test(
        .enabled(if: TestModel.isAvailable, "no model: run scripts/fetch-model.sh DIR, set SKILLSCOPE_TEST_MODEL=DIR"),
        arguments: vectors.indices)
    func realVocabularyGivesTheReferenceIDs(index: Int) throws {
        let folder = try #require(TestModel.folder)
        let tokenizer = try WordPieceTokenizer(vocabularyFile: folder.vocabularyFile)
        let (text, ids) = Self.vectors[index]
        #expect(tokenizer.encode(text) == ids, "\(text.debugDescription)")
    }
}
