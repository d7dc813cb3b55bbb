internal import Foundation
internal import SkillscopeSync

/// `skillscope list`: the installed skills.
struct ListCommand: Command {
    static let name = "list"
    static let summary = "list installed skills with their source, commit and agents"
    static let help = """
        Usage: skillscope list [--global] [--project DIR] [--json]

        The skills in skillscope.lock: name, source, commit, the agents they were installed for, and whether the
        copy under .agents/skills still matches the lock (ok, edited, missing, or conflict: markers from
        `skillscope update` not yet resolved).

        Exit codes: 0 done (also when nothing is installed), 64 usage, 65 a lock that does not parse.
        """

    var options: SyncOptions

    init(arguments: inout Arguments, context: Context) throws(CLIError) {
        options = try SyncOptions(arguments: &arguments, context: context, command: Self.name)
        _ = try arguments.positionals()
    }

    struct Row: Encodable {
        var name: String
        var source: String
        var commit: String?
        var agents: [String]
        var state: String
    }

    func run(context: Context) async throws -> ExitCode {
        let manager = options.makeManager(context: context)
        let lock = try manager.readLock()
        if manager.hasOnlyVercelLock {
            let rows = try manager.vercelRows()
            if context.json {
                try context.output.json(rows)
                return .success
            }
            for row in rows {
                context.output.print(
                    "\(row.name)  \(row.state)  \(row.source)  agents: \(row.agents.joined(separator: ", "))")
            }
            context.output.error("(from skills-lock.json)")
            return .success
        }
        var rows: [Row] = []
        for (name, entry) in lock.skills.sorted(by: { $0.key < $1.key }) {
            rows.append(
                Row(
                    name: name, source: entry.source.description, commit: entry.commit, agents: entry.agents,
                    state: manager.state(of: name, entry: entry)))
        }
        if context.json {
            try context.output.json(rows)
            return .success
        }
        if rows.isEmpty { context.output.print("no skills installed in \(manager.root)") }
        for row in rows {
            let commit = row.commit.map { " @\($0.prefix(12))" } ?? ""
            context.output.print(
                "\(row.name)  \(row.state)  \(row.source)\(commit)  agents: \(row.agents.joined(separator: ", "))")
        }
        return .success
    }
}
