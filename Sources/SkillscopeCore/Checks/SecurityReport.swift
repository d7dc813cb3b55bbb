/// What the security scan found in one file (and the scripts bundled beside a skill), with a verdict.
public struct SecurityReport: Sendable, Hashable, Codable {
    /// The scan's overall answer: the worst level among the findings.
    ///
    /// `note` is a finding's level only: something a reader may want to know that is no risk, such as
    /// `allowed-tools: Bash` in a skill that says why it needs a shell. A report of notes alone passes.
    public enum Verdict: String, Sendable, Hashable, Codable, Comparable {
        case pass
        case note
        case warn
        case fail

        private var rank: Int {
            switch self {
            case .pass: 0
            case .note: 1
            case .warn: 2
            case .fail: 3
            }
        }
        public static func < (lhs: Verdict, rhs: Verdict) -> Bool { lhs.rank < rhs.rank }
    }

    /// What kind of risk a finding is.
    public enum Category: String, Sendable, Hashable, Codable, CaseIterable {
        /// A download piped into a shell (`curl … | sh`, `iwr … | iex`, `bash <(curl …)`).
        case pipeToShell = "pipe-to-shell"
        /// Reading or sending secrets: environment dumps, `~/.ssh` keys, cloud credentials, tokens, keychains.
        case secretAccess = "secret-access"
        /// Sending data to an outside URL.
        case exfiltration
        /// Phrasing that overrides the agent's instructions or hides actions from the user.
        case promptInjection = "prompt-injection"
        /// Bidi controls, zero-width and tag characters.
        case hiddenUnicode = "hidden-unicode"
        /// Long base64 or hex blobs, or decoded text run as code.
        case encodedBlob = "encoded-blob"
        /// A script bundled in the skill folder that reaches the network or spawns shells.
        case bundledScript = "bundled-script"
        /// `allowed-tools` that grant an unrestricted shell.
        case broadTools = "broad-tools"
        /// A command that destroys what it cannot give back: deleting the home folder or the root, force-pushing
        /// to main, dropping a database, `chmod -R 777`, formatting a disk.
        case destructive = "destructive-command"
        /// Something installed to run again later without the agent: cron, systemd, launchd, shell rc files, git
        /// hooks, `authorized_keys`, Run keys and scheduled tasks, when what it runs reaches outside or reads secrets.
        case persistence
        /// The agent's own configuration changed: MCP server lists, hooks, permission modes, other agents' rules.
        case agentConfig = "agent-config"
        /// Code from elsewhere run at install time or from an unknown source: install hooks, `npx -y`, unknown
        /// package indexes and mirrors, look-alike package names, fetched binaries.
        case supplyChain = "supply-chain"
        /// An instruction to keep what the agent does from the user.
        case conceal
        /// A harmful step that runs only on a date, a count, a machine, a user or in CI: a test run never sees it.
        case delayedTrigger = "delayed-trigger"
        /// The user talked into weakening their own machine or handing over secrets.
        case socialEngineering = "social-engineering"
        /// TLS certificate checks turned off where credentials travel.
        case tlsOff = "tls-off"
        /// A host that pretends to be a well-known one: homoglyphs, punycode, a well-known name as a prefix.
        case lookalikeHost = "lookalike-host"
    }

    /// One piece of evidence.
    public struct Finding: Sendable, Hashable, Codable {
        public var category: Category
        /// `fail`, `warn` or `note`.
        public var level: Verdict
        public var message: String
        /// The bundled file the evidence is in, relative to the skill's folder; `nil` for the scanned file.
        public var file: String?
        /// 1-based line of the evidence.
        public var line: Int
        /// The line itself, trimmed and cut to 160 characters.
        public var evidence: String

        public init(
            category: Category, level: Verdict, message: String, file: String? = nil, line: Int, evidence: String
        ) {
            self.category = category
            self.level = level
            self.message = message
            self.file = file
            self.line = line
            self.evidence = evidence
        }
    }

    public var verdict: Verdict
    public var findings: [Finding]

    /// A report over `findings`, its verdict their worst level; notes alone pass.
    public init(findings: [Finding]) {
        self.findings = findings
        let worst = findings.map(\.level).max() ?? .pass
        self.verdict = worst == .note ? .pass : worst
    }

    /// The categories found, each once, in the order ``Category`` lists them.
    public var categories: [Category] {
        let found = Set(findings.map(\.category))
        return Category.allCases.filter(found.contains)
    }
}

/// A script or other text file bundled in a skill's folder, given to the scan by whoever can read the folder.
public struct BundledFile: Sendable, Hashable {
    /// Relative to the skill's folder, such as `scripts/setup.sh`.
    public var path: String
    public var text: String
    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }

    /// File name endings the scan reads as scripts.
    public static let scriptExtensions: Set<String> = [
        "sh", "bash", "zsh", "fish", "py", "js", "mjs", "cjs", "ts", "rb", "pl", "ps1", "php", "lua", "go", "swift",
        "java", "kt", "rs", "cs",
    ]
}
