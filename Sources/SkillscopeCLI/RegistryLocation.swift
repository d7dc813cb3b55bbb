internal import Foundation
internal import SkillscopePostgres
internal import SkillscopeSQLite
internal import SkillscopeStore

/// Where a registry is: an SQLite file (the default), or a PostgreSQL database named by a `postgres://` or
/// `postgresql://` URL.
///
/// A URL may carry `schema=NAME` among its query parameters (libpq has no such parameter, so it is taken
/// out before connecting): the registry then lives in that schema, created when missing, and several
/// registries can share one database.
enum RegistryLocation: Sendable {
    case sqlite(path: String)
    case postgres(PostgresStore.Configuration)

    /// Reads `--db` or `$SKILLSCOPE_DB`.
    init(_ text: String) {
        guard text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") else {
            self = .sqlite(path: text)
            return
        }
        guard let mark = text.firstIndex(of: "?") else {
            self = .postgres(PostgresStore.Configuration(conninfo: text))
            return
        }
        var schema: String?
        var kept: [Substring] = []
        for parameter in text[text.index(after: mark)...].split(separator: "&") {
            if parameter.hasPrefix("schema=") {
                let value = parameter.dropFirst("schema=".count)
                schema = String(value).removingPercentEncoding ?? String(value)
            } else {
                kept.append(parameter)
            }
        }
        let base = String(text[..<mark]) + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
        self = .postgres(PostgresStore.Configuration(conninfo: base, schema: schema?.isEmpty == true ? nil : schema))
    }

    /// A name for messages: the path, or the URL without its password.
    var displayName: String {
        switch self {
        case .sqlite(let path): return path
        case .postgres(let configuration):
            return PostgresStore.redacted(configuration.conninfo)
                + (configuration.schema.map { " (schema \($0))" } ?? "")
        }
    }

    var isPostgres: Bool {
        if case .postgres = self { return true }
        return false
    }

    /// Opens the registry, creating it (and an SQLite file's folder) when needed.
    func open() throws -> any Store {
        switch self {
        case .sqlite(let path):
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty && !FileManager.default.fileExists(atPath: folder) {
                do {
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                } catch {
                    throw CLIError("cannot create the registry folder \(folder)", exitCode: .unavailable)
                }
            }
            return try SQLiteStore(path: path)
        case .postgres(var configuration):
            configuration.derivedFilesFolder = Self.derivedFilesFolder()
            return try PostgresStore(configuration: configuration)
        }
    }

    /// `$XDG_CACHE_HOME/skillscope`, else `~/.cache/skillscope`, created when missing; nil when it cannot be.
    static func derivedFilesFolder() -> String? {
        let environment = ProcessInfo.processInfo.environment
        guard
            let base = environment["XDG_CACHE_HOME"].flatMap({ $0.isEmpty ? nil : $0 })
                ?? environment["HOME"].map({ $0 + "/.cache" })
        else { return nil }
        let folder = base + "/skillscope"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            return folder
        } catch {
            return nil
        }
    }

    /// Opens a registry for reading: a missing SQLite file is a clear error, not an empty registry.
    ///
    /// A
    /// PostgreSQL database is always there once the server answers.
    func openExisting() throws -> any Store {
        if case .sqlite(let path) = self, !FileManager.default.fileExists(atPath: path) {
            throw CLIError(
                "no registry at \(path); run `skillscope ingest PATH` first or pass --db", exitCode: .noInput)
        }
        return try open()
    }
}
