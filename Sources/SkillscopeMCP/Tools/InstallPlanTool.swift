internal import Foundation
internal import Hashing
internal import JSON
internal import SkillscopeCore
internal import SkillscopeStore
internal import SkillscopeSync
internal import Synchronization

/// `registry_install_plan`: what `skillscope add` would write for some agents, from the registry, written nowhere.
struct InstallPlanTool: MCPTool {
    struct Arguments: Decodable, Sendable {
        /// A registry id (as `registry_search` gives it, an integer, or the same as a string) or owner/repo/path.
        var source: String
        var agents: [String]
        var skill: String?
        var global: Bool?
        var copy: Bool?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            if let id = try? container.decode(Int64.self, forKey: .source) {
                source = String(id)
            } else {
                source = try container.decode(String.self, forKey: .source)
            }
            if container.contains(.agent) {
                throw DecodingError.dataCorruptedError(
                    forKey: .agent, in: container,
                    debugDescription: "the argument is agents, a list: {\"agents\": [\"claude-code\", \"cursor\"]}")
            }
            agents = try container.decode([String].self, forKey: .agents)
            skill = try container.decodeIfPresent(String.self, forKey: .skill)
            global = try container.decodeIfPresent(Bool.self, forKey: .global)
            copy = try container.decodeIfPresent(Bool.self, forKey: .copy)
        }
    }

    enum Keys: String, CodingKey { case source, agent, agents, skill, global, copy }

    struct Output: Encodable, Sendable {
        /// The command that does it.
        var command: String
        var agents: [String]
        var scope: String
        var plan: InstallPlan
    }

    static let name = "registry_install_plan"
    static let title = "Plan a skill install"
    static let summary = """
        What `skillscope add` would write to install a registry skill for some agents, the files it names that the \
        registry lacks, and the command to run. Writes nothing.
        """
    static let annotations = ToolAnnotations(readOnly: true, destructive: false, idempotent: true)
    static let inputSchema: JSONValue = [
        "type": "object",
        "properties": [
            "source": [
                "type": ["string", "integer"], "minLength": 1,
                "description": "a registry id, or owner/repo[/skill folder or its SKILL.md]",
            ],
            "agents": [
                "type": "array", "minItems": 1, "uniqueItems": true, "description": "the agents to install for",
                "items": ["type": "string", "enum": .array(Agent.all.map { .string($0.id) })],
            ],
            "skill": ["type": "string", "description": "only this skill of the source"],
            "global": ["type": "boolean", "default": false, "description": "the user's scope instead of a project"],
            "copy": ["type": "boolean", "default": false, "description": "copies instead of links"],
        ],
        "required": ["source", "agents"],
    ]
    static let outputSchema: JSONValue = [
        "type": "object",
        "properties": [
            "command": ["type": "string"], "scope": ["enum": ["project", "user"]],
            "plan": [
                "type": "object",
                "properties": [
                    "skills": [
                        "type": "array",
                        "items": [
                            "type": "object", "required": ["name", "source", "actions", "notes", "scan"],
                            "properties": [
                                "scan": [
                                    "type": "object", "required": ["verdict"],
                                    "properties": ["verdict": ["enum": ["pass", "warn", "fail"]]],
                                ]
                            ],
                        ],
                    ]
                ],
                "required": ["skills", "lockFile"],
            ],
        ],
        "required": ["command", "agents", "scope", "plan"],
    ]

    let store: any Store
    /// The registry's path, which the command names with `--db`; nil leaves `--db` out.
    let databasePath: String?

    func call(_ arguments: Arguments, context: RPCContext) throws -> Output {
        guard !arguments.agents.isEmpty else { throw ToolError("agents is empty: name at least one agent") }
        var agents: [Agent] = []
        for name in arguments.agents where !agents.contains(where: { $0.id == name }) {
            guard let agent = Agent.named(name) else {
                throw ToolError("unknown agent \(name); agents are \(Agent.all.map(\.id).joined(separator: ", "))")
            }
            agents.append(agent)
        }
        let source = try Self.source(arguments.source)
        let store = store
        let snapshot = Mutex<Snapshot?>(nil)
        var manager = SkillManager(
            root: ".", isGlobal: arguments.global ?? false,
            reader: LocalSourceReader { source throws(SyncError) in
                let read = try Snapshot.registry(source, store: store)
                snapshot.withLock { $0 = read }
                return read
            })
        manager.copiesInsteadOfLinks = arguments.copy ?? false
        var plan: InstallPlan
        do {
            plan = try manager.plan(source, only: arguments.skill.map { [$0] } ?? [], agents: agents)
        } catch {
            throw ToolError(error.message)
        }
        if let read = snapshot.withLock({ $0 }) {
            plan.skills = plan.skills.map { Self.noteMissingFiles($0, snapshot: read, home: home(of: $0)) }
        }
        var words = ["skillscope", "add", arguments.source]
        for agent in agents { words += ["--agent", agent.id] }
        if let skill = arguments.skill { words += ["--skill", skill] }
        if arguments.global ?? false { words.append("--global") }
        if arguments.copy ?? false { words.append("--copy") }
        if let databasePath { words += ["--db", databasePath] }
        return Output(
            command: words.map(Self.shellQuoted).joined(separator: " "), agents: agents.map(\.id),
            scope: arguments.global ?? false ? "user" : "project", plan: plan)
    }

    /// Where a planned skill lives upstream, as `owner/repo/folder`: its lock source, with a registry id read as the
    /// file it names.
    func home(of skill: InstallPlan.Skill) -> String {
        let location = skill.source.hasPrefix("registry:") ? String(skill.source.dropFirst(9)) : skill.source
        guard let id = Int64(location), let file = try? store.file(.id(id)) else { return location }
        let folder = FileKind.folder(of: file.key.path)
        return file.key.repository + (folder.isEmpty ? "" : "/" + folder)
    }

    /// The skill with a note for each file its SKILL.md names that the plan would not write.
    ///
    /// The snapshot's SKILL.md is the one whose sha256 the plan writes under `.agents/skills/NAME/SKILL.md`.
    static func noteMissingFiles(_ skill: InstallPlan.Skill, snapshot: Snapshot, home: String) -> InstallPlan.Skill {
        let prefix = SkillManager.skillsFolder + "/" + skill.name + "/"
        let written = skill.actions.filter { $0.kind == .write && $0.path.hasPrefix(prefix) }
        let files = Set(written.map { String($0.path.dropFirst(prefix.count)) })
        guard let manifestSHA = written.first(where: { $0.path == prefix + "SKILL.md" })?.sha256,
            let manifest = snapshot.files.first(where: { SHA256.hex(of: $0.value) == manifestSHA })?.value
        else { return skill }
        var noted = skill
        for path in SkillReferences.missing(in: String(decoding: manifest, as: UTF8.self), files: files) {
            noted.notes.append(
                "SKILL.md names \(path), which the registry does not hold (it keeps only instruction files), so the "
                    + "install will not have it: fetch it from \(home) in its repository")
        }
        return noted
    }

    /// The text block: the command, then for each skill what it writes and links, and its notes.
    static func text(of output: Output, json: String) -> String {
        var lines = ["Run: \(output.command)", "Scope: \(output.scope); lock file \(output.plan.lockFile)."]
        for skill in output.plan.skills {
            lines.append("")
            lines.append("Skill \(skill.name) from \(skill.source)\(skill.commit.map { " at \($0)" } ?? ""):")
            for action in skill.actions {
                let detail = [
                    action.agent.map { "for \($0)" }, action.target.map { "→ \($0)" },
                    action.bytes.map { "\($0) bytes" },
                ].compactMap { $0 }.joined(separator: ", ")
                lines.append("  \(action.kind.rawValue) \(action.path)\(detail.isEmpty ? "" : " (\(detail))")")
            }
            lines.append(skill.notes.isEmpty ? "  Notes: none." : "  Notes:")
            for note in skill.notes { lines.append("  - \(note)") }
        }
        return lines.joined(separator: "\n")
    }

    /// A word as a POSIX shell reads it back unchanged.
    static func shellQuoted(_ word: String) -> String {
        let plain = word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_./:=@+,".contains($0)) }
        return plain && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// A registry source: an id, or `owner/repo[/folder[/SKILL.md]]`.
    static func source(_ text: String) throws -> SkillSource {
        if Int64(text) != nil { return SkillSource(kind: .registry, location: text) }
        let parts = text.split(separator: "/", maxSplits: 2).map(String.init)
        guard parts.count >= 2 else { throw ToolError("source must be a registry id or owner/repo[/path]") }
        var folder = parts.count == 3 ? parts[2] : ""
        if FileKind.ownKind(of: folder) == .skill { folder = FileKind.folder(of: folder) }
        return SkillSource(kind: .registry, location: parts[0] + "/" + parts[1], path: folder)
    }
}
