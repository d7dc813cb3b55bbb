import Foundation
import SQLite
import Testing

@Suite struct ConnectionTests {
    @Test func bindsAndReadsEveryType() throws {
        let connection = try Connection(path: ":memory:")
        try connection.execute("CREATE TABLE t (i INTEGER, r REAL, s TEXT, b BLOB, n TEXT)")
        try connection.run(
            "INSERT INTO t VALUES (?1, ?2, ?3, ?4, ?5)", [42, 1.5, "héllo ☃", [UInt8]([0, 1, 255]), String?.none])
        let row = try #require(try connection.queryOne("SELECT i, r, s, b, n FROM t"))
        #expect(row.int(0) == 42 && row.double(1) == 1.5 && row.string(2) == "héllo ☃")
        #expect(row[3] == .blob([0, 1, 255]) && row[4] == .null)
        #expect(row.columns == ["i", "r", "s", "b", "n"])
    }

    @Test func aFailedTransactionRollsBack() throws {
        let connection = try Connection(path: ":memory:")
        try connection.execute("CREATE TABLE t (k TEXT PRIMARY KEY)")
        #expect(throws: SQLiteError.self) {
            try connection.transaction {
                try connection.run("INSERT INTO t VALUES ('a')")
                try connection.run("INSERT INTO t VALUES ('a')")
            }
        }
        #expect(try connection.queryOne("SELECT count(*) FROM t")?.int(0) == 0)
    }

    /// Reads in a snapshot see the database as it was at the first of them, whatever another connection commits
    /// meanwhile; after it, they see the commit.
    @Test func readsInASnapshotSeeOneState() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-\(UUID().uuidString).sqlite")
            .path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let reader = try Connection(path: path)
        let writer = try Connection(path: path)
        try writer.execute("CREATE TABLE t (k INTEGER)")
        try writer.run("INSERT INTO t VALUES (1)")
        let seen = try reader.snapshot { () throws -> [Int?] in
            let before = try reader.queryOne("SELECT count(*) FROM t")?.int(0)
            try writer.transaction { try writer.run("INSERT INTO t VALUES (2)") }
            return [before, try reader.queryOne("SELECT count(*) FROM t")?.int(0)]
        }
        #expect(seen == [1, 1])
        #expect(try reader.queryOne("SELECT count(*) FROM t")?.int(0) == 2)
    }

    @Test func blobsAreHandedOverInPlace() throws {
        let connection = try Connection(path: ":memory:")
        try connection.execute("CREATE TABLE t (k INTEGER, b BLOB)")
        for (key, value) in [(1, [UInt8]([1, 2, 3])), (2, []), (3, [UInt8](repeating: 7, count: 100_000))] {
            try connection.run("INSERT INTO t VALUES (?1, ?2)", [key, value])
        }
        try connection.run("INSERT INTO t VALUES (4, NULL)")
        var seen: [[UInt8]] = []
        try connection.forEachBlob("SELECT b FROM t WHERE k > ?1 ORDER BY k", [0]) { seen.append(Array($0)) }
        #expect(seen == [[1, 2, 3], [], [UInt8](repeating: 7, count: 100_000), []])
    }

    @Test func constraintErrorsKeepTheExtendedCode() throws {
        let connection = try Connection(path: ":memory:")
        try connection.execute("CREATE TABLE t (k TEXT PRIMARY KEY); INSERT INTO t VALUES ('a')")
        do {
            try connection.run("INSERT INTO t VALUES ('a')")
            Issue.record("a duplicate key was accepted")
        } catch {
            #expect(error.isConstraintViolation && error.extendedCode == 1555)
            #expect(String(reflecting: error).contains("INSERT INTO t"))
        }
    }

    @Test func syntaxErrorsAreThrown() throws {
        let connection = try Connection(path: ":memory:")
        #expect(throws: SQLiteError.self) { try connection.execute("SELEKT 1") }
    }

    @Test func thePoolReadsWhatTheWriterCommitted() async throws {
        let directory = NSTemporaryDirectory() + "/sqlite-pool-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let pool = try ConnectionPool(path: directory + "/db.sqlite", readers: 3) {
            try $0.execute("CREATE TABLE IF NOT EXISTS t (v INTEGER)")
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for value in 0..<50 {
                group.addTask { try pool.write { try $0.run("INSERT INTO t VALUES (?1)", [value]) } }
            }
            try await group.waitForAll()
        }
        let count = try pool.read { try $0.queryOne("SELECT count(*), sum(v) FROM t") }
        #expect(count?.int(0) == 50 && count?.int(1) == 1225)
        #expect(throws: SQLiteError.self) { try pool.read { try $0.run("INSERT INTO t VALUES (1)") } }
    }

    @Test func readersGetTheirOwnConfigurationAndStayReadOnly() throws {
        let directory = NSTemporaryDirectory() + "/sqlite-pool-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var readers = Connection.Configuration()
        readers.mmapSize = 1 << 26
        readers.cacheSize = -4096
        let pool = try ConnectionPool(path: directory + "/db.sqlite", readers: 2, readerConfiguration: readers) {
            try $0.execute("CREATE TABLE IF NOT EXISTS t (v INTEGER); INSERT INTO t VALUES (7)")
        }
        #expect(try pool.read { try $0.queryOne("PRAGMA mmap_size")?.int(0) } == 1 << 26)
        #expect(try pool.read { try $0.queryOne("PRAGMA cache_size")?.int(0) } == -4096)
        #expect(try pool.write { try $0.queryOne("PRAGMA mmap_size")?.int(0) } == 0)
        #expect(try pool.read { try $0.queryOne("SELECT v FROM t")?.int(0) } == 7)
        #expect(throws: SQLiteError.self) { try pool.read { try $0.run("INSERT INTO t VALUES (1)") } }
    }

    @Test func checkpointsRunBesideTheWriter() async throws {
        let directory = NSTemporaryDirectory() + "/sqlite-pool-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/db.sqlite"
        let pool = try ConnectionPool(path: path, readers: 1, checkpointsInBackground: true) {
            try $0.execute("CREATE TABLE IF NOT EXISTS t (v BLOB)")
        }
        // The writer no longer checkpoints at SQLite's 1,000 pages, only past the backstop.
        #expect(try pool.write { try $0.queryOne("PRAGMA wal_autocheckpoint")?.int(0) } == 16_384)
        let blob = [UInt8](repeating: 7, count: 64 * 1024)
        for _ in 0..<40 { try pool.write { try $0.run("INSERT INTO t VALUES (?1)", [blob]) } }
        // Rows reach the database file (not only the WAL) through a checkpoint alone, and 2.6 MB is far below the
        // writer's own threshold: wait (at most 10 s) for the background one.
        func databaseBytes() -> Int { (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0 }
        for _ in 0..<200 where databaseBytes() < 40 * 64 * 1024 { try await Task.sleep(for: .milliseconds(50)) }
        #expect(databaseBytes() >= 40 * 64 * 1024)
        #expect(try pool.read { try $0.queryOne("SELECT count(*) FROM t")?.int(0) } == 40)
    }

    @Test func fts5IsAvailable() throws {
        let connection = try Connection(path: ":memory:")
        try connection.execute(
            "CREATE VIRTUAL TABLE f USING fts5(body, tokenize='porter unicode61'); INSERT INTO f VALUES ('running tests')"
        )
        #expect(try connection.queryOne("SELECT count(*) FROM f WHERE f MATCH 'run'")?.int(0) == 1)
    }
}

@Suite struct RowTests {
    @Test func blobsReadAsLittleEndianIntegers() throws {
        let connection = try Connection(path: ":memory:")
        let bytes: [UInt8] = [1, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]
        let row = try #require(try connection.queryOne("SELECT ?1, 'text'", [bytes]))
        #expect(row.uint64s(0) == [1, UInt64.max])
        #expect(row.uint64s(1) == nil)
    }
}
