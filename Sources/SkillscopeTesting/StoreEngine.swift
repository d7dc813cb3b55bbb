internal import SkillscopeSQLite
public import SkillscopeStore

/// A registry engine the conformance suite runs against.
public enum StoreEngine: String, Sendable, CaseIterable, CustomStringConvertible {
    case sqlite

    /// Engines that can run here: SQLite always; PostgreSQL joins when a server is configured.
    public static var available: [StoreEngine] { [.sqlite] }

    public var description: String { rawValue }

    /// A new, empty store in `directory`.
    public func makeEmptyStore(in directory: TemporaryDirectory) throws -> any Store {
        switch self {
        case .sqlite:
            return try SQLiteStore(path: directory.appending("registry-\(UInt32.random(in: 0...UInt32.max)).sqlite"))
        }
    }
}
