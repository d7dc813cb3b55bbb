internal import SkillscopeCore
internal import SkillscopeRating
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
        owner/repo/path of a file in the registry. A registry file's rules are rated too: common, distinctive
        or very specific, each with its evidence (see `skillscope analyze` for a file of your own).

        Options:
          --kind KIND  how to read a file on disk: skill, skill-reference, claude, agents, gemini, cursor,
                       copilot, windsurf (default: from its path; a file with front matter is read as a skill)
          --json       print {path, kind, name, rules: [{position, line, endLine, text, section, source,
                       examples}], diagnostics, ratings (registry files: {summary, sentence, rules: [{line,
                       rating, isEstimate, evidence, namedThings}]})}

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
        var rules: [RuleView]
        var diagnostics: [DiagnosticView]
        var ratings: RatingsSummary?
    }

    func run(context: Context) async throws -> ExitCode {
        let view: View
        switch try FileLookup.find(file, kind: kind, context: context, command: Self.name) {
        case .local(let document):
            view = View(
                path: document.path, kind: document.kind.rawValue, name: document.name,
                rules: document.rules.map(RuleView.init), diagnostics: document.diagnostics.map(DiagnosticView.init),
                ratings: nil)
        case .stored(let stored, let rules):
            let store = try context.openExistingStore()
            let rater = RegistryRater.forOneQuery(store: store, context: context)
            let finder = try rater.versionFinder()
            let versions = try finder.versions(of: try finder.subject(for: stored))
            let report = try rater.rate(rules, versions: versions, kind: stored.kind)
            view = View(
                path: stored.key.description, kind: stored.kind.rawValue, name: stored.name,
                rules: rules.map(RuleView.init), diagnostics: stored.diagnostics.map(DiagnosticView.init),
                ratings: RatingsSummary(report))
        }
        if context.json {
            try context.output.json(view)
            return .success
        }
        let output = context.output
        output.print("\(view.path) (\(view.kind)\(view.name.map { ", \($0)" } ?? "")): \(view.rules.count) rules")
        let rules = view.rules.map {
            Rule(
                position: $0.position, text: $0.text, lines: LineSpan(start: $0.line, end: $0.endLine),
                section: $0.section, source: Rule.Source(rawValue: $0.source) ?? .listItem,
                examples: $0.examples.map {
                    Example(language: $0.language, code: "", lines: LineSpan(start: $0.line, end: $0.endLine))
                })
        }
        if let ratings = view.ratings {
            for line in RatingText.lines(summary: ratings.summary, rules: ratings.rules) { output.print(line) }
        } else {
            for line in TextFormat.rules(rules) { output.print(line) }
        }
        for diagnostic in view.diagnostics {
            output.error(
                "\(view.path):\(diagnostic.line.map(String.init) ?? "-"): \(diagnostic.severity): \(diagnostic.message)"
            )
        }
        return .success
    }
}
