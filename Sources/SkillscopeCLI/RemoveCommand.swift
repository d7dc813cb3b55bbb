internal import SkillscopeSync

/// `skillscope remove NAME…`: uninstalls skills.
struct RemoveCommand: Command {
    static let name = "remove"
    static let summary = "uninstall a skill: its links, copies and lock entry"
    static let help = """
        Usage: skillscope remove NAME… [--global] [--project DIR]

        Removes each skill's links and copies from agents' folders (only those skillscope made), its copy under
        .agents/skills, its base copy and its entry in skillscope.lock.

        Exit codes: 0 removed, 64 usage, 65 unsafe name, 66 no such skill in the lock.
        """

    var options: SyncOptions
    var names: [String]

    init(arguments: inout Arguments, context: Context) throws(CLIError) {
        options = try SyncOptions(arguments: &arguments, context: context, command: Self.name)
        names = try arguments.positionals()
        guard !names.isEmpty else { throw .usage("give the NAME of a skill to remove", command: Self.name) }
    }

    func run(context: Context) async throws -> ExitCode {
        let manager = options.makeManager(context: context)
        for name in names {
            let removed = try manager.remove(name)
            context.output.print("removed \(name): \(removed.joined(separator: ", "))")
        }
        return .success
    }
}
