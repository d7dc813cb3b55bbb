import SQLite
import Testing

@Suite struct FunctionTests {
    struct Refusal: Error, CustomStringConvertible {
        var description: String { "refused: negative" }
    }

    /// Echoes its argument with its kind, and refuses negative integers.
    static let describe = Function("describe", argumentCount: 1) { arguments -> Value in
        switch arguments[0] {
        case .null: return .text("null")
        case .integer(let value):
            if value < 0 { throw Refusal() }
            return .integer(value * 2)
        case .real(let value): return .real(value / 2)
        case .text(let value): return .text("text:" + value)
        case .blob(let value): return .blob(value.reversed())
        }
    }

    @Test func aFunctionGetsEveryKindOfValueAndReturnsOne() throws {
        var configuration = Connection.Configuration()
        configuration.functions = [Self.describe]
        let connection = try Connection(path: ":memory:", configuration: configuration)
        let row = try #require(
            try connection.queryOne(
                "SELECT describe(NULL), describe(21), describe(3.0), describe('ünï'), describe(x'010203'), describe('')"
            ))
        #expect(
            row.values == [
                .text("null"), .integer(42), .real(1.5), .text("text:ünï"), .blob([3, 2, 1]), .text("text:"),
            ])
    }

    @Test func aViewCanReadThroughAFunction() throws {
        var configuration = Connection.Configuration()
        configuration.functions = [Self.describe]
        let connection = try Connection(path: ":memory:", configuration: configuration)
        try connection.execute(
            """
            CREATE TABLE t (id INTEGER PRIMARY KEY, v); INSERT INTO t (v) VALUES ('a'), (5);
            CREATE VIEW described AS SELECT id, describe(v) AS d FROM t;
            """)
        #expect(
            try connection.query("SELECT d FROM described ORDER BY id").map(\.values) == [
                [.text("text:a")], [.integer(10)],
            ])
    }

    @Test func anErrorFailsTheStatementWithItsText() throws {
        var configuration = Connection.Configuration()
        configuration.functions = [Self.describe]
        let connection = try Connection(path: ":memory:", configuration: configuration)
        do {
            _ = try connection.queryOne("SELECT describe(-1)")
            Issue.record("a refused call succeeded")
        } catch {
            #expect(error.message.contains("refused: negative"))
        }
        // A connection opened without it does not know the name.
        #expect(throws: SQLiteError.self) { try Connection(path: ":memory:").queryOne("SELECT describe(1)") }
    }
}
