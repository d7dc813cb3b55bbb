internal import Foundation
internal import SkillscopeCore
internal import SkillscopeReport
internal import SkillscopeStore
internal import SkillscopeVersions

/// `skillscope versions FILE|ID`: the other projects' versions of a file, in three bands.
struct VersionsCommand: Command {
    static let name = "versions"
    static let summary = "list other projects' versions of a file: word for word, edited (N% same), their own"
    static let help = """
        Usage: skillscope versions FILE|ID [--band word|edited|own] [--limit N] [--json]

        Finds the versions of a file across the registry, one per other repository (its file most like this one):
          Word for word  the same words
          Edited         shares passages: "N% same" is the share of the version's five-word phrases that also
                         stand in this file; 10% or more counts
          Their own      neither, but the same name and close in meaning
        Each band is ranked by stars and cut at the 200 most-starred; totals are counted before the cut. Also shows
        the likely origin (the earliest of the copies), adoption (who took it up after this file appeared) and the
        other files of this file's repository. FILE may be a registry id, owner/repo/path, or a file on disk, which
        is compared and not stored.

        Options:
          --band B   only this band: word, edited or own
          --limit N  versions printed per band (default 20; --json prints all up to the cut)
          --json     print the whole report as JSON

        Exit codes: 0 done (also when no version exists), 64 usage, 66 no such file or registry.
        """

    var file: String
    var band: VersionBand?
    var limit: Int

    init(arguments: inout Arguments, context: Context) throws(CLIError) {
        if let text = try arguments.option("band") {
            switch text {
            case "word", "word-for-word": band = .wordForWord
            case "edited": band = .edited
            case "own": band = .own
            default: throw .usage("--band is word, edited or own, not \(text)", command: Self.name)
            }
        }
        limit = try arguments.integer("limit", in: 1...200) ?? 20
        let rest = try arguments.positionals()
        guard rest.count == 1 else { throw .usage("give exactly one FILE or ID", command: Self.name) }
        file = rest[0]
    }

    func run(context: Context) async throws -> ExitCode {
        // Versions need a registry, even for a file on disk (whose report is made without one otherwise): no
        // registry is exit 66, as before.
        _ = try context.openExistingStore()
        let fileReport = try FileLookup.report(file, kind: nil, context: context, command: Self.name)
        guard var report = fileReport.versions else {
            throw CLIError("\(file) was rejected when ingested: it has no versions", exitCode: .dataError)
        }
        if let band { report.bands = report.bands.filter { $0.band == band } }
        let output = context.output
        if context.json {
            try output.json(report)
            return .success
        }
        let title = report.subject.repository.map { "\($0)/\(report.subject.path)" } ?? file
        output.print(title + (report.subject.name.map { " (\($0))" } ?? ""))
        output.print(
            report.otherProjects == 1
                ? "1 other project uses a version of this."
                : "\(report.otherProjects) other projects use a version of this.")
        if let origin = report.likelyOrigin {
            let name = origin.isSubject ? "this file" : "\(origin.repository ?? "")/\(origin.path)"
            output.print("Likely origin: \(name), first seen \(Self.date(origin.firstSeen)) (\(origin.reason)).")
        }
        for band in report.bands {
            output.print("")
            output.print("\(band.band.title) · \(band.total)")
            if band.versions.isEmpty { output.print("  None found.") }
            for version in band.versions.prefix(limit) {
                // Unknown stars (0) are left out: "★ 0" reads as a count of something else.
                let stars = version.stars > 0 ? " ★ \(version.stars)" : ""
                var line = "  - \(version.repository)\(stars)  \(version.path)"
                line += version.band == .own ? "  \(version.reason)" : "  \(version.percentSame)% same"
                line += "  first seen \(Self.date(version.firstSeen))"
                if version.isLikelyOrigin { line += "  (likely origin)" }
                if let source = version.cameFrom { line += "  ← \(source)" }
                output.print(line)
            }
            if band.versions.count > limit { output.print("  … \(band.versions.count - limit) more (--limit, --json)") }
        }
        if report.subject.repository != nil {
            output.print("")
            output.print("In this repository: \(report.sameRepositoryTotal) other files")
            for other in report.sameRepository.prefix(limit) {
                output.print("  - \(other.name ?? other.path) (\(other.kind), \(other.path))")
            }
        }
        if !report.mostRecentlyTakenUpBy.isEmpty {
            output.print("")
            output.print("Adopted by \(report.adoptedBy). Most recently taken up by:")
            for version in report.mostRecentlyTakenUpBy {
                output.print(
                    "  - \(version.repository)  \(version.band.title.lowercased()), first seen \(Self.date(version.firstSeen))"
                )
            }
        }
        return .success
    }

    /// "2026-03-14T18:54:12Z" → "Mar 14, 2026".
    static func date(_ iso: String?) -> String {
        guard let iso, let date = try? Date(iso, strategy: .iso8601) else { return iso ?? "unknown" }
        return date.formatted(.dateTime.month(.abbreviated).day().year())
    }
}
