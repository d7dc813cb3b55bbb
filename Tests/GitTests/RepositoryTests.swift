import Foundation
import Git
import SkillscopeTesting
import Testing

/// The shared history sample (``GitRepositoryBuilder/historySample(at:)``) in a folder of its own.
struct HistoryFixture {
    let directory = TemporaryDirectory("git")
    let builder: GitRepositoryBuilder

    init() throws {
        builder = try GitRepositoryBuilder.historySample(at: directory.appending("work"))
    }

    /// Seconds since 1970 for an ISO 8601 date.
    static func seconds(_ text: String) throws -> Int64 {
        Int64(try #require(try? Date(text, strategy: .iso8601)).timeIntervalSince1970)
    }
}

@Suite struct RepositoryTests {
    @Test func historyFollowsRenamesDeletionsAndMerges() throws {
        let fixture = try HistoryFixture()
        let repository = try Repository(path: fixture.builder.path)
        #expect(!repository.isBare)
        let head = try repository.resolveCommit()
        let paths = try repository.files(inTree: try repository.commit(head).tree).map(\.path)
        #expect(
            paths == [".cursor/rules/b.mdc", "AGENTS.md", "CLAUDE.md", "GEMINI.md", "README.md", "skills/b/SKILL.md"])
        let history = try repository.history(of: paths + ["missing.md"], from: head)
        func dates(_ path: String) throws -> [Int64] {
            let entry = try #require(history[path], "no history for \(path)")
            return [entry.addedAt, entry.changedAt]
        }
        let s = HistoryFixture.seconds
        // Added in the first commit, last changed on the side branch (the merge took that version as it was).
        #expect(try dates("AGENTS.md") == [s("2024-01-01T10:00:00Z"), s("2024-05-15T00:00:00Z")])
        // Renamed with its folder, then edited: the addition is followed through the rename.
        #expect(try dates("skills/b/SKILL.md") == [s("2024-01-01T10:00:00Z"), s("2024-05-01T00:00:00Z")])
        // Renamed and never edited: the rename is its last change.
        #expect(try dates(".cursor/rules/b.mdc") == [s("2024-01-01T10:00:00Z"), s("2024-03-01T09:30:00Z")])
        // Deleted, then added again: the first addition counts, the re-addition is the last change.
        #expect(try dates("GEMINI.md") == [s("2024-02-01T10:00:00Z"), s("2024-06-01T00:00:00Z")])
        #expect(try dates("CLAUDE.md") == [s("2024-04-01T13:00:00Z"), s("2024-04-01T13:00:00Z")])
        #expect(history["missing.md"] == nil)
        let claude = try #require(history["CLAUDE.md"])
        let log = try fixture.builder.git("log", "--format=%H", "--diff-filter=A", "--", "CLAUDE.md")
        #expect(claude.added.description == log.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test func aBareCloneReadsTheSameTreesBlobsAndBranches() throws {
        let fixture = try HistoryFixture()
        let bare = fixture.directory.appending("bare.git")
        try GitRepositoryBuilder.run(
            ["clone", "-q", "--bare", fixture.builder.path, bare], in: fixture.directory.path,
            date: "2024-07-01T00:00:00Z")
        let repository = try Repository(path: bare)
        #expect(repository.isBare)
        let side = try repository.commit(try repository.resolveCommit("side"))
        let files = try repository.files(inTree: side.tree)
        let agents = try #require(files.first { $0.path == "AGENTS.md" })
        #expect(
            String(decoding: try repository.blob(agents.blob), as: UTF8.self)
                == "# Agents\n\n- Run the tests.\n- Keep it short.\n- From the side.\n")
        #expect(!files.contains { $0.path == "GEMINI.md" })
        #expect(side.time == (try HistoryFixture.seconds("2024-05-15T00:00:00Z")))
        let expected = try fixture.builder.git("rev-parse", "side").trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(side.id.description == expected)
        #expect(ObjectID(hex: expected) == side.id)
        #expect(try repository.commits(from: side.id).count == 6)
    }

    @Test func missingRepositoriesAndRevisionsAreClearErrors() throws {
        let directory = TemporaryDirectory("git")
        #expect(throws: GitError.self) { try Repository(path: directory.path) }
        #expect(!Repository.exists(at: directory.path))
        let builder = try GitRepositoryBuilder(at: directory.appending("empty"))
        let repository = try Repository(path: builder.path)
        let error = try #require(throws: GitError.self) { try repository.resolveCommit() }
        #expect(error.code == .notFound)
        try builder.write("AGENTS.md", "- x\n")
        try builder.commit("one", at: "2024-01-01T00:00:00Z")
        let unknown = try #require(throws: GitError.self) { try repository.resolveCommit("no-such-branch") }
        #expect(unknown.code == .notFound && unknown.description.contains("no-such-branch"))
    }
}
