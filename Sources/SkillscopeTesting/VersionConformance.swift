internal import Foundation
internal import SkillscopeCore
public import SkillscopeStore
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
        #expect(bands[.own]?.versions.first?.reason == "same name")
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
}
