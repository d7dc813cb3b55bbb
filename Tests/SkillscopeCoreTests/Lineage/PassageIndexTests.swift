import SkillscopeCore
import Testing

@Suite struct PassageIndexTests {
    let index = PassageIndex(files: [
        (id: 1, fingerprints: [10, 20, 30]), (id: 2, fingerprints: [20, 40]), (id: 5, fingerprints: [20, 30, 50]),
    ])

    @Test func postingsListTheFilesHoldingEachHash() {
        #expect(Array(index.files(holding: 20)) == [1, 2, 5])
        #expect(Array(index.files(holding: 30)) == [1, 5])
        #expect(index.files(holding: 99).isEmpty)
        #expect(index.postingCount == 8)
    }

    @Test func candidatesCountSharedFingerprintsAndSkipStopHashes() {
        #expect(index.candidates(for: [20, 30, 99], maxPostings: 10) == [1: 2, 2: 1, 5: 2])
        #expect(index.candidates(for: [20, 30], maxPostings: 2) == [1: 1, 5: 1])
    }

    @Test func theEncodingRoundTrips() throws {
        let decoded = try #require(PassageIndex(encoded: index.encoded()))
        #expect(
            decoded.hashes == index.hashes && decoded.offsets == index.offsets && decoded.postings == index.postings)
        #expect(PassageIndex(encoded: Array(index.encoded().dropLast())) == nil)
        #expect(PassageIndex(encoded: []) == nil)
        #expect(PassageIndex().candidates(for: [1], maxPostings: 5).isEmpty)
    }

    @Test func nameKeysTreatDashUnderscoreAndSpaceAlike() {
        #expect(NameKey.make("SwiftUI_Patterns") == NameKey.make("swiftui-patterns"))
        #expect(NameKey.make("swiftui  patterns") == "swiftui-patterns")
        #expect(NameKey.make("--") == nil && NameKey.make(nil) == nil)
    }
}
