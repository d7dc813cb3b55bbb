internal import Foundation
internal import SkillscopeSQLite
public import SkillscopeStore

/// One `skillscope` subcommand.
public protocol Command: Sendable {
    static var name: String { get }
    /// One line for the command list.
    static var summary: String { get }
    /// The full `--help` text.
    static var help: String { get }
    /// Reads the command's options; throws a usage error for bad ones.
    init(arguments: inout Arguments, context: Context) throws(CLIError)
    func run(context: Context) async throws -> ExitCode
}

/// What every command gets: the environment, options shared by all, and output.
public struct Context: Sendable {
    public var environment: [String: String]
    /// `--db`, else `$SKILLSCOPE_DB`, else `~/.skillscope/registry.sqlite`.
    public var databasePath: String
    public var json: Bool
    public let output: Output

    /// Opens the registry, creating its folder when needed.
    public func openStore() throws -> any Store {
        let folder = (databasePath as NSString).deletingLastPathComponent
        if !folder.isEmpty && !FileManager.default.fileExists(atPath: folder) {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw CLIError("cannot create the registry folder \(folder)", exitCode: .unavailable)
            }
        }
        return try SQLiteStore(path: databasePath)
    }

    /// Opens an existing registry for reading; a missing one is a clear error, not an empty registry.
    public func openExistingStore() throws -> any Store {
        guard FileManager.default.fileExists(atPath: databasePath) else {
            throw CLIError(
                "no registry at \(databasePath); run `skillscope ingest PATH` first or pass --db", exitCode: .noInput)
        }
        return try openStore()
    }
}
