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

    static func evaluate(_ embedder: any Embedder, _ pairs: [RulePair]) throws -> PairEvaluation {
        try PairEvaluation(pairs: pairs.map { .init(a: $0.a, b: $0.b, same: $0.same) }, embedder: embedder)
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
        let evaluation = try RulePairs.evaluate(embedder, pairs)
        let scores = evaluation.scores
        for at in evaluation.sweep {
            print("rule pairs, \(embedder.identifier) at \(at.threshold): P \(at.precision) R \(at.recall) F1 \(at.f1)")
        }
        // Counts by hand at one threshold: precision and recall follow from the labels.
        let at = evaluation.point(at: 0.3)
        let predicted = pairs.indices.filter { scores[$0] >= 0.3 }
        let right = predicted.filter { pairs[$0].same }.count
        #expect(at.precision == Double(right) / Double(predicted.count))
        #expect(at.recall == Double(right) / Double(pairs.filter(\.same).count))
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
        let modelEvaluation = try RulePairs.evaluate(model, pairs)
        let lexicalEvaluation = try RulePairs.evaluate(lexical, pairs)
        let tuned = try #require(modelEvaluation.tuned())
        print(
            "rule pairs: MiniLM best F1 \(modelEvaluation.best.f1) at \(modelEvaluation.best.threshold); tuned "
                + "\(tuned.threshold): P \(tuned.precision) R \(tuned.recall) F1 \(tuned.f1); lexical best F1 "
                + "\(lexicalEvaluation.best.f1) at \(lexicalEvaluation.best.threshold)")
        #expect(modelEvaluation.best.f1 > lexicalEvaluation.best.f1)
        // The grouping threshold the code uses for MiniLM is the tuned one.
        #expect(abs(tuned.threshold - 0.55) < 0.001)
    }
}
