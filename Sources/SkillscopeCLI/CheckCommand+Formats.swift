internal import Foundation
internal import SkillscopeCore

/// `skillscope check`'s outputs for CI: one list of findings, written as text, JSON, SARIF 2.1.0 or GitHub
/// workflow annotations.
extension CheckCommand {
    enum Format: String, CaseIterable {
        case text, json, sarif, github
    }

    /// When the check fails: on errors (a spec error or a security fail), on any warning too, or never.
    enum FailOn: String, CaseIterable {
        case error, warning, never
    }

    /// A finding of either kind, with where it stands.
    struct Located {
        var ruleID: String
        /// `error` or `warning`.
        var level: String
        var message: String
        var file: String
        var line: Int
        var column: Int
        var help: String
        /// The other lines a finding names (the rule a contradiction stands against).
        var related: [Finding.Place] = []
    }

    /// Every finding of `reports`, spec findings first, each with its file, line and column.
    static func located(_ reports: [FileReport], columns: Bool = true) -> [Located] {
        var found: [Located] = []
        var linesOf: [String: [Substring]] = [:]  // each file read once, for the columns of its findings
        func lines(_ file: String) -> [Substring] {
            if let known = linesOf[file] { return known }
            let text = FileManager.default.contents(atPath: file).map { String(decoding: $0, as: UTF8.self) } ?? ""
            let split = text.split(separator: "\n", omittingEmptySubsequences: false)
            linesOf[file] = split
            return split
        }
        for report in reports {
            for finding in report.findings {
                let line = max(1, finding.line ?? 1)
                // The line's first character that is not blank: where the key, rule or link stands.
                let column = columns && finding.line != nil ? column(of: "", line: line, in: lines(report.path)) : 1
                found.append(
                    Located(
                        ruleID: finding.code, level: finding.severity.rawValue, message: finding.message,
                        file: report.path, line: line, column: column,
                        help: projectHelp[finding.code]
                            ?? "Agent Skills and agent-file format rule `\(finding.code)`; `skillscope check --help` lists them.",
                        related: finding.related ?? []))
            }
            let base = (report.path as NSString).deletingLastPathComponent
            for finding in report.security.findings {
                let file = finding.file.map { base.isEmpty ? $0 : base + "/" + $0 } ?? report.path
                found.append(
                    Located(
                        ruleID: "security/" + finding.category.rawValue,
                        level: finding.level == .fail ? "error" : finding.level == .note ? "note" : "warning",
                        message: finding.message + ": " + finding.evidence, file: file, line: max(1, finding.line),
                        column: columns ? column(of: finding.evidence, line: finding.line, in: lines(file)) : 1,
                        help: securityHelp[finding.category] ?? "A security risk in an agent's instructions."))
            }
        }
        return found
    }

    /// The 1-based column where `evidence` starts on `line` of a file's `lines` (its first non-blank character
    /// otherwise).
    static func column(of evidence: String, line: Int, in lines: [Substring]) -> Int {
        guard line >= 1, line <= lines.count else { return 1 }
        let text = lines[line - 1]
        let probe = evidence.prefix(40)
        if !probe.isEmpty, let range = text.range(of: probe) {
            return text.distance(from: text.startIndex, to: range.lowerBound) + 1
        }
        return (text.firstIndex { $0 != " " && $0 != "\t" }.map { text.distance(from: text.startIndex, to: $0) } ?? 0)
            + 1
    }

    static let projectHelp: [String: String] = [
        "broken-link":
            "A Markdown link to a file that is not in the tree: the agent (and a reader) follows it to nothing. Fix the path or drop the link.",
        "missing-file":
            "A file named in inline code as one of this skill's or repository's files is not there; an agent told to read or run it will fail.",
        "import-missing": "A CLAUDE.md `@import` of a file that does not exist: Claude Code loads nothing for it.",
        "import-cycle": "CLAUDE.md imports that lead back to a file already being imported.",
        "import-depth": "Claude Code follows imports five hops deep; deeper imports are not loaded.",
        "instruction-budget":
            "Codex reads the AGENTS.md files from the repository's root down to the working folder and stops at 32 KiB (project_doc_max_bytes): what lies past it is never read.",
        "duplicate-rule":
            "The same rule in two files an agent reads together: it costs context twice and drifts when one is edited. Keep it in one file.",
        "contradiction":
            "Two rules of one kind an agent reads together say opposite things; the agent has to guess which holds.",
    ]

    static let securityHelp: [SecurityReport.Category: String] = [
        .pipeToShell: "A download piped into a shell runs whatever the server sends. Download, check, then run.",
        .secretAccess: "Instructions that read or send secrets (keys, tokens, environment dumps) leak them.",
        .exfiltration:
            "Sending project data to an outside URL leaks it; name the endpoint and what is sent, or remove it.",
        .promptInjection: "Text that overrides the agent's instructions or hides actions from the user.",
        .hiddenUnicode: "Bidi controls, zero-width or tag characters hide text from a reviewer.",
        .encodedBlob: "A long encoded blob, or decoded text run as code, cannot be reviewed.",
        .bundledScript: "A script bundled with the skill reaches the network or spawns shells.",
        .broadTools: "`allowed-tools` grants an unrestricted shell; restrict it to the commands needed.",
        .destructive:
            "A command that deletes the home or root folder, rewrites a shared branch, drops a database or opens every file to everyone.",
        .persistence:
            "Something installed to run again later (cron, systemd, launchd, shell rc, git hooks, authorized_keys) that reaches outside or reads secrets.",
        .agentConfig:
            "Changes to the agent's own configuration: MCP servers, hooks, permission modes, or other projects' agent rules.",
        .supplyChain:
            "Code from an unknown source run at install time: install hooks, `npx -y`, unknown indexes, look-alike names.",
        .conceal: "An instruction to keep what the agent does from the user.",
        .delayedTrigger: "A harmful step that only runs on a date, a count, a named machine or user, or in CI.",
        .socialEngineering: "The user is talked into turning off protections or handing over secrets.",
        .tlsOff: "Certificate checks turned off on a connection that carries credentials.",
        .lookalikeHost: "A host that imitates a well-known one with homoglyphs, punycode or a borrowed prefix.",
    ]

    /// Whether the findings fail the check under `failOn`.
    static func fails(_ found: [Located], failOn: FailOn) -> Bool {
        switch failOn {
        case .never: false
        case .error: found.contains { $0.level == "error" }
        case .warning: found.contains { $0.level != "note" }
        }
    }

    /// SARIF 2.1.0: one run, the rules seen with their help, each result with its rule, level, file, line and
    /// column.
    static func sarif(_ found: [Located], notes: [String] = []) -> SARIF {
        var rules: [SARIF.Rule] = []
        var seen = Set<String>()
        for finding in found where seen.insert(finding.ruleID).inserted {
            rules.append(
                SARIF.Rule(
                    id: finding.ruleID, shortDescription: .init(text: shortDescription(of: finding.ruleID)),
                    help: .init(text: finding.help),
                    defaultConfiguration: .init(level: finding.level)))
        }
        let results = found.map { finding in
            SARIF.Result(
                ruleId: finding.ruleID, level: finding.level, message: .init(text: finding.message),
                locations: [
                    .init(
                        physicalLocation: .init(
                            artifactLocation: .init(uri: finding.file),
                            region: .init(startLine: finding.line, startColumn: finding.column)))
                ],
                relatedLocations: finding.related.isEmpty
                    ? nil
                    : finding.related.enumerated().map { index, place in
                        .init(
                            id: index,
                            physicalLocation: .init(
                                artifactLocation: .init(uri: place.path),
                                region: .init(startLine: max(1, place.line), startColumn: 1)))
                    })
        }
        return SARIF(
            runs: [
                .init(
                    tool: .init(
                        driver: .init(
                            name: "skillscope", informationUri: "https://github.com/skillscope/skillscope", rules: rules
                        )),
                    invocations: [
                        .init(
                            executionSuccessful: true,
                            toolExecutionNotifications: notes.map { .init(level: "note", message: .init(text: $0)) })
                    ],
                    results: results)
            ])
    }

    /// What a rule checks, in a few words, the same for each of its results (`name-format` → "Name format",
    /// `security/pipe-to-shell` → "Security: pipe to shell"); the message says what one result found.
    static func shortDescription(of ruleID: String) -> String {
        let security = "security/"
        if ruleID.hasPrefix(security) {
            return "Security: " + ruleID.dropFirst(security.count).replacingOccurrences(of: "-", with: " ")
        }
        let words = ruleID.replacingOccurrences(of: "-", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    /// A workflow command's message, escaped as GitHub's toolkit does.
    static func escapedData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// GitHub workflow commands, one `::error`, `::warning` or `::notice` line a finding.
    static func githubAnnotations(_ found: [Located]) -> [String] {
        let escapeData = escapedData
        func escapeProperty(_ text: String) -> String {
            escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
        }
        return found.map { finding in
            "::\(finding.level == "note" ? "notice" : finding.level) file=\(escapeProperty(finding.file)),line=\(finding.line),col=\(finding.column),title=\(escapeProperty(finding.ruleID))::\(escapeData(finding.message))"
        }
    }
}

/// The SARIF 2.1.0 document `check --format sarif` writes (the fields code-scanning tools read).
struct SARIF: Encodable {
    struct Text: Encodable { var text: String }
    struct Level: Encodable { var level: String }
    struct Rule: Encodable {
        var id: String
        var shortDescription: Text
        var help: Text
        var defaultConfiguration: Level
    }
    struct Driver: Encodable {
        var name: String
        var informationUri: String
        var rules: [Rule]
    }
    struct Tool: Encodable { var driver: Driver }
    struct Artifact: Encodable { var uri: String }
    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int
    }
    struct Physical: Encodable {
        var artifactLocation: Artifact
        var region: Region
    }
    struct Location: Encodable {
        var id: Int?
        var physicalLocation: Physical
    }
    struct Result: Encodable {
        var ruleId: String
        var level: String
        var message: Text
        var locations: [Location]
        var relatedLocations: [Location]?
    }
    struct Notification: Encodable {
        var level: String
        var message: Text
    }
    struct Invocation: Encodable {
        var executionSuccessful: Bool
        var toolExecutionNotifications: [Notification]
    }
    struct Run: Encodable {
        var tool: Tool
        var invocations: [Invocation]
        var results: [Result]
    }
    var schema = "https://json.schemastore.org/sarif-2.1.0.json"
    var version = "2.1.0"
    var runs: [Run]

    enum CodingKeys: String, CodingKey {
        case schema = "$schema"
        case version, runs
    }
}
