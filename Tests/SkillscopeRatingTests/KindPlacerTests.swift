import Foundation
import SkillscopeEmbeddings
import SkillscopeRating
import SkillscopeTesting
import Testing

/// Placing rules among kinds: the exact scan for a few, the leaders' index for many, the same answers.
@Suite struct KindPlacerTests {
    /// `kinds` random unit leaders of `dimension` values, and an embedder that reads a text "k17" as leader 17
    /// nudged a little ("none" as a vector near no leader).
    static func fixture(kinds: Int, dimension: Int) -> (KindVectors, any Embedder) {
        var generator = SeededGenerator(seed: 25)
        func unit(_ values: [Float]) -> [Float] {
            let norm = values.reduce(0) { $0 + $1 * $1 }.squareRoot()
            return values.map { $0 / max(norm, 1e-9) }
        }
        func random() -> [Float] {
            (0..<dimension).map { _ in Float(Double(generator.next() % 20_000) / 10_000 - 1) }
        }
        let leaders = (0..<kinds).map { _ in unit(random()) }
        let noise = (0..<kinds).map { _ in random() }
        struct Nudged: Embedder {
            let leaders: [[Float]]
            let noise: [[Float]]
            let far: [Float]
            var identifier: String { "test-nudged" }
            var dimension: Int { far.count }
            func embed(_ texts: [String]) throws -> Embeddings {
                let rows = texts.map { text -> [Float] in
                    guard let kind = Int(text.dropFirst()), text.hasPrefix("k") else { return far }
                    let mixed = zip(leaders[kind], noise[kind]).map { $0 + 0.05 * $1 }
                    let norm = mixed.reduce(0) { $0 + $1 * $1 }.squareRoot()
                    return mixed.map { $0 / norm }
                }
                return Embeddings(embedder: identifier, dimension: dimension, values: rows.flatMap { $0 })
            }
        }
        // A vector orthogonal-ish to all: the first axis alone, which random leaders barely share.
        var far = [Float](repeating: 0, count: dimension)
        far[0] = 1
        let vectors = KindVectors(
            embedder: "test-nudged", dimension: dimension, values: leaders.flatMap { $0 }, vocabulary: nil)
        return (vectors, Nudged(leaders: leaders, noise: noise, far: far))
    }

    @Test func theIndexPlacesRulesAsTheExactScanDoes() throws {
        let (vectors, embedder) = Self.fixture(kinds: 3_000, dimension: 32)
        let texts = (0..<400).map { "k\(($0 * 7) % 3_000)" } + ["none"]
        let placer = KindPlacer(vectors: vectors)
        // 401 texts × 3,000 kinds is over a million scores: still exact below the bound.
        let exact = try placer.place(texts, embedder: embedder, threshold: 0.9)
        #expect(texts.count * vectors.count <= KindPlacer.exactScores)
        // The index, as a text of many rules would use it.
        let index = KindPlacer.index(of: vectors)
        #expect(index.count == 3_000 && index.listCount == Int((3_000.0).squareRoot() * 2 + 0.5))
        let queries = try embedder.embed(texts).values
        let found = index.nearest(queries)
        var agree = 0
        for (offset, text) in texts.enumerated() where text != "none" {
            #expect(exact[offset]?.kind == Int(text.dropFirst()), "\(text)")
            if let hit = found[offset], hit.score >= 0.9, Int(hit.id) == exact[offset]?.kind { agree += 1 }
        }
        // Each rule is its leader nudged: the index finds the same leader for nearly all of them.
        #expect(agree >= 390, "\(agree) of 400")
        #expect(exact.last! == nil)
    }

    @Test func theGroupingsListsSavedWithTheVectorsGiveTheSameIndexWithoutTraining() throws {
        let (plain, embedder) = Self.fixture(kinds: 2_000, dimension: 24)
        let trained = KindPlacer.index(of: plain)
        var listOfKind = [Int32](repeating: -1, count: plain.count)
        for list in 0..<trained.listCount {
            trained.withList(list) { members, _ in for kind in members { listOfKind[Int(kind)] = Int32(list) } }
        }
        let saved = KindVectors(
            embedder: plain.embedder, dimension: plain.dimension, values: plain.values, vocabulary: nil,
            centroids: trained.centroids, listOfKind: listOfKind)
        // Through the blob and back: version 2 keeps the lists (half floats, as the leaders are kept).
        let decoded = try KindVectors(decoding: saved.encoded())
        #expect(decoded.listOfKind == listOfKind && decoded.centroids?.count == trained.centroids.count)
        let rebuilt = KindPlacer.index(of: decoded)
        #expect(rebuilt.listCount == trained.listCount && rebuilt.count == 2_000)
        let queries = try embedder.embed((0..<200).map { "k\($0 * 9)" }).values
        let a = trained.nearest(queries).map { $0?.id }
        let b = rebuilt.nearest(queries).map { $0?.id }
        #expect(zip(a, b).filter { $0 == $1 }.count >= 195)
        // Decoded as stored (half floats, no Float copy of the whole), the index is the same.
        let halves = try KindVectors(decoding: saved.encoded(), asHalves: true)
        #expect(halves.values.isEmpty && halves.count == 2_000 && halves.row(5) == decoded.row(5))
        #expect(KindPlacer.index(of: halves).nearest(queries).map { $0?.id } == b)
        // Vectors saved before the lists were kept still decode, and are indexed by training.
        #expect(try KindVectors(decoding: plain.encoded()).listOfKind == nil)
    }

    /// The grouping's lists saved with `vectors`, as `group` keeps them.
    static func withLists(_ vectors: KindVectors) -> KindVectors {
        let trained = KindPlacer.index(of: vectors)
        var listOfKind = [Int32](repeating: -1, count: vectors.count)
        for list in 0..<trained.listCount {
            trained.withList(list) { members, _ in for kind in members { listOfKind[Int(kind)] = Int32(list) } }
        }
        return KindVectors(
            embedder: vectors.embedder, dimension: vectors.dimension, values: vectors.values,
            vocabulary: LexicalEmbedder.Vocabulary(counting: ["alpha beta", "beta gamma"]),
            centroids: trained.centroids, listOfKind: listOfKind)
    }

    @Test func theMappedIndexFilePlacesRulesAsTheHeapIndexDoes() throws {
        let directory = TemporaryDirectory()
        let (plain, embedder) = Self.fixture(kinds: 1_500, dimension: 24)
        let saved = try KindVectors(decoding: Self.withLists(plain).encoded(), asHalves: true)
        let path = directory.path + "/kinds.index"
        let tag = KindVectors.tag(of: saved.encoded())
        try KindPlacer.writeFile(of: saved, path: path, tag: tag)
        let mapped = try #require(KindPlacer.mapped(path: path, tag: tag))
        let heap = KindPlacer(vectors: saved)
        #expect(mapped.index.isMapped && !heap.index.isMapped)
        #expect(mapped.count == 1_500 && mapped.index.listCount == heap.index.listCount)
        #expect(mapped.embedder == "test-nudged" && mapped.vocabulary?.documents == 2)
        #expect(mapped.vocabulary?.frequencies == saved.vocabulary?.frequencies)
        // Many rules, so that both read only the lists nearest each rule: the same kinds and the same scores.
        let texts = (0..<14_000).map { "k\(($0 * 11) % 1_500)" } + ["none"]
        let fromHeap = try heap.place(texts, embedder: embedder, threshold: 0.9)
        let fromFile = try mapped.place(texts, embedder: embedder, threshold: 0.9)
        #expect(texts.count * 1_500 > KindPlacer.exactScores)
        #expect(fromHeap.map { $0?.kind } == fromFile.map { $0?.kind })
        #expect(fromHeap.map { $0?.score } == fromFile.map { $0?.score })
        #expect(fromFile.compactMap { $0 }.count >= 13_500)
        // Another tag, a short file or a damaged one is no index: the reader rebuilds instead.
        #expect(KindPlacer.mapped(path: path, tag: Array(repeating: 0x30, count: tag.count)) == nil)
        #expect(KindPlacer.mapped(path: directory.path + "/missing", tag: tag) == nil)
        var bytes = try #require(FileManager.default.contents(atPath: path))
        try bytes.prefix(bytes.count - 3).write(to: URL(fileURLWithPath: path))
        #expect(KindPlacer.mapped(path: path, tag: tag) == nil)
        bytes[0] = UInt8(ascii: "X")
        try bytes.write(to: URL(fileURLWithPath: path))
        #expect(KindPlacer.mapped(path: path, tag: tag) == nil)
    }

    @Test func vectorsSavedWithoutListsAreTrainedThenWrittenAndMapped() throws {
        let directory = TemporaryDirectory()
        let (plain, embedder) = Self.fixture(kinds: 800, dimension: 16)
        let path = directory.path + "/kinds.index"
        let tag = KindVectors.tag(of: plain.encoded())
        try KindPlacer.writeFile(of: plain, path: path, tag: tag)
        let mapped = try #require(KindPlacer.mapped(path: path, tag: tag))
        let texts = (0..<100).map { "k\($0 * 8)" }
        let placed = try mapped.place(texts, embedder: embedder, threshold: 0.9)
        #expect(zip(texts, placed).allSatisfy { "k\($1?.kind ?? -1)" == $0 })
    }

    @Test func placingStopsWhenAskedBetweenChunks() throws {
        let (vectors, embedder) = Self.fixture(kinds: 200, dimension: 16)
        let placer = KindPlacer(vectors: vectors)
        var asked = 0
        let texts = (0..<(KindPlacer.chunk * 3)).map { "k\($0 % 200)" }
        let placed = try placer.place(texts, embedder: embedder, threshold: 0.9) {
            asked += 1
            return asked > 1
        }
        // The first chunk was placed; the rest were not reached.
        #expect(placed.prefix(KindPlacer.chunk).allSatisfy { $0 != nil })
        #expect(placed.dropFirst(KindPlacer.chunk).allSatisfy { $0 == nil })
    }
}
