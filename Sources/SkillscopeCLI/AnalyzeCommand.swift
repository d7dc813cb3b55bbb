internal import Foundation
internal import SkillscopeCore
internal import SkillscopeRating
internal import SkillscopeStore

/// `skillscope analyze PATH…`: rates the user's own files against the registry, storing nothing.
struct AnalyzeCommand: Command {
    static let name = "analyze"
    static let summary = "rate your own CLAUDE.md, AGENTS.md, cursor rule or skill against the registry"
    static let help = """
        Usage: skillscope analyze PATH... [--kind KIND] [--db PATH] [--json]

        Splits each file (a CLAUDE.md, an AGENTS.md, a cursor rule, a skill folder) into its rules and rates
        each one: common (kept by most edited versions, or ≈ held by 1 in 5 files of the registry), very
        specific (names a file or skill of its own project, the project itself, or a path, script, setting or
        environment variable that only a few repositories name) or distinctive (the rest), with its line and
        evidence; then lists the versions of the file the registry holds. Nothing is stored. The project is the
        folder up from the file that holds `.git`, else the file's own folder: its files (up to 100,000, read
        only when a rule names a path) and skills. Rates with the statistics of `skillscope group`; without
        them (or without a registry) only the project and the words decide what is very specific.

        Options:
          --kind KIND  how to read the files (default: from each path)
          --json       print [{path, kind, name, summary, sentence, rules: [{position, line, endLine, text,
                       rating, isEstimate, evidence, namedThings}], versions: {otherProjects, bands}}]

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
        var rules: [RatedRule]
        var versions: Versions
    }

    func run(context: Context) async throws -> ExitCode {
        let store = try? context.openExistingStore()
        var views: [View] = []
        var exitCode = ExitCode.success
        for path in paths {
            do {
                guard FileManager.default.fileExists(atPath: path) else {
                    throw CLIError("\(path): no such file or folder", exitCode: .noInput)
                }
                guard
                    case .local(let document) = try FileLookup.find(
                        path, kind: kind, context: context, command: Self.name)
                else { continue }
                views.append(try analyze(document, path: path, store: store, context: context))
            } catch let error as CLIError {
                context.output.error("analyze: \(error.message)")
                exitCode = error.exitCode
            }
        }
        if context.json {
            try context.output.json(views)
            return exitCode
        }
        for view in views {
            context.output.print("\(view.path) (\(view.kind)\(view.name.map { ", \($0)" } ?? ""))")
            for line in RatingText.lines(summary: view.summary, rules: view.rules) { context.output.print(line) }
            let bands = view.versions.bands.map { "\($0.band.lowercased()) \($0.total)" }.joined(separator: ", ")
            context.output.print(
                "versions in the registry: \(view.versions.otherProjects) other "
                    + (view.versions.otherProjects == 1 ? "project" : "projects")
                    + (bands.isEmpty ? "" : " (\(bands))"))
            for band in view.versions.bands {
                for version in band.versions.prefix(5) {
                    context.output.print(
                        "  \(band.band.lowercased()): \(version.repository)/\(version.path), \(version.percentSame)% same"
                    )
                }
            }
        }
        return exitCode
    }

    private func analyze(_ document: Document, path: String, store: (any Store)?, context: Context) throws -> View {
        var versions = View.Versions(otherProjects: 0, bands: [])
        var report: RuleRatingReport
        // The project on disk around the file: its own paths and skills bind rules to it, as a stored
        // repository's do.
        let project = LocalProjectReader.project(around: document.path, rules: document.rules)
        if let store {
            let rater = RegistryRater.forOneQuery(store: store, context: context)
            let found = try rater.versionFinder().versions(
                of: VersionFinder.Subject(document: document))
            versions.otherProjects = found.otherProjects
            versions.bands = found.bands.map { band in
                View.Band(
                    band: band.band.title, total: band.total,
                    versions: band.versions.map {
                        View.Version(repository: $0.repository, path: $0.path, percentSame: $0.percentSame)
                    })
            }
            report = try rater.rate(document.rules, versions: found, kind: document.kind, project: project)
        } else {
            var rating = RuleRater.Context(fileKind: document.kind)
            rating.publicNames = PublicNames.bundled
            if let project { rating.describe(project) }
            report = RuleRater().rate(document.rules, context: rating)
        }
        return View(
            path: path, kind: document.kind.rawValue, name: document.name, summary: report.summary,
            sentence: report.sentence, rules: report.rules, versions: versions)
    }
}
