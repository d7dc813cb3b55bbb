import Foundation
import SkillscopeEmbeddings
import SkillscopeTesting
import Testing

@Suite(.enabled(if: TestModel.isAvailable, "no model: run scripts/fetch-model.sh DIR, set SKILLSCOPE_TEST_MODEL=DIR"))
struct StaticEmbedderTests {
    static let sentences = [
        "Always run the test suite before committing.", "Run all tests before you push any changes.",
        "The quick brown fox jumps over the lazy dog.", "Never commit secrets or API keys to the repository.",
    ]

    /// A table over the tokens of `sentences` only: distilling all 30,522 tokens takes minutes in a debug build.
    static func distilled(_ pooling: StaticEmbedder.Distillation.Pooling = .mean) throws -> StaticEmbedder {
        let model = try #require(TestModel.embedder)
        var options = StaticEmbedder.Distillation()
        options.pooling = pooling
        options.tokens = Array(Set(sentences.flatMap { model.tokenizer.encode($0).dropFirst().dropLast() })).sorted()
        options.tokenCounts = StaticEmbedder.countTokens(in: sentences, tokenizer: model.tokenizer)
        return StaticEmbedder.distill(from: model, options: options)
    }

    @Test(arguments: StaticEmbedder.Distillation.Pooling.allCases)
    func relatedRulesScoreHigherThanUnrelatedOnes(pooling: StaticEmbedder.Distillation.Pooling) throws {
        let embedder = try Self.distilled(pooling)
        #expect(embedder.identifier == "minilm-static-1" && embedder.dimension == 384)
        let vectors = try embedder.embed(Self.sentences + [""])
        for row in 0..<4 { #expect(abs(vectors.cosine(row, row) - 1) < 1e-5) }
        #expect(vectors.row(4).allSatisfy { $0 == 0 })
        #expect(vectors.cosine(0, 1) > vectors.cosine(0, 2) + 0.2)
        #expect(vectors.cosine(0, 1) > vectors.cosine(1, 2) + 0.2)
    }

    @Test func theTableRoundTripsThroughItsFile() throws {
        let embedder = try Self.distilled()
        let folder = try #require(TestModel.folder)
        let directory = TemporaryDirectory()
        try FileManager.default.copyItem(atPath: folder.vocabularyFile, toPath: directory.appending("vocab.txt"))
        let copy = ModelFolder(path: directory.path)
        try embedder.write(to: copy.staticFile)
        let loaded = try StaticEmbedder(modelFolder: copy)
        #expect(loaded.identifier == embedder.identifier && loaded.metadata["pooling"] == "mean")
        #expect(loaded.metadata["weighting"] == "corpus-sif")
        #expect(try loaded.embed(Self.sentences).values == (try embedder.embed(Self.sentences).values))
    }

    @Test func tokenCountsCountWordPieces() throws {
        let model = try #require(TestModel.embedder)
        let counts = StaticEmbedder.countTokens(in: ["run run", "Run!"], tokenizer: model.tokenizer)
        #expect(counts[2448] == 3)  // "run"
        #expect(counts[999] == 1)  // "!"
        #expect(counts.reduce(0, +) == 4)
    }
}
