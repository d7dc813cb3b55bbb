/// Names known to be public — libraries, standard APIs, widely used tools — which tie a rule to no project
/// however few repositories of a registry name them.
///
/// The list is made reproducibly by `scripts/make-public-names.sh` from what this machine can reach: Debian's
/// package names (libraries for Rust, Python, Node, Go, Ruby, Perl, PHP, Haskell and C), PyPI's and npm's most used
/// packages, the standard libraries of Python, Rust, Go, Java, Node and Swift, and the standard file names of
/// toolchains (`manage.py`, `lib.rs`, `~/.aws/credentials`). The registry's own counts add the rest at scale (a
/// name many repositories use is public by that alone).
public struct PublicNames: Sendable {
    private var names: Set<String>

    /// The lower-cased names, one a line; blank lines and lines starting with `#` are skipped.
    public init(list: String = "") {
        var names = Set<String>()
        for line in list.split(separator: "\n") {
            let name = line.trimmingCharacters(in: " \t\r")
            guard !name.isEmpty, !name.hasPrefix("#") else { continue }
            names.insert(name.lowercased())
        }
        self.names = names
    }

    public var count: Int { names.count }

    /// Whether a thing a rule names is public: the name itself (`URLSession`, `pytest`), its first part before
    /// `::` or `.` (`anyhow::Result`, `json.loads`), or the tool a command starts with (`uv add`).
    ///
    /// A project command (`npm run release`) is public only as a whole: its runner is public, its script may not
    /// be (`isCommand`).
    public func contains(_ text: String, isCommand: Bool = false) -> Bool {
        guard !names.isEmpty else { return false }
        var name = text.lowercased().trimmingCharacters(in: "`'\" ")
        if name.hasSuffix("()") { name = String(name.dropLast(2)) }
        if names.contains(name) { return true }
        if isCommand { return false }
        if let first = name.split(separator: " ").first, first.count < name.count, names.contains(String(first)) {
            return !first.contains("/") && !first.hasPrefix(".")
        }
        for separator in ["::", "."] {
            if let range = name.firstRange(of: separator), range.lowerBound != name.startIndex,
                !name.contains("/"), names.contains(String(name[..<range.lowerBound]))
            {
                // `tokens.ts` is a file, not the package `tokens`'s member: a file's name is public only whole.
                if separator == ".", Self.isFileName(name) { return false }
                return true
            }
        }
        return false
    }

    /// The extensions of source, config and document files: a name ending in one is a file (`tokens.ts`), not a
    /// module's member (`json.loads`).
    static let fileExtensions: Set<String> = [
        "ts", "tsx", "js", "jsx", "mjs", "cjs", "py", "rs", "go", "rb", "java", "kt", "kts", "swift", "c", "h", "cc",
        "cpp", "hpp", "cs", "php", "vue", "svelte", "astro", "css", "scss", "sass", "less", "html", "md", "mdx", "mdc",
        "json", "yaml", "yml", "toml", "ini", "cfg", "conf", "xml", "txt", "sql", "sh", "bash", "zsh", "ps1", "bat",
        "lock", "env", "dart", "ex", "exs", "erl", "hs", "ml", "lua", "r", "scala", "gradle", "proto", "graphql",
    ]

    static func isFileName(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return fileExtensions.contains(String(name[name.index(after: dot)...]))
    }
}
