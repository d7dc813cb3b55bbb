internal import Foundation
internal import SkillscopeStore

/// `skillscope migrate --from DB --to DB`: copy a whole registry between SQLite and PostgreSQL.
struct MigrateCommand: Command {
    static let name = "migrate"
    static let summary = "copy a whole registry into an empty one, between SQLite and PostgreSQL"
    static let help = """
        Usage: skillscope migrate --from DB --to DB [--json]

        Copies every repository and file of the registry DB (an SQLite path or a postgres:// URL) into an empty
        registry, of the same engine or the other: ids, first and last seen, commit dates, blob ids, spec
        findings, security reports, listing records and removal marks are kept, and nothing is parsed again.
        Files go a page of 500 per transaction; the passage index is rebuilt once at the end. A PostgreSQL URL
        may end in ?schema=NAME to keep the registry in a schema of its own.

        skillscope migrate --from ~/.skillscope/registry.sqlite --to postgresql://user:pass@db/skillscope
        skillscope migrate --from postgresql://user:pass@db/skillscope --to backup.sqlite

        Exit codes: 0 done, 64 usage, 65 the destination is not empty, 66 no source registry,
        69 a registry is unavailable.
        """

    var from: String
    var to: String

    init(arguments: inout Arguments, context: Context) throws(CLIError) {
        guard let from = try arguments.option("from"), let to = try arguments.option("to") else {
            throw .usage("give the registry to copy (--from) and the empty one to fill (--to)", command: Self.name)
        }
        guard from != to else { throw .usage("--from and --to name the same registry", command: Self.name) }
        let rest = try arguments.positionals()
        guard rest.isEmpty else { throw .usage("migrate takes no arguments besides its options", command: Self.name) }
        (self.from, self.to) = (from, to)
    }

    func run(context: Context) async throws -> ExitCode {
        let (source, destination) = (RegistryLocation(from), RegistryLocation(to))
        let sourceStore = try source.openExisting()
        let destinationStore = try destination.open()
        let output = context.output
        let drawsProgress = output.isErrorTerminal && !context.json
        let summary: RegistryMigration.Summary
        do {
            summary = try await Task.detached {
                try RegistryMigration.copy(from: sourceStore, to: destinationStore) { progress in
                    if drawsProgress { output.progress("\r\u{1B}[2Kmigrated \(progress.files) files") }
                }
            }.value
        } catch let error as StoreError where error.code == .conflict {
            throw CLIError("\(destination.displayName): \(error.message)", exitCode: .dataError)
        }
        if drawsProgress { output.progress("\r\u{1B}[2K") }
        if context.json {
            try output.json(summary)
        } else {
            output.print(
                "migrated \(summary.repositories) repositories and \(summary.files) files (\(summary.removed) removed)"
                    + " from \(source.displayName) to \(destination.displayName)")
        }
        return .success
    }
}
