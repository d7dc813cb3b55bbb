/// The SQLite registry's schema, as numbered migrations applied in order.
enum Schema {
    /// The newest schema version this program knows.
    static var version: Int { migrations.count }

    /// Each entry moves the schema up one version; applied in one transaction with its version row.
    static let migrations: [String] = [
        """
        CREATE TABLE repositories (
            id INTEGER PRIMARY KEY,
            full_name TEXT NOT NULL UNIQUE,
            stars INTEGER,
            license TEXT,
            topics TEXT NOT NULL DEFAULT '[]',
            default_branch TEXT,
            pushed_at TEXT,
            head_commit TEXT,
            first_seen TEXT NOT NULL,
            last_seen TEXT NOT NULL
        );
        CREATE TABLE files (
            id INTEGER PRIMARY KEY,
            repository_id INTEGER NOT NULL REFERENCES repositories(id),
            path TEXT NOT NULL,
            kind TEXT NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('indexed', 'rejected')),
            commit_sha TEXT,
            first_commit_at TEXT,
            last_commit_at TEXT,
            first_seen TEXT NOT NULL,
            last_seen TEXT NOT NULL,
            sha256 TEXT NOT NULL,
            bytes INTEGER NOT NULL,
            name TEXT,
            title TEXT,
            description TEXT,
            front_matter TEXT,
            diagnostics TEXT NOT NULL DEFAULT '[]',
            line_count INTEGER NOT NULL DEFAULT 0,
            rule_count INTEGER NOT NULL DEFAULT 0,
            rules_text TEXT NOT NULL DEFAULT '',
            rules_layout TEXT NOT NULL DEFAULT '{}',
            body TEXT NOT NULL DEFAULT '',
            UNIQUE (repository_id, path)
        );
        CREATE INDEX files_kind ON files(kind, status);
        -- detail=column: the index keeps which field a word is in, not its offsets (version 9 keeps them again:
        -- bm25 re-tokenized every match without them).
        CREATE VIRTUAL TABLE files_fts USING fts5(
            name, description, rules_text, body,
            content='files', content_rowid='id',
            tokenize='porter unicode61 remove_diacritics 2', detail=column
        );
        INSERT INTO files_fts(files_fts, rank) VALUES('rank', 'bm25(10.0, 5.0, 2.0, 1.0)');
        """,
        // Version 2: what the version measures need. Files written under version 1 carry no fingerprints, so
        // their sha256 is cleared and the next ingest parses them again.
        """
        ALTER TABLE files ADD COLUMN word_count INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE files ADD COLUMN words_hash INTEGER;
        ALTER TABLE files ADD COLUMN name_key TEXT;
        -- Phrase sets live apart from the files' long rows, so reading a candidate's set never walks its text.
        CREATE TABLE file_phrases (
            file_id INTEGER PRIMARY KEY REFERENCES files(id),
            phrases BLOB NOT NULL,
            fingerprints BLOB NOT NULL
        );
        UPDATE files SET sha256 = '' WHERE status = 'indexed';
        CREATE INDEX files_words_hash ON files(words_hash) WHERE words_hash IS NOT NULL;
        CREATE INDEX files_name_key ON files(name_key) WHERE name_key IS NOT NULL;
        CREATE INDEX files_repository ON files(repository_id);
        CREATE TABLE meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;
        INSERT INTO meta (key, value) VALUES ('files_generation', 0), ('passage_index_generation', -1);
        CREATE TABLE passage_index (part INTEGER PRIMARY KEY, data BLOB NOT NULL);
        """,
        // Version 3: spec-check findings stored with each file; files stored before are parsed again.
        """
        ALTER TABLE files ADD COLUMN findings TEXT NOT NULL DEFAULT '[]';
        UPDATE files SET sha256 = '' WHERE status = 'indexed';
        """,
        // Version 4: the security scan's report with each file (its verdict apart, for filters), and listing
        // records kept whole as they were imported. Files stored before are parsed again.
        """
        ALTER TABLE files ADD COLUMN security TEXT NOT NULL DEFAULT '{"findings":[],"verdict":"pass"}';
        ALTER TABLE files ADD COLUMN security_verdict TEXT NOT NULL DEFAULT 'pass';
        CREATE TABLE listings (file_id INTEGER PRIMARY KEY REFERENCES files(id), record TEXT NOT NULL);
        UPDATE files SET sha256 = '' WHERE status = 'indexed';
        """,
        // Version 5: crawls. A file's git blob id, and files gone from their repository: kept, with when they
        // went, in a table of their own so the queries that leave them out never read the files' long rows.
        // Existing files keep everything; they have no blob id until a git or GitHub source lists them.
        """
        ALTER TABLE files ADD COLUMN blob_sha TEXT;
        CREATE TABLE removed_files (
            file_id INTEGER PRIMARY KEY REFERENCES files(id),
            removed_at TEXT NOT NULL
        );
        """,
        // Version 6: review tokens (only their SHA-256) and reviews, one per token per file version; the log
        // counts every write for the per-minute limit, replacements included.
        """
        CREATE TABLE tokens (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            secret_sha256 TEXT NOT NULL UNIQUE,
            created_at TEXT NOT NULL
        );
        CREATE TABLE reviews (
            id INTEGER PRIMARY KEY,
            file_id INTEGER NOT NULL REFERENCES files(id),
            file_sha256 TEXT NOT NULL,
            token_id INTEGER NOT NULL REFERENCES tokens(id),
            outcome TEXT NOT NULL CHECK (outcome IN ('worked', 'partly', 'failed')),
            used_for TEXT NOT NULL,
            reviewer TEXT NOT NULL,
            at TEXT NOT NULL,
            UNIQUE (file_id, file_sha256, token_id)
        );
        CREATE INDEX reviews_file ON reviews(file_id);
        CREATE TABLE review_log (token_id INTEGER NOT NULL, at TEXT NOT NULL);
        CREATE INDEX review_log_token ON review_log(token_id, at);
        """,
        // Version 7: what an agent's report may add to its review: the cost and the latency of the task.
        """
        ALTER TABLE reviews ADD COLUMN cost_usd REAL;
        ALTER TABLE reviews ADD COLUMN latency_ms INTEGER;
        """,
        // Version 8: named blobs kept whole across parts (the registry's rule statistics), with a generation each.
        """
        CREATE TABLE blobs (name TEXT NOT NULL, part INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY (name, part));
        CREATE TABLE blob_generations (name TEXT PRIMARY KEY, generation INTEGER NOT NULL);
        """,
        // Version 9: the search index keeps word positions (detail=full). With detail=column FTS5 re-tokenizes
        // every matching file's text to count its words for bm25: ranking the 636 files of the shared corpus that
        // say "git" took 94 ms, the 3,310 that say "test" 386 ms; with positions kept, 1 ms and 4 ms. The index is
        // three times the size (29 MB against 10 MB for the shared corpus) and costs the writer about 60 µs more a
        // file (bench/RESULTS.md). The files indexed before are indexed again, as the write path indexes them.
        """
        DROP TABLE files_fts;
        CREATE VIRTUAL TABLE files_fts USING fts5(
            name, description, rules_text, body,
            content='files', content_rowid='id',
            tokenize='porter unicode61 remove_diacritics 2'
        );
        INSERT INTO files_fts(files_fts, rank) VALUES('rank', 'bm25(10.0, 5.0, 2.0, 1.0)');
        INSERT INTO files_fts (rowid, name, description, rules_text, body)
            SELECT id, name, description, rules_text, body FROM files WHERE status = 'indexed';
        """,
        // Version 10: what search reads of every matching file (its kind, repository and dates) in an index of its
        // own. A file's row holds its text, about one 16 KiB page each: counting and ranking the 58,338 files of
        // 350,000 that say "prompt" read 930 MB of rows through the table, and a few MB through this index
        // (152 ms → 24 ms for the counts, 212 ms → 74 ms for the ranked page; bench/RESULTS.md). Search names it
        // with INDEXED BY: the planner prices a rowid lookup below any index.
        """
        CREATE INDEX IF NOT EXISTS files_search ON files(id, kind, repository_id, last_commit_at, last_seen);
        """,
        // Version 11: the search index gathers up to 64 MiB of new words in memory before it writes them out (FTS5's
        // default is 1 MiB). A write transaction of 512 files holds about 8 MB of text, so each now adds one segment
        // to the index instead of several, and the merges that follow rewrite less. Measured on FTS5 alone (the
        // 50,000-file corpus's texts, the same SQLite): 16.5–18.6 s against 19.3–21.1 s; in a whole ingest the gain
        // is within the runs' noise (bench/RESULTS.md). Only the writer holds such a buffer, until it commits.
        """
        INSERT INTO files_fts(files_fts, rank) VALUES('hashsize', 67108864);
        """,
        // Version 12: a rule's words are indexed once, in the rules field. The body field held the whole text, so
        // every rule was indexed twice; it now holds the text without the rules' lines (their code examples, the
        // headings, the front matter and every other block stay), made by `skillscope_search_body` through a view
        // the index reads its content from. The rules field weighs 3 (2 before, plus the 1 the body gave the same
        // words). At 350,000 files the rules' words are a quarter of what the index read (bench/RESULTS.md).
        """
        DROP TABLE files_fts;
        CREATE VIEW files_search_text AS
            SELECT id, name, description, rules_text, skillscope_search_body(body, rules_layout) AS body
            FROM files WHERE status = 'indexed';
        CREATE VIRTUAL TABLE files_fts USING fts5(
            name, description, rules_text, body,
            content='files_search_text', content_rowid='id',
            tokenize='porter unicode61 remove_diacritics 2'
        );
        INSERT INTO files_fts(files_fts, rank) VALUES('rank', 'bm25(10.0, 5.0, 3.0, 1.0)');
        INSERT INTO files_fts(files_fts, rank) VALUES('hashsize', 67108864);
        INSERT INTO files_fts(files_fts) VALUES('rebuild');
        """,
        // Version 13: each file's winnowed fingerprints in a table of their own. The passage index is built from
        // every file's fingerprints, read twice; beside the phrase sets they shared each row (and page) with, the
        // build read the whole 3.8 GB of both at 350,000 files to get 0.4 GB. `file_phrases` stays, as a view
        // joining the two, for the queries that read both.
        """
        CREATE TABLE file_fingerprints (
            file_id INTEGER PRIMARY KEY REFERENCES files(id),
            fingerprints BLOB NOT NULL
        );
        INSERT INTO file_fingerprints (file_id, fingerprints) SELECT file_id, fingerprints FROM file_phrases;
        ALTER TABLE file_phrases RENAME TO file_phrase_sets;
        ALTER TABLE file_phrase_sets DROP COLUMN fingerprints;
        CREATE VIEW file_phrases AS
            SELECT s.file_id AS file_id, s.phrases AS phrases, g.fingerprints AS fingerprints
            FROM file_phrase_sets s JOIN file_fingerprints g ON g.file_id = s.file_id;
        """,
        // Version 14: what lets the kept passage index take new files without being built again. It records the
        // highest file id it was built over (`passage_index_high`) and the count of changes it saw
        // (`passage_index_changes`); these triggers count every change an addition of new files does not explain:
        // fingerprints written, replaced or deleted for a file at or below that id, and files removed or restored.
        // While the counts agree, the files above that id are all that is new (``SQLiteStore/refreshPassageIndex()``).
        """
        INSERT OR IGNORE INTO meta (key, value) VALUES ('passage_changes', 0);
        CREATE TRIGGER IF NOT EXISTS passage_fingerprints_written AFTER INSERT ON file_fingerprints
            WHEN NEW.file_id <= (SELECT value FROM meta WHERE key = 'passage_index_high')
            BEGIN UPDATE meta SET value = value + 1 WHERE key = 'passage_changes'; END;
        CREATE TRIGGER IF NOT EXISTS passage_fingerprints_changed AFTER UPDATE ON file_fingerprints
            BEGIN UPDATE meta SET value = value + 1 WHERE key = 'passage_changes'; END;
        CREATE TRIGGER IF NOT EXISTS passage_fingerprints_deleted AFTER DELETE ON file_fingerprints
            BEGIN UPDATE meta SET value = value + 1 WHERE key = 'passage_changes'; END;
        CREATE TRIGGER IF NOT EXISTS passage_file_removed AFTER INSERT ON removed_files
            BEGIN UPDATE meta SET value = value + 1 WHERE key = 'passage_changes'; END;
        CREATE TRIGGER IF NOT EXISTS passage_file_restored AFTER DELETE ON removed_files
            BEGIN UPDATE meta SET value = value + 1 WHERE key = 'passage_changes'; END;
        """,
        // Version 15: the files a refresh adds to the kept passage index go to a small index of their own, the tail,
        // until it holds an eighth of the postings of the rest. Joining them to the whole kept index read and wrote
        // back all of it (299 MB at 350,000 files) for every few files an ingest added; readers now join the two
        // as they load them. `passage_index_base_postings` counts the postings of `passage_index`.
        """
        CREATE TABLE IF NOT EXISTS passage_index_tail (part INTEGER PRIMARY KEY, data BLOB NOT NULL);
        """,
        // Version 16: what an ingest of files it has already stored reads and writes. It read every file's row twice
        // and wrote it once, about one 16 KiB page each: at 350,000 unchanged files, 14 GB read and 7.6 GB written
        // for a date a file (bench/RESULTS.md).
        // - When a file whose text did not change was seen again goes to a narrow table of its own. A row there
        //   stands for the file's `last_seen` until its row is written again, which removes it
        //   (``SkillscopeStore/StoredFile/lastSeenColumn``). Setting `files.last_seen` rebuilt the whole row.
        // - Each file's stored sha256 and status are in an index by repository and path, which answers
        //   ``SQLiteStore/storedHashes(of:)`` without the rows (46 MB at 350,000 files, against 6 GB of rows).
        """
        CREATE TABLE IF NOT EXISTS file_sightings (
            file_id INTEGER PRIMARY KEY REFERENCES files(id),
            last_seen TEXT NOT NULL
        );
        CREATE INDEX IF NOT EXISTS files_stored_hash ON files(repository_id, path, sha256, status);
        """,
        // Version 17: search moves to a Xapian index beside the file (``SearchIndex``), whose matcher skips the files
        // that cannot enter a page where FTS5 ranked every match (bench/RESULTS.md). FTS5's tables go. These
        // triggers log, in the writing transaction, every change to what a file's document holds: its texts, kind,
        // status and dates, its removal or return, and its repository's stars, licence and topics. A sighting of a
        // file with no commit date moves only its date, for the "recent" order (`values_only`). Every indexed file
        // is logged, so the first open builds the index.
        """
        DROP TABLE IF EXISTS files_fts;
        DROP VIEW IF EXISTS files_search_text;
        CREATE TABLE search_changes (
            seq INTEGER PRIMARY KEY, file_id INTEGER NOT NULL, values_only INTEGER NOT NULL DEFAULT 0
        );
        INSERT OR IGNORE INTO meta (key, value) VALUES ('search_index', 0), ('search_commit', 0);
        CREATE TRIGGER search_file_added AFTER INSERT ON files
            BEGIN INSERT INTO search_changes (file_id) VALUES (NEW.id); END;
        CREATE TRIGGER search_file_changed
            AFTER UPDATE OF name, description, rules_text, body, rules_layout, kind, status, last_commit_at, last_seen,
                repository_id ON files
            BEGIN INSERT INTO search_changes (file_id) VALUES (NEW.id); END;
        CREATE TRIGGER search_file_deleted AFTER DELETE ON files
            BEGIN INSERT INTO search_changes (file_id) VALUES (OLD.id); END;
        CREATE TRIGGER search_file_removed AFTER INSERT ON removed_files
            BEGIN INSERT INTO search_changes (file_id) VALUES (NEW.file_id); END;
        CREATE TRIGGER search_file_restored AFTER DELETE ON removed_files
            BEGIN INSERT INTO search_changes (file_id) VALUES (OLD.file_id); END;
        CREATE TRIGGER search_file_sighted AFTER INSERT ON file_sightings
            WHEN (SELECT last_commit_at FROM files WHERE id = NEW.file_id) IS NULL
            BEGIN INSERT INTO search_changes (file_id, values_only) VALUES (NEW.file_id, 1); END;
        CREATE TRIGGER search_file_sighted_again AFTER UPDATE OF last_seen ON file_sightings
            WHEN (SELECT last_commit_at FROM files WHERE id = NEW.file_id) IS NULL
            BEGIN INSERT INTO search_changes (file_id, values_only) VALUES (NEW.file_id, 1); END;
        CREATE TRIGGER search_repository_changed AFTER UPDATE OF stars, license, topics ON repositories
            WHEN OLD.stars IS NOT NEW.stars OR OLD.license IS NOT NEW.license OR OLD.topics IS NOT NEW.topics
            BEGIN INSERT INTO search_changes (file_id) SELECT id FROM files WHERE repository_id = NEW.id; END;
        INSERT INTO search_changes (file_id) SELECT id FROM files WHERE status = 'indexed' ORDER BY id;
        """,
        // Version 18: people signed in with GitHub. An account is a login (`login_key` is it lowercased: GitHub's
        // logins ignore case); each has a person token its page reviews are written with, so a review stays one
        // per token per file version, and agent tokens it made. Sessions are kept by the SHA-256 of the cookie's
        // secret. A review reported by enough distinct people or addresses is hidden until an operator looks
        // (`kept_at`: shown again by an operator, and not hidden by reports after).
        """
        CREATE TABLE accounts (
            id INTEGER PRIMARY KEY,
            login TEXT NOT NULL,
            login_key TEXT NOT NULL UNIQUE,
            created_at TEXT NOT NULL
        );
        CREATE TABLE sessions (
            secret_sha256 TEXT PRIMARY KEY,
            account_id INTEGER NOT NULL REFERENCES accounts(id),
            created_at TEXT NOT NULL,
            expires_at TEXT NOT NULL
        );
        CREATE INDEX sessions_expiry ON sessions(expires_at);
        ALTER TABLE tokens ADD COLUMN kind TEXT NOT NULL DEFAULT 'operator'
            CHECK (kind IN ('operator', 'person', 'agent'));
        ALTER TABLE tokens ADD COLUMN account_id INTEGER REFERENCES accounts(id);
        ALTER TABLE tokens ADD COLUMN revoked_at TEXT;
        CREATE INDEX tokens_account ON tokens(account_id);
        ALTER TABLE reviews ADD COLUMN hidden_at TEXT;
        ALTER TABLE reviews ADD COLUMN hidden_by TEXT;
        ALTER TABLE reviews ADD COLUMN kept_at TEXT;
        CREATE TABLE review_reports (
            review_id INTEGER NOT NULL REFERENCES reviews(id) ON DELETE CASCADE,
            reporter TEXT NOT NULL,
            at TEXT NOT NULL,
            PRIMARY KEY (review_id, reporter)
        );
        """,
    ]
}
