internal import Foundation
internal import SkillscopeCore
internal import SkillscopeReport
internal import SkillscopeStore
internal import SkillscopeVersions

/// `skillscope show FILE|ID`: a file's metadata, diagnostics and rules.
struct ShowCommand: Command {
    static let name = "show"
    static let summary = "show a file: kind, repository, dates, checks, security scan, quality score and rules"
    static let help = """
        Usage: skillscope show FILE|ID [--text] [--json]

        Shows one file: from the registry by id or owner/repo/path, or a file on disk (analysed, not stored).

        Options:
          --text  also print the file's text with line numbers
          --json  print the whole report as JSON: {file (text included), rules (each with its rating and
                  evidence), ratings, checks, versions, reviews}

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

    func run(context: Context) async throws -> ExitCode {
        let report = try FileLookup.report(file, kind: nil, context: context, command: Self.name)
        let output = context.output
        if context.json {
            try output.json(report)
            return .success
        }
        let view = report.file
        output.print((view.repository.map { "\($0)/" } ?? "") + view.path)
        var facts: [(String, String?)] = [
            ("id", view.id.map(String.init)), ("kind", view.kind.rawValue), ("status", view.status),
            ("name", view.name), ("title", view.title), ("description", view.description),
            ("stars", view.stars.map(String.init)), ("license", view.license),
            ("topics", view.topics.isEmpty ? nil : view.topics.joined(separator: ", ")),
            ("first commit", view.firstCommitAt), ("last commit", view.lastCommitAt), ("first seen", view.firstSeen),
            ("last seen", view.lastSeen), ("removed", view.removedAt.map { "\($0) (gone from the repository)" }),
            ("sha256", view.sha256), ("blob", view.blobSHA), ("bytes", String(view.bytes)),
        ]
        facts.append(("lines", String(view.lines)))
        facts.append(("rules", report.ratings.summary))
        if let versions = report.versions {
            let bands = versions.bands.map { "\($0.band.title.lowercased()) \($0.total)" }.joined(separator: ", ")
            facts.append(("versions", "\(versions.otherProjects) other projects (\(bands))"))
        }
        if let reviews = report.reviews {
            facts.append(
                (
                    "reviews",
                    "\(reviews.count): \(reviews.worked) worked, \(reviews.partly) partly, \(reviews.failed) didn't"
                ))
        }
        for (label, value) in facts {
            guard let value else { continue }
            output.print("  \(label.padding(toLength: 13, withPad: " ", startingAt: 0)) \(value)")
        }
        for diagnostic in report.checks.diagnostics {
            output.print(
                "  \(diagnostic.severity.rawValue): line \(diagnostic.line.map(String.init) ?? "-"): \(diagnostic.message)"
            )
        }
        let checks = report.checks
        output.print(
            "  spec check    \(checks.errors) error\(checks.errors == 1 ? "" : "s"), \(checks.warnings) warning\(checks.warnings == 1 ? "" : "s")"
        )
        for finding in checks.findings {
            output.print(
                "    \(finding.severity.rawValue): line \(finding.line.map(String.init) ?? "-"): \(finding.message)")
        }
        ChecksText.print(security: checks.security, quality: checks.quality, to: output)
        let text = report.file.text ?? ""
        if showsText {
            output.print("")
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() where !(index == lines.count - 1 && line.isEmpty) {
                let number = String(index + 1)
                output.print(String(repeating: " ", count: max(0, 5 - number.count)) + number + "  " + line)
            }
        }
        return .success
    }
}
