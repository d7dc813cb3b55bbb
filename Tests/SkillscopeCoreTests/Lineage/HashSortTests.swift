import SkillscopeCore
import Testing

@Suite struct HashSortTests {
    @Test(arguments: [0, 1, 2, 127, 128, 129, 1_000, 5_000, 70_000])
    func sortsAsTheStandardLibraryDoes(count: Int) {
        var state = UInt64(count) &+ 1
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state ^ (state >> 29)
        }
        let shapes: [[UInt64]] = [
            (0..<count).map { _ in next() },
            // Every byte but the lowest shared: the passes that would change nothing are skipped.
            (0..<count).map { _ in 0xABCD_EF01_2345_6700 | (next() & 0xFF) },
            // Duplicates, zero and the largest value.
            (0..<count).map { index in [0, .max, 42][index % 3] ^ (index % 7 == 0 ? next() >> 60 : 0) },
        ]
        for hashes in shapes {
            var sorted = hashes
            HashSort.sort(&sorted)
            #expect(sorted == hashes.sorted())
        }
    }
}
