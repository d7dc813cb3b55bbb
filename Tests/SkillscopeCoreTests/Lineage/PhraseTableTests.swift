import SkillscopeCore
import SkillscopeTesting
import Testing

@Suite struct PhraseTableTests {
    @Test func rowsGiveBackTheirPhrases() {
        var table = PhraseTable()
        table.append([1, 2, 0xFFFF_FFFF_0000_0003])
        table.append([])
        table.append([UInt64.max])
        #expect(table.rowCount == 3 && table.phraseCount == 4)
        #expect(table.phrases(0) == [1, 2, 0xFFFF_FFFF_0000_0003] && table.phrases(1).isEmpty)
        #expect(table.phrases(2) == [UInt64.max] && table.count(1) == 0 && table.count(0) == 3)
    }

    @Test func sharedCountsAreTheMergedIntersection() {
        var generator = SeededGenerator(seed: 7)
        // A pool in which many hashes share their low (or high) 32 bits, so the bitmap passes what is not shared.
        let lows = (0..<40).map { _ in UInt64(UInt32.random(in: 0...UInt32.max, using: &generator)) }
        let highs = (0..<40).map { _ in UInt64(UInt32.random(in: 0...UInt32.max, using: &generator)) << 32 }
        var pool = Set<UInt64>()
        for low in lows { for high in highs { pool.insert(high | low) } }
        for _ in 0..<2000 { pool.insert(generator.next()) }
        pool.insert(0)
        let all = Array(pool)
        func sample(_ count: Int) -> [UInt64] {
            Array(Set((0..<count).map { _ in all[Int.random(in: 0..<all.count, using: &generator)] })).sorted()
        }
        var table = PhraseTable()
        var rows: [[UInt64]] = []
        for size in [0, 1, 5, 50, 400, 3000] {
            let row = sample(size)
            rows.append(row)
            table.append(row)
        }
        for size in [0, 1, 30, 700, 2500] {
            let subject = sample(size)
            let probe = PhraseProbe(subject)
            for (index, row) in rows.enumerated() {
                #expect(probe.sharedCount(index, in: table) == PhraseSet.intersectionCount(row, subject))
            }
            for phrase in all.prefix(200) { #expect(probe.contains(phrase) == subject.contains(phrase)) }
        }
    }
}

@Suite struct PhraseIndexTests {
    @Test func eachHashListsTheRowsHoldingIt() {
        var generator = SeededGenerator(seed: 11)
        let pool = (0..<500).map { _ in generator.next() } + [0, UInt64.max, 1 << 63]
        var table = PhraseTable()
        var rows: [[UInt64]] = []
        for _ in 0..<120 {
            let row = Array(
                Set(
                    (0..<Int.random(in: 0..<80, using: &generator)).map { _ in
                        pool[Int.random(in: 0..<pool.count, using: &generator)]
                    })
            ).sorted()
            rows.append(row)
            table.append(row)
        }
        let index = PhraseIndex(table)
        #expect(index.postings.count == table.phraseCount)
        #expect(index.hashes.array == Array(Set(rows.flatMap { $0 })).sorted())
        for hash in pool {
            let holders = rows.indices.filter { rows[$0].contains(hash) }.map(UInt32.init)
            #expect(Array(index.rows(holding: hash)) == holders)
        }
        #expect(index.rows(holding: 12345).isEmpty && PhraseIndex().rows(holding: 1).isEmpty)
        // Built one partition at a time or several at once (rounds that do not divide the 64 partitions too), the
        // index is the same.
        for workers in [1, 2, 3, 7, 64] {
            let other = PhraseIndex(table, workers: workers)
            #expect(other.hashes == index.hashes && other.offsets == index.offsets && other.postings == index.postings)
            for hash in pool { #expect(other.rows(holding: hash) == index.rows(holding: hash)) }
        }
    }
}
