import SkillscopeRating
import Testing

@Suite struct FileKindsTests {
    @Test func eachFilesKindsAreFoundSortedAndOnce() throws {
        let kinds = FileKinds(files: [(id: 9, kinds: [4, 2, 4]), (id: 3, kinds: []), (id: 5, kinds: [7])])
        #expect(kinds.fileIDs == [3, 5, 9])
        #expect(Array(kinds.kinds(ofFile: 9)) == [2, 4])
        #expect(kinds.kinds(ofFile: 3).isEmpty && kinds.kinds(ofFile: 4).isEmpty)
        #expect(kinds.file(9, holds: 4) && !kinds.file(9, holds: 3) && !kinds.file(1, holds: 7))
        let decoded = try FileKinds(decoding: kinds.encoded())
        #expect(decoded.fileIDs == kinds.fileIDs && decoded.kinds == kinds.kinds && decoded.offsets == kinds.offsets)
    }

    @Test func damagedBytesAreRefused() {
        var bytes = FileKinds(files: [(id: 1, kinds: [1, 2])]).encoded()
        bytes.removeLast()
        #expect(throws: (any Error).self) { try FileKinds(decoding: bytes) }
        // Offsets that run past the kinds are refused, not read.
        var tampered = FileKinds(files: [(id: 1, kinds: [1, 2])]).encoded()
        tampered[tampered.count - 8 - 8 - 4] = 9
        #expect(throws: (any Error).self) { try FileKinds(decoding: tampered) }
    }
}
