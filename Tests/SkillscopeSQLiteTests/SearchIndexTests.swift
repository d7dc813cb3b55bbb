import Foundation
import SQLite
import SkillscopeSQLite
import SkillscopeStore
import SkillscopeTesting
import Synchronization
import Testing
import Xapian

/// The Xapian index beside the SQLite file stays the rows' index through crashes, rollbacks and lost folders.
@Suite struct SearchIndexTests {
    private func registry(_ directory: TemporaryDirectory) throws -> (String, SQLiteStore) {
        let path = directory.appending("registry.sqlite")
        let store = try SQLiteStore(path: path)
        _ = try store.write(
            repositories: [],
            files: [
                Fixtures.record(
                    "acme/ops", "deploy/SKILL.md", "---\nname: deploy\n---\n- Always tag the okapi release.\n"),
                Fixtures.record("acme/ops", "AGENTS.md", "# Agents\n\n- Never push the walrus branch.\n"),
            ], seenAt: "2026-11-30T00:00:00Z")
        return (path, store)
    }

    /// Chinese, Japanese and Korean write words without spaces between them: a word is found inside a sentence.
    @Test func aCJKWordIsFoundInsideASentence() throws {
        let directory = TemporaryDirectory()
        let store = try SQLiteStore(path: directory.appending("registry.sqlite"))
        _ = try store.write(
            repositories: [],
            files: [
                Fixtures.record("zh/skills", "review/SKILL.md", "---\nname: review\n---\n- 在合并前进行代码审查，确保质量。\n"),
                Fixtures.record("ja/skills", "review/SKILL.md", "---\nname: review\n---\n- 合併の前にコードレビューを行う。\n"),
                Fixtures.record("ko/skills", "review/SKILL.md", "---\nname: review\n---\n- 병합 전에 코드 리뷰를 요청하세요.\n"),
                Fixtures.record("zh/other", "AGENTS.md", "# 规则\n\n- 代码写完后运行测试。\n"),
            ], seenAt: "2026-11-30T00:00:00Z")
        func repositories(_ text: String) throws -> [String] {
            try store.search(SearchQuery(text: text)).hits.map(\.key.repository).sorted()
        }
        #expect(try repositories("代码审查") == ["zh/skills"])
        #expect(try repositories("代码") == ["zh/other", "zh/skills"])
        #expect(try repositories("审") == ["zh/skills"])
        #expect(try repositories("レビュー") == ["ja/skills"])
        #expect(try repositories("리뷰") == ["ko/skills"])
        #expect(XapianDatabase.terms(of: "代码审查").contains("Z代码"))
    }

    /// Searches on many threads at once, as a server's handlers make them, each on a reader of its own: results
    /// made from a reader are freed before another thread takes it (Xapian counts its references without atomics).
    ///
    /// Each search of up to four words also looks its words up as a skill's name, with a query that matches every
    /// document and a filter: that query is made afresh, never copied from Xapian's shared `MatchAll`.
    @Test func searchesFromManyThreadsAtOnceAnswerAlike() throws {
        let directory = TemporaryDirectory()
        let (_, store) = try registry(directory)
        let expected = try store.search(SearchQuery(text: "okapi release")).hits.map(\.id)
        try #require(!expected.isEmpty)
        let answers = Mutex<[[Int64]]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<200 {
                let ids = (try? store.search(SearchQuery(text: "okapi release")).hits.map(\.id)) ?? []
                answers.withLock { $0.append(ids) }
            }
        }
        #expect(answers.withLock { $0.count } == 1_600)
        #expect(answers.withLock { $0.allSatisfy { $0 == expected } })
    }

    /// A snippet is the file's own text: escaped once, by whatever shows it.
    @Test func aSnippetIsPlainText() throws {
        let directory = TemporaryDirectory()
        let store = try SQLiteStore(path: directory.appending("registry.sqlite"))
        _ = try store.write(
            repositories: [],
            files: [
                Fixtures.record(
                    "acme/web", "AGENTS.md",
                    "# Components as React.FC<Props> & never as \"any\"; write &lt; in HTML\n\n- Type every prop.\n")
            ], seenAt: "2026-11-30T00:00:00Z")
        let snippet = try #require(try store.search(SearchQuery(text: "components")).hits.first?.snippet)
        #expect(snippet.contains("React.FC<Props> & never as \"any\""), "\(snippet)")
        // Markdown's own `&lt;` is its `<`, as the file reads.
        #expect(snippet.contains("write < in HTML") && !snippet.contains("&amp;"), "\(snippet)")
    }

    @Test func aLostIndexFolderIsBuiltAgainFromTheRows() throws {
        let directory = TemporaryDirectory()
        let path: String
        do { (path, _) = try registry(directory) }
        try FileManager.default.removeItem(atPath: path + "-search")
        let reopened = try SQLiteStore(path: path)
        #expect(try reopened.search(SearchQuery(text: "okapi")).hits.map(\.key.path) == ["deploy/SKILL.md"])
        #expect(try reopened.search(SearchQuery(text: "walrus")).total == 1)
    }

    @Test func aDamagedIndexFolderIsBuiltAgain() throws {
        let directory = TemporaryDirectory()
        let path: String
        do { (path, _) = try registry(directory) }
        let folder = path + "-search"
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            try Data("not a table".utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
        }
        let reopened = try SQLiteStore(path: path)
        #expect(try reopened.search(SearchQuery(text: "okapi")).total == 1)
    }

    /// An index built for another registry (a registry file replaced beside an old folder) is not trusted.
    @Test func anIndexOfAnotherRegistryIsBuiltAgain() throws {
        let directory = TemporaryDirectory()
        let path: String
        do { (path, _) = try registry(directory) }
        do {
            let index = try XapianDatabase(path: path + "-search", writable: true)
            try index.setMetadata("registry", "12345")
            let stray = XapianDocument()
            stray.addWords("capybara")
            try index.replace(77, with: stray)
            try index.commit()
        }
        let reopened = try SQLiteStore(path: path)
        #expect(try reopened.search(SearchQuery(text: "capybara")).total == 0)
        #expect(try reopened.search(SearchQuery(text: "okapi")).total == 1)
        #expect(try XapianDatabase(path: path + "-search", writable: false).documentCount == 2)
    }

    /// The index committed, then the rows' transaction failed: the next write makes that commit's files again from
    /// the rows, so the file the failed write changed reads as its rows do.
    @Test func anIndexCommitTheRowsNeverJoinedIsUndone() throws {
        let directory = TemporaryDirectory()
        let (path, store) = try registry(directory)
        let raw = try Connection(path: path)
        // The rows' commit fails after the index's: the step that records the commit number raises.
        try raw.execute(
            """
            CREATE TRIGGER fail_after_index BEFORE UPDATE ON meta WHEN NEW.key = 'search_commit'
            BEGIN SELECT RAISE(ABORT, 'disk gone'); END
            """)
        let changed = Fixtures.record(
            "acme/ops", "deploy/SKILL.md", "---\nname: deploy\n---\n- Always tag the narwhal release.\n")
        #expect(throws: StoreError.self) {
            try store.write(repositories: [], files: [changed], seenAt: "2026-12-01T00:00:00Z")
        }
        // The index is one commit ahead: it holds the text the rows never took.
        let index = try XapianDatabase(path: path + "-search", writable: false)
        var narwhal = XapianQuery(words: ["narwhal"])
        narwhal.checkAtLeast = 10
        #expect(try index.search(narwhal).lowerBound == 1)
        try raw.execute("DROP TRIGGER fail_after_index")
        let other = Fixtures.record("acme/web", "CLAUDE.md", "# Claude\n\n- Keep the ibex tests green.\n")
        _ = try store.write(repositories: [], files: [other], seenAt: "2026-12-02T00:00:00Z")
        #expect(try store.search(SearchQuery(text: "narwhal")).total == 0)
        #expect(try store.search(SearchQuery(text: "okapi")).hits.map(\.key.path) == ["deploy/SKILL.md"])
        #expect(try store.search(SearchQuery(text: "ibex")).total == 1)
    }

    /// The same, found by the next open rather than the next write (the process died between the commits).
    @Test func anIndexCommitAheadOfTheRowsIsUndoneWhenTheRegistryOpens() throws {
        let directory = TemporaryDirectory()
        let path: String
        do { (path, _) = try registry(directory) }
        let committed =
            try Connection(path: path).queryOne(
                "SELECT value FROM meta WHERE key = 'search_commit'")?.int(0) ?? 0
        do {
            let index = try XapianDatabase(path: path + "-search", writable: true)
            let phantom = XapianDocument()
            phantom.addWords("pangolin")
            try index.replace(99, with: phantom)
            try index.setMetadata("commit", String(committed + 1))
            try index.setMetadata("files", "99")
            try index.commit()
        }
        let reopened = try SQLiteStore(path: path)
        #expect(try reopened.search(SearchQuery(text: "pangolin")).total == 0)
        #expect(try XapianDatabase(path: path + "-search", writable: false).documentCount == 2)
    }

    /// A registry in memory keeps its index in memory, and searches it like one on disk.
    @Test func aRegistryInMemorySearchesAnIndexInMemory() throws {
        let store = try SQLiteStore(path: ":memory:")
        _ = try store.write(
            repositories: [], files: [Fixtures.record("a/b", "AGENTS.md", "# Agents\n\n- Always feed the quokka.\n")],
            seenAt: "2026-11-30T00:00:00Z")
        #expect(try store.search(SearchQuery(text: "quokka")).total == 1)
        try store.markRemoved(repository: "a/b", present: [], at: "2026-12-01T00:00:00Z")
        #expect(try store.search(SearchQuery(text: "quokka")).total == 0)
    }
}
