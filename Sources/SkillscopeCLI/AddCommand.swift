internal import SkillscopeSync

/// `skillscope add SOURCE`: installs skills for every agent in use.
struct AddCommand: Command {
    static let name = "add"
    static let summary = "install a skill into .agents/skills and every agent's skill folder"
    static let help = """
        Usage: skillscope add SOURCE [--skill NAME]… [--as NAME] [--agent A]… [--global] [--copy] [--force] [--allow-risk]
                             [--json]

        Installs the skills of SOURCE: one copy under .agents/skills/<name>/, linked into each agent's skill folder
        (.claude/skills, .cursor/skills, …), copied where a link cannot be made (and said so). The source, the
        commit read and the sha256 of every file go into skillscope.lock; the upstream version is kept under
        .skillscope/base/ so `skillscope update` can merge. Names and paths that would leave their folder
        (`..`, absolute paths, links pointing out) are refused. Nothing is fetched from the network. An add is all
        or nothing: every chosen skill is read and checked and everything staged before anything moves into place,
        so a refusal (or a kill) leaves no trace. Limits (2,000 files, 32 MiB) apply to each chosen skill's folder,
        never to the rest of the source; files keep their executable bits.

        Each skill's files are scanned as `skillscope check` scans them (SKILL.md and every script, Markdown and
        configuration file beside it). A skill whose scan fails (a download piped into a shell, secrets sent out,
        instructions overridden, …) is refused: each finding is named with its file, line and reason, the command
        exits 1 and nothing is written. With --allow-risk it is installed with a warning, and skillscope.lock
        records the accepted findings and the content they were accepted for, so `install` and `status` show them.
        Warnings are printed and never refuse.

        SOURCE is a folder, a git repository on disk or a file:// URL (read at HEAD, or --ref, through libgit2), a
        registry id, or owner/repo[/path] of skills in the registry (--db).

        Options:
          --skill NAME   install only this skill of the source (repeatable; default: all it holds)
          --path SUB     the skills' folder inside a git repository or folder
          --as NAME      install the one chosen skill under another name (two skills of one name)
          --ref REF      the git revision to read (default HEAD)
          --copy         copy into agents' folders instead of linking
          --force        replace a skill of the same name, an edited copy, or a folder not installed by skillscope
        \(RiskOutput.help)
        \(SyncOptions.help)

        Exit codes: 0 installed, 1 something in the way or a failing security scan (see the message), 64 usage,
        65 unsafe name or path, 66 no such source or skill, 69 a network source.
        """

    var options: SyncOptions
    var source: SkillSource
    var skills: [String]
    var copies: Bool
    var force: Bool
    var alias: String?
    var allowsRisk: Bool

    init(arguments: inout Arguments, context: Context) throws(CLIError) {
        options = try SyncOptions(arguments: &arguments, context: context, command: Self.name)
        skills = try arguments.options("skill")
        copies = arguments.flag("copy")
        force = arguments.flag("force")
        alias = try arguments.option("as")
        allowsRisk = arguments.flag("allow-risk")
        let path = try arguments.option("path")
        let ref = try arguments.option("ref")
        let rest = try arguments.positionals()
        guard rest.count == 1 else { throw .usage("give exactly one SOURCE", command: Self.name) }
        source = try SyncOptions.source(rest[0], path: path, ref: ref)
    }

    func run(context: Context) async throws -> ExitCode {
        var manager = options.makeManager(context: context)
        manager.copiesInsteadOfLinks = copies
        manager.force = force
        manager.allowsRisk = allowsRisk
        let agents = options.chosenAgents
        let installed = try manager.add(source, only: skills, agents: agents, as: alias)
        if context.json {
            try context.output.json(installed)
            return .success
        }
        for skill in installed {
            let commit = skill.commit.map { " at \($0.prefix(12))" } ?? ""
            context.output.print("installed \(skill.name) (\(skill.files) files) from \(skill.source)\(commit)")
            for (agent, placement) in skill.agents.sorted(by: { $0.key < $1.key }) {
                context.output.print("  \(agent): \(placement.rawValue)")
            }
            for note in skill.notes { context.output.error("  note: \(note)") }
            RiskOutput.print(skill.scan, skill: skill.name, to: context.output)
        }
        if agents.isEmpty {
            context.output.error(
                "no agent detected in \(options.root): installed into .agents/skills only (read by Codex); pass --agent to link others"
            )
        }
        return .success
    }
}
