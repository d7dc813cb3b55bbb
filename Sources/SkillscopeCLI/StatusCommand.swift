internal import Foundation
internal import SkillscopeSync

/// `skillscope status`: drift of synced rules and installed skills, rule by rule.
struct StatusCommand: Command {
    static let name = "status"
    static let summary = "report drift of synced rules and installed skills rule by rule; --check for CI"
    static let help = """
        Usage: skillscope status [--canonical FILE] [--agent A]… [--check [--upstream]] [--global] [--project DIR]
                                 [--json]

        Reports, rule by rule: generated blocks edited by hand, blocks older than the canonical file, agents'
        files or blocks missing, or markers malformed; installed skills edited locally or missing (files, an
        agent's link or an executable bit), agents' folders that are not what skillscope made (a link elsewhere,
        a foreign folder, a copy whose bytes differ), unresolved conflicts from `update` (each file, line and
        rule); and, as news from upstream, skills whose source has a newer version than the lock, no longer holds
        them, or cannot be read.

        Options:
          --canonical FILE  the canonical rules file (default AGENTS.md)
          --check           exit 1 when the project drifted from the lock or the canonical file (for CI);
                            news from upstream is reported but does not fail it
          --upstream        with --check, fail on news from upstream too
        \(SyncOptions.help)

        Exit codes: 0 done (with --check: nothing drifted), 1 drift with --check, 64 usage, 65 a lock or an
        agent's file that does not parse, or a path that would leave the project.
        """

    var options: SyncOptions
    var canonical: String
    var check: Bool
    var upstream: Bool

    init(arguments: inout Arguments, context: Context) throws(CLIError) {
        options = try SyncOptions(arguments: &arguments, context: context, command: Self.name)
        canonical = try arguments.option("canonical") ?? (options.isGlobal ? ".agents/AGENTS.md" : "AGENTS.md")
        check = arguments.flag("check")
        upstream = arguments.flag("upstream")
        guard check || !upstream else { throw .usage("--upstream goes with --check", command: Self.name) }
        _ = try arguments.positionals()
    }

    func run(context: Context) async throws -> ExitCode {
        var drifts: [Drift] = []
        try SafePathCheck.relative(canonical)
        var configuration = RuleSync.Configuration()
        configuration.canonical = canonical
        configuration.isGlobal = options.isGlobal
        configuration.agents = options.chosenAgents
        let sync = RuleSync(root: options.root, configuration: configuration)
        // Drift is said as it is found, under a bar on a terminal; the summary comes last.
        let output = context.output
        let drawsBar = output.isErrorTerminal && !context.json
        if !sync.canonicalFiles().isEmpty {
            drifts += try sync.status { done, total, found in
                guard !context.json else { return }
                if drawsBar { output.progress("\r\u{1B}[2K") }
                for drift in found { Self.print(drift, to: output) }
                if drawsBar { output.progress(ProgressBar.line(done: done, total: total, of: "agents' files")) }
            }
            if drawsBar { output.progress("\r\u{1B}[2K") }
        }
        let printed = drifts.count
        let manager = options.makeManager(context: context)
        if FileManager.default.fileExists(atPath: manager.lockPath) || manager.hasOnlyVercelLock {
            drifts += try manager.status()
        }
        if context.json {
            try context.output.json(drifts)
        } else {
            for drift in drifts[printed...] { Self.print(drift, to: output) }
            if drifts.allSatisfy({ $0.kind.isUpstreamNews || $0.kind.isNotice }) {
                output.print(drifts.isEmpty ? "in step: no drift" : "in step with the lock: no drift (news above)")
            }
        }
        let failing = drifts.filter { !$0.kind.isNotice && (upstream || !$0.kind.isUpstreamNews) }
        return check && !failing.isEmpty ? .failure : .success
    }

    /// One drift, and its rule-level changes, as lines.
    static func print(_ drift: Drift, to output: Output) {
        output.print("\(drift.kind)  \(drift.subject): \(drift.message)")
        for change in drift.changes { output.print("    \(change.summary)") }
    }
}
