internal import Foundation
internal import SkillscopeStore

/// `skillscope stats`: counts over the registry.
struct StatsCommand: Command {
    static let name = "stats"
    static let summary = "count repositories, files by kind, rules, and files skipped by reason"
    static let help = """
        Usage: skillscope stats [--db PATH] [--json]

        Prints what the registry holds: repositories, files indexed by kind, rules, files rejected by reason and
        files indexed with warnings.

        Exit codes: 0 done, 66 no registry, 69 the registry cannot be opened.
        """

    init(arguments: inout Arguments, context: Context) throws(CLIError) {
        let rest = try arguments.positionals()
        guard rest.isEmpty else { throw .usage("stats takes no arguments", command: Self.name) }
    }

    func run(context: Context) async throws -> ExitCode {
        let stats = try context.openExistingStore().stats()
        if context.json {
            try context.output.json(stats)
            return .success
        }
        let output = context.output
        output.print("registry \(context.registry.displayName) (\(stats.engine), schema \(stats.schemaVersion))")
        output.print("  repositories  \(stats.repositories)")
        output.print(
            "  files         \(stats.files) (\(stats.indexed) indexed, \(stats.rejected) rejected, \(stats.bytes) bytes)"
        )
        if stats.removed > 0 { output.print("  removed       \(stats.removed) (gone from their repositories, kept)") }
        output.print("  rules         \(stats.rules)")
        for (kind, count) in stats.byKind.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) {
            output.print("    \(kind.padding(toLength: 22, withPad: " ", startingAt: 0)) \(count)")
        }
        if !stats.rejectedByReason.isEmpty {
            output.print("  rejected")
            for (reason, count) in stats.rejectedByReason.sorted(by: { $0.key < $1.key }) {
                output.print("    \(reason.padding(toLength: 22, withPad: " ", startingAt: 0)) \(count)")
            }
        }
        if !stats.diagnosticsByCode.isEmpty {
            output.print("  indexed with warnings")
            for (code, count) in stats.diagnosticsByCode.sorted(by: { $0.key < $1.key }) {
                output.print("    \(code.padding(toLength: 22, withPad: " ", startingAt: 0)) \(count)")
            }
        }
        return .success
    }
}
