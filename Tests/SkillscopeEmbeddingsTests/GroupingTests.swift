import Foundation
import SkillscopeEmbeddings
import SkillscopeTesting
import Testing

/// Deterministic unit vectors: `clusters` random centres and members scattered around them.
private func clustered(clusters: Int, members: Int, dimension: Int, spread: Float, seed: UInt64) -> [Float] {
    var generator = SplitMix(seed: seed)
    var values: [Float] = []
    var centres: [[Float]] = []
    for _ in 0..<clusters { centres.append((0..<dimension).map { _ in generator.nextGaussian() }) }
    for member in 0..<(clusters * members) {
        var row = ArraySlice(centres[member % clusters].map { $0 + spread * generator.nextGaussian() })
        normalize(&row)
        values.append(contentsOf: row)
    }
    return values
}

typealias SplitMix = SeededGenerator

extension SeededGenerator {
    mutating func nextGaussian() -> Float {
        let u = Float.random(in: Float.ulpOfOne..<1, using: &self)
        let v = Float.random(in: 0..<1, using: &self)
        return (-2 * logf(u)).squareRoot() * cosf(2 * .pi * v)
    }
}

@Suite struct NearestNeighbourIndexTests {
    @Test func findsTheExactNearestNeighbourForNearlyEveryQuery() {
        let dimension = 32
        let data = clustered(clusters: 200, members: 10, dimension: dimension, spread: 0.6, seed: 7)
        let embeddings = Embeddings(embedder: "test", dimension: dimension, values: data)
        var index = NearestNeighbourIndex(dimension: dimension, training: data, lists: 64, probes: 8)
        for row in 0..<embeddings.count { index.add(embeddings.row(row), id: Int32(row)) }
        #expect(index.count == embeddings.count)
        let queries = clustered(clusters: 200, members: 1, dimension: dimension, spread: 0.6, seed: 7)
        let found = index.nearest(queries)
        var agree = 0
        for query in 0..<found.count {
            var exact = (id: -1, score: -Float.infinity)
            for row in 0..<embeddings.count {
                var score: Float = 0
                for d in 0..<dimension { score += queries[query * dimension + d] * data[row * dimension + d] }
                if score > exact.score { exact = (row, score) }
            }
            if let match = found[query], match.id == Int32(exact.id) { agree += 1 }
        }
        // Recall@1 of the IVF index against an exact scan.
        #expect(Double(agree) / Double(found.count) >= 0.95)
    }

    @Test func emptyListsGiveNoMatch() {
        let index = NearestNeighbourIndex(dimension: 2, training: [1, 0, 0, 1], lists: 2)
        #expect(index.nearest([1, 0]).allSatisfy { $0 == nil })
    }
}

@Suite struct RuleGrouperTests {
    @Test func membersAreWithinTheThresholdOfTheirLeaderAndClustersAreFound() {
        let dimension = 48
        let data = clustered(clusters: 300, members: 6, dimension: dimension, spread: 0.25, seed: 11)
        let embeddings = Embeddings(embedder: "test", dimension: dimension, values: data)
        var configuration = RuleGrouper.Configuration(threshold: 0.8)
        configuration.chunk = 256
        let grouping = RuleGrouper(configuration: configuration).group(embeddings)
        for row in 0..<embeddings.count {
            let leader = Int(grouping.leaderOf[row])
            #expect(leader <= row)
            #expect(Int(grouping.leaderOf[leader]) == leader)
            #expect(embeddings.cosine(row, leader) >= 0.8 || leader == row)
        }
        // Members of one synthetic cluster (rows c, c+300, …) share a kind; distinct clusters do not merge.
        var sameKind = 0
        for row in 300..<embeddings.count where grouping.leaderOf[row] == grouping.leaderOf[row % 300] {
            sameKind += 1
        }
        #expect(Double(sameKind) / Double(embeddings.count - 300) >= 0.95)
        #expect(grouping.kinds >= 290 && grouping.kinds <= 330)
    }

    @Test func theSameRowsInTheSameOrderGiveTheSameKinds() {
        let data = clustered(clusters: 40, members: 5, dimension: 16, spread: 0.3, seed: 3)
        let embeddings = Embeddings(embedder: "test", dimension: 16, values: data)
        var configuration = RuleGrouper.Configuration(threshold: 0.75)
        configuration.chunk = 64
        let first = RuleGrouper(configuration: configuration).group(embeddings)
        configuration.workers = 1
        let second = RuleGrouper(configuration: configuration).group(embeddings)
        #expect(first.leaderOf == second.leaderOf)
    }
}

@Suite struct LexicalEmbedderTests {
    @Test func sharedWordsScoreHigherThanUnrelatedText() {
        let embedder = LexicalEmbedder(dimension: 512)
        let rows = embedder.embed([
            "Run the test suite before committing.", "Always run the full test suite before you commit.",
            "Use tabs for indentation in Go files.",
        ])
        #expect(rows.embedder == "lexical-1-d512")
        #expect(abs(rows.cosine(0, 0) - 1) < 1e-5)
        #expect(rows.cosine(0, 1) > 0.4)
        #expect(rows.cosine(0, 2) < 0.15)
    }

    @Test func registryFrequenciesWeighRareWordsUp() {
        var vocabulary = LexicalEmbedder.Vocabulary()
        for _ in 0..<50 { vocabulary.add("always use the project conventions") }
        vocabulary.add("prefer pnpm")
        let weighted = LexicalEmbedder(dimension: 512, vocabulary: vocabulary)
        let plain = LexicalEmbedder(dimension: 512)
        let texts = ["always use pnpm", "always use the linter"]
        // Sharing only common words ("always use") counts for less once the registry says they are common.
        #expect(weighted.embed(texts).cosine(0, 1) < plain.embed(texts).cosine(0, 1))
        #expect(
            LexicalEmbedder.words(of: "Use `snake_case` names, NOT camelCase!") == [
                "use", "snake_case", "names", "not", "camelcase",
            ])
    }

    @Test func emptyTextGivesAZeroRow() {
        let rows = LexicalEmbedder(dimension: 8).embed(["", "— !"])
        #expect(rows.values.allSatisfy { $0 == 0 })
    }
}
