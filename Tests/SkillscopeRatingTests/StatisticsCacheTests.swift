import Foundation
import SkillscopeCore
import SkillscopeEmbeddings
import SkillscopeRating
import SkillscopeStore
import SkillscopeTesting
import Testing

private let seenAt = "2026-12-02T10:00:00Z"

/// The kinds' index kept as a file beside the registry: written by `group`, mapped by every reader, rebuilt by a
/// reader when missing or stale, and never served stale after a regroup.
@Suite struct StatisticsCacheTests {
    /// A registry of `count` repositories' CLAUDE.md files, grouped with the lexical embedder.
    static func groupedRegistry(in directory: TemporaryDirectory, count: Int = 40, topic: String = "views")
        throws -> any Store
    {
        let store = try StoreEngine.sqlite.makeEmptyStore(in: directory)
        let files = (0..<count).map { index in
            Fixtures.record(
                "team\(index)/app", "CLAUDE.md",
                "# Guide\n\n- Keep \(topic) small and split long bodies into named parts.\n"
                    + "- Run the tests of package \(index) before every push.\n")
        }
        _ = try store.write(repositories: [], files: files, seenAt: seenAt)
        _ = try RuleKindBuilder(store: store, configuration: .init(embedder: LexicalEmbedder())).build(at: seenAt)
        return store
    }

    @Test func groupWritesTheIndexFileAndReadersMapIt() throws {
        let directory = TemporaryDirectory()
        let store = try Self.groupedRegistry(in: directory)
        let path = try #require(store.derivedFilePath(KindVectors.indexFileName))
        #expect(FileManager.default.fileExists(atPath: path))
        let placer = try #require(try StatisticsCache().placer(store))
        #expect(placer.index.isMapped && placer.count > 0)
        // The same placer the vectors give on the heap.
        let vectors = try KindVectors(decoding: try #require(try store.blob(KindVectors.blobName)))
        let heap = KindPlacer(vectors: vectors)
        let texts = ["Keep views small and split long bodies into named parts.", "Deploy on Fridays only."]
        let embedder = LexicalEmbedder(dimension: heap.index.dimension, vocabulary: try #require(heap.vocabulary))
        let a = try heap.place(texts, embedder: embedder, threshold: 0.5)
        let b = try placer.place(texts, embedder: embedder, threshold: 0.5)
        #expect(a.map { $0?.kind } == b.map { $0?.kind } && a[0] != nil)
    }

    @Test func aReaderRebuildsAMissingOrDamagedFileOnceAndMapsIt() throws {
        let directory = TemporaryDirectory()
        let store = try Self.groupedRegistry(in: directory)
        let path = try #require(store.derivedFilePath(KindVectors.indexFileName))
        for damage in ["removed", "truncated"] {
            if damage == "removed" {
                try FileManager.default.removeItem(atPath: path)
            } else {
                let bytes = try #require(FileManager.default.contents(atPath: path))
                try bytes.prefix(100).write(to: URL(fileURLWithPath: path))
            }
            let placer = try #require(try StatisticsCache().placer(store))
            #expect(placer.index.isMapped, "\(damage)")
            #expect((try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0) > 100)
            // No temporary file is left beside it.
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            #expect(!names.contains { $0.contains(".tmp-") }, "\(names)")
        }
    }

    @Test func aRegroupMovesAServerOnToTheNewKinds() throws {
        let directory = TemporaryDirectory()
        let store = try Self.groupedRegistry(in: directory)
        let cache = StatisticsCache()
        let before = try #require(try cache.placer(store))
        let statisticsBefore = try #require(try cache.statistics(store))
        // More files, grouped again: the kept placer is replaced by one mapped from the new file.
        let files = (0..<30).map { index in
            Fixtures.record(
                "other\(index)/tool", "AGENTS.md",
                "# Notes\n\n- Format every Swift file with swift-format before committing change \(index).\n")
        }
        _ = try store.write(repositories: [], files: files, seenAt: seenAt)
        _ = try RuleKindBuilder(store: store, configuration: .init(embedder: LexicalEmbedder())).build(at: seenAt)
        let after = try #require(try cache.placer(store))
        let statisticsAfter = try #require(try cache.statistics(store))
        #expect(after.index.isMapped)
        // Each placer holds the kinds of the statistics of its own grouping (41 kinds, then 39 with the new files).
        #expect(before.count == statisticsBefore.kindCount && after.count == statisticsAfter.kindCount)
        #expect(statisticsAfter.files == 70 && statisticsBefore.files == 40 && after.count != before.count)
        // The placer read before still answers from the file it mapped, replaced on disk since.
        let embedder = LexicalEmbedder(dimension: before.index.dimension, vocabulary: try #require(before.vocabulary))
        #expect(try before.place(["Keep views small."], embedder: embedder, threshold: 0).first! != nil)
    }
}
