internal import Foundation

/// The scan's mechanisms (issue 45): what makes a file harmful, described by what it does rather than by phrases.
///
/// Each mechanism pairs a *place or switch* that is everyday work on its own with what makes it harmful:
/// - **Persistence**: a place that runs something later (cron, systemd, launchd, shell rc files, git hooks,
///   `authorized_keys`, Run keys, scheduled tasks) is how backups and PATHs are set up; it is harmful when what it
///   runs reaches an outside host, fetches code or reads secrets, because then it keeps doing so unwatched. A key
///   appended to `authorized_keys` is someone's door into the machine and fails on its own.
/// - **Agent configuration**: MCP server lists, hooks and permission modes change what every later session may
///   do without asking. Turning confirmation off for good, registering an unknown server globally or with the
///   user's tokens, or writing rules into other projects' agent files fail; a project server pinned to the
///   reference packages is ordinary.
/// - **Running code from elsewhere**: install hooks, `npx -y`, package indexes that are no ecosystem's registry,
///   names one edit from a popular package's, binaries fetched onto the PATH without a checksum.
/// - **TLS off** is harmful where credentials travel: a self-signed local server is no risk, a token sent with
///   certificate checks off is readable by anyone on the path.
/// - **Hosts that pretend** (``Hosts/imitated(by:)``) fail wherever they are used.
/// - **Social engineering**: the user asked to switch off the machine's protections or to paste a secret.
/// - **Concealment**: an instruction to keep an action from the user or out of the summary, in sixteen languages;
///   a redaction (no tokens in logs, no customer names in the changelog) hides data, not actions, and is none.
/// - **Triggers**: a condition on a date, a run count, a user, a machine or CI is harmful only around a harmful
///   step, which it hides from every test run; around anything else it is a release schedule.
/// - **Data in rendered URLs**: a Markdown image or link whose query the agent fills in sends that data when the
///   answer is rendered.
///
/// Every mechanism respects the scan's reading of negation: a line that forbids, or a list under "never", is no
/// finding, which is what keeps handbooks that quote attacks quiet.
extension TextScan {
    /// The words that mark a line for the mechanisms, with whether each must stand as a whole word.
    static let mechanismTriggers: [(Bool, [String])] = [
        (
            true,
            [
                "crontab", "systemctl", "launchctl", "runatload", "schtasks", "execstart", "whoami", "hostname",
                "getuser", "getlogin", "username", "npx", "benutzer", "bunx", "uvx", "dlx", "pip", "pip3", "npm",
                "pnpm", "yarn",
                "gem", "cargo", "poetry", "registry", "mcp", "hooks", "autoapprove", "defaultmode", "verify",
                "spctl", "xattr", "setenforce", "ufw", "csrutil", "netsh", "every", "counter", "count",
                "ci", "user", "users", "human", "summary", "report", "mention", "pipx",
            ]
        ),
        (
            false,
            [
                ".bashrc", ".zshrc", ".bash_profile", ".zprofile", ".zshenv", ".profile", "config.fish",
                "prompt_command", "authorized_keys", "hookspath", ".git/hooks", "register-scheduledtask",
                "currentversion\\run", "$profile", "rc.local", "profile.d", "launchagents", "launchdaemons",
                "loginitems", "login items", "[service]", "mcpservers", ".mcp.json", ".claude.json", "settings.json",
                "posttooluse", "pretooluse", "enableallprojectmcpservers", "claude.md", "agents.md", "gemini.md",
                "cursorrules",
                "cursor/rules", "copilot-instructions", "windsurfrules", "clinerules", "index-url", "goproxy",
                "--source", "find-links", "trusted-host", "-k ", "sslverify", "ssl_verify", "strict-ssl", "node_tls",
                "rejectunauthorized", "insecureskipverify", "check-certificate", "-skipcert", "_create_unverified",
                "pythonhttpsverify", "servercertificatevalidation", "git_ssl", "/usr/local/bin", "/.local/bin",
                "/usr/bin/", "~/bin/", "insecure", "사전", "预先", "事前に", "vorab", "заранее", "preaprob", "pré-apr",
                "pre-approved", "preapproved", "pre-authori", "mppreference", "quarantine", "advfirewall",
                "xn--", "202", "date", "datetime", ".today(", "time()", "% ", "%20", "getenv",
                // concealment and secret requests beyond English
                "nutzer", "zusammenfassung", "usuari", "resumen", "utilisat", "résumé", "rapport", "utente",
                "riepilogo", "gebruiker", "użytkownik", "podsumowani", "пользовател", "отчёт", "отчет", "ユーザー",
                "報告に", "用户", "总结", "报告", "사용자", "유저", "kullanıcı", "المستخدم", "למשתמש", "به کاربر",
                "resumo", "relatório", "utilizador",
                // agents' own switches, git installs, credentials typed into pages, text from outside obeyed
                "autorun", "auto_run", "protection", "alwaysallow", "always_allow", "autoaccept", "auto_accept",
                "git+", "--git ", "password", "passwort", "kennwort", "contraseña", "senha", "mot de passe",
                "wachtwoord", "hasło", "şifre", "пароль", "パスワード", "密码", "비밀번호", "carry out", "as written",
                "speaking", "treat them as", "treat it as", "treat this as", "treat these as", "consignes",
                "instructions", "anweisungen", "regeln", "instrucciones", "reglas", "istruzioni", "regole",
                "instruções", "regras", "règles", "priority", "precedence", "priorité", "vorrang", "prioridad",
                "prioridade", "priorità", "2fa", "two-factor", "उपयोगकर्ता", "पासवर्ड",
            ]
        ),
    ]

    /// The findings of the mechanisms over the lines the byte pass marked; `found` is what the classic patterns
    /// found already, read by the trigger mechanism and to keep a line's concealment reported once.
    func mechanismFindings(_ found: [SecurityReport.Finding], lower: (Int) -> String) -> [SecurityReport.Finding] {
        var results: [SecurityReport.Finding] = []
        var seen: Set<String> = []
        func add(_ category: SecurityReport.Category, _ level: SecurityReport.Verdict, _ message: String, _ index: Int)
        {
            // One finding a category, message and line; a block's finding once a block.
            guard seen.insert("\(category.rawValue)|\(message)|\(index)").inserted else { return }
            results.append(
                SecurityReport.Finding(
                    category: category, level: level, message: message, file: file, line: index + 1,
                    evidence: SecurityScan.evidence(lines[index])))
        }
        var triggers: [Int] = []
        let injectionLines = Set(found.filter { $0.category == .promptInjection }.map(\.line))
        for index in lines.indices where !marks[index].isDisjoint(with: [.mechanism, .url]) {
            let text = lower(index)
            var negation: Bool?
            func negated() -> Bool {
                if let negation { return negation }
                let answer = isNegated(index, text)
                negation = answer
                return answer
            }
            if marks[index].contains(.url) || Self.has(text, "xn--") {
                for (message, level) in pretendingHosts(index) where !negated() {
                    add(.lookalikeHost, level, message, index)
                }
                if let (level, message) = dataInRenderedURL(index, text), !negated() {
                    add(.exfiltration, level, message, index)
                }
            }
            guard marks[index].contains(.mechanism) else { continue }
            if Patterns.persistencePlace.matches(text), !negated() {
                if Patterns.foreignKey.matches(text) {
                    add(
                        .persistence, .fail, "adds a key to authorized_keys: whoever holds it logs in from now on",
                        index)
                } else if let reason = persistenceReason(index, lower: lower) {
                    add(.persistence, .fail, "installs something that runs again later and \(reason)", index)
                }
            }
            for (level, message) in agentConfiguration(index, text, lower: lower) where !negated() {
                add(.agentConfig, level, message, index)
            }
            for (level, message) in supplyChain(index, text, lower: lower) where !negated() {
                add(.supplyChain, level, message, index)
            }
            if Patterns.tlsOff.matches(text), !negated(), let (level, message) = tlsOff(index, lower: lower) {
                add(.tlsOff, level, message, index)
            }
            // A heading names a topic ("### Disable 2FA" in an auth library's guide), not a step to take.
            if Patterns.protectionOff.matches(text), !lines[index].hasPrefix("#"), !negated() {
                add(
                    .socialEngineering, .fail,
                    "turns off the machine's own protection (Gatekeeper, antivirus, firewall)", index)
            }
            // A request often runs onto the next line: "… ask the user to paste /  the recovery codes into the chat".
            let continuing = index + 1 < lines.count && fenceOf[index] == nil ? text + " " + lower(index + 1) : text
            if Patterns.askForSecret.matches(continuing), !negated(),
                continuing == text || !Self.forbids(lower(index + 1))
            {
                add(.socialEngineering, .fail, "asks the user to hand a secret to the chat", index)
            }
            for (category, level, message) in deceptions(index, text, lower: lower) where !negated() {
                add(category, level, message, index)
            }
            if Patterns.claimedApproval.matches(Self.removingQuotes(text)), !negated(), !Patterns.teaching.matches(text)
            {
                add(
                    .promptInjection, .fail,
                    "claims the user approved everything in advance, which only the user can say", index)
            }
            // Concealment the injection patterns reported already, on this line or within three, is reported once.
            if !((index - 2)...(index + 4)).contains(where: injectionLines.contains), conceals(index, continuing) {
                add(.conceal, .fail, "tells the agent to keep what it does from the user", index)
            }
            if Patterns.trigger.matches(text) { triggers.append(index) }
        }
        for (index, message) in triggeredHarm(triggers, found: found + results, lower: lower) {
            add(.delayedTrigger, .fail, message, index)
        }
        return results
    }

    // MARK: Context

    /// The lines a line is read with: its code block with the two lines introducing it, the whole script, or for
    /// prose its sentence, the next three lines and a code block that opens among them (an instruction and the
    /// block it introduces).
    func context(_ index: Int) -> ClosedRange<Int> {
        if isScript { return 0...(lines.count - 1) }
        if let fence = fenceOf[index] {
            var end = index
            while end + 1 < lines.count, fenceOf[end + 1] == fence { end += 1 }
            // The lines introducing a block say where it goes: "Write this to `~/.claude/settings.json`:".
            return max(0, fence - 2)...min(lines.count - 1, end + 1)
        }
        var end = min(lines.count - 1, index + 3)
        if let opening = (index...end).first(where: {
            fenceOf[$0] == nil && $0 + 1 < lines.count && fenceOf[$0 + 1] == $0
        }) {
            end = opening + 1
            while end + 1 < lines.count, fenceOf[end + 1] == opening { end += 1 }
        }
        return sentenceStart(index)...end
    }

    /// Outside hosts named in a range of lines: neither this machine, nor a placeholder, nor well known.
    func unknownHosts(_ range: ClosedRange<Int>, lower: (Int) -> String) -> [String] {
        var hosts: [String] = []
        for line in range where Self.has(lower(line), "://") || Self.has(lower(line), "@") {
            let text = lower(line)
            for host in Patterns.url.captures(text) + Patterns.remoteHost.captures(text) {
                let name = Hosts.name(host)
                if name.hasPrefix("$") || name.hasPrefix("{") || name.hasPrefix("<") { continue }
                if !Hosts.isLocal(name), !Hosts.isWellKnown(name) { hosts.append(name) }
            }
        }
        return hosts
    }

    /// The paragraph of prose right after the code block a line is in: what the block's command is handed.
    func paragraphAfterBlock(_ index: Int) -> [Int] {
        guard let fence = fenceOf[index] else { return [] }
        var line = index
        while line + 1 < lines.count, fenceOf[line + 1] == fence { line += 1 }
        line += 1
        while line < lines.count, lines[line].allSatisfy(\.isWhitespace) { line += 1 }
        var paragraph: [Int] = []
        while line < lines.count, paragraph.count < 4, fenceOf[line] == nil, !lines[line].allSatisfy(\.isWhitespace) {
            paragraph.append(line)
            line += 1
        }
        return paragraph
    }

    // MARK: Deception

    /// Three ways a file deceives rather than runs something: a login page that is no known host, text anyone
    /// can write given the owner's authority, and rules fetched from a URL put before the file's own.
    ///
    /// - A page that asks for a password *and* a one-time code, on a host that is neither this network nor a
    ///   well-known one, is how accounts are taken over: a real login runs in the vendor's own flow
    ///   (`gh auth login`), which the scan does not flag.
    /// - Issues, comments, pages and mails are written by anyone; telling the agent to run their commands as
    ///   written, or treat them as reviewed, hands the repository to whoever writes one.
    /// - Instructions fetched from a URL and applied before the file's own are the URL owner's rules, changed at
    ///   will after any review.
    private func deceptions(_ index: Int, _ text: String, lower: (Int) -> String)
        -> [(SecurityReport.Category, SecurityReport.Verdict, String)]
    {
        var results: [(SecurityReport.Category, SecurityReport.Verdict, String)] = []
        let window =
            ([sentenceBefore(index, lower: lower), text] + ((index + 1)..<min(lines.count, index + 3)).map(lower))
            .joined(separator: " ")
        // A blockquote is someone else's message, quoted: a lure shown to teach spotting it asks nothing.
        let quoted = lines[index].drop { $0 == " " }.hasPrefix(">")
        if !quoted, Patterns.passwordWord.matches(text), Patterns.oneTimeCode.matches(window),
            let host = unknownHosts(context(index), lower: lower).first
        {
            results.append(
                (
                    .socialEngineering, .fail,
                    "asks the user to type a password and a one-time code into a page at \(host), which is no known login"
                ))
        }
        if Patterns.obeyed.matches(window), Patterns.outsideText.matches(window), !Patterns.teaching.matches(text) {
            results.append(
                (
                    .promptInjection, .warn,
                    "gives text anyone can write (issues, comments, pages) the authority to run commands"
                ))
        }
        // The URL's own dots end no sentence. An unknown host nearby is asked first: it is cheaper and rarer.
        if !unknownHosts(index...min(lines.count - 1, index + 2), lower: lower).isEmpty,
            Patterns.fetchedInstructions.matches(Patterns.wholeURL.removing(from: window))
        {
            results.append(
                (.promptInjection, .fail, "fetches instructions from a URL and puts them before the file's own"))
        }
        return results
    }

    // MARK: Persistence

    /// What makes a persistence place harmful, from its section: it reaches an unknown host, downloads code or reads
    /// secrets.
    private func persistenceReason(_ index: Int, lower: (Int) -> String) -> String? {
        let range = context(index)
        // What a place is written with runs as lines: `printf '#!/bin/sh\ncurl … | sh\n' > .git/hooks/x`.
        let text = range.map(lower).joined(separator: "\n").replacingOccurrences(of: "\\n", with: "\n")
        let original = range.map { String(lines[$0]) }.joined(separator: "\n")
        if Patterns.pipeToShell.matches(text) { return "runs code downloaded at each run" }
        // A ping to a health-check service reaches outside and harms nothing: only sending data, or fetching a
        // file to run, makes the host matter.
        if let host = unknownHosts(range, lower: lower).first,
            Patterns.sendMarkerOriginalCase.matches(original) || Patterns.remoteHost.matches(text)
                || Patterns.downloadToFile.matches(text)
        {
            return "sends data to or fetches code from \(host), a host that is not the project's"
        }
        // Loading a key into the agent (`ssh-add` in a shell rc) uses it, and `HISTFILE=~/.zsh_history` names where
        // history goes; reading a secret to copy or send it is the harm.
        let reads = range.contains { line in
            let text = lower(line)
            return (Patterns.secretFiles.matches(text) || Patterns.sshFolder.matches(text))
                && !Patterns.keyUse.matches(text) && !Self.has(text, "histfile")
        }
        if reads { return "reads private keys or credentials" }
        if Self.has(text, "history") && Patterns.requestCall.matches(text) && Self.has(text, "://") {
            return "sends the shell history out"
        }
        return nil
    }

    // MARK: Agent configuration

    private func agentConfiguration(_ index: Int, _ text: String, lower: (Int) -> String)
        -> [(SecurityReport.Verdict, String)]
    {
        var results: [(SecurityReport.Verdict, String)] = []
        if Patterns.confirmationOff.matches(text),
            !(max(0, index - 3)...index).contains(where: { Patterns.sandbox.matches(lower($0)) })
        {
            // In the user's own settings it reaches every project; in this project's, a reviewer sees it.
            let global = context(index).contains { Patterns.globalAgentConfig.matches(lower($0)) }
            results.append(
                global
                    ? (
                        .fail,
                        "turns the user's confirmation off in the agent's settings, for every project and session"
                    )
                    : (.warn, "turns the user's confirmation off in this project's agent settings"))
        }
        if Patterns.agentRuleFile.matches(text) {
            // The sentence around the line: a list of files often runs onto the next lines.
            let after = ((index + 1)..<min(lines.count, index + 3)).map(lower).joined(separator: " ")
            let sentence = sentenceBefore(index, lower: lower) + " " + text + " " + after
            if Patterns.beyondProject.matches(sentence), Patterns.ruleWrite.matches(sentence) {
                results.append((.fail, "writes rules into other projects' agent files, beyond this one"))
            }
        }
        if Patterns.agentConfigPlace.matches(text) || Self.has(text, "mcp") {
            let range = context(index)
            let block = range.map(lower).joined(separator: "\n")
            let global = Patterns.globalAgentConfig.matches(block)
            let fetched = Patterns.runFetchedPackage.captures(block).filter { !Self.isKnownPackage($0) }
            let remote = Patterns.serverURL.captures(block).filter { !Hosts.isLocal($0) && !Hosts.isWellKnown($0) }
            // A key named for one vendor (`ANTHROPIC_API_KEY`) handed to a server that is not that vendor's leaves
            // with every request, placeholder or not.
            let foreignKeys = Patterns.secretName.captures(block).contains { key in
                let vendors = Hosts.vendorDomains(ofSecret: key)
                return !vendors.isEmpty && remote.contains { host in !vendors.contains { Hosts.isUnder(host, $0) } }
            }
            let secrets = Patterns.serverSecret.matches(block) || foreignKeys
            // Reported once a block, on its first line that names the configuration.
            if Patterns.mcpServer.matches(block), !fetched.isEmpty || !remote.isEmpty,
                !range.contains(where: { $0 < index && Patterns.agentConfigPlace.matches(lower($0)) })
            {
                let what = fetched.first.map { "the unknown package \($0)" } ?? "the server at \(remote[0])"
                // Documenting one's own server is what MCP projects do; handing it the user's tokens is the harm.
                // Documenting one's own server is ordinary; handing it secrets read off this machine is the harm.
                if secrets {
                    let scope = global ? " for every project" : ""
                    let message =
                        "registers \(what) as an MCP server\(scope) and hands it secrets read from this machine"
                    results.append((global ? .fail : .warn, message))
                }
            }
        }
        return results
    }

    static func isKnownPackage(_ name: String) -> Bool {
        Patterns.knownPackageScope.matches(name)
    }

    // MARK: Supply chain

    private func supplyChain(_ index: Int, _ text: String, lower: (Int) -> String) -> [(SecurityReport.Verdict, String)]
    {
        var results: [(SecurityReport.Verdict, String)] = []
        for package in Patterns.runFetchedPackage.captures(text) where !Self.isKnownPackage(package) {
            // A version pinned to its digits is a reviewed package; `@latest` or none is whatever was published last.
            let pinned =
                package.dropFirst().contains("@") && package.last?.isNumber == true
                && !package.hasSuffix("latest")
            // Running a published CLI is ordinary; handing an unpinned one the user's environment or secrets is not.
            // The paragraph after a code block says what to hand it: "pass `NPM_TOKEN` through if it asks".
            let block = (context(index).map(lower) + paragraphAfterBlock(index).map(lower)).joined(separator: "\n")
            if !pinned, Patterns.handsEnvironment.matches(block) {
                results.append(
                    (
                        .warn,
                        "fetches and runs \(package), an unpinned package of an unknown publisher, with your environment"
                    ))
            }
        }
        for host in Patterns.indexSetting.captures(text) {
            let name = Hosts.name(host)
            guard !Hosts.isLocal(name), !Hosts.isRegistry(name), Hosts.imitated(by: name) == nil else { continue }
            let block = context(index).map(lower).joined(separator: "\n")
            // Installs checked against a reviewed lock's hashes get what was reviewed, whichever index serves them.
            if !Self.has(block, "password"), !Self.has(block, "_auth"),
                lines.indices.contains(where: { Self.has(lower($0), "hash") && Patterns.hashChecked.matches(lower($0)) }
                )
            {
                continue
            }
            if Self.has(block, "authtoken") || Self.has(block, "_auth") || Self.has(block, "password") {
                results.append(
                    (.fail, "installs packages from \(name), no ecosystem's registry, and hands it the registry token"))
            } else {
                results.append((.warn, "installs packages from \(name), which is no ecosystem's registry"))
            }
        }
        for host in Patterns.gitInstall.captures(text) {
            let name = Hosts.name(host)
            guard !Hosts.isLocal(name), !Hosts.isWellKnown(name), !Patterns.pinnedCommit.matches(text) else { continue }
            results.append(
                (
                    .warn,
                    "runs code straight from a git repository on \(name), past any registry, at a branch that moves"
                ))
        }
        for name in PackageNames.installed(on: text) {
            if let popular = PackageNames.imitated(by: name) {
                results.append((.fail, "installs \(name), one letter from the popular \(popular): a look-alike name"))
            }
        }
        if Patterns.fetchedBinary.matches(text), let host = unknownHosts(index...index, lower: lower).first {
            let block = context(index).map(lower).joined(separator: "\n")
            if !Patterns.verified.matches(block) {
                results.append((.warn, "installs a binary from \(host) onto the PATH without checking its checksum"))
            }
        }
        return results
    }

    // MARK: TLS

    /// Certificate checks off: failing where credentials travel to a host that is not this machine, a warning
    /// where none do.
    private func tlsOff(_ index: Int, lower: (Int) -> String) -> (SecurityReport.Verdict, String)? {
        let range = context(index)
        let text = range.map(lower).joined(separator: "\n")
        let hosts = range.flatMap { Patterns.url.captures(lower($0)) }.map(Hosts.name)
        if !hosts.isEmpty, hosts.allSatisfy(Hosts.isLocal) { return nil }
        if Patterns.credentialOnWire.matches(text) {
            return (.fail, "turns certificate checks off on a connection that carries credentials")
        }
        return (.warn, "turns certificate checks off: anyone on the path can read and change the traffic")
    }

    // MARK: Concealment

    /// Whether a line tells the agent to keep an action from the user: the concealing phrasing, not a redaction
    /// of secrets, not in a list of what not to do, not quoted as an example.
    private func conceals(_ index: Int, _ text: String) -> Bool {
        let unquoted = Self.removingQuotes(text)
        guard Patterns.conceal.matches(unquoted) else { return false }
        // What is kept back must be an action: a redaction of secrets or a shorter reply names no action.
        guard Patterns.concealedAction.matches(unquoted), !Patterns.limitsHowOften.matches(unquoted),
            !Patterns.narrationOnly.matches(unquoted)
        else {
            return false
        }
        return !isInNegatedList(index) && !Patterns.teaching.matches(text)
    }

    // MARK: Triggers

    /// Trigger lines around a harmful step: the step's finding lies in the trigger's context.
    private func triggeredHarm(_ triggers: [Int], found: [SecurityReport.Finding], lower: (Int) -> String)
        -> [(Int, String)]
    {
        var results: [(Int, String)] = []
        let harmful = found.filter {
            $0.file == file && $0.level >= .warn && ![.hiddenUnicode, .encodedBlob, .broadTools].contains($0.category)
        }
        for index in triggers {
            let range = context(index)
            if harmful.contains(where: { range.contains($0.line - 1) }) {
                results.append(
                    (index, "runs a harmful step only on a date, a count, a named user or machine, or in CI"))
            }
        }
        return results
    }

    // MARK: Hosts and URLs

    /// Hosts on a line that imitate a well-known one.
    private func pretendingHosts(_ index: Int) -> [(String, SecurityReport.Verdict)] {
        let original = String(lines[index])
        var results: [(String, SecurityReport.Verdict)] = []
        for host in Patterns.url.captures(original) {
            let name = Hosts.name(Lowercase.of(host))
            if let target = Hosts.imitated(by: name) {
                results.append(("\(name) imitates \(target): a look-alike host", .fail))
            }
        }
        return results
    }

    /// A Markdown image or link to an unknown host whose query the agent is to fill in.
    private func dataInRenderedURL(_ index: Int, _ text: String) -> (SecurityReport.Verdict, String)? {
        var original = String(lines[index])
        // In code, a Markdown link inside a quoted string is a value of data (a test input), not text to render.
        if isScript || fenceOf[index] != nil { original = Self.removingQuotes(original) }
        for url in Patterns.markdownLinkURL.captures(original) {
            guard let host = Patterns.url.captures(Lowercase.of(url)).first.map(Hosts.name), !Hosts.isLocal(host),
                !Hosts.isWellKnown(host), Patterns.filledQuery.matches(url)
            else { continue }
            // The sentence, and the paragraph before, say what the agent fills in.
            let before = (max(0, index - 3)..<index).map { Lowercase.of(lines[$0]) }.joined(separator: " ")
            let sentence = before + " " + text
            if Patterns.secretWord.matches(sentence) || Patterns.secretWord.matches(Lowercase.of(url)) {
                return (.fail, "a Markdown image or link whose URL carries secrets to \(host) when it is rendered")
            }
            return (.warn, "a Markdown image or link whose URL carries data to \(host) when it is rendered")
        }
        return nil
    }
}
