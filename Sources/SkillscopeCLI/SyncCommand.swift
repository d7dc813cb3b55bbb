internal import Foundation
internal import SkillscopeSync

/// `skillscope sync`: writes the canonical rules into every agent's file.
struct SyncCommand: Command {
    static let name = "sync"
    static let summary = "write AGENTS.md into every agent's instruction file, inside marked blocks"
    static let help = """
        Usage: skillscope sync [--canonical FILE] [--agent A]… [--dry-run] [--force] [--gitignore] [--json]

        Writes the canonical rules file (AGENTS.md at the root by default) into each agent's instruction file
        (CLAUDE.md, GEMINI.md, .cursor/rules/skillscope.mdc, .github/copilot-instructions.md,
        .windsurf/rules/skillscope.md, .clinerules/skillscope.md) between
        <!-- skillscope:begin … --> and <!-- skillscope:end --> lines. Text outside the block is never touched; a
        hand-written file keeps all of it and gets the block at its end. Files of the same name in subfolders sync
        to the same subfolders. In the canonical file, <!-- skillscope:only claude cursor --> … <!--
        skillscope:only-end --> is for some agents only, and <!-- skillscope:scope src/**/*.ts --> … <!--
        skillscope:scope-end --> for some files only (Cursor globs, Copilot applyTo, Claude and Cline paths,
        Windsurf glob triggers, inline text elsewhere). Writes are atomic (temporary files flushed to disk together,
        then each renamed into place) and the previous version is kept under .skillscope/backup/. A run that
        changes nothing writes nothing.

        Options:
          --canonical FILE  the canonical rules file, relative to the project (default AGENTS.md; with --global,
                            ~/.agents/AGENTS.md, written into each agent's user file: ~/.claude/CLAUDE.md,
                            ~/.codex/AGENTS.md, ~/.gemini/GEMINI.md, ~/.config/opencode/AGENTS.md, Windsurf's
                            global_rules.md)
          --dry-run         say what would be written, write nothing
          --force           overwrite blocks edited by hand (their text is kept in the backup)
          --gitignore       add .skillscope/ to .gitignore (it is never changed otherwise)
        \(SyncOptions.help)

        Exit codes: 0 synced, 1 a block was edited by hand and left alone, 64 usage, 65 a malformed section,
        66 no canonical file.
        """

    var options: SyncOptions
    var canonical: String
    var dryRun: Bool
    var force: Bool
    var gitignore: Bool

    init(arguments: inout Arguments, context: Context) throws(CLIError) {
        options = try SyncOptions(arguments: &arguments, context: context, command: Self.name)
        canonical = try arguments.option("canonical") ?? (options.isGlobal ? ".agents/AGENTS.md" : "AGENTS.md")
        dryRun = arguments.flag("dry-run")
        force = arguments.flag("force")
        gitignore = arguments.flag("gitignore")
        _ = try arguments.positionals()
    }

    func run(context: Context) async throws -> ExitCode {
        var configuration = RuleSync.Configuration()
        configuration.canonical = canonical
        configuration.isGlobal = options.isGlobal
        configuration.force = force
        configuration.agents = options.chosenAgents
        if let pause = context.environment["SKILLSCOPE_TEST_PAUSE_BEFORE_RENAME_MS"].flatMap(Int.init) {
            configuration.atomic.pauseBeforeRename = .milliseconds(pause)
        }
        guard !configuration.agents.isEmpty else {
            throw CLIError(
                "no agent detected in \(options.root); pass --agent (\(Agent.all.map(\.id).joined(separator: ", ")))",
                exitCode: .usage)
        }
        try SafePathCheck.relative(canonical)
        // Each file is said as it is written (a killed run shows what it did), under a bar on a terminal.
        let output = context.output
        let drawsBar = output.isErrorTerminal && !context.json
        let outcomes = try RuleSync(root: options.root, configuration: configuration).run(dryRun: dryRun) {
            done, total, outcome in
            guard !context.json else { return }
            if drawsBar { output.progress("\r\u{1B}[2K") }
            if outcome.action != .unchanged || dryRun { output.print(Self.line(outcome, dryRun: dryRun)) }
            if drawsBar { output.progress(ProgressBar.line(done: done, total: total, of: "agents' files")) }
        }
        if drawsBar { output.progress("\r\u{1B}[2K") }
        if gitignore && !dryRun { try Self.ignoreBackups(in: options.root) }
        if context.json {
            try context.output.json(outcomes)
        } else {
            let unchanged = outcomes.filter { $0.action == .unchanged }.count
            let refused = outcomes.filter { $0.action == .refused }.count
            let linked = outcomes.filter { $0.action == .linked }.count
            if !dryRun {
                context.output.print(
                    "\(outcomes.count - unchanged - refused - linked) written, \(unchanged) unchanged"
                        + (linked > 0 ? ", \(linked) a link to the canonical file" : "")
                        + (refused > 0 ? ", \(refused) left alone" : ""))
            }
        }
        let refused = outcomes.filter { $0.action == .refused }
        for outcome in refused {
            context.output.error(
                "\(outcome.path): left alone: \(outcome.reason ?? "the generated block was edited by hand; --force replaces it")"
                    + (outcome.reason?.contains("edited by hand") ?? true ? "; or move the edit into \(canonical)" : "")
            )
        }
        return refused.isEmpty ? .success : .failure
    }

    /// What sync did to one agent's file, as a line.
    static func line(_ outcome: RuleSync.Outcome, dryRun: Bool) -> String {
        let verb =
            dryRun && outcome.action != .unchanged && outcome.action != .refused
            ? "would be \(outcome.action.rawValue)" : outcome.action.rawValue
        let via = outcome.writtenTo.map {
            outcome.action == .linked ? " (\($0))" : " (in \($0), its link's file)"
        }
        return "\(outcome.path): \(verb)" + (outcome.action == .refused ? "" : via ?? "")
    }

    /// Adds `.skillscope/` to `.gitignore` once.
    static func ignoreBackups(in root: String) throws {
        let path = root + "/.gitignore"
        let text = AtomicFile.read(path).map { String(decoding: $0, as: UTF8.self) } ?? ""
        guard !text.split(separator: "\n").contains(where: { $0 == ".skillscope/" || $0 == ".skillscope" }) else {
            return
        }
        let updated = text + (text.isEmpty || text.hasSuffix("\n") ? "" : "\n") + ".skillscope/\n"
        try AtomicFile.write(Array(updated.utf8), to: path)
    }
}

/// Path checks at the CLI's edge.
enum SafePathCheck {
    static func relative(_ path: String) throws(CLIError) {
        do { try SafePath.checkRelative(path) } catch { throw CLIError(error.message, exitCode: .usage) }
    }
}
