internal import Foundation
internal import SkillscopeCore
internal import SkillscopeIngest
internal import SkillscopeRating

/// `skillscope check PATH…`: each file against its format's specification.
struct CheckCommand: Command {
    static let name = "check"
    static let summary = "check files against their spec and scan them for security risks"
    static let help = """
        Usage: skillscope check PATH… [--format text|json|sarif|github] [--fail-on error|warning|never] [--complete-tree]

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

        Beside each file on its own, the files of a folder are checked together: Markdown links and files named
        in inline code that are not in the tree (broken-link, missing-file), CLAUDE.md @imports missing, circular
        or over 5 deep (import-missing, import-cycle, import-depth), the AGENTS.md chain Codex reads from the
        repository's root down over 32 KiB (instruction-budget), and across the files an agent reads together
        (a parent and a child folder's, or two agents' files of one project) the same rule twice (duplicate-rule)
        and two rules of one kind with opposite polarity (contradiction), naming both lines. A folder holding only
        instruction files below its top level (a corpus of them) cannot tell a missing file from one it never
        kept: its references are counted in a note, not reported, unless --complete-tree.

        Options:
          --format F   text (the default); json: [{path, kind, findings: [{code, severity, message, line}],
                       security: {verdict, findings: [{category, level, message, file, line, evidence}]}}]
                       (also --json); sarif: SARIF 2.1.0 for code scanning, each result with its rule id
                       (a spec code, or security/CATEGORY), level, file, line and column, and each rule's help;
                       github: one ::error or ::warning workflow command a finding, shown on the pull request
          --fail-on L  error (the default: a spec error or a security fail), warning (any finding), never
          --complete-tree  report missing references even in a folder of instruction files only

        Exit codes: 0 nothing at or above --fail-on, 1 a finding at or above it, 64 usage, 66 a PATH does not
        exist.
        """

    var paths: [String]
    var format: Format
    var failOn: FailOn
    /// Whether to treat a folder of instruction files only as complete (its missing references reported).
    var completeTree: Bool

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
        completeTree = arguments.flag("complete-tree")
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
        var unknowable: [(root: String, counts: [ReferenceScan.Reference.Form: Int])] = []
        // A skill's references are checked as files and scanned again as what the skill bundles, and trees repeat
        // files word for word: each text is scanned once.
        let memo = SecurityScan.Memo()
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw CLIError("no such file or folder: \(path)", exitCode: .noInput)
            }
            let targets: [(String, FileKind?)]
            let scope: CheckScope
            if !isDirectory.boolValue {
                targets = [(path, nil)]
                scope = CheckScope(around: (path as NSString).deletingLastPathComponent, complete: completeTree)
            } else if let skill = ["SKILL.md", "skill.md"].map({ path + "/" + $0 }).first(where: {
                FileManager.default.fileExists(atPath: $0)
            }) {
                targets = [(skill, .skill)]
                scope = CheckScope(around: path, complete: completeTree)
            } else {
                scope = CheckScope(folder: path, complete: completeTree)
                targets = scope.entries().map { ($0.location, $0.kind) }
                // As the reference validator says of a skill folder without its file: nothing checked is a finding.
                if targets.isEmpty {
                    reports.append(
                        FileReport(
                            path: path, kind: "folder",
                            findings: [
                                Finding(
                                    code: "missing-skill-md", severity: .error,
                                    message: "\(path) holds no SKILL.md and no other instruction file", line: nil)
                            ], security: SecurityReport(findings: [])))
                }
            }
            let checked = targets.concurrentMap { target in
                Self.check(file: target.0, kind: target.1, scope: scope, memo: memo)
            }
            var outcome = scope.check(
                checked.compactMap { report, document, _ in
                    document.flatMap { document in
                        scope.relative(report.path).map { ProjectCheck.File(path: $0, document: document) }
                    }
                })
            let skillLinks = checked.reduce(0) { $0 + $1.2 }
            if skillLinks > 0 { outcome.unknowable[.link, default: 0] += skillLinks }
            if !outcome.unknowable.isEmpty { unknowable.append((scope.rootDescription, outcome.unknowable)) }
            // A file reached only through an import (notes/a.md) is no instruction file of its own: it gets a report
            // for what was found in it.
            let checkedPaths = Set(checked.compactMap { scope.relative($0.0.path) })
            for (relative, found) in outcome.findings.sorted(by: { $0.key < $1.key })
            where !checkedPaths.contains(relative) {
                reports.append(
                    FileReport(
                        path: scope.shown(relative), kind: "imported",
                        findings: found.map { finding in
                            var finding = finding
                            finding.related = finding.related?.map {
                                Finding.Place(path: scope.shown($0.path), line: $0.line)
                            }
                            return finding
                        }, security: SecurityReport(findings: [])))
            }
            for (report, _, _) in checked {
                var report = report
                if let relative = scope.relative(report.path), let found = outcome.findings[relative] {
                    report.findings += found.map { finding in
                        var finding = finding
                        finding.related = finding.related?.map {
                            Finding.Place(path: scope.shown($0.path), line: $0.line)
                        }
                        return finding
                    }
                    report.findings.sort { ($0.line ?? 0) < ($1.line ?? 0) }
                }
                reports.append(report)
            }
        }
        let errors = reports.flatMap(\.findings).filter { $0.severity == .error }.count
        let warnings = reports.flatMap(\.findings).count - errors
        // Findings, not files: two risks on one line are two.
        let failed = reports.reduce(0) { $0 + $1.security.findings.filter { $0.level == .fail }.count }
        let warned = reports.reduce(0) { $0 + $1.security.findings.filter { $0.level == .warn }.count }
        // Columns are read from the files again, and only SARIF and annotations show them.
        let found = Self.located(reports, columns: format == .sarif || format == .github)
        let notes = unknowable.map { Self.unknowableNote(root: $0.root, counts: $0.counts) }
        switch format {
        case .json:
            try context.output.json(reports)
            for note in notes { context.output.error("note: " + note) }
        case .sarif:
            try context.output.json(Self.sarif(found, notes: notes))
        case .github:
            for line in Self.githubAnnotations(found) { context.output.print(line) }
            for note in notes { context.output.print("::notice::" + Self.escapedData(note)) }
        case .text:
            for report in reports {
                for finding in report.findings {
                    context.output.print(
                        report.path + (finding.line.map { ":\($0)" } ?? "")
                            + ": \(finding.severity.rawValue): \(finding.message) [\(finding.code)]"
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
            for note in notes { context.output.print("note: " + note) }
            context.output.print(
                "\(reports.count) file\(reports.count == 1 ? "" : "s") checked: \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s"); security: \(failed) fail, \(warned) warn"
            )
        }
        return Self.fails(found, failOn: failOn) ? .failure : .success
    }

    /// What a tree of instruction files only could not check, said once.
    static func unknowableNote(root: String, counts: [ReferenceScan.Reference.Form: Int]) -> String {
        let parts = [
            (counts[.link] ?? 0, "link", "links"), (counts[.inlineCode] ?? 0, "path in code", "paths in code"),
            (counts[.import] ?? 0, "import", "imports"),
        ].filter { $0.0 > 0 }.map { "\($0.0) \($0.0 == 1 ? $0.1 : $0.2)" }
        return
            "\(root) holds only instruction files (nothing else below its top level, as a corpus of them), so \(parts.joined(separator: ", ")) to files it does not keep were not checked"
    }

    /// One file's spec findings and security scan, and its parsed text for the project checks.
    ///
    /// A file that cannot be read or parsed is a finding of its own, and the batch goes on.
    /// The third value counts a skill's links that a tree of instruction files only cannot tell missing.
    private static func check(file path: String, kind: FileKind?, scope: CheckScope, memo: SecurityScan.Memo)
        -> (FileReport, Document?, Int)
    {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL
        let chosen = kind ?? FileKind.ownKind(of: absolute.path) ?? .agents
        guard let data = FileManager.default.contents(atPath: path) else {
            return (
                FileReport(
                    path: path, kind: chosen.rawValue,
                    findings: [
                        Finding(code: "unreadable", severity: .error, message: "cannot read \(path)", line: nil)
                    ],
                    security: SecurityReport(findings: [])), nil, 0
            )
        }
        let folder = absolute.deletingLastPathComponent()
        var configuration = DocumentParser.Configuration()
        configuration.fingerprints = false  // no version is measured here
        // Only the files an agent reads whole are compared rule by rule (RuleConflicts); no other check reads rules.
        configuration.rules = chosen != .skill && chosen != .skillReference
        switch DocumentParser(configuration: configuration).parse([UInt8](data), path: absolute.path, kind: chosen) {
        case .rejected(let diagnostic):
            return (
                FileReport(
                    path: path, kind: chosen.rawValue,
                    findings: [
                        Finding(
                            code: diagnostic.code.rawValue, severity: .error, message: diagnostic.message,
                            line: diagnostic.line)
                    ], security: SecurityReport(findings: [])), nil, 0
            )
        case .parsed(let document):
            var unknowable = 0
            let findings = SpecCheck.check(
                document, folderName: chosen == .skill ? folder.lastPathComponent : nil,
                fileExists: { target in
                    if FileManager.default.fileExists(atPath: folder.appendingPathComponent(target).path) {
                        return true
                    }
                    // A tree of instruction files only cannot tell a file it never kept from a missing one.
                    guard scope.tree.isInstructionsOnly else { return false }
                    unknowable += 1
                    return true
                })
            let scripts = chosen == .skill ? SkillFolder.scripts(in: folder.path) : []
            // A bundled link out of the skill (`secret` → /etc/passwd) hands an agent a file nobody reviewed.
            let linksOut = (chosen == .skill ? SkillFolder.linksOut(of: folder.path) : []).map { link in
                Finding(
                    code: "link-outside", severity: .error,
                    message: "\(link.path) links to \(link.destination), outside the skill's folder", line: nil)
            }
            return (
                FileReport(
                    path: path, kind: chosen.rawValue, findings: findings + linksOut,
                    security: SecurityScan.scan(document, bundled: scripts, memo: memo)), document, unknowable
            )
        }
    }

    /// The folder part of `path`, with its slash, for naming bundled files.
    private func folder(of path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "" : folder + "/"
    }
}
