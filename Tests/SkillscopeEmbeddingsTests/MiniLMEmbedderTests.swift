import Foundation
import SkillscopeEmbeddings
import SkillscopeTesting
import Testing

@Suite(.enabled(if: TestModel.isAvailable, "no model: run scripts/fetch-model.sh DIR, set SKILLSCOPE_TEST_MODEL=DIR"))
struct MiniLMEmbedderTests {
    /// One sentence of `Fixtures/minilm-reference.json`, made by `bench/peers/minilm_reference.py` with
    /// sentence-transformers 6.2.0 on CPU.
    struct Reference: Decodable {
        var text: String
        var ids: [Int]
        var embedding: [Float]
    }

    static let references: [Reference] = {
        guard let url = Bundle.module.url(forResource: "Fixtures/minilm-reference", withExtension: "json"),
            let data = try? Data(contentsOf: url)
        else { return [] }
        return (try? JSONDecoder().decode([Reference].self, from: data)) ?? []
    }()

    @Test func referenceSentencesGiveTheSameIDsAndVectors() throws {
        let embedder = try #require(TestModel.embedder)
        let references = Self.references
        #expect(references.count >= 24)
        for reference in references {
            #expect(embedder.tokenizer.encode(reference.text) == reference.ids, "\(reference.text.debugDescription)")
        }
        let embeddings = try embedder.embed(references.map(\.text))
        #expect(embeddings.embedder == "all-MiniLM-L6-v2" && embeddings.dimension == 384)
        var worstCosine: Float = 1
        var worstComponent: Float = 0
        for (index, reference) in references.enumerated() {
            let row = Array(embeddings.row(index))
            let cosine = zip(row, reference.embedding).reduce(0) { $0 + $1.0 * $1.1 }
            worstCosine = min(worstCosine, cosine)
            worstComponent = max(worstComponent, zip(row, reference.embedding).map { abs($0 - $1) }.max() ?? 0)
            #expect(cosine >= 0.9999, "\(reference.text.debugDescription): cosine \(cosine)")
        }
        print("MiniLM vs sentence-transformers: min cosine \(worstCosine), max |Δ| \(worstComponent)")
        #expect(worstComponent < 1e-4)
    }

    @Test func batchingAndWorkersDoNotChangeTheVectors() throws {
        let folder = try #require(TestModel.folder)
        let texts = Self.references.prefix(12).map(\.text)
        var configuration = MiniLMEmbedder.Configuration()
        configuration.workers = 1
        configuration.batchSize = 1
        let single = try MiniLMEmbedder(modelFolder: folder, configuration: configuration).embed(texts)
        configuration.workers = 2
        configuration.batchSize = 5
        let batched = try MiniLMEmbedder(modelFolder: folder, configuration: configuration).embed(texts)
        for index in texts.indices {
            let cosine = zip(single.row(index), batched.row(index)).reduce(0) { $0 + $1.0 * $1.1 }
            #expect(cosine > 0.99999)
        }
    }

    @Test func closeRulesScoreHigherThanUnrelatedOnes() throws {
        let embedder = try #require(TestModel.embedder)
        let vectors = try embedder.embed([
            "Always run the test suite before committing.", "Run all tests before you push any changes.",
            "The quick brown fox jumps over the lazy dog.",
        ])
        #expect(abs(vectors.cosine(0, 1) - 0.6755) < 0.001)
        #expect(vectors.cosine(0, 2) < 0.1)
        #expect(try embedder.embed([]).count == 0)
    }
}

@Suite struct MiniLMLoadingTests {
    @Test func aMissingFolderSaysHowToInstall() throws {
        let folder = ModelFolder(path: "/nonexistent/skillscope-model", source: .environment)
        let error = #expect(throws: EmbeddingsError.self) { try MiniLMEmbedder(modelFolder: folder) }
        #expect(error?.code == .modelMissing)
        #expect(error?.message.contains("skillscope model install") == true)
        #expect(error?.message.contains("/nonexistent/skillscope-model") == true)
        #expect(error?.message.contains("$SKILLSCOPE_MODEL") == true)
    }

    @Test func aFolderWithAVocabularyButBrokenWeightsIsCorrupt() throws {
        let directory = TemporaryDirectory()
        try "[PAD]\n[UNK]\n[CLS]\n[SEP]\n".write(
            toFile: directory.path + "/vocab.txt", atomically: true, encoding: .utf8)
        try "not safetensors".write(toFile: directory.path + "/model.safetensors", atomically: true, encoding: .utf8)
        let error = #expect(throws: EmbeddingsError.self) {
            try MiniLMEmbedder(modelFolder: ModelFolder(path: directory.path))
        }
        #expect(error?.code == .modelCorrupt)
        #expect(error?.message.contains("model.safetensors") == true)
    }
}
