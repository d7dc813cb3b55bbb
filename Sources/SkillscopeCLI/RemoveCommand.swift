internal import SkillscopeSync

/// `skillscope remove NAME…`: uninstalls skills.
struct RemoveCommand: Command {
    static let name = "remove"
    static let summary = "uninstall a skill: its links, copies and lock entry"
    static let help = """
        Usage: skillscope remove NAME… [--force] [--global] [--project DIR]

        Removes each skill's links and copies from agents' folders (only those skillscope made), its copy under
        .agents/skills, its base copy and its entry in skillscope.lock. A copy holding local edits is refused
        unless they are recorded (`skillscope keep NAME`) or --force is given; an edited copy is then moved to
        .skillscope/backup/.agents/skills/NAME rather than deleted.

        Options:
          --force   remove a skill whose local edits the lock does not record (a copy is kept)

        Exit codes: 0 removed, 1 local edits not recorded (listed), 64 usage, 65 unsafe name, 66 no such skill
        in the lock.
        """

    var options: SyncOptions
    var names: [String]
    var force: Bool

    init(arguments: inout Arguments, context: Context) throws(CLIError) {
        options = try SyncOptions(arguments: &arguments, context: context, command: Self.name)
        force = arguments.flag("force")
        names = try arguments.positionals()
        guard !names.isEmpty else { throw .usage("give the NAME of a skill to remove", command: Self.name) }
    }

    func run(context: Context) async throws -> ExitCode {
        var manager = options.makeManager(context: context)
        manager.force = force
        // Every name is checked before any skill is removed.
        try manager.checkRemovable(names)
        for name in names {
            let removal = try manager.remove(name)
            context.output.print("removed \(name): \(removal.paths.joined(separator: ", "))")
            if let backup = removal.backup { context.output.print("  its edited copy is kept in \(backup)") }
        }
        return .success
    }
}
