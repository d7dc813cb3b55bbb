import Foundation
import SkillscopeCore
import Testing

/// Cases whose words and percentages an independent implementation (`shared/tools/phrases.py`) computed; the
/// fixture's generator is `Fixtures/make_measure_cases.py`.
@Suite struct MeasureCasesTests {
    struct Case: Decodable, CustomTestStringConvertible, Sendable {
        var name: String
        var f: String
        var g: String
        var f_words: [String]?
        var g_words: [String]?
        var f_phrase_count: Int
        var g_phrase_count: Int
        var shared: Int
        var percent: Int
        var word_for_word: Bool
        var testDescription: String { name }
    }

    static let cases: [Case] = {
        guard let url = Bundle.module.url(forResource: "measure-cases", withExtension: "json"),
            let data = try? Data(contentsOf: url),
            let cases = try? JSONDecoder().decode([Case].self, from: data)
        else { return [] }
        return cases
    }()

    @Test func theFixtureHasEnoughCases() {
        #expect(Self.cases.count >= 14)
    }

    @Test(arguments: cases)
    func wordsPhrasesAndPercentMatchTheReference(_ testCase: Case) {
        let f = Words(text: testCase.f)
        let g = Words(text: testCase.g)
        if let expected = testCase.f_words { #expect(f.words == expected) }
        if let expected = testCase.g_words { #expect(g.words == expected) }
        #expect(f.phraseHashes.count == testCase.f_phrase_count)
        #expect(g.phraseHashes.count == testCase.g_phrase_count)
        #expect(PhraseSet.intersectionCount(g.phraseHashes, f.phraseHashes) == testCase.shared)
        #expect(PhraseSet.percentSame(of: g.phraseHashes, on: f.phraseHashes) == testCase.percent)
        #expect((f.words == g.words) == testCase.word_for_word)
        #expect((f.sequenceHash == g.sequenceHash) == testCase.word_for_word)
    }
}
