import SkillscopeCore
import Testing

@Suite struct ConcurrentMapTests {
    /// Both workers write their slots at once: every result lands, in order (a buffer moved out for each write,
    /// as an array's `withUnsafeMutableBufferPointer` does, lost some).
    @Test func everyElementIsMappedInOrderUnderContention() {
        let input = Array(0..<200_000)
        for _ in 0..<5 {
            #expect(input.concurrentMap { $0 &* 3 } == input.map { $0 &* 3 })
        }
    }

    @Test func slowElementsDoNotChangeTheResult() {
        // A few elements cost far more than the rest, as one big file or rule group does.
        let input = Array(0..<500)
        let mapped = input.concurrentMap { value -> Int in
            var sum = 0
            for step in 0..<(value % 97 == 0 ? 200_000 : 10) { sum &+= step ^ value }
            return sum
        }
        let expected = input.map { value -> Int in
            var sum = 0
            for step in 0..<(value % 97 == 0 ? 200_000 : 10) { sum &+= step ^ value }
            return sum
        }
        #expect(mapped == expected)
        #expect([Int]().concurrentMap { $0 } == [])
        #expect([1, 2, 3].concurrentMap { $0 + 1 } == [2, 3, 4])
    }
}
