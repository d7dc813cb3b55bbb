import Foundation
import SkillscopeCore
import SkillscopeIngest
import SkillscopeSQLite
import SkillscopeStore
import SkillscopeTesting
import Testing

@Suite struct GitSourceTests {
    static let seenAt = "2026-11-30T09:00:00Z"

    func file(_ store: SQLiteStore, _ path: String) throws -> StoredFile {
        try #require(try store.file(.key(FileKey(repository: "local/work", path: path))), "no \(path)")
    }

    @Test func filesCarryTheirBlobCommitAndHistoryDates() async throws {
        let directory = TemporaryDirectory()
        let builder = try GitRepositoryBuilder.historySample(at: directory.appending("work"))
        let store = try SQLiteStore(path: directory.appending("r.sqlite"))
        let report = try await Ingestor(store: store).run([GitSource(root: builder.path)], seenAt: Self.seenAt)
        #expect(report.files == 5 && report.written == 5 && report.rejected.isEmpty)
        let head = try builder.git("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
        let expected: [(String, String, String)] = [
            ("AGENTS.md", "2024-01-01T10:00:00Z", "2024-05-15T00:00:00Z"),
            ("skills/b/SKILL.md", "2024-01-01T10:00:00Z", "2024-05-01T00:00:00Z"),
            (".cursor/rules/b.mdc", "2024-01-01T10:00:00Z", "2024-03-01T09:30:00Z"),
            ("GEMINI.md", "2024-02-01T10:00:00Z", "2024-06-01T00:00:00Z"),
            ("CLAUDE.md", "2024-04-01T13:00:00Z", "2024-04-01T13:00:00Z"),
        ]
        for (path, first, last) in expected {
            let stored = try file(store, path)
            #expect([stored.firstCommitAt, stored.lastCommitAt] == [first, last], "\(path)")
            #expect(stored.commit == head && stored.repository.commit == head)
            let blob = try builder.git("rev-parse", "HEAD:\(path)").trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(stored.blobSHA == blob)
            #expect(stored.firstSeen == Self.seenAt && stored.removedAt == nil)
        }
        // The skill's folder name comes from the tree: `b` matches its name, so no name-folder finding.
        #expect(try !file(store, "skills/b/SKILL.md").findings.contains { $0.code == "name-folder" })
    }

    @Test func filesGoneFromTheRepositoryAreMarkedRemovedNotDeleted() async throws {
        let directory = TemporaryDirectory()
        let builder = try GitRepositoryBuilder.historySample(at: directory.appending("work"))
        let store = try SQLiteStore(path: directory.appending("r.sqlite"))
        _ = try await Ingestor(store: store).run([GitSource(root: builder.path)], seenAt: Self.seenAt)
        #expect(try store.search(SearchQuery(text: "briefly")).total == 1)
        try builder.git("rm", "-q", "GEMINI.md")
        try builder.git("mv", "CLAUDE.md", "AGENTS.override.md")
        try builder.commit("drop gemini, rename claude", at: "2024-08-01T00:00:00Z")
        let later = "2026-12-01T00:00:00Z"
        let again = try await Ingestor(store: store).run([GitSource(root: builder.path)], seenAt: later)
        #expect(again.removed == 2 && again.written == 1 && again.unchanged == 3)
        #expect(again.summaryLine.hasPrefix("4 indexed (1 written, 3 unchanged), 2 removed, 0 skipped"))
        let gone = try file(store, "GEMINI.md")
        #expect(gone.removedAt == later && gone.lastSeen == Self.seenAt && gone.firstSeen == Self.seenAt)
        #expect(try file(store, "AGENTS.md").lastSeen == later)
        #expect(try store.search(SearchQuery(text: "briefly")).total == 0)
        #expect(try store.search(SearchQuery(text: "small commits")).hits.map(\.key.path) == ["AGENTS.override.md"])
        #expect(try store.repositoryFiles("local/work").map(\.path).contains("GEMINI.md") == false)
        let stats = try store.stats()
        #expect(stats.removed == 2 && stats.indexed == 4)
        // Read at the older revision, the removed files come back; the renamed one is removed in turn.
        let back = try await Ingestor(store: store).run(
            [GitSource(root: builder.path, revision: "HEAD~1")], seenAt: "2026-12-02T00:00:00Z")
        #expect(back.removed == 1 && back.unchanged == 5)
        #expect(try file(store, "GEMINI.md").removedAt == nil)
        #expect(try store.search(SearchQuery(text: "briefly")).total == 1)
    }

    @Test func aBareRepositoryAndAMissingRevision() async throws {
        let directory = TemporaryDirectory()
        let builder = try GitRepositoryBuilder.historySample(at: directory.appending("work"))
        let bare = directory.appending("skills.git")
        try GitRepositoryBuilder.run(["clone", "-q", "--bare", builder.path, bare], in: directory.path, date: "")
        #expect(GitSource.isRepository(bare) && !GitSource.isRepository(directory.path))
        let listing = try await GitSource(root: bare, revision: "side").list()
        #expect(listing.repositories.map(\.fullName) == ["local/skills"])
        #expect(
            listing.entries.map(\.key.path).sorted() == [
                ".cursor/rules/b.mdc", "AGENTS.md", "CLAUDE.md", "skills/b/SKILL.md",
            ])
        let error = try #require(throws: IngestError.self) {
            try GitSource(root: bare, revision: "nope").list()
        }
        #expect(error.code == .noInput && error.message.contains("nope"))
    }
}
