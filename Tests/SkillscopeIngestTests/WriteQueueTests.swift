import Dispatch
import Foundation
import SQLite
import SkillscopeCore
import SkillscopeSQLite
import SkillscopeStore
import SkillscopeTesting
import Synchronization
import Testing

@testable import SkillscopeIngest

/// Group commit: the writer takes the chunk whose turn it is and those queued behind it, within its limit.
@Suite struct WriteQueueTests {
    static let seenAt = "2026-11-30T09:00:00Z"

    func chunk(_ repository: String, files: Int, firstOfRepository: Bool = true) -> WriteQueue.Chunk {
        let records = (0..<files).map {
            Fixtures.record(repository, "s\($0)/SKILL.md", "---\nname: s\($0)\n---\n- Rule \($0) of \(repository).\n")
        }
        return WriteQueue.Chunk(
            repositories: firstOfRepository ? [RepositoryRecord(fullName: repository)] : [], files: records,
            unchanged: [], listed: files)
    }

    /// A queue holding one chunk of each size, of repositories `r0/repo`, `r1/repo`, …; closed when `closed`.
    func queue(maxFiles: Int, sizes: [Int], closed: Bool = true) -> WriteQueue {
        let queue = WriteQueue(maxFiles: maxFiles)
        for (index, size) in sizes.enumerated() { queue.add(chunk("r\(index)/repo", files: size)) }
        if closed { queue.close() }
        return queue
    }

    @Test func aTurnTakesTheOldestChunkAndThoseQueuedBehindItUpToTheLimit() {
        let queue = queue(maxFiles: 5, sizes: [2, 3, 2], closed: false)
        #expect(queue.take()?.map(\.listed) == [2, 3])
        // Two files are less than a batch: they go when hurried.
        queue.hurry()
        #expect(queue.take()?.map(\.listed) == [2])
        queue.close()
        #expect(queue.take() == nil)
    }

    @Test func theWriterWaitsForAFullBatch() async {
        let queue = WriteQueue(maxFiles: 5)
        queue.add(chunk("a/one", files: 2))
        let added = Mutex(false)
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(150)) {
            added.withLock { $0 = true }
            queue.add(self.chunk("b/two", files: 3))
        }
        let taken = await Task.detached { (queue.take()?.map(\.listed), added.withLock { $0 }) }.value
        #expect(taken.0 == [2, 3] && taken.1)
    }

    @Test func aChunkLargerThanTheLimitIsStillTakenAlone() {
        let queue = WriteQueue(maxFiles: 2)
        queue.add(chunk("a/one", files: 4))
        queue.add(chunk("a/one", files: 1, firstOfRepository: false))
        #expect(queue.take()?.map(\.listed) == [4])
        queue.close()
        #expect(queue.take()?.map(\.listed) == [1])
    }

    @Test func theWriterWaitsForAChunkAndEndsAtTheClose() async {
        let queue = WriteQueue(maxFiles: 10)
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(100)) {
            queue.add(self.chunk("a/one", files: 3))
            queue.close()
        }
        let taken = await Task.detached { (queue.take()?.map(\.listed), queue.take()?.map(\.listed)) }.value
        #expect(taken.0 == [3] && taken.1 == nil)
    }

    @Test func theWriterWritesEachTurnInOneTransactionAndReportsIt() throws {
        let directory = TemporaryDirectory()
        let store = try SQLiteStore(path: directory.appending("r.sqlite"))
        let queue = queue(maxFiles: 5, sizes: [2, 3, 2])
        var results: [Result<WriteQueue.Turn, any Error>] = []
        queue.serve(store, seenAt: Self.seenAt) { results.append($0) }
        let turns = try results.map { try $0.get() }
        #expect(turns.map(\.chunks) == [2, 1])
        #expect(turns.map(\.summary.written) == [5, 2])
        let stats = try store.stats()
        #expect(stats.files == 7 && stats.repositories == 3)
    }

    @Test func aFailedTurnWritesNoneOfItsChunksAndTheWriterStops() throws {
        let directory = TemporaryDirectory()
        let store = try SQLiteStore(path: directory.appending("r.sqlite"))
        let queue = queue(maxFiles: 4, sizes: [2, 2, 2])
        // The store refuses the first turn's last file, after the others are in.
        let connection = try Connection(path: directory.appending("r.sqlite"))
        try connection.run(
            """
            CREATE TRIGGER refuse BEFORE INSERT ON files WHEN NEW.path = 's1/SKILL.md' AND
                NEW.repository_id = (SELECT id FROM repositories WHERE full_name = 'r1/repo')
            BEGIN SELECT RAISE(ABORT, 'refused'); END
            """)
        var results: [Result<WriteQueue.Turn, any Error>] = []
        queue.serve(store, seenAt: Self.seenAt) { results.append($0) }
        #expect(results.count == 1)
        #expect(throws: (any Error).self) { try results.first?.get() }
        // Neither the refused turn's files nor the chunk queued after it were written.
        #expect(try store.stats().files == 0)
    }

    @Test func chunksWrittenTogetherGiveTheRegistryOfChunksWrittenAlone() async throws {
        let directory = TemporaryDirectory()
        let corpus = try CorpusBuilder(
            (0..<40).map { file in
                CorpusBuilder.File(
                    "owner\(file % 7)/repo", "skills/s\(file)/SKILL.md",
                    "---\nname: s\(file)\ndescription: Skill \(file).\n---\n# S\n\n- Always apply rule \(file).\n")
            }
        ).write(to: directory)
        var dumps: [[String]] = []
        for batchFiles in [2, 64] {
            let path = directory.appending("r\(batchFiles).sqlite")
            var configuration = Ingestor.Configuration()
            configuration.chunkSize = 2
            configuration.batchFiles = batchFiles
            let report = try await Ingestor(store: try SQLiteStore(path: path), configuration: configuration).run(
                [CorpusSource(root: corpus)], seenAt: Self.seenAt)
            #expect(report.written == 40 && report.indexed == 40 && report.rules == 40)
            dumps.append(try RegistryDump.lines(path))
        }
        #expect(dumps[0] == dumps[1])
    }
}
