import Foundation
import Postgres
import Testing

/// The server the tests use, from `$SKILLSCOPE_TEST_POSTGRES` (`.ci/run` starts one and sets it).
let testServer = ProcessInfo.processInfo.environment["SKILLSCOPE_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }

// Skipped, never failed, when no server is configured: these tests need a live PostgreSQL.
@Suite(.enabled(if: testServer != nil, "SKILLSCOPE_TEST_POSTGRES is not set: no PostgreSQL server to test against"))
struct ConnectionTests {
    func connect() throws -> Connection { try Connection(try #require(testServer)) }

    @Test func parametersRoundTripInTextAndBinary() throws {
        let connection = try connect()
        try connection.execute("CREATE TEMP TABLE t (n bigint, s text, b bytea, f double precision, ok boolean)")
        let bytes: [UInt8] = [0, 1, 2, 0xFE, 0xFF, 92, 120]
        try connection.execute("INSERT INTO t VALUES (-42, 'x', NULL, 1.5, true)")
        _ = try connection.query(
            "INSERT INTO t VALUES ($1, $2, $3, $4, $5)", [Int64(1) << 40, "tab\there \"quoted\" é", bytes, 2.25, false])
        for format in [ResultSet.Format.text, .binary] {
            let rows = Array(try connection.query("SELECT n, s, b, f, ok FROM t ORDER BY n", format: format))
            #expect(rows.count == 2)
            #expect(rows[0].int64(0) == -42 && rows[0].string(1) == "x" && rows[0].isNull(2))
            #expect(rows[0].double(3) == 1.5 && rows[0].bool(4) == true)
            #expect(rows[1].int64(0) == 1 << 40 && rows[1].string(1) == "tab\there \"quoted\" é")
            #expect(rows[1].bytes(2) == bytes && rows[1].bool(4) == false)
        }
        let small = try #require(try connection.queryOne("SELECT (-7)::smallint, (-70000)::integer", format: .binary))
        #expect(small.int(0) == -7 && small.int(1) == -70000)
        let array = try connection.query(
            "SELECT x FROM unnest($1::text[]) AS x ORDER BY x", [PostgresValue.array(["a\"b", "c\\d", "e,f"])])
        #expect(array.map { $0.string(0) } == ["a\"b", "c\\d", "e,f"])
    }

    @Test func errorsKeepTheSQLState() throws {
        let connection = try connect()
        try connection.execute("CREATE TEMP TABLE u (k text PRIMARY KEY)")
        _ = try connection.query("INSERT INTO u VALUES ($1)", ["a"])
        do {
            _ = try connection.query("INSERT INTO u VALUES ($1)", ["a"])
            Issue.record("a duplicate key was accepted")
        } catch {
            #expect(error.sqlState == "23505" && error.isUniqueViolation && error.code == .server)
            #expect(String(reflecting: error).contains("INSERT INTO u"))
            #expect(!error.description.contains("INSERT"))
        }
        #expect(throws: PostgresError.self) { try connection.execute("SELEKT 1") }
        // The connection is still usable after errors.
        #expect(try connection.queryOne("SELECT 1")?.int(0) == 1)
    }

    @Test func aWrongPasswordIsAConnectionError() throws {
        let url = try #require(testServer)
        let wrong = url.replacingOccurrences(of: "@", with: "x@")
        do {
            _ = try Connection(wrong + (wrong.contains("?") ? "&" : "?") + "connect_timeout=5")
            Issue.record("a wrong password connected")
        } catch {
            #expect(error.code == .connection && error.isConnectionFailure)
        }
    }

    @Test func aThrowingTransactionWritesNothing() throws {
        let connection = try connect()
        try connection.execute("CREATE TEMP TABLE v (n integer)")
        struct Boom: Error {}
        #expect(throws: Boom.self) {
            try connection.transaction { connection in
                _ = try connection.query("INSERT INTO v VALUES ($1)", [1])
                throw Boom()
            }
        }
        // A swallowed statement error aborts the transaction; COMMIT reports it instead of a silent rollback.
        #expect(throws: PostgresError.self) {
            try connection.transaction { connection in
                _ = try connection.query("INSERT INTO v VALUES ($1)", [2])
                _ = try? connection.query("INSERT INTO v VALUES ('not a number')")
            }
        }
        #expect(!connection.isInTransaction)
        try connection.transaction { connection in _ = try connection.query("INSERT INTO v VALUES ($1)", [3]) }
        #expect(try connection.query("SELECT n FROM v").map { $0.int(0) } == [3])
    }

    @Test func aPipelineReturnsResultsInOrderAndStopsAtTheFirstError() throws {
        let connection = try connect()
        try connection.execute("CREATE TEMP TABLE w (n integer PRIMARY KEY, b bytea)")
        let statements = (0..<300).map {
            PipelineStatement("INSERT INTO w VALUES ($1, $2) RETURNING n", [$0, [UInt8(truncatingIfNeeded: $0)]])
        }
        let results = try connection.pipeline(statements, batchSize: 64)
        #expect(results.map { $0.first?.int(0) } == (0..<300).map { $0 })
        #expect(try connection.queryOne("SELECT count(*) FROM w")?.int(0) == 300)
        let failing = [
            PipelineStatement("INSERT INTO w VALUES ($1)", [1000]),
            PipelineStatement("INSERT INTO w VALUES ($1)", [0]),
            PipelineStatement("INSERT INTO w VALUES ($1)", [1001]),
        ]
        do {
            _ = try connection.pipeline(failing)
            Issue.record("a duplicate key in a pipeline was accepted")
        } catch {
            #expect(error.sqlState == "23505")
        }
        // Outside a transaction each sync point is its own transaction: the batch with the error is undone.
        #expect(try connection.queryOne("SELECT count(*) FROM w WHERE n >= 1000")?.int(0) == 0)
        #expect(try connection.queryOne("SELECT 2")?.int(0) == 2)
    }

    @Test func thePoolReopensABrokenConnection() throws {
        var configuration = ConnectionPool.Configuration(conninfo: try #require(testServer))
        configuration.size = 1
        let pool = try ConnectionPool(configuration: configuration)
        let first = try pool.withConnection { try $0.queryOne("SELECT pg_backend_pid()")?.int(0) }
        let killer = try connect()
        _ = try killer.query("SELECT pg_terminate_backend($1)", [try #require(first)])
        // The first use after the kill may fail (the connection only learns it broke then); the next reopens.
        _ = try? pool.withConnection { try $0.queryOne("SELECT 1") }
        let again = try pool.withConnection { try $0.queryOne("SELECT pg_backend_pid()")?.int(0) }
        #expect(again != nil && again != first)
    }
}
