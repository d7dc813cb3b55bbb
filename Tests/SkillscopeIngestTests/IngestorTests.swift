import Foundation
import SkillscopeCore
import SkillscopeIngest
import SkillscopeSQLite
import SkillscopeStore
import SkillscopeTesting
import Testing

@Suite struct IngestorTests {
    static let seenAt = "2026-11-30T09:00:00Z"

    func corpus(_ directory: TemporaryDirectory) throws -> String {
        var builder = CorpusBuilder([
            .init("acme/skills", "review/SKILL.md", Fixtures.reviewSkill),
            .init("acme/skills", "review/references/checklist.md", "# Checklist\n\n- Check the tests.\n"),
            .init("acme/skills", "commit/SKILL.md", Fixtures.commitSkill),
            .init("lena/app", "AGENTS.md", Fixtures.agentsFile),
            .init("lena/app", ".cursor/rules/ts.mdc", "---\nglobs: *.ts\n---\n- Use strict mode.\n"),
            .init("lena/app", "CLAUDE.md", bytes: Array("# Bin\n".utf8) + [0, 0, 7]),
            .init(
                "lena/app", "GEMINI.md", bytes: Array("- Answer in English ".utf8) + [0xC3, 0x28] + Array(".\n".utf8)),
        ])
        builder.stars["acme/skills"] = 120
        return try builder.write(to: directory)
    }

    @Test func aCorpusIsIndexedAndEveryFileAccountedFor() async throws {
        let directory = TemporaryDirectory()
        let root = try corpus(directory)
        let store = try SQLiteStore(path: directory.appending("r.sqlite"))
        var configuration = Ingestor.Configuration()
        configuration.chunkSize = 2
        let report = try await Ingestor(store: store, configuration: configuration).run(
            [CorpusSource(root: root)], seenAt: Self.seenAt)
        #expect(report.files == 7 && report.written == 7 && report.unchanged == 0)
        #expect(report.indexed == 6)
        #expect(report.rejected.map(\.code) == [.binary])
        #expect(report.rejected.first?.path == "lena/app/CLAUDE.md")
        #expect(Set(report.warnings.map(\.code)) == [.invalidUTF8, .invalidFrontMatter])
        #expect(report.summaryLine.hasPrefix("6 indexed (7 written, 0 unchanged), 1 skipped: 1 binary"))
        let stats = try store.stats()
        #expect(stats.byKind == ["skill": 2, "skill-reference": 1, "agents": 1, "cursor": 1, "gemini": 1])
        let review = try #require(try store.file(.key(FileKey(repository: "acme/skills", path: "review/SKILL.md"))))
        #expect(review.repository.stars == 120 && review.repository.license == "MIT")
        #expect(review.firstCommitAt == "2026-01-02T02:04:05Z" && review.lastCommitAt == "2026-02-03T04:05:06Z")
        #expect(review.firstSeen == Self.seenAt)
    }

    @Test func specFindingsAreStoredWithEachFile() async throws {
        let directory = TemporaryDirectory()
        let root = try CorpusBuilder([
            .init("acme/skills", "review/SKILL.md", "---\nname: Review_Skill\ndescription: d\nmodel: opus\n---\n- x\n"),
            .init("acme/skills", "ok/SKILL.md", "---\nname: ok\ndescription: Fine. See [notes](notes.md).\n---\n- y\n"),
            .init("acme/skills", "ok/notes.md", "# Notes\n"),
        ]).write(to: directory)
        let store = try SQLiteStore(path: directory.appending("r.sqlite"))
        _ = try await Ingestor(store: store).run([CorpusSource(root: root)], seenAt: Self.seenAt)
        let bad = try #require(try store.file(.key(FileKey(repository: "acme/skills", path: "review/SKILL.md"))))
        #expect(Set(bad.findings.map(\.code)) == ["name-format", "name-folder", "client-extension"])
        #expect(bad.findings.first { $0.code == "name-format" }?.line == 2)
        let good = try #require(try store.file(.key(FileKey(repository: "acme/skills", path: "ok/SKILL.md"))))
        #expect(good.findings.isEmpty)
    }

    @Test func reingestWritesNothing() async throws {
        let directory = TemporaryDirectory()
        let root = try corpus(directory)
        let store = try SQLiteStore(path: directory.appending("r.sqlite"))
        _ = try await Ingestor(store: store).run([CorpusSource(root: root)], seenAt: Self.seenAt)
        let rulesBefore = try store.stats().rules
        let again = try await Ingestor(store: store).run([CorpusSource(root: root)], seenAt: "2026-12-01T00:00:00Z")
        #expect(again.written == 0 && again.unchanged == 7 && again.rules == 0)
        #expect(again.indexed == 6)
        #expect(try store.stats().rules == rulesBefore)
        let file = try #require(try store.file(.key(FileKey(repository: "lena/app", path: "AGENTS.md"))))
        #expect(file.firstSeen == Self.seenAt && file.lastSeen == "2026-12-01T00:00:00Z")
    }

    @Test func aRegistryAnalysedByAnEarlierVersionIsAnalysedAgainOnceRepositoryByRepository() async throws {
        let directory = TemporaryDirectory()
        let root = try corpus(directory)
        let store = try SQLiteStore(path: directory.appending("r.sqlite"))
        _ = try await Ingestor(store: store).run([CorpusSource(root: root)], seenAt: Self.seenAt)
        let current = DocumentParser.analysisVersion
        #expect(try store.analysisVersions() == ["acme/skills": current, "lena/app": current])
        // As an earlier build left it: lena/app analysed by the version before, acme/skills by no known version.
        try store.saveBlob("analysis-versions", Array("lena/app\t\(current - 1)".utf8))
        let again = try await Ingestor(store: store).run([CorpusSource(root: root)], seenAt: "2026-12-01T00:00:00Z")
        #expect(again.written == 7 && again.unchanged == 0 && again.rules > 0 && again.reanalyzed == 7)
        #expect(again.summaryLine.contains("7 analysed again (stored by an earlier version of Skillscope)"))
        #expect(try store.analysisVersions() == ["acme/skills": current, "lena/app": current])
        let file = try #require(try store.file(.key(FileKey(repository: "lena/app", path: "AGENTS.md"))))
        #expect(file.firstSeen == Self.seenAt)
        let third = try await Ingestor(store: store).run([CorpusSource(root: root)], seenAt: "2026-12-02T00:00:00Z")
        #expect(third.written == 0 && third.unchanged == 7)
    }

    @Test func aChangedFileIsRewrittenAndOthersAreNot() async throws {
        let directory = TemporaryDirectory()
        let root = try corpus(directory)
        let store = try SQLiteStore(path: directory.appending("r.sqlite"))
        _ = try await Ingestor(store: store).run([CorpusSource(root: root)], seenAt: Self.seenAt)
        try directory.write("corpus/files/lena/app/AGENTS.md", "# Agents\n\n- Never push to main.\n")
        let again = try await Ingestor(store: store).run([CorpusSource(root: root)])
        #expect(again.written == 1 && again.unchanged == 6)
        #expect(try store.search(SearchQuery(text: "push main")).total == 1)
    }

    @Test func badManifestLinesAndUnsafePathsAreReportedAndTheRestIndexed() async throws {
        let directory = TemporaryDirectory()
        let root = try corpus(directory)
        let manifest = try String(contentsOfFile: root + "/manifest.jsonl", encoding: .utf8)
        try directory.write(
            "corpus/manifest.jsonl",
            manifest + "{not json\n{\"repo\": \"evil/x\", \"path\": \"../../etc/passwd\"}\n"
                + "{\"repo\": \"gone/x\", \"path\": \"AGENTS.md\"}\n")
        let store = try SQLiteStore(path: directory.appending("r.sqlite"))
        let report = try await Ingestor(store: store).run([CorpusSource(root: root)])
        #expect(report.problems.map(\.line) == [8, 9])
        #expect(report.problems.allSatisfy { $0.path == "manifest.jsonl" })
        #expect(report.rejected.contains { $0.code == .unreadable && $0.path == "gone/x/AGENTS.md" })
        #expect(report.indexed == 6)
    }

    @Test func aCorpusTreeIsKeptAsItsRepositorysFileList() async throws {
        let directory = TemporaryDirectory()
        let root = try corpus(directory)
        // lena/app's whole tree, as `git ls-tree -r --name-only` lists it; an unsafe line is skipped, and acme/skills
        // has no tree (its instruction files alone are known, as before).
        try directory.write(
            "corpus/trees/lena/app.txt",
            "AGENTS.md\n.cursor/rules/ts.mdc\nscripts/deploy.sh\nsrc/server/main.ts\n../../etc/passwd\n")
        let store = try SQLiteStore(path: directory.appending("r.sqlite"))
        _ = try await Ingestor(store: store).run([CorpusSource(root: root)], seenAt: Self.seenAt)
        #expect(
            try store.repositoryPaths("lena/app") == [
                ".cursor/rules/ts.mdc", "AGENTS.md", "scripts/deploy.sh", "src/server/main.ts",
            ])
        #expect(try store.repositoryPaths("acme/skills").isEmpty)
    }

    @Test func aFolderIsWalkedSkippingGitNodeModulesAndOutsideLinks() async throws {
        let directory = TemporaryDirectory()
        try directory.write("project/AGENTS.md", Fixtures.agentsFile)
        try directory.write("project/skills/review/SKILL.md", Fixtures.reviewSkill)
        try directory.write("project/skills/review/notes.md", "- Be kind.\n")
        try directory.write("project/.git/AGENTS.md", "- hidden\n")
        try directory.write("project/node_modules/pkg/CLAUDE.md", "- vendored\n")
        try directory.write("project/README.md", "# Readme\n")
        try directory.write("outside/CLAUDE.md", "- outside\n")
        try FileManager.default.createSymbolicLink(
            atPath: directory.appending("project/CLAUDE.md"),
            withDestinationPath: directory.appending("outside/CLAUDE.md"))
        try FileManager.default.createSymbolicLink(
            atPath: directory.appending("project/GEMINI.md"),
            withDestinationPath: directory.appending("project/AGENTS.md"))
        let listing = try FolderSource(root: directory.appending("project"), repository: "me/project").list()
        #expect(
            listing.entries.map(\.key.path) == [
                "AGENTS.md", "GEMINI.md", "skills/review/SKILL.md", "skills/review/notes.md",
            ])
        #expect(listing.entries.map(\.kind) == [.agents, .gemini, .skill, .skillReference])
        #expect(FolderSource(root: directory.appending("project")).repository == "local/project")
        #expect(throws: IngestError.self) { try FolderSource(root: directory.appending("missing")).list() }
    }

    @Test func theBundledExamplesIngest() async throws {
        let examples = Paths.examples
        try #require(FileManager.default.fileExists(atPath: examples + "/manifest.jsonl"))
        let directory = TemporaryDirectory()
        let store = try SQLiteStore(path: directory.appending("r.sqlite"))
        let report = try await Ingestor(store: store).run([CorpusSource(root: examples)])
        #expect(report.files >= 40)
        #expect(report.problems.isEmpty)
        #expect(report.rejected.map(\.code).contains(.binary))
        #expect(report.warnings.map(\.code).contains(.invalidUTF8))
        #expect(report.warnings.map(\.code).contains(.invalidFrontMatter))
        let stats = try store.stats()
        #expect(stats.repositories >= 8)
        #expect(Set(stats.byKind.keys) == Set(FileKind.allCases.map(\.rawValue)))
    }
}
