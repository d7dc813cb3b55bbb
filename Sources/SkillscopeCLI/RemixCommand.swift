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

    struct View: Encodable {
        var path: String
        var name: String
        var rules: Int
        var sources: [String]
    }

    func run(context: Context) async throws -> ExitCode {
        var chosen: [Remix.Pick] = []
        for pick in picks {
            let document: Document
            let label: String
            switch try FileLookup.find(pick.file, kind: nil, context: context, command: Self.name) {
            case .local(let local):
                document = local
                label = pick.file
            case .stored(let stored, _):
                document = DocumentParser().parse(text: stored.text, path: stored.key.path, kind: stored.kind)
                label = stored.key.description
            }
            chosen.append(
                Remix.Pick(label: label, document: document, rules: try Remix.select(pick.selector, in: document)))
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
