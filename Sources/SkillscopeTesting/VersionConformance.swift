internal import Foundation
internal import SkillscopeCore
public import SkillscopeStore
public import SkillscopeVersions
internal import Testing

/// Versions, measured through any ``Store``: bands, one version per repository, origin and adoption.
public enum VersionConformance {
    static let base = """
        ---
        name: swiftui-patterns
        description: Structure SwiftUI views so screens stay small and testable.
        ---
        # SwiftUI patterns

        - Keep each view small enough to read on one screen without scrolling.
        - Hold the state a view owns in a private property and pass the rest down.
        - Start asynchronous loading from the task modifier so it is cancelled with the view.
        - Give every reusable view a preview with realistic sample data in each state.
        - Name domain types after the business, never after the framework types they shadow.
        """

    static func edited(_ text: String) -> String {
        text.replacingOccurrences(
            of: "- Name domain types after the business, never after the framework types they shadow.",
            with: "- Prefer value types for models and keep reference types for shared identity only.")
    }

    static func record(_ repository: String, _ path: String, _ text: String, firstCommit: String) -> FileRecord {
        var record = Fixtures.record(repository, path, text)
        record.firstCommitAt = firstCommit
        return record
    }

    /// The registry of the examples below, written in one batch.
    public static func populate(_ store: any Store) throws {
        let own = """
            ---
            name: SwiftUI_Patterns
            description: My own notes.
            ---
            - Use the observation macro for every model in the app today.
            """
        _ = try store.write(
            repositories: [
                RepositoryRecord(fullName: "origin/skills", stars: 50),
                RepositoryRecord(fullName: "copycat/skills", stars: 5),
                RepositoryRecord(fullName: "editor/skills", stars: 500),
                RepositoryRecord(fullName: "twice/skills", stars: 7),
                RepositoryRecord(fullName: "independent/skills", stars: 1),
            ],
            files: [
                record("origin/skills", "swiftui/SKILL.md", base, firstCommit: "2026-01-01T00:00:00Z"),
                record("origin/skills", "other/SKILL.md", Fixtures.commitSkill, firstCommit: "2026-01-01T00:00:00Z"),
                record(
                    "copycat/skills", "swiftui/SKILL.md", base.replacingOccurrences(of: "\n", with: "\r\n"),
                    firstCommit: "2026-03-01T00:00:00Z"),
                record("editor/skills", "ui/SKILL.md", edited(base), firstCommit: "2026-02-01T00:00:00Z"),
                // Two versions in one repository: only the one most like the file counts.
                record("twice/skills", "a/SKILL.md", edited(base), firstCommit: "2026-04-01T00:00:00Z"),
                record("twice/skills", "b/SKILL.md", base, firstCommit: "2026-05-01T00:00:00Z"),
                record("independent/skills", "swiftui-patterns/SKILL.md", own, firstCommit: "2026-06-01T00:00:00Z"),
            ], seenAt: "2026-11-30T00:00:00Z")
        try store.refreshPassageIndex()
    }

    public static func bandsHoldOneVersionPerRepository(_ store: any Store) throws {
        try populate(store)
        let finder = VersionFinder(store: store)
        let file = try #require(try store.file(.key(FileKey(repository: "origin/skills", path: "swiftui/SKILL.md"))))
        let report = try finder.versions(of: try finder.subject(for: file))
        let bands = Dictionary(uniqueKeysWithValues: report.bands.map { ($0.band, $0) })
        #expect(report.otherProjects == 4)
        #expect(bands[.wordForWord]?.versions.map(\.repository) == ["twice/skills", "copycat/skills"])
        #expect(bands[.wordForWord]?.versions.map(\.path) == ["b/SKILL.md", "swiftui/SKILL.md"])
        #expect(bands[.edited]?.versions.map(\.repository) == ["editor/skills"])
        let editedPercent = try #require(bands[.edited]?.versions.first?.percentSame)
        #expect(editedPercent >= 10 && editedPercent < 100)
        #expect(bands[.own]?.versions.map(\.repository) == ["independent/skills"])
        #expect(bands[.own]?.versions.first?.reason.hasPrefix("same name") == true)
        #expect(report.sameRepository.map(\.path) == ["other/SKILL.md"] && report.sameRepositoryTotal == 1)
        // The subject came first: it is the likely origin, and the later copies came from it.
        #expect(report.likelyOrigin?.isSubject == true)
        #expect(bands[.wordForWord]?.versions.allSatisfy { $0.cameFrom != nil } == true)
        #expect(report.adoptedBy == 4)
        #expect(report.mostRecentlyTakenUpBy.first?.repository == "independent/skills")
    }

    public static func anEarlierCopyIsTheLikelyOrigin(_ store: any Store) throws {
        try populate(store)
        let finder = VersionFinder(store: store)
        let file = try #require(try store.file(.key(FileKey(repository: "copycat/skills", path: "swiftui/SKILL.md"))))
        let report = try finder.versions(of: try finder.subject(for: file))
        #expect(report.likelyOrigin?.repository == "origin/skills" && report.likelyOrigin?.isSubject == false)
        let all = report.bands.flatMap(\.versions)
        #expect(all.first { $0.repository == "origin/skills" }?.isLikelyOrigin == true)
        #expect(all.first { $0.repository == "twice/skills" }?.cameFrom?.repository != nil)
        // Adopted by: only the versions that appeared after this copy (March).
        #expect(Set(report.mostRecentlyTakenUpBy.map(\.repository)) == ["twice/skills", "independent/skills"])
    }

    /// Forks share their history, so copies share their first commit: each copy names the same origin (the
    /// most-starred repository's), says why, and none names itself unless it is that one.
    public static func copiesSharingAFirstCommitNameOneOrigin(_ store: any Store) throws {
        let forks = [
            "upstream/swift-skill": 900, "fork-a/swift-skill": 3, "fork-b/swift-skill": 0, "zed/swift-skill": 3,
        ]
        _ = try store.write(
            repositories: forks.map { RepositoryRecord(fullName: $0.key, stars: $0.value) },
            files: forks.keys.map { record($0, "skills/swiftui/SKILL.md", base, firstCommit: "2026-02-02T00:00:00Z") }
                // A later edit elsewhere, and an earlier one: the earlier one is the origin of every copy.
                + [record("later/edit", "SKILL.md", edited(base), firstCommit: "2026-05-01T00:00:00Z")],
            seenAt: "2026-11-30T00:00:00Z")
        try store.refreshPassageIndex()
        let finder = VersionFinder(store: store)
        var origins: Set<String> = []
        for repository in forks.keys {
            let file = try #require(
                try store.file(.key(FileKey(repository: repository, path: "skills/swiftui/SKILL.md"))))
            let report = try finder.versions(of: try finder.subject(for: file))
            let origin = try #require(report.likelyOrigin)
            origins.insert("\(origin.repository ?? "")/\(origin.path)")
            #expect(origin.isSubject == (repository == "upstream/swift-skill"), "\(repository)")
            #expect(origin.reason.hasPrefix("4 copies share the earliest first commit"), "\(origin.reason)")
        }
        #expect(origins == ["upstream/swift-skill/skills/swiftui/SKILL.md"])
        _ = try store.write(
            repositories: [RepositoryRecord(fullName: "early/edit", stars: 0)],
            files: [record("early/edit", "SKILL.md", edited(base), firstCommit: "2025-12-30T00:00:00Z")],
            seenAt: "2026-12-01T00:00:00Z")
        try store.refreshPassageIndex()
        let later = VersionFinder(store: store)
        for repository in forks.keys {
            let file = try #require(
                try store.file(.key(FileKey(repository: repository, path: "skills/swiftui/SKILL.md"))))
            let report = try later.versions(of: try later.subject(for: file))
            #expect(report.likelyOrigin?.repository == "early/edit" && report.likelyOrigin?.isSubject == false)
            #expect(report.bands.flatMap(\.versions).first { $0.repository == "early/edit" }?.isLikelyOrigin == true)
        }
    }

    public static func aTextOutsideTheRegistryIsComparedNotStored(_ store: any Store) throws {
        try populate(store)
        let finder = VersionFinder(store: store)
        let before = try store.stats().files
        let subject = VersionFinder.Subject(
            id: nil, key: nil, name: nil, firstSeen: nil, fingerprint: TextFingerprint(text: edited(base)))
        let report = try finder.versions(of: subject)
        #expect(
            report.bands.first { $0.band == .wordForWord }?.versions.map(\.repository).sorted() == [
                "editor/skills", "twice/skills",
            ])
        #expect(try store.stats().files == before)
    }

    public static func bandsAreRankedByStarsAndCutWithTotalsBeforeTheCut(_ store: any Store) throws {
        try populate(store)
        var finder = VersionFinder(store: store)
        finder.configuration.bandLimit = 1
        let file = try #require(try store.file(.key(FileKey(repository: "origin/skills", path: "swiftui/SKILL.md"))))
        let report = try finder.versions(of: try finder.subject(for: file))
        let word = try #require(report.bands.first { $0.band == .wordForWord })
        #expect(word.total == 2 && word.versions.map(\.repository) == ["twice/skills"])
    }

    public static func theStoredFingerprintIsTheOneTheTextGives(_ store: any Store) throws {
        try populate(store)
        let file = try #require(try store.file(.key(FileKey(repository: "origin/skills", path: "swiftui/SKILL.md"))))
        #expect(try store.fingerprint(ofFile: file.id) == TextFingerprint(text: file.text))
        #expect(try store.fingerprint(ofFile: 999_999) == nil)
    }

    public static func theIndexFollowsWrites(_ store: any Store) throws {
        try populate(store)
        #expect(try store.refreshPassageIndex() == false)
        let before = try store.passageIndex().postingCount
        _ = try store.write(
            repositories: [],
            files: [
                record(
                    "late/skills", "x/SKILL.md", edited(base) + "\n- One more rule about previews here.\n",
                    firstCommit: "2026-07-01T00:00:00Z")
            ],
            seenAt: "2026-11-30T00:00:00Z")
        #expect(try store.passageIndex().postingCount > before)
        #expect(try store.refreshPassageIndex() == true)
    }

    /// The lineage table holds what the stored records say, and follows writes, removals and changed stars.
    public static func theLineageTableHoldsTheStoredRecords(_ store: any Store) throws {
        try populate(store)
        let records = try store.lineageRecords(try store.fileKeys().map(\.id))
        let table = try store.lineageTable()
        #expect(table.count == records.count && records.count == 7)
        var rows: [Int] = []
        for record in records {
            let row = try #require(table.row(of: record.id))
            rows.append(row)
            #expect(table.ids[row] == record.id && table.phrases.phrases(row) == record.phrases)
            #expect(Int(table.wordCounts[row]) == record.wordCount && table.sequenceHashes[row] == record.sequenceHash)
            let repository = Int(table.repositories[row])
            #expect(table.repositoryNames[repository] == record.key.repository)
            #expect(table.repositoryStars[repository] == record.stars)
            var shown = record
            shown.phrases = []
            #expect(table.record(row) == shown)
            for phrase in record.phrases { #expect(table.phraseIndex.rows(holding: phrase).contains(UInt32(row))) }
        }
        #expect(table.phraseIndex.postings.count == records.reduce(0) { $0 + $1.phrases.count })
        for (a, rowA) in zip(records, rows) {
            for (b, rowB) in zip(records, rows) {
                #expect((table.firstSeenRanks[rowA] < table.firstSeenRanks[rowB]) == (a.firstSeen < b.firstSeen))
                let (ra, rb) = (Int(table.repositories[rowA]), Int(table.repositories[rowB]))
                #expect(
                    (table.repositoryNameRanks[ra] < table.repositoryNameRanks[rb])
                        == (a.key.repository < b.key.repository))
            }
        }
        #expect(table.row(of: 999_999) == nil && table.row(of: -1) == nil)
        // Kept in a file beside the registry and mapped where the registry has a place for one.
        #expect(table.isMapped == (store.derivedFilePath(LineageTable.fileName) != nil))

        _ = try store.write(
            repositories: [RepositoryRecord(fullName: "editor/skills", stars: 2)], files: [],
            seenAt: "2026-12-01T00:00:00Z")
        let restarred = try store.lineageTable()
        let editor = try #require(restarred.repository(named: "editor/skills"))
        #expect(restarred.repositoryStars[Int(editor)] == 2)
        let twice = try #require(records.first { $0.key == FileKey(repository: "twice/skills", path: "b/SKILL.md") })
        try store.markRemoved(repository: "twice/skills", present: ["a/SKILL.md"], at: "2026-12-01T00:00:00Z")
        let removed = try store.lineageTable()
        #expect(removed.count == records.count - 1 && removed.row(of: twice.id) == nil)
        // A table read before the writes still reads its own rows, though its file was replaced since.
        #expect(table.phrases.phrases(rows[0]) == records[0].phrases && table.isMapped == removed.isMapped)
    }

    /// A finder measuring on a table of the candidates alone gives the report, matches and origins that the whole
    /// table gives, for every stored file and for texts not stored.
    public static func theCandidatesAloneGiveTheWholeTablesReport(_ store: any Store) throws {
        try populateFamilies(store)
        let whole = VersionFinder(store: store)
        var configuration = VersionFinder.Configuration()
        configuration.tableScope = .candidates
        let candidates = VersionFinder(store: store, configuration: configuration)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var subjects: [VersionFinder.Subject] = []
        for (id, _) in try store.fileKeys() {
            subjects.append(try whole.subject(for: try #require(try store.file(.id(id)))))
        }
        subjects.append(
            VersionFinder.Subject(
                id: nil, key: nil, name: "family-1", firstSeen: nil,
                fingerprint: TextFingerprint(text: "w1 w2 w3 w4 w5 w6 w7 w8 w9 w10")))
        var edited = 0
        var cameFrom = 0
        for (position, subject) in subjects.enumerated() {
            let expected = try whole.versions(of: subject)
            let found = try candidates.versions(of: subject)
            #expect(try encoder.encode(found) == encoder.encode(expected))
            // Every match before the one-per-repository choice, for a third of the subjects (the debug build
            // measures slowly) and the text not stored.
            if position % 3 == 0 || subject.id == nil {
                #expect(
                    try candidates.matches(of: subject).map { "\($0.id) \($0.band) \($0.percentSame)" }
                        == whole.matches(of: subject).map { "\($0.id) \($0.band) \($0.percentSame)" })
            }
            edited += expected.bands.first { $0.band == .edited }?.total ?? 0
            cameFrom += expected.bands.flatMap(\.versions).filter { $0.cameFrom != nil }.count
        }
        // The families give every band something to compare.
        #expect(edited > 20)
        #expect(cameFrom > 20)
    }

    /// A server's finder answers before the whole lineage table is built, the same as from it, and the table is
    /// then built in the background, again after a write.
    public static func aServerFinderDoesNotWaitForTheWholeTable(_ store: any Store) throws {
        try populateFamilies(store)
        var configuration = VersionFinder.Configuration()
        configuration.tableScope = .wholeOnceBuilt
        let server = VersionFinder(store: store, configuration: configuration)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let subjects = try store.fileKeys().prefix(12).map {
            try server.subject(for: try #require(try store.file(.id($0.id))))
        }
        // Before the table is built: the first query starts its build.
        #expect(try store.lineageTableIfBuilt() == nil)
        let early = try subjects.map { try encoder.encode(try server.versions(of: $0)) }
        func waitForTable() throws -> LineageTable? {
            for _ in 0..<600 {
                if let table = try store.lineageTableIfBuilt() { return table }
                Thread.sleep(forTimeInterval: 0.05)
            }
            return nil
        }
        let built = try #require(try waitForTable())
        #expect(built.count == (try store.indexedFileCount()))
        let whole = VersionFinder(store: store)
        #expect(try subjects.map { try encoder.encode(try whole.versions(of: $0)) } == early)
        #expect(try subjects.map { try encoder.encode(try server.versions(of: $0)) } == early)
        // A write makes the held table stale: it is built again, with the new file.
        _ = try store.write(
            repositories: [], files: [record("late/skills", "z/SKILL.md", base, firstCommit: "2026-10-01T00:00:00Z")],
            seenAt: "2026-11-30T01:00:00Z")
        #expect(try waitForTable()?.count == built.count + 1)
    }

    /// After every kind of change, the passage index a refresh leaves (held, and as kept for a new reader) is the
    /// index built over the current files' stored fingerprints; `appended` (the files a refresh added to the kept
    /// index, -1 for a build, and the files its tail holds, where the engine says) tells which way it went.
    public static func theKeptIndexIsABuildOverTheCurrentFiles(
        _ store: any Store, reopened: () throws -> any Store, appended: () throws -> (added: Int, tail: Int)?
    ) throws {
        func check(_ step: String, appends expected: Int, tail: Int = 0) throws {
            try store.refreshPassageIndex()
            var files: [(id: Int64, fingerprints: [UInt64])] = []
            for record in try store.lineageRecords(try store.fileKeys().map(\.id)) {
                files.append((record.id, try #require(try store.fingerprint(ofFile: record.id)).winnowed))
            }
            let built = PassageIndex(files: files)
            for (holder, index) in [("held", try store.passageIndex()), ("kept", try reopened().passageIndex())] {
                let same =
                    index.hashes == built.hashes && index.offsets == built.offsets
                    && index.postings == built.postings
                #expect(same, "\(step): the \(holder) index is not the one a build gives")
            }
            if let appended = try appended() {
                #expect(appended.added == expected, "\(step)")
                #expect(appended.tail == tail, "\(step): files in the tail")
            }
        }
        try populateFamilies(store)
        try check("first build", appends: -1)
        let family = try #require(try store.file(.key(FileKey(repository: "fam3/skills", path: "s0/SKILL.md"))))
        _ = try store.write(
            repositories: [RepositoryRecord(fullName: "late/skills", stars: 3)],
            files: [
                record("late/skills", "copy/SKILL.md", family.text, firstCommit: "2026-10-01T00:00:00Z"),
                record(
                    "late/skills", "edit/SKILL.md", family.text + "\n\nOne more line of words here.",
                    firstCommit: "2026-10-02T00:00:00Z"),
            ], seenAt: "2026-11-30T01:00:00Z")
        try check("new files", appends: 2, tail: 2)
        _ = try store.write(
            repositories: [RepositoryRecord(fullName: "late/skills", stars: 30)], files: [],
            seenAt: "2026-11-30T02:00:00Z")
        try check("stars only", appends: 0, tail: 2)
        // Enough new files that the tail holds more than an eighth of the postings: it is merged.
        let many = try store.lineageRecords(try store.fileKeys().map(\.id)).count / 6
        _ = try store.write(
            repositories: [],
            files: (0..<many).map {
                record(
                    "many/skills", "m\($0)/SKILL.md", family.text + "\n\nLine \($0) of its own words.",
                    firstCommit: "2026-10-02T00:00:00Z")
            }, seenAt: "2026-11-30T02:30:00Z")
        try check("many new files", appends: many)
        _ = try store.write(
            repositories: [],
            files: [record("fam3/skills", "s0/SKILL.md", base, firstCommit: "2026-01-01T00:00:00Z")],
            seenAt: "2026-11-30T03:00:00Z")
        try check("an earlier file rewritten", appends: -1)
        _ = try store.write(
            repositories: [],
            files: [record("later/skills", "x/SKILL.md", edited(base), firstCommit: "2026-10-03T00:00:00Z")],
            seenAt: "2026-11-30T04:00:00Z")
        try check("a new file after a build", appends: 1, tail: 1)
        try store.markRemoved(repository: "late/skills", present: ["copy/SKILL.md"], at: "2026-11-30T05:00:00Z")
        try check("a file removed", appends: -1)
        try store.markSeen([FileKey(repository: "late/skills", path: "edit/SKILL.md")], at: "2026-11-30T06:00:00Z")
        try check("a file restored", appends: -1)
        _ = try store.write(
            repositories: [],
            files: [record("newest/skills", "y/SKILL.md", family.text, firstCommit: "2026-10-04T00:00:00Z")],
            seenAt: "2026-11-30T07:00:00Z")
        try store.markRemoved(repository: "newest/skills", present: [], at: "2026-11-30T08:00:00Z")
        try check("a new file removed before the refresh", appends: -1)
    }

    /// Families of edited copies spread over repositories, seeded: what the next check measures.
    static func populateFamilies(_ store: any Store) throws {
        var state: UInt64 = 42
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let words = (0..<300).map { "w\($0)" }
        let bases = (0..<4).map { _ in
            (0..<12).map { _ in (0..<(8 + next(10))).map { _ in words[next(words.count)] }.joined(separator: " ") }
        }
        var files: [FileRecord] = []
        var repositories: [RepositoryRecord] = []
        for number in 0..<24 {
            let repository = "fam\(number)/skills"
            repositories.append(RepositoryRecord(fullName: repository, stars: next(4)))
            for copy in 0..<(1 + next(3)) {
                let family = next(bases.count)
                var lines = bases[family].filter { _ in next(10) > 1 }
                if next(2) == 0 { lines.append(bases[next(bases.count)][next(12)]) }
                if next(3) == 0, !lines.isEmpty { lines[next(lines.count)] = "changed words in a line here \(next(9))" }
                let name = next(4) == 0 ? "family-\(family)" : "skill-\(number)-\(copy)"
                let text = "---\nname: \(name)\ndescription: A family member.\n---\n" + lines.joined(separator: "\n\n")
                let day = String(format: "%02d", 1 + next(28))
                files.append(
                    record(repository, "s\(copy)/SKILL.md", text, firstCommit: "2026-0\(1 + next(9))-\(day)T00:00:00Z"))
            }
        }
        _ = try store.write(repositories: repositories, files: files, seenAt: "2026-11-30T00:00:00Z")
        try store.refreshPassageIndex()
    }

    /// Versions measured on the lineage table are the stored records measured one by one (those the index, the
    /// sequence hash or the name proposes: the measure as it was before the table), and the report's bands are those
    /// matches with one per repository, ranked by stars and cut, totals before the cut.
    public static func versionsAreTheRecordsMeasuredOneByOne(_ store: any Store) throws {
        try populateFamilies(store)
        var finder = VersionFinder(store: store)
        finder.configuration.bandLimit = 3
        let records = try store.lineageRecords(try store.fileKeys().map(\.id))
        #expect(records.count > 40)
        let index = try store.passageIndex()
        let stop = PassageIndex.stopThreshold(fileCount: records.count)
        var editedSeen = 0
        for subjectRecord in records {
            let file = try #require(try store.file(.id(subjectRecord.id)))
            let subject = try finder.subject(for: file)
            let proposed = Set(index.candidates(for: subject.fingerprint.winnowed, maxPostings: stop).keys)
            // (id, repository, band, N%, first seen, stars) of each match, in id order.
            var expected: [(Int64, String, VersionBand, Int, String, Int)] = []
            for record in records where record.id != subjectRecord.id {
                let wordForWord =
                    subjectRecord.wordCount > 0 && record.wordCount == subjectRecord.wordCount
                    && record.sequenceHash == subjectRecord.sequenceHash
                let percent = PhraseSet.percentSame(of: record.phrases, on: subjectRecord.phrases)
                let nameKey = NameKey.make(subjectRecord.name)
                let sameName = nameKey != nil && NameKey.make(record.name) == nameKey
                guard proposed.contains(record.id) || wordForWord || sameName else { continue }
                let band: VersionBand? =
                    wordForWord
                    ? .wordForWord
                    : percent >= 10 ? .edited : sameName ? .own : nil
                guard let band else { continue }
                expected.append(
                    (
                        record.id, record.key.repository, band, wordForWord ? 100 : percent, record.firstSeen,
                        record.stars
                    ))
            }
            editedSeen += expected.filter { $0.2 == .edited }.count
            let found = try finder.matches(of: subject).sorted { $0.id < $1.id }
            #expect(found.map { "\($0.id) \($0.band) \($0.percentSame)" } == expected.map { "\($0.0) \($0.2) \($0.3)" })

            // One per other repository: word for word, else the highest N%, else the same name; then earliest.
            var best: [String: (id: Int64, band: VersionBand, percent: Int, firstSeen: String, stars: Int)] = [:]
            for match in expected where match.1 != subjectRecord.key.repository {
                if let current = best[match.1],
                    (current.band, -current.percent, current.firstSeen, current.id)
                        <= (match.2, -match.3, match.4, match.0)
                {
                    continue
                }
                best[match.1] = (match.0, match.2, match.3, match.4, match.5)
            }
            let report = try finder.versions(of: subject)
            #expect(report.otherProjects == best.count)
            for band in report.bands {
                // Most stars first, then earliest, then by repository (one file per repository).
                let members = best.filter { $0.value.band == band.band }.sorted {
                    (-$0.value.stars, $0.value.firstSeen, $0.key) < (-$1.value.stars, $1.value.firstSeen, $1.key)
                }
                #expect(band.total == members.count)
                #expect(band.versions.map(\.id) == members.prefix(3).map(\.value.id))
                #expect(band.versions.map(\.percentSame) == members.prefix(3).map(\.value.percent))
            }
            // Came from, as measured pair by pair on the stored phrase sets, with the cut and without it.
            for shown in [report, try VersionFinder(store: store).versions(of: subject)] {
                let phrases = Dictionary(uniqueKeysWithValues: records.map { ($0.id, $0.phrases) })
                let cluster = shown.bands.filter { $0.band != .own }.flatMap(\.versions)
                var pool = cluster.map {
                    (FileKey(repository: $0.repository, path: $0.path), $0.firstSeen, phrases[$0.id] ?? [])
                }
                pool.append((subjectRecord.key, subjectRecord.firstSeen, subjectRecord.phrases))
                for version in cluster.prefix(50) {
                    var best: (percent: Int, firstSeen: String, key: FileKey)?
                    for source in pool where source.1 < version.firstSeen {
                        let percent = PhraseSet.percentSame(of: phrases[version.id] ?? [], on: source.2)
                        guard percent >= 10 else { continue }
                        if let current = best, (percent, current.firstSeen) <= (current.percent, source.1) { continue }
                        best = (percent, source.1, source.0)
                    }
                    #expect(version.cameFrom == best?.key)
                }
            }
        }
        #expect(editedSeen > 100)
    }
}
