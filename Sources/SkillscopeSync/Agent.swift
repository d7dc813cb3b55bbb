internal import Foundation

/// A coding agent Skillscope installs skills for and syncs rules into, described as data.
///
/// Every path is relative: to the project root for project scope, to the home folder for user scope (`--global`).
/// Related documentation: <https://agents.md>, <https://agentskills.io>.
public struct Agent: Sendable, Hashable, Identifiable {
    /// How a rules file is headed: the front matter each format wants.
    public enum Header: String, Sendable, Hashable {
        /// Plain Markdown, no front matter (`CLAUDE.md`, `GEMINI.md`, `copilot-instructions.md`).
        case none
        /// Cursor `.mdc`: `description`, `globs`, `alwaysApply`.
        case cursor
        /// Windsurf rules: `trigger: always_on`, or `trigger: glob` with `globs`.
        case windsurf
        /// `paths:` list (Claude Code `.claude/rules`, Cline `.clinerules`).
        case paths
        /// Copilot `.instructions.md`: `applyTo`.
        case copilot
    }

    /// A file rules are written to; `{slug}` in a scoped file's path names its scope.
    public struct RuleFile: Sendable, Hashable {
        public var path: String
        public var header: Header
        public init(_ path: String, _ header: Header) {
            self.path = path
            self.header = header
        }
    }

    /// The short name used on the command line and in markers, such as `claude`.
    public var id: String
    public var name: String
    /// Rules every session reads; `nil` when the agent reads the canonical `AGENTS.md` itself.
    public var rules: RuleFile?
    /// Rules for files matching globs; `nil` when the format has no globs (they go inline into ``rules``).
    public var scopedRules: RuleFile?
    /// Whether the agent reads ``rules`` files in subfolders (nested canonical files go beside them); when not,
    /// a subfolder's rules become a scoped file for `folder/**`.
    public var readsNestedFiles: Bool
    /// The project's skill folder.
    public var skills: String
    /// The user's instruction file, relative to the home folder, when the agent has one.
    public var userRules: RuleFile?
    /// The user's skill folder, relative to the home folder.
    public var userSkills: String
    /// Paths whose presence in a project shows the agent is in use.
    public var markers: [String]

    /// The agents Skillscope knows, in a stable order.
    public static let all: [Agent] = [
        Agent(
            id: "claude", name: "Claude Code", rules: RuleFile("CLAUDE.md", .none),
            scopedRules: RuleFile(".claude/rules/skillscope-{slug}.md", .paths), readsNestedFiles: true,
            skills: ".claude/skills", userRules: RuleFile(".claude/CLAUDE.md", .none), userSkills: ".claude/skills",
            markers: ["CLAUDE.md", "CLAUDE.local.md", ".claude"]),
        Agent(
            id: "codex", name: "Codex", rules: nil, scopedRules: nil, readsNestedFiles: true, skills: ".agents/skills",
            userRules: RuleFile(".codex/AGENTS.md", .none), userSkills: ".agents/skills",
            markers: [".codex", "AGENTS.override.md"]),
        Agent(
            id: "cursor", name: "Cursor", rules: RuleFile(".cursor/rules/skillscope.mdc", .cursor),
            scopedRules: RuleFile(".cursor/rules/skillscope-{slug}.mdc", .cursor), readsNestedFiles: true,
            skills: ".cursor/skills", userRules: nil, userSkills: ".cursor/skills",
            markers: [".cursor", ".cursorrules"]),
        Agent(
            id: "gemini", name: "Gemini CLI", rules: RuleFile("GEMINI.md", .none), scopedRules: nil,
            readsNestedFiles: true, skills: ".gemini/skills", userRules: RuleFile(".gemini/GEMINI.md", .none),
            userSkills: ".gemini/skills", markers: ["GEMINI.md", ".gemini"]),
        Agent(
            id: "copilot", name: "GitHub Copilot", rules: RuleFile(".github/copilot-instructions.md", .none),
            scopedRules: RuleFile(".github/instructions/skillscope-{slug}.instructions.md", .copilot),
            readsNestedFiles: false, skills: ".github/skills", userRules: nil, userSkills: ".copilot/skills",
            markers: [".github/copilot-instructions.md", ".github/instructions"]),
        Agent(
            id: "opencode", name: "OpenCode", rules: nil, scopedRules: nil, readsNestedFiles: true,
            skills: ".opencode/skills", userRules: RuleFile(".config/opencode/AGENTS.md", .none),
            userSkills: ".config/opencode/skills", markers: ["opencode.json", "opencode.jsonc", ".opencode"]),
        Agent(
            id: "windsurf", name: "Windsurf", rules: RuleFile(".windsurf/rules/skillscope.md", .windsurf),
            scopedRules: RuleFile(".windsurf/rules/skillscope-{slug}.md", .windsurf), readsNestedFiles: true,
            skills: ".windsurf/skills", userRules: RuleFile(".codeium/windsurf/memories/global_rules.md", .none),
            userSkills: ".codeium/windsurf/skills", markers: [".windsurf", ".windsurfrules"]),
        Agent(
            id: "cline", name: "Cline", rules: RuleFile(".clinerules/skillscope.md", .none),
            scopedRules: RuleFile(".clinerules/skillscope-{slug}.md", .paths), readsNestedFiles: false,
            skills: ".cline/skills", userRules: nil, userSkills: ".cline/skills", markers: [".clinerules", ".cline"]),
    ]

    /// The agent with this id (or its display name, any case).
    public static func named(_ text: String) -> Agent? {
        let lower = text.lowercased()
        return all.first { $0.id == lower || $0.name.lowercased() == lower }
    }

    /// The agents given by id, or a ``SyncError`` `.invalid` naming the unknown one.
    public static func parse(_ names: [String]) throws(SyncError) -> [Agent] {
        var agents: [Agent] = []
        for name in names.flatMap({ $0.split(separator: ",").map(String.init) }) {
            guard let agent = named(name) else {
                throw SyncError(
                    .invalid, "unknown agent \(name); agents are \(all.map(\.id).joined(separator: ", "))")
            }
            if !agents.contains(agent) { agents.append(agent) }
        }
        return agents
    }

    /// The agents whose marker files or folders stand in `root`, in ``all``'s order.
    public static func detect(in root: String) -> [Agent] {
        all.filter { agent in agent.markers.contains { FileManager.default.fileExists(atPath: root + "/" + $0) } }
    }

    /// The skill folder for a scope.
    public func skillFolder(global: Bool) -> String { global ? userSkills : skills }
}
