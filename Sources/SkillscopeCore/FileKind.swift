/// The kind of an instruction file, decided from its path inside a repository.
public enum FileKind: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// An Agent Skill: `SKILL.md` (or `skill.md`).
    case skill
    /// Other Markdown inside a folder that holds a `SKILL.md`, such as `references/api.md`.
    case skillReference = "skill-reference"
    /// `CLAUDE.md`, `CLAUDE.local.md`, `.claude/rules/**/*.md`.
    case claude
    /// `AGENTS.md`, `AGENT.md`, `AGENTS.override.md`.
    case agents
    /// `GEMINI.md`.
    case gemini
    /// `.cursor/rules/**/*.mdc|.md`, any `*.mdc`, `.cursorrules`.
    case cursor
    /// `.github/copilot-instructions.md`, `.github/instructions/**/*.instructions.md`.
    case copilot
    /// `.windsurfrules`, `.windsurf/rules/*.md`.
    case windsurf

    public var description: String { rawValue }

    /// The kind as a page names it: "Skill", "CLAUDE.md", "Cursor rule".
    public var title: String {
        switch self {
        case .skill: "Skill"
        case .skillReference: "Skill reference"
        case .claude: "CLAUDE.md"
        case .agents: "AGENTS.md"
        case .gemini: "GEMINI.md"
        case .cursor: "Cursor rule"
        case .copilot: "Copilot instructions"
        case .windsurf: "Windsurf rule"
        }
    }

    /// Whether files of this kind carry a name of their own, which "their own version" may compare.
    ///
    /// A skill has its `name`, a reference its title. A CLAUDE.md, AGENTS.md, GEMINI.md, cursor, copilot or windsurf file is named by
    /// its file name or its first heading ("Project Guidelines"), which unrelated files share.
    public var hasOwnName: Bool { self == .skill || self == .skillReference }

    /// The kind of the file at `path` (relative to its repository, `/`-separated), ignoring skill references;
    /// `nil` when the path is no instruction file on its own.
    public static func ownKind(of path: String) -> FileKind? {
        // Split by bytes: splitting the string walks characters, and every listed path comes here.
        let components = path.utf8.split(separator: UInt8(ascii: "/")).map { String(decoding: $0, as: UTF8.self) }
        guard let base = components.last else { return nil }
        let folders = components.dropLast()
        let lower = base.lowercased()
        if lower == "skill.md" { return .skill }
        if base == "CLAUDE.md" || base == "CLAUDE.local.md" { return .claude }
        if base == "AGENTS.md" || base == "AGENT.md" || base == "AGENTS.override.md" { return .agents }
        if base == "GEMINI.md" { return .gemini }
        if base == ".cursorrules" || lower.hasSuffix(".mdc") { return .cursor }
        if base == ".windsurfrules" { return .windsurf }
        if lower.hasSuffix(".md") {
            if contains(folders, [".claude", "rules"]) { return .claude }
            if contains(folders, [".cursor", "rules"]) { return .cursor }
            if folders.last == "rules" && folders.dropLast().last == ".windsurf" { return .windsurf }
            if base == "copilot-instructions.md" && folders.last == ".github" { return .copilot }
            if lower.hasSuffix(".instructions.md") && contains(folders, [".github", "instructions"]) {
                return .copilot
            }
        }
        return nil
    }

    /// The kind of a text not stored, one rule for every surface (`analyze`, the web's analysis, MCP's
    /// `registry_analyze`): the kind `path` names when it names one, else what the front matter says: `globs` or
    /// `alwaysApply` is a cursor rule, `applyTo` a copilot instruction, `name` or `description` a skill; with no
    /// front matter, agent instructions (AGENTS.md, read by most agents).
    public static func inferred(path: String?, text: some Collection<UInt8>) -> FileKind {
        if let path, let kind = ownKind(of: path) { return kind }
        var bytes = text.prefix(4096)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard bytes.starts(with: Array("---".utf8)) else { return .agents }
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropFirst().prefix(60)
        var keys = Set<String>()
        for line in lines {
            let text = String(decoding: line, as: UTF8.self).trimmingSuffix("\r")
            if text == "---" || text == "..." { break }
            if let colon = text.firstIndex(of: ":"), !text.hasPrefix(" "), !text.hasPrefix("\t") {
                keys.insert(String(text[..<colon]))
            }
        }
        if keys.contains("globs") || keys.contains("alwaysApply") { return .cursor }
        if keys.contains("applyTo") { return .copilot }
        if keys.contains("name") || keys.contains("description") { return .skill }
        return .agents
    }

    /// The path a text of this kind that is not stored is read under, where none is given: the kind's own file
    /// name in its usual place.
    public var placeholderPath: String {
        switch self {
        case .skill: "SKILL.md"
        case .skillReference: "reference.md"
        case .claude: "CLAUDE.md"
        case .agents: "AGENTS.md"
        case .gemini: "GEMINI.md"
        case .cursor: ".cursor/rules/rules.mdc"
        case .copilot: ".github/copilot-instructions.md"
        case .windsurf: ".windsurf/rules/rules.md"
        }
    }

    /// Kinds for every path of one repository: skill references are the other Markdown files in or below a
    /// folder that holds a `SKILL.md`.
    ///
    /// - Returns: the instruction files among `paths`, with their kinds; other paths are left out.
    public static func classify(_ paths: some Sequence<String>) -> [String: FileKind] {
        let all = Array(paths)
        let own = all.map(ownKind(of:))
        var skillFolders = Set<String>()
        for (path, kind) in zip(all, own) where kind == .skill {
            skillFolders.insert(folder(of: path))
        }
        var kinds: [String: FileKind] = [:]
        for (path, kind) in zip(all, own) {
            if let kind {
                kinds[path] = kind
            } else if isMarkdown(path), hasAncestor(folder(of: path), in: skillFolders) {
                kinds[path] = .skillReference
            }
        }
        return kinds
    }

    /// The folder part of a path: `"a/b/SKILL.md"` → `"a/b"`, `"SKILL.md"` → `""`.
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// Whether the path's last part names a skill file: `SKILL.md` in any case.
    public static func isSkillFileName(_ path: String) -> Bool {
        let name = path.lastIndex(of: "/").map { path[path.index(after: $0)...] } ?? Substring(path)
        return name.lowercased() == "skill.md"
    }

    static func isMarkdown(_ path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".md") || lower.hasSuffix(".markdown")
    }

    private static func hasAncestor(_ folder: String, in skillFolders: Set<String>) -> Bool {
        if skillFolders.isEmpty { return false }
        var current = folder
        while true {
            if skillFolders.contains(current) { return true }
            if current.isEmpty { return false }
            current = Self.folder(of: current)
        }
    }

    private static func contains(_ folders: ArraySlice<String>, _ pair: [String]) -> Bool {
        let list = Array(folders)
        guard list.count >= pair.count else { return false }
        for start in 0...(list.count - pair.count) where Array(list[start..<start + pair.count]) == pair {
            return true
        }
        return false
    }
}

extension String {
    /// The string without one `suffix` at its end, if it has it.
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
