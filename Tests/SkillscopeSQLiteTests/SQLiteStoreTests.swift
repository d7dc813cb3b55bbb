import Foundation
import SQLite
import SkillscopeCore
import SkillscopeSQLite
import SkillscopeStore
import SkillscopeTesting
import Testing
import Xapian

@Suite struct StoreConformanceTests {
    @Test(arguments: StoreEngine.available)
    func writesAndReadsBack(engine: StoreEngine) throws {
        let directory = TemporaryDirectory()
        try StoreConformance.writesAndReadsBack(try engine.makeEmptyStore(in: directory))
    }

    @Test(arguments: StoreEngine.available)
    func blobsAndFileRules(engine: StoreEngine) throws {
        let directory = TemporaryDirectory()
        try StoreConformance.blobsAndFileRules(try engine.makeEmptyStore(in: directory))
    }

    @Test(arguments: StoreEngine.available)
    func checksAndListingsAreKept(engine: StoreEngine) throws {
        let directory = TemporaryDirectory()
        try StoreConformance.checksAndListingsAreKept(try engine.makeEmptyStore(in: directory))
    }

    @Test(arguments: StoreEngine.available)
    func reviewsReplaceAndAreLimited(engine: StoreEngine) throws {
        let directory = TemporaryDirectory()
        try StoreConformance.reviewsReplaceAndAreLimited(try engine.makeEmptyStore(in: directory))
    }

    @Test(arguments: StoreEngine.available)
    func accountsSessionsAndAgentTokens(engine: StoreEngine) throws {
        let directory = TemporaryDirectory()
        try StoreConformance.accountsSessionsAndAgentTokens(try engine.makeEmptyStore(in: directory))
    }

    @Test(arguments: StoreEngine.available)
    func reportsHideAReviewUntilAnOperatorLooks(engine: StoreEngine) throws {
        let directory = TemporaryDirectory()
        try StoreConformance.reportsHideAReviewUntilAnOperatorLooks(try engine.makeEmptyStore(in: directory))
    }

    @Test(arguments: StoreEngine.available)
    func searchFiltersSortsAndCountsFacets(engine: StoreEngine) throws {
        let directory = TemporaryDirectory()
        try StoreConformance.searchFiltersSortsAndCountsFacets(try engine.makeEmptyStore(in: directory))
    }

    @Test(arguments: StoreEngine.available)
    func summarizedSearchCarriesSummariesAndSortsByThem(engine: StoreEngine) throws {
        let directory = TemporaryDirectory()
        try StoreConformance.summarizedSearchCarriesSummariesAndSortsByThem(try engine.makeEmptyStore(in: directory))
    }

    @Test(arguments: StoreEngine.available)
    func rewritingUnchangedFilesWritesNothing(engine: StoreEngine) throws {
        let directory = TemporaryDirectory()
        try StoreConformance.rewritingUnchangedFilesWritesNothing(try engine.makeEmptyStore(in: directory))
    }

    @Test(arguments: StoreEngine.available)
    func aFileSeenAgainKeepsItsRowButNotItsTime(engine: StoreEngine) throws {
        let directory = TemporaryDirectory()
        try StoreConformance.aFileSeenAgainKeepsItsRowButNotItsTime(try engine.makeEmptyStore(in: directory))
    }

    @Test(arguments: StoreEngine.available)
    func changedFileReplacesRulesAndSearchText(engine: StoreEngine) throws {
        let directory = TemporaryDirectory()
        try StoreConformance.changedFileReplacesRulesAndSearchText(try engine.makeEmptyStore(in: directory))
    }

    @Test(arguments: StoreEngine.available)
    func searchRanksNameMatchesFirstAndFiltersByKind(engine: StoreEngine) throws {
        let directory = TemporaryDirectory()
        try StoreConformance.searchRanksNameMatchesFirstAndFiltersByKind(try engine.makeEmptyStore(in: directory))
    }

    @Test(arguments: StoreEngine.available)
    func aSkillsNameFindsItsCopiesFirst(engine: StoreEngine) throws {
        let directory = TemporaryDirectory()
        try StoreConformance.aSkillsNameFindsItsCopiesFirst(try engine.makeEmptyStore(in: directory))
    }

    @Test(arguments: StoreEngine.available)
    func aSearchWithManyMatchesEstimatesItsTotalAndSaysSo(engine: StoreEngine) throws {
        let directory = TemporaryDirectory()
        try StoreConformance.aSearchWithManyMatchesEstimatesItsTotalAndSaysSo(try engine.makeEmptyStore(in: directory))
    }

    @Test(arguments: StoreEngine.available)
    func browsingByKindCountsAsTheHomePageDoes(engine: StoreEngine) throws {
        let directory = TemporaryDirectory()
        try StoreConformance.browsingByKindCountsAsTheHomePageDoes(try engine.makeEmptyStore(in: directory))
    }

    @Test(arguments: StoreEngine.available)
    func rejectedFilesAreKeptWithTheirReason(engine: StoreEngine) throws {
        let directory = TemporaryDirectory()
        try StoreConformance.rejectedFilesAreKeptWithTheirReason(try engine.makeEmptyStore(in: directory))
    }

    @Test(arguments: StoreEngine.available)
    func storedHashesAnswerTheListedKeys(engine: StoreEngine) throws {
        let directory = TemporaryDirectory()
        try StoreConformance.storedHashesAnswerTheListedKeys(try engine.makeEmptyStore(in: directory))
    }

    @Test(arguments: StoreEngine.available)
    func statsCountKindsAndRules(engine: StoreEngine) throws {
        let directory = TemporaryDirectory()
        try StoreConformance.statsCountKindsAndRules(try engine.makeEmptyStore(in: directory))
    }

    @Test(arguments: StoreEngine.available)
    func removedFilesAreKeptButLeftOutOfSearchAndVersions(engine: StoreEngine) throws {
        let directory = TemporaryDirectory()
        try StoreConformance.removedFilesAreKeptButLeftOutOfSearchAndVersions(try engine.makeEmptyStore(in: directory))
    }

    @Test(arguments: StoreEngine.available)
    func repositoryPathsAreKeptAndRewrittenOnlyWhenChanged(engine: StoreEngine) throws {
        let directory = TemporaryDirectory()
        try StoreConformance.repositoryPathsAreKeptAndRewrittenOnlyWhenChanged(try engine.makeEmptyStore(in: directory))
    }

    @Test(arguments: StoreEngine.available)
    func aReanalysedFileIsRewrittenThoughItsBytesAreTheSame(engine: StoreEngine) throws {
        let directory = TemporaryDirectory()
        try StoreConformance.aReanalysedFileIsRewrittenThoughItsBytesAreTheSame(
            try engine.makeEmptyStore(in: directory))
    }

    @Test(arguments: StoreEngine.available)
    func rulesOfManyFilesAreEachFilesOwn(engine: StoreEngine) throws {
        let directory = TemporaryDirectory()
        try StoreConformance.rulesOfManyFilesAreEachFilesOwn(try engine.makeEmptyStore(in: directory))
    }

    @Test(arguments: StoreEngine.available)
    func aRenamedRepositoryKeepsItsFiles(engine: StoreEngine) throws {
        let directory = TemporaryDirectory()
        try StoreConformance.aRenamedRepositoryKeepsItsFiles(try engine.makeEmptyStore(in: directory))
    }
}

@Suite struct SQLiteStoreTests {
    @Test func aFailingBatchWritesNothing() throws {
        let directory = TemporaryDirectory()
        let path = directory.appending("registry.sqlite")
        let store = try SQLiteStore(path: path)
        // Make the second file's insert fail, after the first file was written in the same transaction.
        let raw = try Connection(path: path)
        try raw.execute(
            "CREATE TRIGGER boom BEFORE INSERT ON files WHEN NEW.rules_text LIKE '%boom%' BEGIN SELECT RAISE(ABORT, 'boom'); END"
        )
        let good = Fixtures.record("acme/skills", "review/SKILL.md", Fixtures.reviewSkill)
        let bad = Fixtures.record("acme/skills", "bad/SKILL.md", "---\nname: bad\n---\n- Always say boom.\n")
        #expect(throws: StoreError.self) {
            try store.write(repositories: [], files: [good, bad], seenAt: "2026-11-30T00:00:00Z")
        }
        #expect(try store.stats().files == 0)
        #expect(try store.search(SearchQuery(text: "diff")).total == 0)
    }

    /// A write's files go to the search index in one commit, numbered in step with the rows; the log is empty
    /// after it.
    @Test func aWriteCommitsTheSearchIndexOnce() throws {
        let directory = TemporaryDirectory()
        let path = directory.appending("registry.sqlite")
        let store = try SQLiteStore(path: path)
        let raw = try Connection(path: path)
        let before = try raw.queryOne("SELECT value FROM meta WHERE key = 'search_commit'")?.int(0) ?? -1
        let files = (0..<24).map { number in
            Fixtures.record(
                "acme/skills-\(number % 3)", "skill-\(number)/SKILL.md",
                "---\nname: skill-\(number)\n---\n- Always run the checks numbered \(number) before a commit.\n")
        }
        _ = try store.write(repositories: [], files: files, seenAt: "2026-11-30T00:00:00Z")
        #expect(try raw.queryOne("SELECT value FROM meta WHERE key = 'search_commit'")?.int(0) == before + 1)
        #expect(try raw.queryOne("SELECT count(*) FROM search_changes")?.int(0) == 0)
        let index = try XapianDatabase(path: path + "-search", writable: false)
        #expect(try index.metadata("commit") == String(before + 1) && index.documentCount == 24)
        #expect(try store.search(SearchQuery(text: "checks numbered")).total == 24)
    }

    @Test func aFileWrittenTwiceInOneBatchIsIndexedOnceWithItsLastText() throws {
        let directory = TemporaryDirectory()
        let path = directory.appending("registry.sqlite")
        let store = try SQLiteStore(path: path)
        let first = Fixtures.record(
            "acme/skills", "deploy/SKILL.md", "---\nname: deploy\n---\n- Always tag the zebra release.\n")
        _ = try store.write(repositories: [], files: [first], seenAt: "2026-11-30T00:00:00Z")
        // Stored and indexed before; then changed twice in one transaction, beside a new file.
        let second = Fixtures.record(
            "acme/skills", "deploy/SKILL.md", "---\nname: deploy\n---\n- Always tag the walrus release.\n")
        let third = Fixtures.record(
            "acme/skills", "deploy/SKILL.md", "---\nname: deploy\n---\n- Always tag the okapi release.\n")
        let other = Fixtures.record(
            "acme/skills", "lint/SKILL.md", "---\nname: lint\n---\n- Never skip the walrus lint.\n")
        _ = try store.write(repositories: [], files: [second, other, third], seenAt: "2026-12-01T00:00:00Z")
        #expect(try store.search(SearchQuery(text: "zebra")).total == 0)
        #expect(try store.search(SearchQuery(text: "walrus")).hits.map(\.key.path) == ["lint/SKILL.md"])
        #expect(try store.search(SearchQuery(text: "okapi")).hits.map(\.key.path) == ["deploy/SKILL.md"])
    }

    @Test func aRewrittenFileKeepsOnePhraseSetAndFingerprintRowWithItsNewText() throws {
        let directory = TemporaryDirectory()
        let path = directory.appending("registry.sqlite")
        let store = try SQLiteStore(path: path)
        let first = Fixtures.record(
            "acme/skills", "deploy/SKILL.md",
            "---\nname: deploy\n---\n- Always tag the zebra release before the build goes out.\n")
        let other = Fixtures.record(
            "acme/skills", "lint/SKILL.md", "---\nname: lint\n---\n- Never skip the walrus lint on a Friday.\n")
        // New files: plain inserts.
        _ = try store.write(repositories: [], files: [first, other], seenAt: "2026-11-30T00:00:00Z")
        // A stored file written again: its rows are replaced.
        let second = Fixtures.record(
            "acme/skills", "deploy/SKILL.md",
            "---\nname: deploy\n---\n- Never tag an okapi release while the pipeline is still red.\n")
        _ = try store.write(repositories: [], files: [second], seenAt: "2026-12-01T00:00:00Z")
        let rows = try Connection(path: path).query(
            """
            SELECT f.path, s.phrases, g.fingerprints FROM files f
            JOIN file_phrase_sets s ON s.file_id = f.id JOIN file_fingerprints g ON g.file_id = f.id ORDER BY f.path
            """)
        #expect(rows.map { $0.string(0) } == ["deploy/SKILL.md", "lint/SKILL.md"])
        #expect(rows.map { $0[1] } == [.blob(second.encoded.phrases), .blob(other.encoded.phrases)])
        #expect(rows.map { $0[2] } == [.blob(second.encoded.fingerprints), .blob(other.encoded.fingerprints)])
        #expect(second.encoded.phrases != first.encoded.phrases)
    }

    @Test func aFileThatIsNoDatabaseIsReportedAsCorrupt() throws {
        let directory = TemporaryDirectory()
        try directory.write("not.sqlite", String(repeating: "this is not a database\n", count: 200))
        do {
            _ = try SQLiteStore(path: directory.appending("not.sqlite"))
            Issue.record("opening a text file as a registry succeeded")
        } catch {
            #expect(error.code == .corrupt)
            #expect(error.message.contains("not a Skillscope registry"))
        }
    }

    @Test func aNewerSchemaIsRefused() throws {
        let directory = TemporaryDirectory()
        let path = directory.appending("registry.sqlite")
        _ = try SQLiteStore(path: path)
        let raw = try Connection(path: path)
        try raw.execute("INSERT INTO schema_migrations (version, applied_at) VALUES (999, 'later')")
        do {
            _ = try SQLiteStore(path: path)
            Issue.record("a registry from a newer version opened")
        } catch {
            #expect(error.code == .corrupt && error.message.contains("999"))
        }
    }

    /// A registry in `directory` holding `record`, written on 2026-11-30, then taken back by `rewind` (SQL) to
    /// what an older skillscope left.
    static func rewoundRegistry(in directory: TemporaryDirectory, holding record: FileRecord, rewind: String) throws
        -> String
    {
        let path = directory.appending("registry.sqlite")
        do {
            let store = try SQLiteStore(path: path)
            _ = try store.write(repositories: [], files: [record], seenAt: "2026-11-30T00:00:00Z")
        }
        try Connection(path: path).execute(rewind)
        return path
    }

    @Test func migratingToSchema16KeepsEachFilesTimeAndSightingsLeaveTheRowAlone() throws {
        let directory = TemporaryDirectory()
        let record = Fixtures.record("a/b", "skills/review/SKILL.md", Fixtures.reviewSkill)
        let path = try Self.rewoundRegistry(
            in: directory, holding: record,
            rewind: Self.beforeSchema17
                + "DROP TABLE file_sightings; DROP INDEX files_stored_hash; DELETE FROM schema_migrations WHERE version = 16;"
        )
        let migrated = try SQLiteStore(path: path)
        #expect(try migrated.schemaVersion() == 18)
        #expect(try migrated.file(.key(record.key))?.lastSeen == "2026-11-30T00:00:00Z")
        #expect(try migrated.storedHashes(of: [record.key])[record.key]?.sha256 == record.sha256)
        try migrated.markSeen([record.key], at: "2026-12-01T00:00:00Z")
        #expect(try migrated.file(.key(record.key))?.lastSeen == "2026-12-01T00:00:00Z")
        // The file's own row keeps the time it was written at; the sighting stands for it.
        let raw = try Connection(path: path)
        #expect(try raw.queryOne("SELECT last_seen FROM files")?.string(0) == "2026-11-30T00:00:00Z")
        #expect(try raw.queryOne("SELECT last_seen FROM file_sightings")?.string(0) == "2026-12-01T00:00:00Z")
    }

    @Test func reopeningKeepsDataAndAppliesNoMigrationTwice() throws {
        let directory = TemporaryDirectory()
        let path = directory.appending("registry.sqlite")
        do {
            let store = try SQLiteStore(path: path)
            _ = try store.write(
                repositories: [], files: [Fixtures.record("a/b", "AGENTS.md", Fixtures.agentsFile)],
                seenAt: "2026-11-30T00:00:00Z")
        }
        let reopened = try SQLiteStore(path: path)
        #expect(try reopened.stats().files == 1)
        #expect(try reopened.schemaVersion() == 18)
        let raw = try Connection(path: path)
        #expect(try raw.queryOne("SELECT count(*) FROM schema_migrations")?.int(0) == 18)
        #expect(try raw.queryOne("PRAGMA journal_mode")?.string(0) == "wal")
        // The search index is a folder beside the file (schema 17).
        #expect(try XapianDatabase(path: path + "-search", writable: false).documentCount == 1)
    }

    /// A rule's words are indexed once, with the rules' weight.
    ///
    /// The rest of the text (headings, other paragraphs, the rules' code examples) has the body's. Search finds
    /// both, snippets come from either, and a rewrite takes the old words out.
    @Test func aRulesWordsAreIndexedOnceInTheRulesField() throws {
        let directory = TemporaryDirectory()
        let path = directory.appending("registry.sqlite")
        let store = try SQLiteStore(path: path)
        let text = """
            ---
            name: deploy
            description: Ships the app.
            ---
            # Deploying with capybara

            This folder holds notes about the walrus cluster.

            - Always tag the okapi release before shipping.

              ```sh
              git tag narwhal-1
              ```
            - Never push on Fridays.

            | Step | Check |
            | --- | --- |
            | build | pangolin green |
            """
        _ = try store.write(
            repositories: [], files: [Fixtures.record("acme/ops", "deploy/SKILL.md", text)],
            seenAt: "2026-11-30T00:00:00Z")
        for word in ["okapi", "walrus", "narwhal", "capybara", "pangolin"] {
            let found = try store.search(SearchQuery(text: word))
            #expect(found.total == 1, "\(word)")
            #expect(found.hits.first?.snippet.lowercased().contains(word) == true, "\(word)")
        }
        // Rewriting the file takes its old words out of both fields.
        _ = try store.write(
            repositories: [],
            files: [Fixtures.record("acme/ops", "deploy/SKILL.md", "# Deploying\n\n- Always check the ibex.\n")],
            seenAt: "2026-12-01T00:00:00Z")
        for word in ["okapi", "walrus", "narwhal", "capybara", "pangolin"] {
            #expect(try store.search(SearchQuery(text: word)).total == 0, "\(word)")
        }
        #expect(try store.search(SearchQuery(text: "ibex")).total == 1)
    }

    /// SQL that takes schema 13's tables back to the one table of phrase sets and fingerprints before it.
    static let beforeSchema13 = """
        DROP VIEW file_phrases;
        CREATE TABLE file_phrases (file_id INTEGER PRIMARY KEY REFERENCES files(id), phrases BLOB NOT NULL,
            fingerprints BLOB NOT NULL);
        INSERT INTO file_phrases SELECT s.file_id, s.phrases, g.fingerprints
            FROM file_phrase_sets s JOIN file_fingerprints g ON g.file_id = s.file_id;
        DROP TABLE file_phrase_sets; DROP TABLE file_fingerprints;
        """

    /// SQL that takes schema 18's accounts, sessions and token kinds back out.
    static let beforeSchema18 = """
        DROP TABLE sessions; DROP TABLE accounts; DROP INDEX tokens_account; DROP TABLE review_reports;
        ALTER TABLE reviews DROP COLUMN hidden_at; ALTER TABLE reviews DROP COLUMN hidden_by;
        ALTER TABLE reviews DROP COLUMN kept_at;
        CREATE TABLE tokens_v6 (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, secret_sha256 TEXT NOT NULL UNIQUE,
            created_at TEXT NOT NULL);
        INSERT INTO tokens_v6 SELECT id, name, secret_sha256, created_at FROM tokens;
        DROP TABLE tokens; ALTER TABLE tokens_v6 RENAME TO tokens;
        DELETE FROM schema_migrations WHERE version >= 18;
        """

    /// SQL that takes schema 17's search log back out (the Xapian index beside the file stays, and is built again).
    static let beforeSchema17 =
        beforeSchema18 + """
            DROP TRIGGER search_file_added; DROP TRIGGER search_file_changed; DROP TRIGGER search_file_deleted;
            DROP TRIGGER search_file_removed; DROP TRIGGER search_file_restored; DROP TRIGGER search_repository_changed;
            DROP TRIGGER search_file_sighted; DROP TRIGGER search_file_sighted_again;
            DROP TABLE search_changes; DELETE FROM meta WHERE key IN ('search_index', 'search_commit');
            DELETE FROM schema_migrations WHERE version >= 17;
            """

    /// FTS5's table as schemas 1 to 8 had it, filled.
    static let schema8SearchTable = """
        CREATE VIRTUAL TABLE files_fts USING fts5(name, description, rules_text, body, content='files',
            content_rowid='id', tokenize='porter unicode61 remove_diacritics 2', detail=column);
        INSERT INTO files_fts (rowid, name, description, rules_text, body)
            SELECT id, name, description, rules_text, body FROM files WHERE status = 'indexed';
        """

    @Test func aWordWithACombiningMarkIsFoundWhole() throws {
        let directory = TemporaryDirectory()
        let store = try SQLiteStore(path: directory.appending("registry.sqlite"))
        // The virama is a combining mark, which stays in its word: "हिन्दी" is one word, not "हिन" and "दी".
        _ = try store.write(
            repositories: [],
            files: [
                Fixtures.record("a/b", "AGENTS.md", "# Agents\n\n- जवाब हिन्दी में लिखें।\n"),
                Fixtures.record("a/c", "AGENTS.md", "# Agents\n\n- दी हिन से अलग है।\n"),
            ], seenAt: "2026-11-30T00:00:00Z")
        let found = try store.search(SearchQuery(text: "हिन्दी"))
        #expect(found.total == 1)
        #expect(found.hits.first?.key.repository == "a/b")
    }

    @Test func migratingFromSchema8MovesSearchToTheIndexBesideTheFile() throws {
        let directory = TemporaryDirectory()
        let path = directory.appending("registry.sqlite")
        let records = [
            Fixtures.record("a/b", "AGENTS.md", Fixtures.agentsFile),
            Fixtures.record("a/b", "skills/review/SKILL.md", Fixtures.reviewSkill),
            Fixtures.record("a/b", "CLAUDE.md", "nul \u{0} byte"),
        ]
        let fingerprints: [TextFingerprint?]
        do {
            let store = try SQLiteStore(path: path)
            _ = try store.write(repositories: [], files: records, seenAt: "2026-11-30T00:00:00Z")
            fingerprints = try (1...3).map { try store.fingerprint(ofFile: Int64($0)) }
        }
        // Take the search index back to schema 8's, which kept no word positions, and the phrase sets and
        // fingerprints back into one table (before schema 13).
        do {
            let raw = try Connection(path: path)
            try raw.execute(
                """
                \(Self.beforeSchema17)
                \(Self.schema8SearchTable)
                DELETE FROM schema_migrations WHERE version >= 9; DROP INDEX files_search;
                \(Self.beforeSchema13)
                """)
            #expect(
                try raw.queryOne("SELECT sql FROM sqlite_master WHERE name = 'files_fts'")?.string(0)?.contains(
                    "detail=column") == true)
        }
        let migrated = try SQLiteStore(path: path)
        #expect(try migrated.schemaVersion() == 18)
        let raw = try Connection(path: path)
        // Version 17 moved search to the index beside the file: FTS5's tables are gone.
        #expect(try raw.queryOne("SELECT count(*) FROM sqlite_master WHERE name LIKE 'files_fts%'")?.int(0) == 0)
        // Version 13 moved the fingerprints apart: every file's phrase set and fingerprints read back the same.
        #expect(try (1...3).map { try migrated.fingerprint(ofFile: Int64($0)) } == fingerprints)
        #expect(fingerprints.compactMap { $0 }.count == 2)
        #expect(try raw.queryOne("SELECT count(*) FROM file_fingerprints")?.int(0) == 2)
        // Every indexed file is in the index once, and the rejected one is not.
        let indexed = try raw.queryOne("SELECT count(*) FROM files WHERE status = 'indexed'")?.int(0)
        #expect(indexed == 2)
        #expect(try XapianDatabase(path: path + "-search", writable: false).documentCount == indexed)
        #expect(try migrated.search(SearchQuery(text: "lint")).total == 1)
        #expect(try migrated.search(SearchQuery(text: "whole diff")).total == 1)
        #expect(try migrated.search(SearchQuery(text: "npm test")).total == 1)
    }

    @Test func migratingToSchema5KeepsEveryFile() throws {
        let directory = TemporaryDirectory()
        let record = Fixtures.record("a/b", "AGENTS.md", Fixtures.agentsFile)
        // Take the registry back to schema 4, as an older skillscope left it.
        let path = try Self.rewoundRegistry(
            in: directory, holding: record,
            rewind: """
                \(Self.beforeSchema17)
                \(Self.schema8SearchTable)
                DROP TABLE file_sightings; DROP INDEX files_stored_hash;
                DROP TABLE removed_files; ALTER TABLE files DROP COLUMN blob_sha;
                DELETE FROM schema_migrations WHERE version >= 5; DROP TABLE review_log; DROP TABLE reviews; DROP TABLE tokens;
                DROP TABLE blobs; DROP TABLE blob_generations;
                \(Self.beforeSchema13)
                """)
        let migrated = try SQLiteStore(path: path)
        #expect(try migrated.schemaVersion() == 18)
        let file = try #require(try migrated.file(.key(record.key)))
        #expect(file.sha256 == record.sha256 && file.firstSeen == "2026-11-30T00:00:00Z" && file.ruleCount == 2)
        #expect(file.blobSHA == nil && file.removedAt == nil)
        #expect(try migrated.search(SearchQuery(text: "lint")).total == 1)
    }
}
