internal import SkillscopeSync

/// `skillscope resolve NAME…`: records that a skill's conflicts were resolved by hand.
struct ResolveCommand: Command {
    static let name = "resolve"
    static let summary = "record a skill's conflicts as resolved, once no file holds a marker"
    static let help = """
        Usage: skillscope resolve NAME… [--global] [--project DIR] [--json]

        After `skillscope update` wrote conflict markers, edit each marked file to the text you want, then run
        this: it checks that no file of the skill holds a <<<<<<< marker (naming each one left, with its line
        and rule) and records the files, and any other local edit, as kept local versions in skillscope.lock
        (as `skillscope keep` does). Until then `status --check`, `install --frozen` and `update` fail.

        Exit codes: 0 recorded, 1 markers remain or a file is missing (listed), 64 usage, 65 a bad lock or name,
        66 no such skill in the lock.
        """

    var options: SyncOptions
    var names: [String]

    init(arguments: inout Arguments, context: Context) throws(CLIError) {
        options = try SyncOptions(arguments: &arguments, context: context, command: Self.name)
        names = try arguments.positionals()
        guard !names.isEmpty else { throw .usage("give the NAME of a skill to resolve", command: Self.name) }
    }

    func run(context: Context) async throws -> ExitCode {
        try KeepCommand.report(options.makeManager(context: context).resolve(names), context: context)
    }
}
