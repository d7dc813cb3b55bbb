internal import Foundation
internal import Postgres
internal import SQLite
public import SkillscopePostgres
internal import SkillscopeSQLite
public import SkillscopeStore

/// A registry engine the conformance suite runs against.
public enum StoreEngine: String, Sendable, CaseIterable, CustomStringConvertible {
    case sqlite
    case postgres

    /// The PostgreSQL server tests use: `$SKILLSCOPE_TEST_POSTGRES`, a libpq URL such as
    /// `postgresql://skillscope:skillscope@127.0.0.1:5432/skillscope_test` (`.ci/run` starts one and sets it).
    public static var testServer: String? {
        ProcessInfo.processInfo.environment["SKILLSCOPE_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Engines that can run here: SQLite always; PostgreSQL joins when `$SKILLSCOPE_TEST_POSTGRES` names a server.
    public static var available: [StoreEngine] { testServer == nil ? [.sqlite] : [.sqlite, .postgres] }

    public var description: String { rawValue }

    /// A new, empty store in `directory`: an SQLite file there, or a PostgreSQL schema of its own (so tests run
    /// in parallel on one database), dropped when `directory` goes.
    public func makeEmptyStore(in directory: TemporaryDirectory) throws -> any Store {
        try makeReopenableStore(in: directory)()
    }

    /// A way to open one new registry in `directory` (as ``makeEmptyStore(in:)`` makes) again and again: the first
    /// call creates it, each later one opens another handle on it, as another process would.
    public func makeReopenableStore(in directory: TemporaryDirectory) throws -> @Sendable () throws -> any Store {
        switch self {
        case .sqlite:
            let path = directory.appending("registry-\(UInt32.random(in: 0...UInt32.max)).sqlite")
            return { try SQLiteStore(path: path) }
        case .postgres:
            let configuration = try Self.makeSchema(in: directory)
            return { try PostgresStore(configuration: configuration) }
        }
    }

    /// A number the registry behind `store` keeps in its `meta` table, read on a connection of its own (as another
    /// process would); `nil` when none is kept.
    public static func meta(_ key: String, of store: any Store) throws -> Int? {
        switch store {
        case let store as SQLiteStore:
            return try SQLite.Connection(path: store.path).queryOne("SELECT value FROM meta WHERE key = ?1", [key])?
                .int(0)
        case let store as PostgresStore:
            let connection = try Postgres.Connection(store.configuration.conninfo)
            if let schema = store.configuration.schema {
                try connection.execute("SET search_path TO \"\(schema.replacing("\"", with: "\"\""))\"")
            }
            return try connection.queryOne("SELECT value FROM meta WHERE key = $1", [key])?.int(0)
        default:
            return nil
        }
    }

    /// A fresh schema on the test server, dropped (with everything in it) when `directory` goes.
    public static func makeSchema(in directory: TemporaryDirectory) throws -> PostgresStore.Configuration {
        guard let server = testServer else {
            throw StoreError(.unavailable, "SKILLSCOPE_TEST_POSTGRES is not set: no PostgreSQL server for the tests")
        }
        let schema = "test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16).lowercased()
        directory.onRemoval {
            // Best effort: a schema left behind by a crashed run is dropped by the next `.ci/run`.
            guard let connection = try? Connection(server) else { return }
            try? connection.execute("DROP SCHEMA IF EXISTS \"\(schema)\" CASCADE")
        }
        var configuration = PostgresStore.Configuration(conninfo: server, schema: schema)
        configuration.connections = 2
        return configuration
    }
}
