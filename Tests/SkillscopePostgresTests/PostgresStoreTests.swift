import Foundation
import Postgres
import SkillscopeCore
import SkillscopeIngest
import SkillscopePostgres
import SkillscopeSQLite
import SkillscopeStore
import SkillscopeTesting
import SkillscopeVersions
import Testing

// The store conformance suites (SkillscopeSQLiteTests) run on PostgreSQL through StoreEngine.available; these are
// the engine's own behaviours. Skipped, never failed, when no server is configured.
@Suite(
    .enabled(
        if: StoreEngine.testServer != nil,
        "SKILLSCOPE_TEST_POSTGRES is not set: no PostgreSQL server to test against (.ci/run starts one)"))
struct PostgresStoreTests {
    static let seenAt = "2026-11-30T10:00:00Z"

    @Test func reopeningKeepsDataAndAppliesNoMigrationTwice() throws {
        let directory = TemporaryDirectory()
        let configuration = try StoreEngine.makeSchema(in: directory)
        do {
            let store = try PostgresStore(configuration: configuration)
            _ = try store.write(
                repositories: [], files: [Fixtures.record("a/b", "AGENTS.md", Fixtures.agentsFile)], seenAt: Self.seenAt
            )
        }
        let reopened = try PostgresStore(configuration: configuration)
        #expect(try reopened.stats().files == 1 && reopened.schemaVersion() == 8)
        let raw = try connect(configuration)
        #expect(try raw.queryOne("SELECT count(*) FROM schema_migrations")?.int(0) == 8)
    }

    @Test func aNewerSchemaIsRefused() throws {
        let directory = TemporaryDirectory()
        let configuration = try StoreEngine.makeSchema(in: directory)
        _ = try PostgresStore(configuration: configuration)
        try connect(configuration).execute("INSERT INTO schema_migrations (version, applied_at) VALUES (999, 'later')")
        do {
            _ = try PostgresStore(configuration: configuration)
            Issue.record("a registry from a newer version opened")
        } catch {
            #expect(error.code == .corrupt && error.message.contains("999"))
        }
    }

    @Test func anUnreachableServerIsUnavailableAndItsPasswordIsNotShown() throws {
        let configuration = PostgresStore.Configuration(
            conninfo: "postgresql://someone:secret-word@127.0.0.1:1/nowhere?connect_timeout=2")
        do {
            _ = try PostgresStore(configuration: configuration)
            Issue.record("a registry on a closed port opened")
        } catch {
            #expect(error.code == .unavailable)
            #expect(!error.message.contains("secret-word") && error.message.contains("someone:***@127.0.0.1"))
        }
    }

    @Test func aFailingBatchWritesNothing() throws {
        let directory = TemporaryDirectory()
        let configuration = try StoreEngine.makeSchema(in: directory)
        let store = try PostgresStore(configuration: configuration)
        try connect(configuration).execute(
            """
            CREATE FUNCTION boom() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN IF NEW.rules_text LIKE '%boom%' THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END $$;
            CREATE TRIGGER boom BEFORE INSERT ON files FOR EACH ROW EXECUTE FUNCTION boom();
            """)
        let good = Fixtures.record("acme/skills", "review/SKILL.md", Fixtures.reviewSkill)
        let bad = Fixtures.record("acme/skills", "bad/SKILL.md", "---\nname: bad\n---\n- Always say boom.\n")
        #expect(throws: StoreError.self) { try store.write(repositories: [], files: [good, bad], seenAt: Self.seenAt) }
        #expect(try store.stats().files == 0 && store.stats().repositories == 0)
        #expect(try store.search(SearchQuery(text: "diff")).total == 0)
        // The store is still usable after the failure.
        #expect(try store.write(repositories: [], files: [good], seenAt: Self.seenAt).written == 1)
    }

    /// Two stores (two pools, as two processes would have) write overlapping batches in opposite orders at once.
    @Test func concurrentWritersNeitherDuplicateNorLoseFiles() async throws {
        let directory = TemporaryDirectory()
        let configuration = try StoreEngine.makeSchema(in: directory)
        let first = try PostgresStore(configuration: configuration)
        let second = try PostgresStore(configuration: configuration)
        let records = (0..<120).map { index in
            Fixtures.record(
                "owner\(index % 7)/repo", "skills/s\(index)/SKILL.md",
                "---\nname: s\(index)\ndescription: Skill number \(index).\n---\n- Always check item \(index) twice.\n")
        }
        let forward = stride(from: 0, to: 100, by: 10).map { Array(records[$0..<$0 + 10]) }
        let backward = stride(from: 20, to: 120, by: 10).reversed().map { Array(records[$0..<$0 + 10]) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { for batch in forward { _ = try first.write(repositories: [], files: batch, seenAt: "t1") } }
            group.addTask {
                for batch in backward { _ = try second.write(repositories: [], files: batch, seenAt: "t2") }
            }
            try await group.waitForAll()
        }
        let keys = try first.fileKeys().map(\.key)
        #expect(keys.count == 120 && Set(keys) == Set(records.map(\.key)))
        #expect(try second.stats().repositories == 7)
        for store in [first, second] {
            #expect(try store.search(SearchQuery(text: "check twice")).total == 120)
            #expect(try store.search(SearchQuery(text: "s42")).hits.map(\.key.path) == ["skills/s42/SKILL.md"])
        }
    }

    @Test func aRegistryMovedToPostgresAndBackIsIdentical() async throws {
        let directory = TemporaryDirectory()
        let original = try SQLiteStore(path: directory.appending("original.sqlite"))
        try await Self.populate(original)
        let postgres = try PostgresStore(configuration: try StoreEngine.makeSchema(in: directory))
        let there = try RegistryMigration.copy(from: original, to: postgres, pageSize: 16)
        let back = try SQLiteStore(path: directory.appending("back.sqlite"))
        try RegistryMigration.copy(from: postgres, to: back, pageSize: 7)
        let dump = try RegistryDump.lines(store: original)
        #expect(there.files == 74 && there.repositories == 14, "\(there)")
        #expect(there.tokens == 1 && there.reviews == 3)
        let removed = try original.stats().removed
        #expect(there.removed > 0 && there.removed == removed)
        #expect(try RegistryDump.lines(store: postgres) == dump)
        #expect(try RegistryDump.lines(store: back) == dump)
        // The SQLite file itself, FTS index included, is the same but for the passage index's generation.
        #expect(try RegistryDump.lines(directory.appending("back.sqlite")) == RegistryDump.lines(original.path))
        // What the registry answers is the same too.
        let query = SearchQuery(text: "swiftui state")
        #expect(try back.search(query) == original.search(query))
        #expect(
            try postgres.search(query).hits.map(\.key).sorted { $0.description < $1.description }
                == original.search(query).hits.map(\.key).sorted { $0.description < $1.description })
        let id = try #require(try original.fileIDs(nameKey: "swiftui-patterns").first)
        let finder = { (store: any Store) throws -> [Int64] in
            let finder = VersionFinder(store: store)
            let subject = try finder.subject(for: try #require(try store.file(.id(id))))
            return try finder.versions(of: subject).bands.flatMap { $0.versions.map(\.id) }
        }
        #expect(try !finder(original).isEmpty)
        #expect(try finder(postgres) == finder(original) && finder(back) == finder(original))
        // Later writes get fresh ids.
        _ = try postgres.write(
            repositories: [], files: [Fixtures.record("new/repo", "AGENTS.md", "# New\n- Do it.\n")],
            seenAt: Self.seenAt)
        #expect(try postgres.fileKeys().last?.id ?? 0 > there.files)
    }

    /// RUM where the server has the extension (.ci/run installs it), GIN otherwise.
    func searchIndexes(_ configuration: PostgresStore.Configuration) throws -> (expected: String, present: [String]) {
        let raw = try connect(configuration)
        let rum = try raw.queryOne("SELECT count(*) FROM pg_extension WHERE extname = 'rum'")?.int(0) == 1
        let present = try raw.query(
            """
            SELECT indexname FROM pg_indexes WHERE schemaname = current_schema()
                AND indexname IN ('files_search', 'files_search_rum') ORDER BY 1
            """
        ).compactMap { $0.string(0) }
        return (rum ? "files_search_rum" : "files_search", present)
    }

    @Test func aCopyBuildsTheSearchIndexAtTheEndAndAStoppedCopyGetsItBackAtOpen() async throws {
        let directory = TemporaryDirectory()
        let source = try SQLiteStore(path: directory.appending("source.sqlite"))
        try await Self.populate(source)
        let configuration = try StoreEngine.makeSchema(in: directory)
        let destination = try PostgresStore(configuration: configuration)
        let before = try searchIndexes(configuration)
        #expect(before.present == [before.expected])
        try RegistryMigration.copy(from: source, to: destination, pageSize: 10)
        #expect(try searchIndexes(configuration).present == [before.expected])
        let query = SearchQuery(text: "swiftui state")
        #expect(try !destination.search(query).hits.isEmpty)
        // The copy's statistics are fresh: the planner knows the files without waiting for autovacuum.
        let analysed = try connect(configuration).queryOne(
            "SELECT count(*) FROM pg_stat_user_tables WHERE schemaname = current_schema() AND relname = 'files'"
                + " AND (last_analyze IS NOT NULL OR last_autoanalyze IS NOT NULL)")
        #expect(analysed?.int(0) == 1)

        // A copy stopped after it set the index aside: the next open builds it again.
        let stopped = try StoreEngine.makeSchema(in: directory)
        try PostgresStore(configuration: stopped).beginImport()
        #expect(try searchIndexes(stopped).present.isEmpty)
        let reopened = try PostgresStore(configuration: stopped)
        #expect(try searchIndexes(stopped).present == [before.expected])
        _ = try reopened.write(
            repositories: [], files: [Fixtures.record("a/b", "AGENTS.md", Fixtures.agentsFile)], seenAt: Self.seenAt)
        #expect(try reopened.search(SearchQuery(text: "lint")).hits.map(\.key.path) == ["AGENTS.md"])
    }

    @Test func migratingIntoARegistryThatHoldsFilesIsRefused() throws {
        let directory = TemporaryDirectory()
        let source = try SQLiteStore(path: directory.appending("source.sqlite"))
        let destination = try PostgresStore(configuration: try StoreEngine.makeSchema(in: directory))
        _ = try destination.write(
            repositories: [], files: [Fixtures.record("a/b", "AGENTS.md", Fixtures.agentsFile)], seenAt: Self.seenAt)
        #expect(throws: StoreError.self) { try RegistryMigration.copy(from: source, to: destination) }
    }

    /// The examples, a listing record, a security finding, removed files and a renamed repository.
    static func populate(_ store: any Store) async throws {
        _ = try await Ingestor(store: store).run([CorpusSource(root: Paths.examples)], seenAt: seenAt)
        var listed = Fixtures.record("listed/skills", "review/SKILL.md", Fixtures.reviewSkill)
        listed.listingJSON = #"{"id":"x","unknown":{"kept":true}}"#
        listed.blobSHA = String(repeating: "a", count: 40)
        listed.security = SecurityReport(findings: [
            SecurityReport.Finding(
                category: .pipeToShell, level: .fail, message: "pipes a download into a shell", line: 9,
                evidence: "curl https://x | sh")
        ])
        _ = try store.write(
            repositories: [RepositoryRecord(fullName: "listed/skills", stars: 3, topics: ["a", "b"])], files: [listed],
            seenAt: "2026-12-01T00:00:00Z")
        let repository = try #require(try store.fileKeys().first?.key.repository)
        try store.markRemoved(repository: repository, present: [], at: "2026-12-02T00:00:00Z")
        try store.renameRepository("listed/skills", to: "listed/renamed", at: "2026-12-03T00:00:00Z")
        // Reviews and their tokens move too.
        let token = try store.createToken(name: "mover", secretSHA256: "ab12", at: "2026-12-04T00:00:00Z")
        for (index, key) in try store.fileKeys().prefix(3).enumerated() {
            let file = try #require(try store.file(.id(key.id)))
            _ = try store.writeReview(
                ReviewRecord(
                    fileID: key.id, fileSHA256: file.sha256, tokenID: token, outcome: index == 0 ? .worked : .partly,
                    usedFor: "migration \(index)", reviewer: "mover", at: "2026-12-04T00:00:0\(index).000Z"),
                perMinute: 60)
        }
        try store.refreshPassageIndex()
    }

    func connect(_ configuration: PostgresStore.Configuration) throws -> Connection {
        let connection = try Connection(configuration.conninfo)
        try connection.execute("SET search_path TO \"\(configuration.schema ?? "public")\"")
        return connection
    }
}
