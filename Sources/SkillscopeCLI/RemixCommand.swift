internal import Foundation
internal import SkillscopeCore
internal import SkillscopeStore
internal import SkillscopeSync

/// `skillscope remix FILE#RULE… -o DIR`: a new skill from chosen rules.
struct RemixCommand: Command {
    static let name = "remix"
    static let summary = "build a new skill from chosen rules of several files, crediting them"
    static let help = """
        Usage: skillscope remix FILE#RULES… -o DIR [--name NAME] [--description TEXT] [--force] [--json]

        Writes DIR/SKILL.md: the chosen rules of each FILE with their exact lines and examples, under a heading per
        file, and the sources (file, rule numbers, sha256) in `metadata`. The result is valid under the Agent
        Skills specification (name equal to the folder, description, metadata of strings); it is checked before
        it is written.

        RULES are 1-based rule numbers as `skillscope rules` lists them in order: `3`, `2-5`, `1,4`, or `L12` for
        the rule on line 12. FILE is a file on disk, a skill folder, a registry id or owner/repo/path.

        Options:
          -o, --output DIR    the new skill's folder; its name is the skill's name unless --name
          --name NAME         the skill's name (a-z, 0-9, -); the default is DIR's name
          --description TEXT  what it does and when to use it (default: names the sources)
          --force             replace an existing DIR/SKILL.md

        Exit codes: 0 written, 1 DIR/SKILL.md exists, 64 usage, 65 a selector naming no rule or an invalid name,
        66 no such file.
        """

    var picks: [(file: String, selector: String)]
    var output: String
    var name: String?
    var description: String?
    var force: Bool

    init(arguments: inout Arguments, context: Context) throws(CLIError) {
        guard let output = try arguments.option("output", short: "o") else {
            throw .usage("give the new skill's folder with -o DIR", command: Self.name)
        }
        self.output = output
        name = try arguments.option("name")
        description = try arguments.option("description")
        force = arguments.flag("force")
        picks = try arguments.positionals().map { (argument: String) throws(CLIError) -> (String, String) in
            guard let hash = argument.lastIndex(of: "#"), hash != argument.startIndex,
                argument.index(after: hash) < argument.endIndex
            else {
                throw .usage("\(argument) names no rules: write FILE#RULES, such as SKILL.md#1-3", command: Self.name)
            }
            return (String(argument[..<hash]), String(argument[argument.index(after: hash)...]))
        }
        guard !picks.isEmpty else { throw .usage("give at least one FILE#RULES", command: Self.name) }
    }

    /// How a file inside an installed skill is credited: the source and commit its project's lock records
    /// (`git:REPO//skills/a/SKILL.md@COMMIT`, `registry:owner/repo/…`), not the local copy's path.
    static func credit(localFile: String) -> String? {
        let file = URL(fileURLWithPath: localFile).resolvingSymlinksInPath().standardizedFileURL.path
        var folder = (file as NSString).deletingLastPathComponent
        while folder.count > 1 {
            for lockName in ["skillscope.lock", ".agents/skillscope.lock"] {
                let lockPath = folder + "/" + lockName
                guard let lock = try? SkillLock.read(at: lockPath) else { continue }
                for (name, entry) in lock.skills {
                    let skillFolder = folder + "/" + SkillManager.skillsFolder + "/" + name + "/"
                    guard file.hasPrefix(skillFolder) else { continue }
                    var source = entry.source
                    source.ref = nil
                    let inner = String(file.dropFirst(skillFolder.count))
                    let separator = source.path.isEmpty ? (source.kind == .registry ? "/" : "//") : "/"
                    return source.description + separator + inner + (entry.commit.map { "@\($0.prefix(12))" } ?? "")
                }
            }
            folder = (folder as NSString).deletingLastPathComponent
        }
        return nil
    }

    struct View: Encodable {
        var path: String
        var name: String
        var rules: Int
        var sources: [String]
    }

    func run(context: Context) async throws -> ExitCode {
        var chosen: [Remix.Pick] = []
        var references: [String: [UInt8]] = [:]
        var warnings: [String] = []
        for pick in picks {
            let document: Document
            let label: String
            var isFolder: ObjCBool = false
            let onDisk = FileManager.default.fileExists(atPath: pick.file, isDirectory: &isFolder)
            let localFile: String? = onDisk ? (isFolder.boolValue ? pick.file + "/SKILL.md" : pick.file) : nil
            switch try FileLookup.find(pick.file, kind: nil, context: context, command: Self.name) {
            case .local(let local):
                document = local
                label = localFile.flatMap { Self.credit(localFile: $0) } ?? pick.file
            case .stored(let stored, _):
                document = DocumentParser().parse(text: stored.text, path: stored.key.path, kind: stored.kind)
                label = stored.key.description
            }
            let rules = try Remix.select(pick.selector, in: document)
            chosen.append(Remix.Pick(label: label, document: document, rules: rules))
            // The files those rules name come along, or a warning says they did not.
            for path in Remix.referencedPaths(in: rules, of: document.text) {
                if let localFile,
                    let bytes = AtomicFile.read((localFile as NSString).deletingLastPathComponent + "/" + path)
                {
                    references[path] = bytes
                } else {
                    warnings.append("\(pick.file): its rules name \(path), which was not copied (not found beside it)")
                }
            }
        }
        let folder = URL(fileURLWithPath: output).standardizedFileURL
        let skillName = name ?? folder.lastPathComponent
        let text = try Remix.skill(name: skillName, description: description, picks: chosen)
        let document = DocumentParser().parse(text: text, path: "\(skillName)/SKILL.md", kind: .skill)
        let errors = SpecCheck.check(document, folderName: folder.lastPathComponent).filter { $0.severity == .error }
        guard errors.isEmpty else {
            throw CLIError(
                "the remix would not be a valid skill: " + errors.map(\.message).joined(separator: "; "),
                exitCode: .dataError)
        }
        let path = folder.path + "/SKILL.md"
        if !force, FileManager.default.fileExists(atPath: path) {
            throw CLIError("\(path) exists; pass --force to replace it", exitCode: .failure)
        }
        try AtomicFile.write(Array(text.utf8), to: path)
        for (relative, bytes) in references.sorted(by: { $0.key < $1.key }) {
            try AtomicFile.write(bytes, to: folder.path + "/" + relative)
        }
        for warning in warnings { context.output.error("warning: \(warning)") }
        let view = View(
            path: path, name: skillName, rules: chosen.reduce(0) { $0 + $1.rules.count }, sources: chosen.map(\.label))
        if context.json {
            try context.output.json(view)
        } else {
            context.output.print("wrote \(path): \(view.rules) rules from \(view.sources.joined(separator: ", "))")
        }
        return .success
    }
}
