import Foundation
import SkillscopeCore
import SkillscopeStore
import SkillscopeTesting
import Testing

/// The lineage table kept in a file and mapped: read back whole, and refused when it is not the one asked for.
@Suite struct LineageTableFileTests {
    /// A table of `rows` rows of random phrases over a small pool (so phrases are shared), in three repositories.
    static func table(rows: Int, seed: UInt64 = 7) -> LineageTable {
        var generator = SeededGenerator(seed: seed)
        var builder = LineageTable.Builder()
        for row in 0..<rows {
            let phrases = Set(
                (0..<Int(generator.next() % 40)).map { _ in generator.next() % 500 &* 0x9E37_79B9_7F4A_7C15 })
            builder.append(
                LineageTable.Row(
                    id: Int64(row * 3 + 1), repository: "owner\(row % 3)/repo", path: "skills/s\(row)/SKILL.md",
                    kind: row % 2 == 0 ? .skill : .agents, name: row % 4 == 0 ? nil : "s\(row)", stars: row % 3 * 10,
                    firstSeen: "2026-11-\(10 + row % 20)T00:00:00Z", wordCount: row * 11,
                    sequenceHash: UInt64(row) * 977,
                    phrases: phrases.sorted()))
        }
        return builder.build()
    }

    @Test func aWrittenTableIsMappedBackWhole() throws {
        let directory = TemporaryDirectory()
        let path = directory.appending("lineage.table")
        let built = Self.table(rows: 300)
        try built.write(path: path, tag: Array("g1".utf8))
        let mapped = try #require(LineageTable.mapped(path: path, tag: Array("g1".utf8)))
        #expect(mapped.isMapped && !built.isMapped && mapped.count == 300)
        for row in 0..<built.count {
            #expect(mapped.record(row) == built.record(row))
            #expect(mapped.phrases.phrases(row) == built.phrases.phrases(row))
            #expect(mapped.firstSeenRanks[row] == built.firstSeenRanks[row] && mapped.row(of: built.ids[row]) == row)
            for phrase in built.phrases.phrases(row) {
                #expect(mapped.phraseIndex.rows(holding: phrase) == built.phraseIndex.rows(holding: phrase))
            }
        }
        #expect(mapped.phraseIndex.hashes == built.phraseIndex.hashes)
        #expect(mapped.phraseIndex.postings == built.phraseIndex.postings)
        #expect(mapped.repositoryNameRanks == built.repositoryNameRanks && mapped.repository(named: "owner2/repo") == 2)
        #expect(mapped.names == built.names && mapped.kinds == built.kinds)
        // An empty table too.
        try LineageTable.Builder().build().write(path: path, tag: [])
        #expect(LineageTable.mapped(path: path, tag: [])?.count == 0)
    }

    @Test func anotherTagAShortFileOrAPostingOutOfRangeIsNoTable() throws {
        let directory = TemporaryDirectory()
        let path = directory.appending("lineage.table")
        try Self.table(rows: 50).write(path: path, tag: Array("generation 3, 50 files".utf8))
        #expect(LineageTable.mapped(path: path, tag: Array("generation 4, 50 files".utf8)) == nil)
        #expect(LineageTable.mapped(path: directory.appending("missing"), tag: []) == nil)
        let bytes = try #require(FileManager.default.contents(atPath: path))
        let tag = Array("generation 3, 50 files".utf8)
        #expect(LineageTable.mapped(path: path, tag: tag) != nil)
        try bytes.prefix(bytes.count - 1).write(to: URL(fileURLWithPath: path))
        #expect(LineageTable.mapped(path: path, tag: tag) == nil)
        // Every posting names a row: one past the rows is refused, not read as a row.
        let table = Self.table(rows: 50)
        try table.write(path: path, tag: tag)
        var damaged = try #require(FileManager.default.contents(atPath: path))
        let postings = table.phraseIndex.postings
        let needle = postings.withUnsafeBufferPointer { Data(buffer: UnsafeBufferPointer(rebasing: $0[0..<4])) }
        let at = try #require(damaged.range(of: needle))
        damaged.replaceSubrange(
            at.lowerBound..<at.lowerBound + 4, with: withUnsafeBytes(of: UInt32(50).littleEndian) { Data($0) })
        try damaged.write(to: URL(fileURLWithPath: path))
        #expect(LineageTable.mapped(path: path, tag: tag) == nil)
    }
}
