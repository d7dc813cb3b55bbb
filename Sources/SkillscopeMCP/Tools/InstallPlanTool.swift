internal import JSON
internal import SkillscopeCore
internal import SkillscopeStore
internal import SkillscopeSync

/// `registry_install_plan`: what `skillscope add` would write for an agent, from the registry, written nowhere.
struct InstallPlanTool: MCPTool {
    struct Arguments: Decodable, Sendable {
        /// A registry id (as `registry_search` gives it, an integer, or the same as a string) or owner/repo/path.
        var source: String
        var agent: String
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
            agent = try container.decode(String.self, forKey: .agent)
            skill = try container.decodeIfPresent(String.self, forKey: .skill)
            global = try container.decodeIfPresent(Bool.self, forKey: .global)
            copy = try container.decodeIfPresent(Bool.self, forKey: .copy)
        }
    }

    enum Keys: String, CodingKey { case source, agent, skill, global, copy }

    struct Output: Encodable, Sendable {
        /// The command that does it.
        var command: String
        var agent: String
        var scope: String
        var plan: InstallPlan
    }

    static let name = "registry_install_plan"
    static let title = "Plan a skill install"
    static let summary = """
        What `skillscope add` would write to install a registry skill for one agent: the canonical copy under \
        .agents/skills, the upstream base, the agent's link (or copy) and the lock entry, with each file's sha256. \
        Nothing is written; run the returned command to install.
        """
    static let annotations = ToolAnnotations(readOnly: true, destructive: false, idempotent: true)
    static let inputSchema: JSONValue = [
        "type": "object",
        "properties": [
            "source": [
                "type": ["string", "integer"], "minLength": 1,
                "description":
                    "a registry file id (the integer registry_search gives), or owner/repo[/path to the skill folder or its SKILL.md]",
            ],
            "agent": ["type": "string", "enum": .array(Agent.all.map { .string($0.id) })],
            "skill": ["type": "string", "description": "only this skill of the source"],
            "global": ["type": "boolean", "default": false, "description": "the user's scope instead of a project"],
            "copy": ["type": "boolean", "default": false, "description": "copies instead of links"],
        ],
        "required": ["source", "agent"],
    ]
    static let outputSchema: JSONValue = [
        "type": "object",
        "properties": [
            "command": ["type": "string"], "agent": ["type": "string"],
            "scope": ["type": "string", "enum": ["project", "user"]],
            "plan": [
                "type": "object",
                "properties": [
                    "lockFile": ["type": "string"],
                    "skills": [
                        "type": "array",
                        "items": [
                            "type": "object",
                            "properties": [
                                "name": ["type": "string"], "source": ["type": "string"], "commit": ["type": "string"],
                                "notes": ["type": "array", "items": ["type": "string"]],
                                "actions": [
                                    "type": "array",
                                    "items": [
                                        "type": "object",
                                        "properties": [
                                            "kind": ["type": "string", "enum": ["write", "link", "shared", "lock"]],
                                            "path": ["type": "string"], "target": ["type": "string"],
                                            "sha256": ["type": "string"], "bytes": ["type": "integer"],
                                            "agent": ["type": "string"],
                                        ],
                                        "required": ["kind", "path"],
                                    ],
                                ],
                            ],
                            "required": ["name", "source", "actions", "notes"],
                        ],
                    ],
                ],
                "required": ["skills", "lockFile"],
            ],
        ],
        "required": ["command", "agent", "scope", "plan"],
    ]

    let store: any Store

    func call(_ arguments: Arguments, context: RPCContext) throws -> Output {
        guard let agent = Agent.named(arguments.agent) else {
            throw ToolError(
                "unknown agent \(arguments.agent); agents are \(Agent.all.map(\.id).joined(separator: ", "))")
        }
        let source = try Self.source(arguments.source)
        let store = store
        var manager = SkillManager(
            root: ".", isGlobal: arguments.global ?? false,
            reader: LocalSourceReader { source throws(SyncError) in try Snapshot.registry(source, store: store) })
        manager.copiesInsteadOfLinks = arguments.copy ?? false
        let plan: InstallPlan
        do {
            plan = try manager.plan(source, only: arguments.skill.map { [$0] } ?? [], agents: [agent])
        } catch {
            throw ToolError(error.message)
        }
        var command = "skillscope add \(arguments.source) --agent \(agent.id)"
        if let skill = arguments.skill { command += " --skill \(skill)" }
        if arguments.global ?? false { command += " --global" }
        if arguments.copy ?? false { command += " --copy" }
        return Output(
            command: command, agent: agent.id, scope: arguments.global ?? false ? "user" : "project", plan: plan)
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
