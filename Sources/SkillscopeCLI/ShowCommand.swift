internal import Foundation
internal import SkillscopeCore
internal import SkillscopeStore
internal import YAML

/// `skillscope show FILE|ID`: a file's metadata, diagnostics and rules.
struct ShowCommand: Command {
    static let name = "show"
    static let summary = "show a file: kind, repository, dates, checks, security scan, quality score and rules"
    static let help = """
        Usage: skillscope show FILE|ID [--text] [--json]

        Shows one file: from the registry by id or owner/repo/path, or a file on disk (analysed, not stored).

        Options:
          --text  also print the file's text with line numbers
          --json  print everything as JSON (text included)

        Exit codes: 0 done, 64 usage, 66 no such file or registry.
        """

    var file: String
    var showsText: Bool

    init(arguments: inout Arguments, context: Context) throws(CLIError) {
        showsText = arguments.flag("text")
        let rest = try arguments.positionals()
        guard rest.count == 1 else { throw .usage("give exactly one FILE or ID", command: Self.name) }
        file = rest[0]
    }

    struct View: Encodable {
        var id: Int64?
        var repository: String?
        var path: String
        var kind: String
        var status: String
        var name: String?
        var title: String?
        var description: String?
        var stars: Int?
        var license: String?
        var topics: [String]?
        var commit: String?
        var firstCommitAt: String?
        var lastCommitAt: String?
        var firstSeen: String?
        var lastSeen: String?
        var removedAt: String?
        var sha256: String?
        var blobSHA: String?
        var bytes: Int?
        var lines: Int
        var frontMatter: PlainJSON?
        var diagnostics: [DiagnosticView]
        var findings: [Finding]
        var security: SecurityReport
        var quality: QualityScore
        var rules: [RuleView]
        var text: String
    }

    func run(context: Context) async throws -> ExitCode {
        let view: View
        switch try FileLookup.find(file, kind: nil, context: context, command: Self.name) {
        case .local(let document):
            let assessment = Assessment(local: document)
            view = View(
                path: document.path, kind: document.kind.rawValue, status: "indexed", name: document.name,
                title: document.title, description: document.description, lines: document.lineCount,
                frontMatter: document.frontMatter.map(PlainJSON.init),
                diagnostics: document.diagnostics.map(DiagnosticView.init),
                findings: assessment.findings, security: assessment.security, quality: assessment.quality,
                rules: document.rules.map(RuleView.init),
                text: document.text)
        case .stored(let stored, let rules):
            let assessment = try Assessment(stored: stored, rules: rules, store: try context.openExistingStore())
            let frontMatter = stored.frontMatterJSON.flatMap {
                try? JSONDecoder().decode(YAMLNode.self, from: Data($0.utf8))
            }
            view = View(
                id: stored.id, repository: stored.key.repository, path: stored.key.path, kind: stored.kind.rawValue,
                status: stored.status.rawValue, name: stored.name, title: stored.title,
                description: stored.description, stars: stored.repository.stars, license: stored.repository.license,
                topics: stored.repository.topics, commit: stored.commit, firstCommitAt: stored.firstCommitAt,
                lastCommitAt: stored.lastCommitAt, firstSeen: stored.firstSeen, lastSeen: stored.lastSeen,
                removedAt: stored.removedAt, sha256: stored.sha256, blobSHA: stored.blobSHA, bytes: stored.bytes,
                lines: stored.lineCount,
                frontMatter: frontMatter.map(PlainJSON.init), diagnostics: stored.diagnostics.map(DiagnosticView.init),
                findings: stored.findings, security: assessment.security, quality: assessment.quality,
                rules: rules.map(RuleView.init), text: stored.text)
        }
        let output = context.output
        if context.json {
            try output.json(view)
            return .success
        }
        output.print((view.repository.map { "\($0)/" } ?? "") + view.path)
        var facts: [(String, String?)] = [
            ("id", view.id.map(String.init)), ("kind", view.kind), ("status", view.status), ("name", view.name),
            ("title", view.title), ("description", view.description), ("stars", view.stars.map(String.init)),
            ("license", view.license),
            ("topics", view.topics.flatMap { $0.isEmpty ? nil : $0.joined(separator: ", ") }),
            ("first commit", view.firstCommitAt), ("last commit", view.lastCommitAt), ("first seen", view.firstSeen),
            ("last seen", view.lastSeen), ("removed", view.removedAt.map { "\($0) (gone from the repository)" }),
            ("sha256", view.sha256), ("blob", view.blobSHA), ("bytes", view.bytes.map(String.init)),
        ]
        facts.append(("lines", String(view.lines)))
        facts.append(("rules", String(view.rules.count)))
        for (label, value) in facts {
            guard let value else { continue }
            output.print("  \(label.padding(toLength: 13, withPad: " ", startingAt: 0)) \(value)")
        }
        for diagnostic in view.diagnostics {
            output.print(
                "  \(diagnostic.severity): line \(diagnostic.line.map(String.init) ?? "-"): \(diagnostic.message)")
        }
        let errors = view.findings.filter { $0.severity == .error }.count
        output.print(
            "  spec check    \(errors) error\(errors == 1 ? "" : "s"), \(view.findings.count - errors) warning\(view.findings.count - errors == 1 ? "" : "s")"
        )
        for finding in view.findings {
            output.print(
                "    \(finding.severity.rawValue): line \(finding.line.map(String.init) ?? "-"): \(finding.message)")
        }
        Assessment.print(security: view.security, quality: view.quality, to: output)
        if showsText {
            output.print("")
            let lines = view.text.split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() where !(index == lines.count - 1 && line.isEmpty) {
                let number = String(index + 1)
                output.print(String(repeating: " ", count: max(0, 5 - number.count)) + number + "  " + line)
            }
        }
        return .success
    }
}
