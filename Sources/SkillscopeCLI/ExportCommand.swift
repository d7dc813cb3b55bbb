internal import Foundation
internal import JSON
internal import SkillscopeCore
internal import SkillscopeIngest
internal import SkillscopeReport
internal import SkillscopeStore

/// `skillscope export --listing FILE|ID`: a file as a listing record.
struct ExportCommand: Command {
    static let name = "export"
    static let summary = "write a file as a listing record (JSON), with its quality score and rationale"
    static let help = """
        Usage: skillscope export --listing FILE|ID… [--db PATH]

        Writes each registry file (by id or owner/repo/path) as a listing record: id, shortId, kind, title,
        tagline, description, tags, capabilities (kind, source-OWNER, topic-…), qualityScore and
        qualityRationale, agentReviews, sources with first and last seen, details.kindDetails.github and the
        front matter. A file imported from a listing record keeps every field of it, unknown ones too. One
        record is printed as a JSON object, several as JSON lines. `skillscope ingest FILE.jsonl` reads them back.

        Exit codes: 0 done, 64 usage, 66 no such file or registry.
        """

    var files: [String]

    init(arguments: inout Arguments, context: Context) throws(CLIError) {
        guard arguments.flag("listing") else {
            throw .usage("say what to export: --listing (the only format so far)", command: Self.name)
        }
        files = try arguments.positionals()
        guard !files.isEmpty else { throw .usage("give at least one FILE or ID", command: Self.name) }
    }

    func run(context: Context) async throws -> ExitCode {
        var lines: [String] = []
        for argument in files {
            let report = try FileLookup.report(
                argument, kind: nil, context: context, command: Self.name, registryOnly: true)
            guard let record = Reporter.listing(report) else {
                throw CLIError("\(argument) is not a registry file", exitCode: .noInput)
            }
            lines.append(record.text)
        }
        for line in lines { context.output.print(line) }
        return .success
    }
}
