internal import Foundation
internal import SkillscopeCore
internal import SkillscopeReport
internal import SkillscopeStore
internal import SkillscopeVersions

/// `skillscope analyze PATH…`: rates the user's own files against the registry, storing nothing.
struct AnalyzeCommand: Command {
    static let name = "analyze"
    static let summary = "rate your own CLAUDE.md, AGENTS.md, cursor rule or skill against the registry"
    static let help = """
        Usage: skillscope analyze PATH... [--kind KIND] [--db PATH] [--json]

        Splits each file (a CLAUDE.md, an AGENTS.md, a cursor rule, a skill folder) into its rules and rates
        each one: common (kept by most edited versions, or ≈ held by 1 in 5 of the files most like it), very
        specific (names a file or skill of its own project, the project itself, or a path, script, setting or
        environment variable that only a few repositories name) or distinctive (the rest), with its line and
        evidence; then lists the versions of the file the registry holds. Nothing is stored. The project is the
        folder up from the file that holds `.git`, else the file's own folder: its files (up to 100,000, read
        only when a rule names a path) and skills. Rates with the statistics of `skillscope group`; without
        them (or without a registry) only the project and the words decide what is very specific.

        Options:
          --kind KIND  how to read the files (default: from each path)
          --json       print [{path, kind, name, summary, sentence, counts, rules: [{position, line, endLine,
                       text, section, rating, isEstimate, evidence, namedThings}], checks, versions:
                       {otherProjects, bands}}]

        Exit codes: 0 done, 64 usage, 65 a file could not be read as text, 66 a file is missing (the others are
        still analysed).
        """

    var paths: [String]
    var kind: FileKind?

    init(arguments: inout Arguments, context: Context) throws(CLIError) {
        kind = try FileLookup.parseKind(try arguments.option("kind"), command: Self.name)
        paths = try arguments.positionals()
        guard !paths.isEmpty else { throw .usage("give at least one PATH", command: Self.name) }
    }

    struct View: Encodable {
        struct Version: Encodable {
            var id: Int64
            var repository: String
            var path: String
            var percentSame: Int
        }

        struct Band: Encodable {
            var band: String
            var total: Int
            var versions: [Version]
        }

        struct Versions: Encodable {
            var otherProjects: Int
            var bands: [Band]
        }

        var path: String
        var kind: String
        var name: String?
        var summary: String
        var sentence: String
        var counts: FileReport.Ratings.Counts
        var rules: [FileReport.RatedRuleEntry]
        var checks: FileReport.Checks
        var versions: Versions

        init(path: String, report: FileReport) {
            self.path = path
            kind = report.file.kind.rawValue
            name = report.file.name
            summary = report.ratings.summary
            sentence = report.ratings.sentence
            counts = report.ratings.counts
            rules = report.rules
            checks = report.checks
            versions = Versions(
                otherProjects: report.versions?.otherProjects ?? 0,
                bands: (report.versions?.bands ?? []).map { band in
                    Band(
                        band: band.band.title, total: band.total,
                        versions: band.versions.map {
                            Version(id: $0.id, repository: $0.repository, path: $0.path, percentSame: $0.percentSame)
                        })
                })
        }
    }

    func run(context: Context) async throws -> ExitCode {
        var views: [View] = []
        var exitCode = ExitCode.success
        for path in paths {
            do {
                guard FileManager.default.fileExists(atPath: path) else {
                    throw CLIError("\(path): no such file or folder", exitCode: .noInput)
                }
                let report = try FileLookup.report(path, kind: kind, context: context, command: Self.name)
                views.append(View(path: path, report: report))
                if !context.json { print(report, path: path, to: context.output) }
            } catch let error as CLIError {
                context.output.error("analyze: \(error.message)")
                exitCode = error.exitCode
            }
        }
        if context.json { try context.output.json(views) }
        return exitCode
    }

    private func print(_ report: FileReport, path: String, to output: Output) {
        output.print("\(path) (\(report.file.kind.rawValue)\(report.file.name.map { ", \($0)" } ?? ""))")
        for line in RatingText.lines(report) { output.print(line) }
        let versions = report.versions
        let otherProjects = versions?.otherProjects ?? 0
        let bands = (versions?.bands ?? []).map { "\($0.band.title.lowercased()) \($0.total)" }.joined(separator: ", ")
        output.print(
            "versions in the registry: \(otherProjects) other \(otherProjects == 1 ? "project" : "projects")"
                + (bands.isEmpty ? "" : " (\(bands))"))
        for band in versions?.bands ?? [] {
            for version in band.versions.prefix(5) {
                output.print(
                    "  \(band.band.title.lowercased()): \(version.repository)/\(version.path), \(version.percentSame)% same"
                )
            }
        }
    }
}
