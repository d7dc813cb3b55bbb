internal import Foundation
internal import SkillscopeCore
internal import SkillscopeIngest

/// `skillscope check PATH…`: each file against its format's specification.
struct CheckCommand: Command {
    static let name = "check"
    static let summary = "check files against their spec and scan them for security risks"
    static let help = """
        Usage: skillscope check PATH… [--format text|json|sarif|github] [--fail-on error|warning|never] [--json]

        Checks each file against its format's specification, every finding with its line:
          SKILL.md            Agent Skills: name (1–64 of a-z 0-9 -, no leading, trailing or double hyphen,
                              equal to its folder), description (1–1024 characters), only the allowed top-level
                              keys, compatibility (≤ 500), metadata (strings), allowed-tools (a string), linked
                              references present and one level deep, body under 500 lines
          .mdc                description, globs, alwaysApply
          .instructions.md    applyTo
          CLAUDE.md, AGENTS.md, GEMINI.md and the like: no front matter expected
        Client extensions (Claude Code's argument-hint, model, …) and YAML lists in allowed-tools are warnings
        that name the client. PATH is a file, a skill folder, or a folder walked for instruction files.

        Each file (and each script bundled in a skill's folder) is also scanned for security risks, with a
        verdict of pass, warn or fail: downloads piped into a shell, secrets read or sent, data sent to outside
        URLs, prompt injection (also in HTML comments), hidden Unicode, long encoded blobs, bundled scripts that
        reach the network or spawn shells, allowed-tools granting an unrestricted Bash, and destructive commands
        (rm -rf ~ or /, force-pushing to main, DROP DATABASE, chmod -R 777, formatting a disk).

        Options:
          --format F   text (the default); json: [{path, kind, findings: [{code, severity, message, line}],
                       security: {verdict, findings: [{category, level, message, file, line, evidence}]}}]
                       (also --json); sarif: SARIF 2.1.0 for code scanning, each result with its rule id
                       (a spec code, or security/CATEGORY), level, file, line and column, and each rule's help;
                       github: one ::error or ::warning workflow command a finding, shown on the pull request
          --fail-on L  error (the default: a spec error or a security fail), warning (any finding), never

        Exit codes: 0 nothing at or above --fail-on, 1 a finding at or above it, 64 usage, 66 a PATH does not
        exist.
        """

    var paths: [String]
    var format: Format
    var failOn: FailOn

    init(arguments: inout Arguments, context: Context) throws(CLIError) {
        let given = try arguments.option("format")
        guard let format = Format(rawValue: given ?? (context.json ? "json" : "text")) else {
            throw .usage(
                "--format is one of \(Format.allCases.map(\.rawValue).joined(separator: ", "))", command: Self.name)
        }
        self.format = format
        let threshold = try arguments.option("fail-on") ?? "error"
        guard let failOn = FailOn(rawValue: threshold) else {
            throw .usage("--fail-on is one of error, warning, never", command: Self.name)
        }
        self.failOn = failOn
        paths = try arguments.positionals()
        guard !paths.isEmpty else { throw .usage("give at least one file or folder to check", command: Self.name) }
    }

    struct FileReport: Encodable {
        var path: String
        var kind: String
        var findings: [Finding]
        var security: SecurityReport
    }

    func run(context: Context) async throws -> ExitCode {
        var reports: [FileReport] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw CLIError("no such file or folder: \(path)", exitCode: .noInput)
            }
            if !isDirectory.boolValue {
                reports.append(try check(file: path, kind: nil))
            } else if let skill = ["SKILL.md", "skill.md"].map({ path + "/" + $0 }).first(where: {
                FileManager.default.fileExists(atPath: $0)
            }) {
                reports.append(try check(file: skill, kind: .skill))
            } else {
                for entry in try FolderSource(root: path).list().entries {
                    reports.append(try check(file: entry.location, kind: entry.kind))
                }
            }
        }
        let errors = reports.flatMap(\.findings).filter { $0.severity == .error }.count
        let warnings = reports.flatMap(\.findings).count - errors
        let failed = reports.filter { $0.security.verdict == .fail }.count
        let warned = reports.filter { $0.security.verdict == .warn }.count
        let found = Self.located(reports)
        switch format {
        case .json:
            try context.output.json(reports)
        case .sarif:
            try context.output.json(Self.sarif(found))
        case .github:
            for line in Self.githubAnnotations(found) { context.output.print(line) }
        case .text:
            for report in reports {
                for finding in report.findings {
                    context.output.print(
                        "\(report.path):\(finding.line.map(String.init) ?? "-"): \(finding.severity.rawValue): \(finding.message) [\(finding.code)]"
                    )
                }
                for finding in report.security.findings {
                    let file = finding.file.map { folder(of: report.path) + $0 } ?? report.path
                    context.output.print(
                        "\(file):\(finding.line): security \(finding.level.rawValue): \(finding.message) [\(finding.category.rawValue)]"
                    )
                    context.output.print("    \(finding.evidence)")
                }
            }
            context.output.print(
                "\(reports.count) file\(reports.count == 1 ? "" : "s") checked: \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s"); security: \(failed) fail, \(warned) warn"
            )
        }
        return Self.fails(found, failOn: failOn) ? .failure : .success
    }

    private func check(file path: String, kind: FileKind?) throws -> FileReport {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CLIError("cannot read \(path)", exitCode: .noInput)
        }
        let absolute = URL(fileURLWithPath: path).standardizedFileURL
        let chosen = kind ?? FileKind.ownKind(of: absolute.path) ?? .agents
        let folder = absolute.deletingLastPathComponent()
        switch DocumentParser().parse([UInt8](data), path: absolute.path, kind: chosen) {
        case .rejected(let diagnostic):
            return FileReport(
                path: path, kind: chosen.rawValue,
                findings: [
                    Finding(
                        code: diagnostic.code.rawValue, severity: .error, message: diagnostic.message,
                        line: diagnostic.line)
                ], security: SecurityReport(findings: []))
        case .parsed(let document):
            let findings = SpecCheck.check(
                document, folderName: chosen == .skill ? folder.lastPathComponent : nil,
                fileExists: { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) })
            let scripts = chosen == .skill ? SkillFolder.scripts(in: folder.path) : []
            return FileReport(
                path: path, kind: chosen.rawValue, findings: findings,
                security: SecurityScan.scan(document, bundled: scripts))
        }
    }

    /// The folder part of `path`, with its slash, for naming bundled files.
    private func folder(of path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "" : folder + "/"
    }
}
