/// What the security scan found in one file (and the scripts bundled beside a skill), with a verdict.
public struct SecurityReport: Sendable, Hashable, Codable {
    /// The scan's overall answer: the worst level among the findings.
    public enum Verdict: String, Sendable, Hashable, Codable, Comparable {
        case pass
        case warn
        case fail

        private var rank: Int {
            switch self {
            case .pass: 0
            case .warn: 1
            case .fail: 2
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
    }

    /// One piece of evidence.
    public struct Finding: Sendable, Hashable, Codable {
        public var category: Category
        /// `fail` or `warn`.
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

    /// A report over `findings`, its verdict their worst level.
    public init(findings: [Finding]) {
        self.findings = findings
        self.verdict = findings.map(\.level).max() ?? .pass
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
