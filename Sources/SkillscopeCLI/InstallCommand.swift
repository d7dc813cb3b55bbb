internal import SkillscopeSync

/// `skillscope install [--frozen]`: restores what the lock says.
struct InstallCommand: Command {
    static let name = "install"
    static let summary = "restore the skills skillscope.lock (or skills-lock.json) records; --frozen for CI"
    static let help = """
        Usage: skillscope install [--frozen | --allow-risk] [--global] [--project DIR] [--json]

        Restores the skills skillscope.lock records: missing skills and files are read from their source at the
        locked commit, checked against the locked sha256 before anything is written, and linked into the agents
        again. Without skillscope.lock, vercel's skills-lock.json is read (computedHash per skill).

        Every locked skill is scanned as it will stand, as `skillscope check` scans a skill. One whose scan fails
        is installed only when the lock accepted those findings (someone ran add, update or install with
        --allow-risk and committed the lock) for the very content the lock records: the accepted findings are then
        printed as a note. A skill whose scan fails without such an acceptance (its locked content changed since,
        a newer scan finds more, or the lock was written by hand or by an older skillscope) is refused, each
        finding named with its file, line and reason, and nothing is written. Warnings never refuse.

        Options:
          --frozen       fail on any difference from the lock (a file edited or added by hand, a source whose
                         bytes differ, a source that cannot be read) and then write nothing, like `npm ci`; risk
                         counts as accepted only where the committed lock says so, so --allow-risk does not go
                         with it
          --allow-risk   install a locked skill whose security scan fails, and record the accepted findings in
                         skillscope.lock for the content it records (review, then commit the lock)

        Exit codes: 0 the project matches the lock, 1 a difference (listed), something in the way or a failing
        security scan the lock does not accept, 64 usage, 65 a lock that does not parse or a name or path that
        would leave its folder, 66 no lock, 69 a source that cannot be read offline.
        """

    var options: SyncOptions
    var frozen: Bool
    var allowsRisk: Bool

    init(arguments: inout Arguments, context: Context) throws(CLIError) {
        options = try SyncOptions(arguments: &arguments, context: context, command: Self.name)
        frozen = arguments.flag("frozen")
        allowsRisk = arguments.flag("allow-risk")
        guard !(frozen && allowsRisk) else {
            throw .usage(
                "--frozen installs only the risk the committed lock accepts; run `skillscope install --allow-risk`, review and commit the lock",
                command: Self.name)
        }
        _ = try arguments.positionals()
    }

    func run(context: Context) async throws -> ExitCode {
        var manager = options.makeManager(context: context)
        manager.allowsRisk = allowsRisk
        let report = try manager.install(frozen: frozen)
        if context.json {
            try context.output.json(report)
        } else {
            context.output.print(
                "\(report.lockFile): \(report.verified.count) verified, \(report.restored.count) restored"
                    + (report.restored.isEmpty ? "" : " (\(report.restored.joined(separator: ", ")))"))
            for problem in report.problems { context.output.error("  \(problem)") }
            for (name, scan) in report.scans.sorted(by: { $0.key < $1.key }) {
                RiskOutput.print(scan, skill: name, lockFile: report.lockFile, to: context.output)
            }
        }
        return report.problems.isEmpty ? .success : .failure
    }
}
