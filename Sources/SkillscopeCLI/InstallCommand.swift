internal import SkillscopeSync

/// `skillscope install [--frozen]`: restores what the lock says.
struct InstallCommand: Command {
    static let name = "install"
    static let summary = "restore the skills skillscope.lock (or skills-lock.json) records; --frozen for CI"
    static let help = """
        Usage: skillscope install [--frozen] [--global] [--project DIR] [--json]

        Restores the skills skillscope.lock records: missing skills and files are read from their source at the
        locked commit, checked against the locked sha256 before anything is written, and linked into the agents
        again. Without skillscope.lock, vercel's skills-lock.json is read (computedHash per skill).

        Options:
          --frozen   fail on any difference from the lock (a file edited or added by hand, a source whose bytes
                     differ, a source that cannot be read) and then write nothing, like `npm ci`

        Exit codes: 0 the project matches the lock, 1 a difference (listed) or something in the way, 64 usage,
        65 a lock that does not parse or a name or path that would leave its folder, 66 no lock, 69 a source that
        cannot be read offline.
        """

    var options: SyncOptions
    var frozen: Bool

    init(arguments: inout Arguments, context: Context) throws(CLIError) {
        options = try SyncOptions(arguments: &arguments, context: context, command: Self.name)
        frozen = arguments.flag("frozen")
        _ = try arguments.positionals()
    }

    func run(context: Context) async throws -> ExitCode {
        let report = try options.makeManager(context: context).install(frozen: frozen)
        if context.json {
            try context.output.json(report)
        } else {
            context.output.print(
                "\(report.lockFile): \(report.verified.count) verified, \(report.restored.count) restored"
                    + (report.restored.isEmpty ? "" : " (\(report.restored.joined(separator: ", ")))"))
            for problem in report.problems { context.output.error("  \(problem)") }
        }
        return report.problems.isEmpty ? .success : .failure
    }
}
