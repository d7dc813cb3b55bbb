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

    /// Files added to an index give the index built over all of them: hashes only the earlier files hold, only
    /// the later ones, and both (their postings joined in id order), with empty sides.
    @Test func appendingLaterFilesGivesTheIndexBuiltOverAll() {
        var state: UInt64 = 0xA99E
        func next(_ bound: UInt64) -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (state >> 33) % bound
        }
        var files: [(id: Int64, fingerprints: [UInt64])] = []
        for id in Int64(1)...400 {
            // Hashes below 300 are common to early and late files, some only early, some only late.
            let range: UInt64 = id <= 250 ? 600 : 900
            let base: UInt64 = id <= 250 ? 0 : 300
            files.append((id, Array(Set((0..<next(12)).map { _ in base + next(range - base) })).sorted()))
        }
        let whole = PassageIndex(files: files)
        func part(_ range: Range<Int>) -> PassageIndex { PassageIndex(files: Array(files[range])) }
        func same(_ joined: PassageIndex, _ step: String) {
            #expect(joined.hashes == whole.hashes, "\(step)")
            #expect(joined.offsets == whole.offsets, "\(step)")
            #expect(joined.postings == whole.postings, "\(step)")
        }
        for cut in [0, 1, 2, 100, 250, 251, 398, 399, 400] {
            same(part(0..<cut).appending(part(cut..<400)), "cut at \(cut)")
        }
        // A tail that takes files, then joins the rest, either way round.
        for (first, second) in [(1, 2), (200, 390), (250, 252), (399, 400)] {
            same(part(0..<first).appending(part(first..<second)).appending(part(second..<400)), "\(first), \(second)")
            same(part(0..<first).appending(part(first..<second).appending(part(second..<400))), "\(first), \(second)")
        }
        #expect(whole.hashes.count > 500)
    }

    /// Thousands of files, hashes that share their low or high bits, zero and the largest value: the index holds
    /// exactly what a plain dictionary of postings says (its tables grow many times on the way, and the files come
    /// in several batches to the two halves that build it).
    @Test func aLargeIndexHoldsWhatADictionaryOfPostingsSays() {
        var state: UInt64 = 0x5EED
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let pool: [UInt64] =
            (0..<20_000).map { index in
                switch index % 4 {
                case 0: next() >> 40  // small values, as winnowing's window minima are
                case 1: next() << 32  // equal low bits
                default: next()
                }
            } + [0, .max]
        var files: [(id: Int64, fingerprints: [UInt64])] = []
        var expected: [UInt64: [UInt32]] = [:]
        for id in Int64(1)...12_000 {
            let fingerprints = Array(Set((0..<Int(next() % 40)).map { _ in pool[Int(next() % UInt64(pool.count))] }))
                .sorted()
            files.append((id, fingerprints))
            for hash in fingerprints { expected[hash, default: []].append(UInt32(id)) }
        }
        let index = PassageIndex(files: files)
        #expect(files.reduce(0) { $0 + $1.fingerprints.count } > 3 << 16)
        #expect(index.hashes == expected.keys.sorted())
        #expect(index.postingCount == expected.values.reduce(0) { $0 + $1.count })
        for (hash, postings) in expected { #expect(Array(index.files(holding: hash)) == postings) }
        // Its bytes read back whole, every value at its place.
        let decoded = PassageIndex(encoded: index.encoded())
        #expect(decoded?.hashes == index.hashes && decoded?.offsets == index.offsets)
        #expect(decoded?.postings == index.postings)
    }

    /// The bytes read in pieces of any size, values cut anywhere, give the index back; cut short, run on, or with a
    /// header that cannot be, they give none.
    @Test func anIndexReadInPiecesIsTheIndex() {
        var state: UInt64 = 0xB17E
        func next(_ bound: UInt64) -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (state >> 33) % bound
        }
        let files = (Int64(1)...300).map { id in
            (id: id, fingerprints: Array(Set((0..<next(30)).map { _ in next(1 << 40) * 977 })).sorted())
        }
        let index = PassageIndex(files: files)
        let bytes = index.encoded()
        #expect(index.postingCount > 3000)
        func read(_ sizes: [Int], of bytes: [UInt8]) -> PassageIndex? {
            var reader = PassageIndex.Reader()
            var at = 0
            var turn = 0
            bytes.withUnsafeBytes { raw in
                while at < raw.count {
                    let size = min(sizes[turn % sizes.count], raw.count - at)
                    reader.read(UnsafeRawBufferPointer(rebasing: raw[at..<at + size]))
                    at += size
                    turn += 1
                }
            }
            return reader.index()
        }
        for sizes in [[bytes.count], [1], [3], [7], [13], [4096], [16, 5, 8, 3, 1, 32 << 10], [15, 17]] {
            let read = read(sizes, of: bytes)
            #expect(read?.hashes == index.hashes && read?.offsets == index.offsets, "\(sizes)")
            #expect(read?.postings == index.postings, "\(sizes)")
        }
        #expect(read([7], of: Array(bytes.dropLast())) == nil)
        #expect(read([7], of: bytes + [0]) == nil)
        #expect(read([7], of: Array(bytes.prefix(15))) == nil)
        var damaged = bytes
        damaged[0] = 0xFF  // more hashes than postings
        #expect(read([4096], of: damaged) == nil)
        #expect(PassageIndex(encoded: bytes)?.postings == index.postings)
        #expect(PassageIndex(encoded: PassageIndex().encoded())?.postingCount == 0)
        #expect(PassageIndex(encoded: []) == nil)
    }

    @Test func nameKeysTreatDashUnderscoreAndSpaceAlike() {
        #expect(NameKey.make("SwiftUI_Patterns") == NameKey.make("swiftui-patterns"))
        #expect(NameKey.make("swiftui  patterns") == "swiftui-patterns")
        #expect(NameKey.make("--") == nil && NameKey.make(nil) == nil)
    }
}
