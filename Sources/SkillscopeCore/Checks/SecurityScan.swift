internal import Foundation
internal import YAML

/// Scans an instruction file, and the scripts bundled beside a skill, for what people ask a registry to catch before
/// they install anything: downloads piped into a shell, secrets read or sent, data sent to outside URLs, prompt
/// injection (also in HTML comments), hidden Unicode, long encoded blobs, bundled scripts that reach the network or
/// spawn shells, and `allowed-tools` that grant an unrestricted shell.
///
/// How it works: one pass over the text's bytes marks the lines that hold a trigger word (`curl`, `.ssh`,
/// `ignore`, `https://`, …), finds hidden Unicode and long base64 or hex runs; only marked lines are then read by
/// the patterns of their category. Lines that tell the agent *not* to do a thing ("never pipe curl into bash"),
/// and code blocks introduced as a bad example, are not findings: a scan that flags every security guide is no
/// help. Code blocks are scanned like prose otherwise, and HTML comments are read for instructions hidden from the
/// reader.
///
/// Levels: `fail` for what harms on its own (a download run as code, secrets sent out, instruction overrides,
/// bidi or tag characters); `warn` for what needs a look (secrets read but not sent, data posted to an outside
/// service, a bare encoded blob, a lone zero-width character, a bundled script that fetches, an unrestricted
/// `Bash`). The measured precision and recall on our labelled fixtures are in `bench/RESULTS.md`.
public enum SecurityScan {
    /// Scans `document` and, for a skill, the text files bundled in its folder.
    ///
    /// - Parameter memo: the findings of texts scanned before in the same run (a `check` over a tree reads a
    ///   skill's references as files of their own and as bundled with it), reused for the same bytes.
    public static func scan(_ document: Document, bundled: [BundledFile] = [], memo: Memo? = nil) -> SecurityReport {
        var findings = textFindings(document.lines, file: nil, memo: memo)
        // Whether the text says why it needs a shell is asked only of a skill that grants one.
        findings += broadTools(document.frontMatter, reasonGiven: givesShellReason(document.text))
        let skillText = bundled.isEmpty ? "" : Lowercase.of(document.text)
        for file in bundled { findings += scanBundled(file, skillText: skillText, bundled: bundled, memo: memo) }
        if findings.contains(where: { $0.level == .fail && $0.file == nil }), isAboutAttacks(document.text) {
            // A guide to attacks quotes them: what would fail elsewhere needs a look here, not a verdict.
            findings = findings.map { finding in
                guard finding.level == .fail, finding.file == nil else { return finding }
                var softened = finding
                softened.level = .warn
                softened.message += " (in a file about attacks: likely an example)"
                return softened
            }
        }
        findings.sort {
            ($0.file ?? "", $0.line, $0.category.rawValue) < ($1.file ?? "", $1.line, $1.category.rawValue)
        }
        return SecurityReport(findings: findings)
    }

    /// Whether a text is about attacks: five or more distinct attack words (attacker, exploit, payload, …).
    static func isAboutAttacks(_ text: String) -> Bool {
        let found = Patterns.attackTopic.captures(text.lowercased())
        let words = Set(found.map { $0.hasSuffix("s") ? String($0.dropLast()) : $0 })
        return words.count >= 5
    }

    // MARK: allowed-tools

    /// `allowed-tools` entries that grant any shell command.
    ///
    /// A skill that says why it needs a shell (a heading or sentence naming the shell with a reason) gets a note for
    /// `Bash`, not a warning: the grant is explained, and a reader can judge it. `*` stays a warning.
    static func broadTools(_ frontMatter: YAMLNode?, reasonGiven: @autoclosure () -> Bool = false)
        -> [SecurityReport.Finding]
    {
        guard let node = frontMatter?["allowed-tools"] else { return [] }
        var tools: [(String, Int)] = []
        if let items = node.items {
            for item in items { if let text = item.string { tools += splitTools(text).map { ($0, item.line) } } }
        } else if let text = node.string {
            tools = splitTools(text).map { ($0, node.line) }
        }
        var findings: [SecurityReport.Finding] = []
        var explainedGrant: Bool?
        for (tool, line) in tools {
            let compact = tool.filter { !$0.isWhitespace }
            let unrestricted = ["Bash", "Bash(*)", "Bash(*:*)", "Bash(:*)", "Bash()", "*", "Shell", "Shell(*)"]
            // A scoped rule whose command runs other commands is no scope: `Bash(sudo:*)`, `Bash(bash -c:*)`.
            let wrappers = ["sudo", "bash", "sh", "zsh", "eval", "exec", "env", "xargs", "python", "python3", "node"]
            let scoped =
                compact.hasPrefix("Bash(")
                ? String(tool.dropFirst(5)).split(whereSeparator: { " :)".contains($0) }).first.map(String.init) : nil
            guard unrestricted.contains(compact) || scoped.map(wrappers.contains) == true else { continue }
            if explainedGrant == nil, compact != "*" { explainedGrant = reasonGiven() }
            let explained = compact != "*" && explainedGrant == true
            findings.append(
                SecurityReport.Finding(
                    category: .broadTools, level: explained ? .note : .warn,
                    message:
                        "allowed-tools grants '\(tool)', any shell command without asking; scope it, as Bash(git status:*)",
                    line: line, evidence: "allowed-tools: \(tool)"))
        }
        return findings
    }

    /// Whether a text says why it needs a shell: a line naming the shell with a reason, in several languages.
    static func givesShellReason(_ text: String) -> Bool {
        let lower = Lowercase.of(text)
        guard TextScan.has(lower, "bash") || TextScan.has(lower, "shell") else { return false }
        return lower.split(separator: "\n").contains { line in
            (TextScan.has(String(line), "bash") || TextScan.has(String(line), "shell"))
                && Patterns.shellReason.matches(String(line))
        }
    }

    /// Splits an `allowed-tools` string on spaces and commas outside parentheses.
    static func splitTools(_ text: String) -> [String] {
        var tools: [String] = []
        var current = ""
        var depth = 0
        for character in text {
            switch character {
            case "(":
                depth += 1
                current.append(character)
            case ")":
                depth = max(0, depth - 1)
                current.append(character)
            case " ", ",", "\t", "\n":
                if depth > 0 {
                    current.append(character)
                } else {
                    if !current.isEmpty { tools.append(current) }
                    current = ""
                }
            default:
                current.append(character)
            }
        }
        if !current.isEmpty { tools.append(current) }
        return tools
    }

    /// The hosts a script names: those of its URLs and its quoted IPv4 addresses, lower-cased.
    static func scriptHosts(_ text: String) -> Set<String> {
        let lower = Lowercase.of(text)
        // A template's interpolation ends the host: `https://api.github.com${path}`.
        var hosts = Set(
            Patterns.url.captures(lower).map { authority in
                let host = authority.split(separator: ":").first.map(String.init) ?? authority
                return host.split(whereSeparator: { $0 == "$" || $0 == "{" }).first.map(String.init) ?? host
            })
        hosts.formUnion(Patterns.quotedAddress.captures(lower))
        return hosts
    }

    /// A line as evidence: trimmed, hidden characters shown as `U+XXXX`, cut to 160 characters.
    static func evidence(_ line: some StringProtocol) -> String {
        var shown = ""
        for scalar in line.unicodeScalars {
            if HiddenUnicode.kind(of: scalar.value) != nil {
                shown += "<U+" + String(scalar.value, radix: 16, uppercase: true) + ">"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        let trimmed = shown.trimmingCharacters(in: .whitespaces)
        return trimmed.count > 160 ? String(trimmed.prefix(159)) + "…" : trimmed
    }
}
