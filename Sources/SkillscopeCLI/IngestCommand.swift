internal import Foundation
internal import SkillscopeCore
internal import SkillscopeIngest
internal import SkillscopeStore

/// `skillscope ingest PATH…`: index folders, git repositories and corpora into the registry.
struct IngestCommand: Command {
    static let name = "ingest"
    static let summary = "index folders, git repositories or corpora of instruction files into the registry"
    static let help = """
        Usage: skillscope ingest PATH… [--repository OWNER/NAME] [--ref REF] [--max-file-bytes N]
                                 [--batch-files N] [--db PATH] [--json]

        Indexes every instruction file (SKILL.md, CLAUDE.md, AGENTS.md, GEMINI.md, cursor rules, copilot and
        windsurf files) under each PATH. A PATH holding manifest.jsonl is read as a corpus
        (files/<owner>/<repo>/<path>, manifest.jsonl, repos.jsonl). A PATH that is a git repository (a work
        tree's root or a bare repository) is read at HEAD, or at --ref, through libgit2: each file with its blob
        id, the commit, and the dates of the commit that first added it and the last that changed it (renames
        followed); uncommitted changes are not read, and files gone since the last ingest are marked removed.
        Any other folder is walked (.git and node_modules skipped, links leaving the folder ignored). Folders and
        git repositories are filed under local/<folder name>, or under --repository. A .json or .jsonl PATH is
        read as listing records (the shape `skillscope export --listing` writes: one record, an array of them,
        or one a line): each record's text, repository and front matter are indexed, and the record itself is
        kept whole, unknown fields too. Bad records are reported and skipped.

        Re-ingest is incremental: files whose sha256 is unchanged are not parsed or rewritten, unless an earlier
        version of Skillscope analysed them (then each repository's files are analysed again, once). Files are
        written in transactions of --batch-files files in listing order, so an interrupted ingest resumes where it
        stopped when run again. Files that cannot be indexed (binary, too large, unreadable) are reported with their reason; the
        batch goes on.

        Options:
          --repository OWNER/NAME  the repository for a folder or git repository (default local/<folder name>)
          --ref REF                the branch, tag or commit read in git repositories (default HEAD)
          --max-file-bytes N       the largest file parsed (default 1048576)
          --batch-files N          files written in one transaction (default 4096); fewer commit more often and
                                   hold less parsed data in memory, more index faster
          --json                   print the report as JSON

        Exit codes: 0 done (some files may be skipped, see the report), 65 nothing could be indexed,
        66 a PATH does not exist, 69 the registry cannot be opened.
        """

    var paths: [String]
    var repository: String?
    var ref: String?
    var maxFileBytes: Int?
    var batchFiles: Int?

    init(arguments: inout Arguments, context: Context) throws(CLIError) {
        repository = try arguments.option("repository")
        ref = try arguments.option("ref")
        maxFileBytes = try arguments.integer("max-file-bytes", in: 1...(1 << 30))
        batchFiles = try arguments.integer("batch-files", in: 1...(1 << 20))
        paths = try arguments.positionals()
        guard !paths.isEmpty else { throw .usage("give at least one folder or corpus to ingest", command: Self.name) }
        if let repository, !CorpusSourceCheck.isRepositoryName(repository) {
            throw .usage("--repository must look like owner/name, not \(repository)", command: Self.name)
        }
    }

    func run(context: Context) async throws -> ExitCode {
        var sources: [any IngestSource] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw CLIError("no such file or folder: \(path)", exitCode: .noInput)
            }
            if !isDirectory.boolValue, ListingSource.isListing(path) {
                sources.append(ListingSource(path: path))
                continue
            }
            guard isDirectory.boolValue else {
                throw CLIError(
                    "\(path) is a file; ingest takes folders and listing records (.json, .jsonl); use `skillscope rules \(path)` to split one file",
                    exitCode: .usage)
            }
            if CorpusSource.isCorpus(path) {
                sources.append(CorpusSource(root: path))
            } else if GitSource.isRepository(path) {
                sources.append(GitSource(root: path, revision: ref, repository: repository))
            } else {
                sources.append(FolderSource(root: path, repository: repository))
            }
        }
        if let ref, !sources.contains(where: { $0 is GitSource }) {
            throw CLIError.usage("--ref \(ref) needs a git repository among the paths", command: Self.name)
        }
        var configuration = Ingestor.Configuration()
        if let maxFileBytes { configuration.parser.maxFileBytes = maxFileBytes }
        if let batchFiles { configuration.batchFiles = batchFiles }
        return try await Self.ingest(sources, configuration: configuration, command: Self.name, context: context)
    }

    /// Runs `sources` through the ``Ingestor`` with a progress bar, prints the report, and says how it went:
    /// what `ingest` and `crawl` share.
    static func ingest(
        _ sources: [any IngestSource], configuration: Ingestor.Configuration, command: String, context: Context
    ) async throws -> ExitCode {
        let store = try context.openStore()
        let ingestor = Ingestor(store: store, configuration: configuration)
        let output = context.output
        let drawsProgress = output.isErrorTerminal && !context.json
        let report = try await ingestor.run(sources) { progress in
            guard drawsProgress else { return }
            output.progress("\r" + ProgressBar.line(progress) + "   ")
        }
        if drawsProgress { output.progress("\r\u{1B}[2K") }
        if context.json {
            try output.json(IngestReportView(report))
        } else {
            let seconds =
                report.elapsed.seconds
            let rate = seconds > 0 ? Int(Double(report.files) / seconds) : 0
            output.print(report.summaryLine)
            output.print(
                "\(report.rules) rules from written files; \(String(format: "%.1f", seconds)) s, \(rate) files/s")
            let skipped = report.rejected + report.problems
            for diagnostic in skipped.prefix(20) { output.error("  skipped \(diagnostic)") }
            if skipped.count > 20 { output.error("  … and \(skipped.count - 20) more (see --json)") }
        }
        if !report.stopped.isEmpty {
            for reason in report.stopped { output.error("skillscope \(command): stopped early: \(reason)") }
            return .unavailable
        }
        if report.indexed == 0 && !report.rejected.isEmpty { return .dataError }
        return .success
    }
}

enum CorpusSourceCheck {
    static func isRepositoryName(_ text: String) -> Bool {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0 != ".." && $0 != "." }
    }
}

/// "[#########-----------] 3,120/7,892  1,204 files/s  ETA 4s".
enum ProgressBar {
    /// "[#########-----------] 312/1,000 agents' files": a bar for work counted in steps.
    static func line(done: Int, total: Int, of what: String) -> String {
        let width = 24
        let filled = total > 0 ? min(width, done * width / total) : width
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        return "[\(bar)] \(IngestReport.grouped(done))/\(IngestReport.grouped(total)) \(what)"
    }

    static func line(_ progress: Ingestor.Progress) -> String {
        let width = 24
        let fraction = progress.total > 0 ? Double(progress.done) / Double(progress.total) : 1
        let filled = Int(fraction * Double(width))
        let seconds =
            progress.elapsed.seconds
        let rate = seconds > 0 ? Double(progress.done) / seconds : 0
        let eta = rate > 0 ? Int(Double(progress.total - progress.done) / rate) : 0
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        return "[\(bar)] \(IngestReport.grouped(progress.done))/\(IngestReport.grouped(progress.total))  "
            + "\(IngestReport.grouped(Int(rate))) files/s  \(String(format: "%.1f", Double(progress.bytes) / 1e6 / max(seconds, 0.001))) MB/s  ETA \(eta)s"
    }
}

struct IngestReportView: Encodable {
    var files: Int
    var indexed: Int
    var written: Int
    var unchanged: Int
    var reanalyzed: Int
    var removed: Int
    var rules: Int
    var bytes: Int
    var seconds: Double
    var skipped: [SkippedView]
    var warnings: [SkippedView]
    var stopped: [String]
    var summary: String

    struct SkippedView: Encodable {
        var path: String
        var code: String
        var message: String
        var line: Int?
        var column: Int?
    }

    init(_ report: IngestReport) {
        files = report.files
        indexed = report.indexed
        written = report.written
        unchanged = report.unchanged
        reanalyzed = report.reanalyzed
        removed = report.removed
        stopped = report.stopped
        rules = report.rules
        bytes = report.bytes
        seconds = report.elapsed.seconds
        let view = { (d: FileDiagnostic) in
            SkippedView(path: d.path, code: d.code.rawValue, message: d.message, line: d.line, column: d.column)
        }
        skipped = (report.rejected + report.problems).map(view)
        warnings = report.warnings.map(view)
        summary = report.summaryLine
    }
}
