/// Something a rule names that may tie it to one project: a path, a script or command, a setting, an environment
/// variable, a host or URL, or a name in inline code.
public struct NamedThing: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable {
        case path
        case command
        case setting
        case environmentVariable = "environment-variable"
        case url
        /// Other inline code: an identifier or an API name.
        case code
    }

    /// The thing as written (lowercased for counting: see ``key``).
    public var text: String
    public var kind: Kind

    public init(text: String, kind: Kind) {
        self.text = text
        self.kind = kind
    }

    /// What the registry counts repositories by.
    ///
    /// A package manager's script is one thing with or without `run` (`pnpm run dev:all`, `pnpm dev:all`).
    public var key: String {
        let lowered = text.lowercased()
        guard kind == .command else { return lowered }
        let words = lowered.split(separator: " ")
        if words.count == 3, words[1] == "run", ["pnpm", "yarn", "bun"].contains(words[0]) {
            return "\(words[0]) \(words[2])"
        }
        return lowered
    }

    /// Whether it may name a file of a project (a path, a command's script, a code span with a `/`): what only
    /// the project's file list can decide, read only when a rule has one.
    public var mayNameAPath: Bool { kind == .path || kind == .command || text.contains("/") }

    /// Whether the words alone mark it as one project's own: a path with a folder or a script's extension, a
    /// project script or command, a setting key, an environment variable, a host.
    ///
    /// A bare identifier is not.
    public var isProjectShaped: Bool { kind != .code }

    /// How the evidence names its kind: "a path", "an environment variable".
    public var kindPhrase: String {
        switch kind {
        case .path: "a path"
        case .command: "a project command"
        case .setting: "a setting"
        case .environmentVariable: "an environment variable"
        case .url: "a host"
        case .code: "a name"
        }
    }
}
