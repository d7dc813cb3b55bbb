internal import Foundation
internal import SkillscopeCore
internal import SkillscopeIngest
internal import SkillscopeSQLite
internal import SkillscopeStore
internal import SkillscopeSync

/// Options the install and sync commands share: where the project is, which agents, which scope.
struct SyncOptions: Sendable {
    /// The project root, or the home folder with `--global`.
    var root: String
    var isGlobal: Bool
    /// `--agent` values; empty when none were given.
    var agents: [Agent]

    static let help = """
          --project DIR  the project (default: the current folder)
          --global       the user's scope: agents' folders under $HOME instead of the project's
          --agent A      an agent, repeatable or comma-separated: \(Agent.all.map(\.id).joined(separator: ", "))
                         (default: the agents detected by their files and folders)
        """

    init(arguments: inout Arguments, context: Context, command: String) throws(CLIError) {
        isGlobal = arguments.flag("global")
        let project = try arguments.option("project")
        if isGlobal {
            guard project == nil else { throw .usage("--global and --project exclude each other", command: command) }
            guard let home = context.environment["HOME"], !home.isEmpty else {
                throw CLIError("--global needs $HOME", exitCode: .usage)
            }
            root = home
        } else {
            root = URL(fileURLWithPath: project ?? FileManager.default.currentDirectoryPath).standardizedFileURL.path
        }
        let names = try arguments.options("agent")
        do {
            agents = try Agent.parse(names)
        } catch {
            throw .usage(error.message, command: command)
        }
    }

    /// The agents given, else those detected in the root.
    var chosenAgents: [Agent] { agents.isEmpty ? Agent.detect(in: root) : agents }

    /// The project's skill manager, once any change an earlier command left unfinished is finished or cleared
    /// (said on standard error), so nothing left behind blocks this command.
    func makeManager(context: Context) -> SkillManager {
        var manager = SkillManager(root: root, isGlobal: isGlobal, reader: Self.reader(context: context))
        // A test hook: a pause after each step of a change, so a kill can land between any two.
        if let delay = context.environment["SKILLSCOPE_TEST_STEP_DELAY_MS"].flatMap(Double.init) {
            manager.stepDelay = delay / 1000
        }
        for notice in manager.recover() { context.output.error("skillscope: \(notice)") }
        return manager
    }

    /// Reads folders and git repositories on disk, and registry sources from the registry at `--db`.
    static func reader(context: Context) -> LocalSourceReader {
        let databasePath = context.databasePath
        return LocalSourceReader { source throws(SyncError) in try registrySnapshot(source, databasePath: databasePath)
        }
    }

    /// The skill files the registry holds under a source's folder (`SKILL.md` and its references, as indexed: line
    /// endings normalised).
    static func registrySnapshot(_ source: SkillSource, databasePath: String) throws(SyncError) -> Snapshot {
        guard FileManager.default.fileExists(atPath: databasePath) else {
            throw SyncError(.unavailable, "no registry at \(databasePath) to find \(source.location) in")
        }
        let store: SQLiteStore
        do {
            store = try SQLiteStore(path: databasePath)
        } catch {
            throw SyncError(.unavailable, "cannot read the registry at \(databasePath): \(error)")
        }
        return try Snapshot.registry(source, store: store)
    }

    /// What a SOURCE argument names: a git URL or repository on disk, a folder, or a registry id or
    /// `owner/repo[/path]`.
    static func source(_ text: String, path: String?, ref: String?) throws(CLIError) -> SkillSource {
        for scheme in ["http://", "https://", "ssh://", "git://", "git@"] where text.hasPrefix(scheme) {
            throw CLIError(
                "\(text) is a network source; skillscope never fetches from the network: clone it and pass its path",
                exitCode: .unavailable)
        }
        var location = text
        var revision = ref
        if location.hasPrefix("file://") {
            location = String(location.dropFirst("file://".count))
            if let hash = location.lastIndex(of: "#") {
                revision = revision ?? String(location[location.index(after: hash)...])
                location = String(location[..<hash])
            }
        }
        if FileManager.default.fileExists(atPath: location) {
            let absolute = URL(fileURLWithPath: location).standardizedFileURL.path
            if GitSource.isRepository(absolute) {
                return SkillSource(kind: .git, location: absolute, path: path ?? "", ref: revision)
            }
            return SkillSource(kind: .folder, location: absolute, path: path ?? "")
        }
        if text.hasPrefix("file://") { throw CLIError("no git repository at \(location)", exitCode: .noInput) }
        if Int64(text) != nil { return SkillSource(kind: .registry, location: text) }
        let parts = text.split(separator: "/", maxSplits: 2).map(String.init)
        guard parts.count >= 2 else {
            throw CLIError("no folder \(text), and it is not a registry id or owner/repo[/path]", exitCode: .noInput)
        }
        let inner = parts.count == 3 ? parts[2] : ""
        return SkillSource(
            kind: .registry, location: parts[0] + "/" + parts[1],
            path: inner.hasSuffix("/SKILL.md") ? String(inner.dropLast("/SKILL.md".count)) : inner)
    }
}

extension SyncError {
    /// The exit code a sync error means on the command line.
    var exitCode: ExitCode {
        switch code {
        case .unsafePath, .invalid: .dataError
        case .notFound: .noInput
        case .unavailable: .unavailable
        default: .failure
        }
    }
}
