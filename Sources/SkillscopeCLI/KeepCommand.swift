internal import SkillscopeSync

/// `skillscope keep NAME…`: accepts a skill's local edits into the lock.
struct KeepCommand: Command {
    static let name = "keep"
    static let summary = "record a skill's local edits in skillscope.lock, so teammates and CI get them"
    static let help = """
        Usage: skillscope keep NAME… [--global] [--project DIR] [--json]

        Records every file of the skill that differs from skillscope.lock (edited, or added by hand) as a locally
        kept version: its sha256 and its bytes go into the lock. A fresh clone's `skillscope install` then
        restores the team's version, never upstream's over it; `install --frozen` and `status --check` check
        against it; `update` merges upstream changes into it. A file back to upstream's text stops being kept.
        Refused while a file holds a conflict marker, or a locked file is missing (run `skillscope install`).

        Exit codes: 0 recorded, 1 markers remain or a file is missing (listed), 64 usage, 65 bad lock or name,
        66 no such skill in the lock.
        """

    var options: SyncOptions
    var names: [String]

    init(arguments: inout Arguments, context: Context) throws(CLIError) {
        options = try SyncOptions(arguments: &arguments, context: context, command: Self.name)
        names = try arguments.positionals()
        guard !names.isEmpty else { throw .usage("give the NAME of a skill to keep", command: Self.name) }
    }

    func run(context: Context) async throws -> ExitCode {
        try Self.report(options.makeManager(context: context).keep(names), context: context)
    }

    /// Prints what `keep` or `resolve` recorded.
    static func report(_ resolutions: [SkillManager.Resolution], context: Context) throws -> ExitCode {
        if context.json {
            try context.output.json(resolutions)
            return .success
        }
        for resolution in resolutions {
            var parts: [String] = []
            if !resolution.conflicts.isEmpty {
                parts.append("resolved \(resolution.conflicts.joined(separator: ", "))")
            }
            let kept = resolution.files.filter { !resolution.conflicts.contains($0) }
            if !kept.isEmpty { parts.append("kept \(kept.joined(separator: ", "))") }
            context.output.print(
                "\(resolution.name): "
                    + (parts.isEmpty ? "nothing to record (it matches the lock)" : parts.joined(separator: "; ")))
        }
        return .success
    }
}
