internal import Foundation
public import SkillscopeEmbeddings
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
    /// `--db`, else `$SKILLSCOPE_DB`, else `~/.skillscope/registry.sqlite`: a path, or a `postgres://` URL.
    public var databasePath: String
    /// Whether the registry was named (`--db` or `$SKILLSCOPE_DB`): then a missing one is an error even for a
    /// command that can do without the default registry.
    ///
    /// The default is `false`.
    public var isRegistryNamed = false
    public var json: Bool
    public let output: Output
    /// `--model`, else `$SKILLSCOPE_MODEL`, else the default install folder: where every command that embeds
    /// finds all-MiniLM-L6-v2.
    public var modelFolder: ModelFolder

    /// The registry `--db` names: an SQLite file or a PostgreSQL URL.
    var registry: RegistryLocation { RegistryLocation(databasePath) }

    /// Opens the registry, creating it when needed.
    public func openStore() throws -> any Store {
        try registry.open()
    }

    /// Opens an existing registry for reading; a missing one is a clear error, not an empty registry.
    public func openExistingStore() throws -> any Store {
        try registry.openExisting()
    }
}
