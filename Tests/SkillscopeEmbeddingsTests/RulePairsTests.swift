import Foundation
import SkillscopeEmbeddings
import SkillscopeTesting
import Testing

/// A labelled pair of rules: the same kind or not (written by us; see Fixtures/rule-pairs.jsonl).
struct RulePair: Decodable {
    var id: Int
    var domain: String
    var a: String
    var b: String
    var same: Bool
    var why: String
}

enum RulePairs {
    static func load() throws -> [RulePair] {
        let url = try #require(
            Bundle.module.url(forResource: "rule-pairs", withExtension: "jsonl", subdirectory: "Fixtures"))
        let text = try String(contentsOf: url, encoding: .utf8)
        return try text.split(separator: "\n").map { try JSONDecoder().decode(RulePair.self, from: Data($0.utf8)) }
    }

    /// Precision, recall and F1 of "same kind" at `threshold`.
    static func score(_ scores: [Float], _ pairs: [RulePair], threshold: Float) -> (
        precision: Double, recall: Double, f1: Double
    ) {
        var truePositives = 0
        var falsePositives = 0
        var falseNegatives = 0
        for (score, pair) in zip(scores, pairs) {
            switch (score >= threshold, pair.same) {
            case (true, true): truePositives += 1
            case (true, false): falsePositives += 1
            case (false, true): falseNegatives += 1
            case (false, false): break
            }
        }
        let precision = truePositives == 0 ? 0 : Double(truePositives) / Double(truePositives + falsePositives)
        let recall = truePositives == 0 ? 0 : Double(truePositives) / Double(truePositives + falseNegatives)
        let f1 = precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall)
        return (precision, recall, f1)
    }

    /// Each pair's cosine under `embedder`.
    static func cosines(_ embedder: any Embedder, _ pairs: [RulePair]) throws -> [Float] {
        let rows = try embedder.embed(pairs.flatMap { [$0.a, $0.b] })
        return pairs.indices.map { rows.cosine(2 * $0, 2 * $0 + 1) }
    }

    /// The threshold (in steps of 0.05) with the best F1.
    static func best(_ scores: [Float], _ pairs: [RulePair]) -> (threshold: Float, f1: Double) {
        stride(from: Float(0.2), through: 0.95, by: 0.05).map { ($0, score(scores, pairs, threshold: $0).f1) }
            .max { $0.1 < $1.1 }!
    }
}

@Suite struct RulePairsTests {
    @Test func theLabelledSetIsLargeAndVaried() throws {
        let pairs = try RulePairs.load()
        #expect(pairs.count >= 300)
        #expect(Set(pairs.map(\.domain)).count >= 12)
        let positives = pairs.filter(\.same).count
        #expect(positives > pairs.count / 3 && positives < pairs.count * 2 / 3)
    }

    @Test func lexicalEmbedderFindsRewordingsButNotSynonyms() throws {
        let pairs = try RulePairs.load()
        let embedder = LexicalEmbedder(
            vocabulary: LexicalEmbedder.Vocabulary(counting: pairs.flatMap { [$0.a, $0.b] }))
        let scores = try RulePairs.cosines(embedder, pairs)
        for threshold in stride(from: Float(0.1), through: 0.7, by: 0.1) {
            let at = RulePairs.score(scores, pairs, threshold: threshold)
            print("rule pairs, \(embedder.identifier) at \(threshold): P \(at.precision) R \(at.recall) F1 \(at.f1)")
        }
        func mean(_ category: String) -> Float {
            let picked = pairs.indices.filter { pairs[$0].why.hasPrefix(category) }
            return picked.map { scores[$0] }.reduce(0, +) / Float(picked.count)
        }
        // Word overlap sees close rewordings, not unrelated rules; it cannot tell synonyms from hard negatives,
        // which is why the labelled set's F1 is recorded per embedder and MiniLM must beat it.
        #expect(mean("paraphrase") > mean("unrelated") + 0.1)
        #expect(mean("hard negative") > mean("synonyms"))
    }
}

@Suite(.enabled(if: TestModel.isAvailable, "no model: run scripts/fetch-model.sh DIR, set SKILLSCOPE_TEST_MODEL=DIR"))
struct RulePairsModelTests {
    @Test func miniLMBeatsTheLexicalEmbedderOnF1() throws {
        let pairs = try RulePairs.load()
        let model = try #require(TestModel.embedder)
        let lexical = LexicalEmbedder(vocabulary: LexicalEmbedder.Vocabulary(counting: pairs.flatMap { [$0.a, $0.b] }))
        let modelScores = try RulePairs.cosines(model, pairs)
        let lexicalScores = try RulePairs.cosines(lexical, pairs)
        let modelBest = RulePairs.best(modelScores, pairs)
        let lexicalBest = RulePairs.best(lexicalScores, pairs)
        let atDefault = RulePairs.score(modelScores, pairs, threshold: 0.7)
        print(
            "rule pairs: MiniLM best F1 \(modelBest.f1) at \(modelBest.threshold); at 0.7 P \(atDefault.precision) "
                + "R \(atDefault.recall) F1 \(atDefault.f1); lexical best F1 \(lexicalBest.f1) at \(lexicalBest.threshold)"
        )
        for threshold in stride(from: Float(0.4), through: 0.85, by: 0.05) {
            let at = RulePairs.score(modelScores, pairs, threshold: threshold)
            print("rule pairs, MiniLM at \(threshold): P \(at.precision) R \(at.recall) F1 \(at.f1)")
        }
        #expect(modelBest.f1 > lexicalBest.f1)
        #expect(atDefault.precision >= 0.6)
    }
}
