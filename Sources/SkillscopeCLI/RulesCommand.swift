internal import SkillscopeCore
internal import SkillscopeReport
internal import SkillscopeStore

/// `skillscope rules FILE`: the rules a file gives an agent, with their lines.
struct RulesCommand: Command {
    static let name = "rules"
    static let summary = "split a file into the rules it gives an agent, with line numbers"
    static let help = """
        Usage: skillscope rules FILE|ID [--kind KIND] [--json]

        Splits a file into its rules: list items, instructing paragraphs and table rows, each with its line
        numbers (as an editor shows them, front matter counted) and section. Code blocks are examples of the rule
        before them, never rules. FILE is a file on disk (nothing is stored), a skill folder, a registry id, or
        owner/repo/path of a file in the registry. Each rule is rated: common, distinctive or very specific, with its
        evidence (against the registry when there is one; see `skillscope analyze`).

        Options:
          --kind KIND  how to read a file on disk: skill, skill-reference, claude, agents, gemini, cursor,
                       copilot, windsurf (default: from its path; a file with front matter is read as a skill)
          --json       print {path, kind, name, rules: [{position, line, endLine, text, section, source,
                       examples, rating, isEstimate, evidence, namedThings}], diagnostics, ratings: {summary,
                       sentence, counts, editedVersions, registryFiles, embedder}}

        Exit codes: 0 done, 64 usage, 65 the file is binary or too large, 66 no such file.
        """

    var file: String
    var kind: FileKind?

    init(arguments: inout Arguments, context: Context) throws(CLIError) {
        kind = try FileLookup.parseKind(try arguments.option("kind"), command: Self.name)
        let rest = try arguments.positionals()
        guard rest.count == 1 else { throw .usage("give exactly one FILE or ID", command: Self.name) }
        file = rest[0]
    }

    struct View: Encodable {
        var path: String
        var kind: String
        var name: String?
        var rules: [FileReport.RatedRuleEntry]
        var diagnostics: [FileDiagnostic]
        var ratings: FileReport.Ratings
    }

    func run(context: Context) async throws -> ExitCode {
        let report = try FileLookup.report(file, kind: kind, context: context, command: Self.name)
        let path = report.file.repository.map { "\($0)/\(report.file.path)" } ?? report.file.path
        let view = View(
            path: path, kind: report.file.kind.rawValue, name: report.file.name, rules: report.rules,
            diagnostics: report.checks.diagnostics, ratings: report.ratings)
        if context.json {
            try context.output.json(view)
            return .success
        }
        let output = context.output
        output.print("\(view.path) (\(view.kind)\(view.name.map { ", \($0)" } ?? ""))")
        for line in RatingText.lines(report) { output.print(line) }
        for diagnostic in view.diagnostics {
            output.error(
                view.path + (diagnostic.line.map { ":\($0)" } ?? "")
                    + ": \(diagnostic.severity.rawValue): \(diagnostic.message)"
            )
        }
        return .success
    }
}
