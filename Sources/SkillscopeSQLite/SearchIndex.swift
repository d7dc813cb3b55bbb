internal import FoundationEssentials
internal import Glibc
internal import SQLite
internal import SkillscopeCore
internal import SkillscopeStore
internal import Synchronization
internal import Xapian

/// The registry's search index: a Xapian database beside the SQLite file (`registry.sqlite-search`), in memory
/// for a registry in memory.
///
/// FTS5 computed bm25 for every match of a query, 30,000–60,000 files for a common word at 350,000 files; Xapian's
/// matcher skips the documents that cannot enter the page, and estimates the count (bench/RESULTS.md).
///
/// **How it stays in step with the rows.** Triggers (schema 17) log every change to what a file's document holds
/// in `search_changes`, in the write's own transaction. Before that transaction commits, the writer brings the
/// logged files' documents up to date (``SQLiteStore/syncSearchIndex(on:texts:)``), commits Xapian, and clears the
/// log. Each Xapian commit records its number and the files it changed; SQLite's `meta.search_commit` records the
/// number once the rows commit too. A Xapian commit one ahead of SQLite (the rows were rolled back, or the process
/// died between the commits) puts its files back in the log, to be made again from the rows; any other
/// disagreement, or an index missing or unreadable, builds the index again. All of it happens under SQLite's write
/// lock, so writers in other processes take turns.
final class SearchIndex: Sendable {
    /// The folder, or `nil` in memory.
    let path: String?
    /// The database in memory, which readers and the writer share.
    private let memory: Mutex<XapianDatabase?>
    /// Read-only handles on the folder, each used by one search at a time.
    private let readers = Mutex<[XapianDatabase]>([])

    /// Search results kept between two holds of the in-memory database's lock.
    private final class HeldResults {
        var results: XapianResults?
        func use<T>(_ body: (XapianResults) throws -> T) throws -> T {
            guard let results else { throw XapianError("the search's results are gone") }
            return try body(results)
        }
    }

    /// Value slots and term prefixes of a file's document.
    enum Slot {
        static let kind: UInt32 = 0
        static let license: UInt32 = 1
        static let topics: UInt32 = 2
        static let stars: UInt32 = 3
        static let recent: UInt32 = 4
    }
    enum Prefix {
        static let kind = "XK"
        static let license = "XL"
        static let topic = "XT"
        /// A skill's name and its folder's, as ``SkillscopeCore/NameKey`` keys them (``SearchQuery/nameKey``).
        static let name = "XN"
    }

    init(path: String?) throws(XapianError) {
        self.path = path
        memory = Mutex(path == nil ? try XapianDatabase(path: nil, writable: true) : nil)
    }

    /// Runs `body` on a reader at the newest revision.
    ///
    /// Nothing made from the reader may outlive `body`: Xapian counts references to a database's insides without
    /// atomics, so results freed on one thread while another searches the same reader corrupt it (a server under 20
    /// clients crashed in libxapian, issue 47). ``search(_:between:finish:)`` keeps results for longer.
    func read<T>(_ body: (XapianDatabase) throws -> T) throws -> T {
        if path == nil { return try memory.withLock { try body(try Self.shared($0)) } }
        let database = try readers.withLock { $0.popLast() } ?? XapianDatabase(path: path, writable: false)
        try database.reopen()
        let value = try body(database)
        readers.withLock { if $0.count < 8 { $0.append(database) } }
        return value
    }

    /// Searches, reads what the page needs with `between`, and answers with `finish`, freeing the results before
    /// any other thread may use their reader.
    ///
    /// On disk the reader is this search's alone until `finish` returns. In memory the one database is shared under
    /// a lock that writers take after SQLite's, so `between` (which reads the rows) runs outside it, and `finish`
    /// and the results' end run inside it again.
    func search<Rows, T>(
        _ request: XapianQuery, between: (XapianResults) throws -> Rows, finish: (XapianResults, Rows) throws -> T
    ) throws -> T {
        if path == nil {
            // The box is the results' only owner, so that they end where it lets them go: under the lock.
            let held = HeldResults()
            defer { memory.withLock { _ in held.results = nil } }
            try memory.withLock { held.results = try Self.shared($0).search(request) }
            let rows = try held.use(between)
            var value: T?
            try memory.withLock { _ in value = try held.use { try finish($0, rows) } }
            guard let value else { throw XapianError("the search gave no answer") }
            return value
        }
        return try read { database in
            let results = try database.search(request)
            return try finish(results, try between(results))
        }
    }

    private static func shared(_ database: XapianDatabase?) throws(XapianError) -> XapianDatabase {
        guard let database else { throw XapianError("the search index in memory is missing") }
        return database
    }

    /// Opens the writer for `body`, then closes it (other processes write the same folder): `overwrite` empties
    /// the folder first.
    ///
    /// Commits do not wait for the disk. Each waited for several `fsync`s, and on ext4 an `fsync` also writes out
    /// the gigabytes of SQLite pages an ingest leaves dirty: the writer was busy 330 s of a 353 s ingest of 350,000
    /// files, most of it waiting (bench/RESULTS.md). A crash of the machine may leave the index behind the rows or
    /// damaged; the commit numbers or Xapian's own checks find it at the next open, and the index is built again
    /// from the rows.
    func write<T>(overwrite: Bool = false, _ body: (XapianDatabase) throws -> T) throws -> T {
        if path == nil { return try memory.withLock { try body(try Self.shared($0)) } }
        return try body(try openWriter(overwrite: overwrite))
    }

    /// Xapian's writer, waiting up to 10 s for the folder's write lock.
    ///
    /// Every writer runs inside the registry's SQLite write transaction, so two never overlap. Xapian's lock is an
    /// open-file-description lock on `flintlock`: a child process forked by another thread while a writer was open
    /// shares the description until it execs (the descriptor is close-on-exec), so the lock can outlive the writer
    /// by that long (seen once in a loaded CI run that spawns many processes: `DatabaseLockError … already
    /// locked`). A short wait outlasts it.
    private func openWriter(overwrite: Bool) throws(XapianError) -> XapianDatabase {
        var delay: UInt32 = 2_000
        let deadline = ContinuousClock.now + .seconds(10)
        while true {
            do {
                return try XapianDatabase(path: path, writable: true, overwrite: overwrite, sync: false)
            } catch  where error.message.hasPrefix("DatabaseLockError") && ContinuousClock.now < deadline {
                usleep(delay)
                delay = min(delay * 2, 200_000)
            }
        }
    }

    /// Empties the folder (removing it first when Xapian cannot open it) and records the registry's token.
    func recreate(token: Int) throws {
        func create() throws {
            try write(overwrite: true) { index in
                try index.setMetadata(Key.registry, String(token))
                try index.setMetadata(Key.words, Self.wordsVersion)
                try index.commit()
            }
        }
        do {
            try create()
        } catch let error as XapianError where error.isUnreadable && path != nil {
            try? FileManager.default.removeItem(atPath: path ?? "")
            try create()
        }
    }

    /// Metadata keys.
    enum Key {
        /// The registry's token the index was built for (`meta.search_index`).
        static let registry = "registry"
        /// The number of the last commit (`meta.search_commit` once the rows committed too).
        static let commit = "commit"
        /// The files that commit changed, comma-separated.
        static let files = "files"
        /// How the index cut texts into terms (``SearchIndex/wordsVersion``).
        static let words = "words"
    }

    /// How texts are cut into terms.
    ///
    /// How texts are cut into terms; an index cut another way is built again. 3: Chinese, Japanese and Korean as
    /// character n-grams (``XapianDocument/addWords(_:weight:)``), and skills' names as terms.
    static let wordsVersion = "3"
}

/// A file's texts as the writer had them, so the index needs not read the row back.
struct SearchTexts {
    struct Texts {
        var name: String?
        var description: String?
        var rulesText: String
        /// The text without its rules' lines (``SkillscopeStore/RulesLayout/searchBody(of:)``).
        var body: String
    }

    private(set) var byFile: [Int64: Texts] = [:]

    mutating func set(_ id: Int64, name: String?, description: String?, rulesText: String, body: String) {
        byFile[id] = Texts(name: name, description: description, rulesText: rulesText, body: body)
    }
}

extension SQLiteStore {
    /// Field weights, as FTS5's bm25(10, 5, 3, 1) weighed name, description, rules and body.
    private static let fieldWeights: (name: UInt32, description: UInt32, rules: UInt32, body: UInt32) = (10, 5, 3, 1)
    /// Files whose documents one sync makes at most, when it is not part of a write (a rebuild goes in steps).
    static let searchSyncStep = 4_096

    /// Brings the documents of the files logged in `search_changes` up to date and clears the log.
    ///
    /// It runs inside the caller's write transaction; `texts` holds texts the caller has at hand. `limit` caps the
    /// files (a rebuild goes in steps). Returns whether files remain.
    @discardableResult
    func syncSearchIndex(on connection: Connection, texts: SearchTexts = SearchTexts(), limit: Int? = nil) throws
        -> Bool
    {
        let committed = try connection.queryOne("SELECT value FROM meta WHERE key = 'search_commit'")?.int(0) ?? 0
        let token = try connection.queryOne("SELECT value FROM meta WHERE key = 'search_index'")?.int(0) ?? 0
        let rows = try connection.query(
            "SELECT seq, file_id, values_only FROM search_changes ORDER BY seq\(limit.map { " LIMIT \($0)" } ?? "")")
        return try searchIndex.write { index in
            var ids = Set(rows.filter { $0.int(2) == 0 }.compactMap { $0.int64(1) })
            var datesOnly = Set(rows.filter { $0.int(2) != 0 }.compactMap { $0.int64(1) })
            // A Xapian commit the rows never joined: its files are made again from the rows.
            let indexCommit = Int(try index.metadata(SearchIndex.Key.commit)) ?? 0
            if indexCommit == committed + 1 {
                for id in try index.metadata(SearchIndex.Key.files).split(separator: ",") {
                    if let id = Int64(id) { ids.insert(id) }
                }
            }
            datesOnly.subtract(ids)
            guard !ids.isEmpty || !datesOnly.isEmpty else { return false }
            var kept = Set<Int64>()
            try Self.searchDocuments(ids.sorted(), texts: texts, on: connection) { id, document in
                guard let file = UInt32(exactly: id) else { return }
                try index.replace(file, with: document)
                kept.insert(id)
            }
            for id in ids.subtracting(kept) {
                guard let file = UInt32(exactly: id) else { continue }
                try index.delete(file)
            }
            for (id, recent) in try Self.recentDates(Array(datesOnly), on: connection) {
                guard let file = UInt32(exactly: id) else { continue }
                try index.setStoredValue(recent, slot: SearchIndex.Slot.recent, of: file)
            }
            ids.formUnion(datesOnly)
            let number = committed + 1
            try index.setMetadata(SearchIndex.Key.registry, String(token))
            try index.setMetadata(SearchIndex.Key.commit, String(number))
            try index.setMetadata(SearchIndex.Key.files, ids.sorted().map(String.init).joined(separator: ","))
            try index.commit()
            try connection.run("UPDATE meta SET value = ?1 WHERE key = 'search_commit'", [number])
            if let last = rows.last?.int64(0) {
                try connection.run("DELETE FROM search_changes WHERE seq <= ?1", [last])
            }
            return limit != nil && rows.count == limit
        }
    }

    /// Opens the index: builds it again when it is missing, unreadable, or not the one the registry's rows were
    /// indexed into, then makes the documents the log still lists (a rebuild's files, or a commit interrupted).
    func prepareSearchIndex() throws {
        try pool.write { connection in
            let token = try connection.queryOne("SELECT value FROM meta WHERE key = 'search_index'")?.int(0) ?? 0
            let committed = try connection.queryOne("SELECT value FROM meta WHERE key = 'search_commit'")?.int(0) ?? 0
            let matches: Bool
            do {
                matches = try searchIndex.write { index in
                    let built = try index.metadata(SearchIndex.Key.registry)
                    let number = Int(try index.metadata(SearchIndex.Key.commit)) ?? 0
                    let words = try index.metadata(SearchIndex.Key.words)
                    return token != 0 && built == String(token) && words == SearchIndex.wordsVersion
                        && (number == committed || number == committed + 1)
                }
            } catch let error as XapianError where error.isUnreadable {
                matches = false
            }
            guard !matches else { return }
            // A new index: a new token, every indexed file logged, the folder emptied.
            let newToken = Int.random(in: 1...Int.max)
            try connection.run("UPDATE meta SET value = ?1 WHERE key = 'search_index'", [newToken])
            try connection.run("UPDATE meta SET value = 0 WHERE key = 'search_commit'")
            try connection.run("DELETE FROM search_changes")
            try connection.run("INSERT INTO search_changes (file_id) SELECT id FROM files ORDER BY id")
            try searchIndex.recreate(token: newToken)
        }
        while try pool.write({ try syncSearchIndex(on: $0, limit: Self.searchSyncStep) }) {}
    }

    /// When each of the files `ids` last changed, for the "recent" order: its last commit where known, else when
    /// the registry last saw it.
    private static func recentDates(_ ids: [Int64], on connection: Connection) throws -> [(Int64, String)] {
        var dates: [(Int64, String)] = []
        for start in stride(from: 0, to: ids.count, by: 500) {
            let list = "[" + ids[start..<min(ids.count, start + 500)].map(String.init).joined(separator: ",") + "]"
            for row in try connection.query(
                "SELECT f.id, \(recentColumn) FROM files f WHERE f.id IN (SELECT value FROM json_each(?1))", [list])
            {
                if let id = row.int64(0) { dates.append((id, row.string(1) ?? "")) }
            }
        }
        return dates
    }

    /// A file's date for the "recent" order, from `files f`.
    static let recentColumn = "coalesce(f.last_commit_at, \(StoredFile.lastSeenColumn))"

    /// What a file's document is made of, read from the rows.
    private struct DocumentSource: Sendable {
        var id: Int64
        var texts: SearchTexts.Texts
        var kind: String
        var license: String?
        var topicsJSON: String?
        var stars: Int?
        var recent: String
        var path: String
    }

    /// Makes the documents of the files `ids` that belong in the index (indexed, not removed), 500 at a time, on
    /// two threads, and hands each to `each`; the others are left out.
    private static func searchDocuments(
        _ ids: [Int64], texts: SearchTexts, on connection: Connection, _ each: (Int64, XapianDocument) throws -> Void
    ) throws {
        for start in stride(from: 0, to: ids.count, by: 500) {
            let chunk = ids[start..<min(ids.count, start + 500)]
            let list = "[" + chunk.map(String.init).joined(separator: ",") + "]"
            // The texts the writer did not have are read from the rows.
            var read: [Int64: SearchTexts.Texts] = [:]
            let unknown = chunk.filter { texts.byFile[$0] == nil }
            if !unknown.isEmpty {
                for row in try connection.query(
                    """
                    SELECT id, name, description, rules_text, body, rules_layout FROM files
                    WHERE id IN (SELECT value FROM json_each(?1)) AND status = 'indexed'
                    """, ["[" + unknown.map(String.init).joined(separator: ",") + "]"])
                {
                    guard let id = row.int64(0) else { continue }
                    read[id] = SearchTexts.Texts(
                        name: row.string(1), description: row.string(2), rulesText: row.string(3) ?? "",
                        body: searchBody(body: row.string(4) ?? "", layoutJSON: row[5]))
                }
            }
            var sources: [DocumentSource] = []
            for row in try connection.query(
                """
                SELECT f.id, f.kind, r.license, r.topics, r.stars, \(recentColumn), f.path
                FROM files f JOIN repositories r ON r.id = f.repository_id
                WHERE f.id IN (SELECT value FROM json_each(?1)) AND f.status = 'indexed' AND \(isCurrent)
                """, [list])
            {
                guard let id = row.int64(0), let fileTexts = texts.byFile[id] ?? read[id] else { continue }
                sources.append(
                    DocumentSource(
                        id: id, texts: fileTexts, kind: row.string(1) ?? "", license: row.string(2),
                        topicsJSON: row.string(3), stars: row.int(4), recent: row.string(5) ?? "",
                        path: row.string(6) ?? ""))
            }
            // Cutting a text into words and stemming them is most of a write's search cost.
            let built = sources.concurrentMap { Self.makeDocument($0) }
            for (source, document) in zip(sources, built) { try each(source.id, document) }
        }
    }

    private static func makeDocument(_ source: DocumentSource) -> XapianDocument {
        let document = XapianDocument()
        if let name = source.texts.name { document.addWords(name, weight: fieldWeights.name) }
        if let description = source.texts.description {
            document.addWords(description, weight: fieldWeights.description)
        }
        document.addWords(source.texts.rulesText, weight: fieldWeights.rules)
        document.addWords(source.texts.body, weight: fieldWeights.body)
        document.addBooleanTerm(SearchIndex.Prefix.kind + source.kind)
        if source.kind == FileKind.skill.rawValue {
            // A skill is known by its name and by its folder's (`react-best-practices/` holding a skill named
            // `vercel-react-best-practices`).
            let folder = source.path.split(separator: "/").dropLast().last.map(String.init)
            for key in Set([NameKey.make(source.texts.name), NameKey.make(folder)].compactMap { $0 })
            where key.utf8.count <= 200 {
                document.addBooleanTerm(SearchIndex.Prefix.name + key)
            }
        }
        document.setValue(source.kind, slot: SearchIndex.Slot.kind)
        if let license = source.license {
            document.addBooleanTerm(SearchIndex.Prefix.license + license)
            document.setValue(license, slot: SearchIndex.Slot.license)
        }
        if let topicsJSON = source.topicsJSON, topicsJSON != "[]",
            let topics = try? JSONDecoder().decode([String].self, from: Data(topicsJSON.utf8))
        {
            let distinct = Array(Set(topics)).sorted()
            for topic in distinct { document.addBooleanTerm(SearchIndex.Prefix.topic + topic) }
            document.setValue(distinct.joined(separator: "\u{1F}"), slot: SearchIndex.Slot.topics)
        }
        document.setNumber(Double(source.stars ?? -1), slot: SearchIndex.Slot.stars)
        document.setValue(source.recent, slot: SearchIndex.Slot.recent)
        return document
    }
}
