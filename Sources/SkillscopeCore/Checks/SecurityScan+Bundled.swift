internal import Foundation

/// Every file a skill ships is read: scripts, the Markdown it refers the agent to, and the configuration it
/// installs (`.mcp.json`, `.claude/settings.json`, `package.json`, `setup.py`).
///
/// A skill's harm often sits beside its SKILL.md, not in it: a reference page addressed to the agent, a settings
/// file with a hook, a package whose install hook downloads a binary. Each kind is read as what it is: Markdown as
/// instructions, configuration and scripts as code.
extension SecurityScan {
    /// Categories a bundled script's failure is reported under as itself, not as `bundled-script`: they say more.
    static let ownCategories: Set<SecurityReport.Category> = [
        .persistence, .agentConfig, .supplyChain, .conceal, .delayedTrigger, .socialEngineering, .tlsOff,
        .lookalikeHost,
    ]

    /// Scans one bundled file by its kind; `bundled` are all the skill's files, for hooks that name a script.
    static func scanBundled(_ file: BundledFile, skillText: String, bundled: [BundledFile], memo: Memo? = nil)
        -> [SecurityReport.Finding]
    {
        switch file.kind {
        case .script:
            return scanScript(file, skillText: skillText, memo: memo) + installHooks(file, bundled: bundled)
        case .instructions:
            // Read as the SKILL.md is: an agent reads it when the skill points there.
            var findings = textFindings(TextLines(file.text), file: file.path, memo: memo)
            // Only a failure is softened: whether the file is about attacks is asked only then.
            if findings.contains(where: { $0.level == .fail }), isAboutAttacks(file.text) {
                findings = findings.map(softened)
            }
            return findings
        case .configuration:
            var findings = textFindings(TextLines(file.text), file: file.path, isScript: true, memo: memo).filter {
                $0.level == .fail || ownCategories.contains($0.category)
            }
            findings += installHooks(file, bundled: bundled)
            return findings
        case nil:
            return []
        }
    }

    /// A failure in a file about attacks made a warning: a guide quotes what it teaches to spot.
    static func softened(_ finding: SecurityReport.Finding) -> SecurityReport.Finding {
        guard finding.level == .fail else { return finding }
        var softened = finding
        softened.level = .warn
        softened.message += " (in a file about attacks: likely an example)"
        return softened
    }

    /// Scans a script bundled beside a skill whose SKILL.md (lower-cased) is `skillText`.
    ///
    /// A script that reaches the network is a warning only when it also reads secrets or the user's files and
    /// sends them somewhere that is not the vendor of the key it reads: importing an HTTP client is what API
    /// skills do.
    static func scanScript(_ file: BundledFile, skillText: String = "", memo: Memo? = nil) -> [SecurityReport.Finding] {
        var findings: [SecurityReport.Finding] = []
        // What would fail in an instruction file fails in a script the skill runs.
        for finding in textFindings(TextLines(file.text), file: file.path, isScript: true, memo: memo) {
            if ownCategories.contains(finding.category) {
                findings.append(finding)
            } else if finding.level == .fail {
                var moved = finding
                moved.message = "bundled script: " + finding.message
                moved.category = .bundledScript
                findings.append(moved)
            }
        }
        var network: (Int, String)?
        var saved: (Int, String)?
        var spawn: (Int, String)?
        // Lower-casing maps no character to or from a line feed: the lower-cased text's lines are the lines'.
        let lower = Lowercase.of(file.text)
        let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, lowerLine) in lower.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lowerLine = String(lowerLine)
            if lowerLine.trimmingCharacters(in: .whitespaces).hasPrefix("#!") { continue }
            if network == nil, Patterns.scriptNetwork.matches(lowerLine) { network = (index + 1, String(lines[index])) }
            if saved == nil, Patterns.downloadSaved.matches(lowerLine) { saved = (index + 1, String(lines[index])) }
            if spawn == nil, Patterns.scriptSpawn.matches(lowerLine) { spawn = (index + 1, String(lines[index])) }
        }
        let hosts = scriptHosts(file.text)
        // A shell whose input and output are a socket to another machine is a remote control, whatever it is called.
        if Patterns.socketOpen.matches(lower), Patterns.interactiveShell.matches(lower) {
            let line =
                lower.split(separator: "\n", omittingEmptySubsequences: false)
                .firstIndex { Patterns.socketOpen.matches(String($0)) } ?? 0
            findings.append(
                SecurityReport.Finding(
                    category: .bundledScript, level: .fail,
                    message: "bundled script connects a shell to another machine: a reverse shell", file: file.path,
                    line: line + 1,
                    evidence: evidence(file.text.split(separator: "\n", omittingEmptySubsequences: false)[line])))
        }
        // A script that reaches only hosts its SKILL.md names does what the skill says it does.
        if network != nil, !skillText.isEmpty, !hosts.isEmpty, hosts.allSatisfy({ skillText.contains($0) }) {
            network = nil
        }
        // Code from elsewhere run by the script: a pickle it downloads (loading runs it), or a program it downloads,
        // makes executable and starts, without a checksum.
        if let (line, text) = network, findings.isEmpty {
            if Patterns.codeLoader.matches(lower) {
                findings.append(
                    SecurityReport.Finding(
                        category: .bundledScript, level: .fail,
                        message: "bundled script loads a pickle it downloads: loading one runs its author's code",
                        file: file.path, line: line, evidence: evidence(text)))
            } else if Patterns.installRun.matches(lower), saved != nil || Patterns.downloadWritten.matches(lower),
                !Patterns.verified.matches(lower), !TextScan.has(lower, "hashlib")
            {
                findings.append(
                    SecurityReport.Finding(
                        category: .bundledScript, level: .fail,
                        message: "bundled script downloads a program and runs it, with no checksum", file: file.path,
                        line: line, evidence: evidence(text)))
            }
        }
        // Credentials read and sent to a host that is neither their vendor's, nor well known, nor named by the
        // skill: a leak, whatever the script says it reports.
        if network != nil, Patterns.scriptCredential.matches(lower), !sendsKeysToVendorsOnly(lower, hosts: hosts),
            let host = hosts.map(Hosts.name).first(where: {
                !Hosts.isLocal($0) && !Hosts.isWellKnown($0) && !skillText.contains($0)
            }),
            !findings.contains(where: { $0.level == .fail })
        {
            let line = network.map(\.0) ?? 1
            findings.append(
                SecurityReport.Finding(
                    category: .bundledScript, level: .fail,
                    message: "bundled script reads credentials and sends them to \(host)", file: file.path, line: line,
                    evidence: evidence(network.map(\.1) ?? "")))
        }
        // Nothing read from secrets or the user's files, or only keys sent to their own vendors, or nothing sent at
        // all (a script that only GETs), or only well-known services reached with no credential read: no leak.
        let sends = Patterns.sendMarkerOriginalCase.matches(file.text) || Patterns.scriptSend.matches(lower)
        let wellKnownOnly =
            !hosts.isEmpty && hosts.allSatisfy { Hosts.isWellKnown(Hosts.name($0)) }
            && !Patterns.scriptCredential.matches(lower)
        if network != nil,
            !Patterns.scriptSource.matches(lower) || sendsKeysToVendorsOnly(lower, hosts: hosts) || !sends
                || wellKnownOnly
        {
            // A download checked against a published checksum is what was published.
            if Patterns.verified.matches(lower) || TextScan.has(lower, "hashlib") { saved = nil }
            // Files it saves into the project are still unreviewed input, from a host the skill does not name.
            network = saved.map { (line, text) in (line, text) }
            if let (line, text) = network, findings.isEmpty {
                findings.append(
                    SecurityReport.Finding(
                        category: .bundledScript, level: .warn,
                        message:
                            "bundled script downloads files into the project from a host its SKILL.md does not name",
                        file: file.path, line: line, evidence: evidence(text)))
            }
            network = nil
        }
        if findings.isEmpty, let (line, text) = network {
            findings.append(
                SecurityReport.Finding(
                    category: .bundledScript, level: .warn,
                    message: "bundled script reads secrets or your files and reaches the network; check what it sends",
                    file: file.path, line: line, evidence: evidence(text)))
        }
        if findings.isEmpty, let (line, text) = spawn {
            findings.append(
                SecurityReport.Finding(
                    category: .bundledScript, level: .warn,
                    message: "bundled script runs commands through a shell or eval", file: file.path, line: line,
                    evidence: evidence(text)))
        }
        return findings
    }

    /// Whether every host a script reaches belongs to the vendor of a key it reads: `OPENAI_API_KEY` sent to
    /// `api.openai.com` is the key in use.
    static func sendsKeysToVendorsOnly(_ lower: String, hosts: Set<String>) -> Bool {
        let vendors = Patterns.secretName.captures(lower).flatMap(Hosts.vendorDomains(ofSecret:))
        guard !vendors.isEmpty, !hosts.isEmpty else { return false }
        return hosts.allSatisfy { host in vendors.contains { Hosts.isUnder(Hosts.name(host), $0) } }
    }

    /// Code run at install time: a `package.json` hook whose command, or the bundled script it runs, reaches the
    /// network; a `setup.py` that replaces the install command with code that does.
    static func installHooks(_ file: BundledFile, bundled: [BundledFile]) -> [SecurityReport.Finding] {
        let name = file.path.split(separator: "/").last.map(String.init) ?? file.path
        let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false)
        func finding(_ message: String, _ line: Int) -> SecurityReport.Finding {
            SecurityReport.Finding(
                category: .supplyChain, level: .fail, message: message, file: file.path, line: line + 1,
                evidence: evidence(lines[line]))
        }
        if name == "package.json" {
            for (index, line) in lines.enumerated() {
                let lower = Lowercase.of(line)
                guard let command = Patterns.packageHook.captures(lower).first else { continue }
                if Patterns.scriptNetwork.matches(command) || TextScan.has(command, "://") {
                    return [finding("runs a download at install time, before anyone reads it", index)]
                }
                let folder = file.path.split(separator: "/").dropLast().joined(separator: "/")
                for other in bundled where other.path != file.path {
                    let relative = folder.isEmpty ? other.path : String(other.path.dropFirst(folder.count + 1))
                    guard TextScan.has(command, Lowercase.of(relative)) else { continue }
                    let text = Lowercase.of(other.text)
                    if Patterns.scriptNetwork.matches(text), Patterns.installRun.matches(text) {
                        return [finding("runs \(other.path) at install time, which downloads code and runs it", index)]
                    }
                }
            }
        }
        if name == "setup.py" || name.hasSuffix(".gemspec") {
            let lower = Lowercase.of(file.text)
            if Patterns.installHook.matches(lower),
                Patterns.scriptNetwork.matches(lower) || TextScan.has(lower, "os.system(")
            {
                let line = lines.firstIndex { Patterns.installHook.matches(Lowercase.of($0)) } ?? 0
                return [finding("replaces the install command with code that reaches the network", line)]
            }
        }
        return []
    }
}

extension BundledFile {
    /// How the scan reads a bundled file.
    enum Kind {
        /// Code: read for what it runs and sends.
        case script
        /// Markdown or text an agent reads as instructions.
        case instructions
        /// Configuration: MCP server lists, agent settings, package manifests, service units.
        case configuration
    }

    /// File name endings read as instructions.
    public static let instructionExtensions: Set<String> = ["md", "mdc", "markdown", "txt"]
    /// File name endings read as configuration.
    public static let configurationExtensions: Set<String> = [
        "json", "toml", "yaml", "yml", "cfg", "ini", "plist", "service", "timer", "conf", "npmrc", "pypirc",
    ]
    /// Files too large and too generated to say anything: lock files.
    public static let skippedNames: Set<String> = [
        "package-lock.json", "yarn.lock", "pnpm-lock.yaml", "cargo.lock", "poetry.lock", "composer.lock",
    ]

    /// Whether the scan reads a bundled file of this path (the skill's own SKILL.md is the document, not bundled).
    public static func isScanned(_ path: String) -> Bool {
        let name = (path.split(separator: "/").last.map(String.init) ?? path).lowercased()
        if path.lowercased() == "skill.md" || skippedNames.contains(name) { return false }
        return kind(of: name) != nil
    }

    static func kind(of name: String) -> Kind? {
        let lower = name.lowercased()
        let fileExtension = lower.split(separator: ".").count > 1 ? String(lower.split(separator: ".").last ?? "") : ""
        if scriptExtensions.contains(fileExtension) { return .script }
        if instructionExtensions.contains(fileExtension) { return .instructions }
        if configurationExtensions.contains(fileExtension) || [".npmrc", ".pypirc", "makefile"].contains(lower) {
            return .configuration
        }
        return nil
    }

    var kind: Kind? {
        Self.kind(of: path.split(separator: "/").last.map(String.init) ?? path)
    }
}
