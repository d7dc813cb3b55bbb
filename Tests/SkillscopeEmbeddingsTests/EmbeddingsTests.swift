import SkillscopeEmbeddings
import Testing

@Suite struct EmbeddingsTests {
    @Test func rowsAndCosines() {
        var vector: ArraySlice<Float> = [3, 4]
        normalize(&vector)
        #expect(vector == [0.6, 0.8])
        let embeddings = Embeddings(embedder: "test", dimension: 2, values: [0.6, 0.8, 1, 0])
        #expect(embeddings.count == 2)
        #expect(embeddings.row(1) == [1, 0])
        #expect(abs(embeddings.cosine(0, 1) - 0.6) < 1e-6)
    }
}
