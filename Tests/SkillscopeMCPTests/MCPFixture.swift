import Foundation
import Hashing
import JSON
import SkillscopeCore
import SkillscopeIngest
import SkillscopeSQLite
import SkillscopeStore
import SkillscopeTesting

@testable import SkillscopeMCP

/// A small registry (two skills, an AGENTS.md, a review token) and an MCP server over it.
struct MCPFixture {
    static let secret = "sks_test_secret"
    let directory = TemporaryDirectory("skillscope-mcp")
    let store: any Store
    let server: MCPServer

    init(token: String? = nil, maxMessageBytes: Int = 64 * 1024) throws {
        store = try SQLiteStore(path: directory.appending("r.sqlite"))
        var checklist = Fixtures.record(
            "acme/skills", "code-review/references/CHECKLIST.md", "# Checklist\n\n- Read it all.\n")
        checklist.kind = .skillReference
        _ = try store.write(
            repositories: [RepositoryRecord(fullName: "acme/skills", stars: 12, license: "MIT")],
            files: [
                Fixtures.record("acme/skills", "code-review/SKILL.md", Fixtures.reviewSkill),
                checklist,
                Fixtures.record("acme/skills", "commit-messages/SKILL.md", Fixtures.commitSkill),
                Fixtures.record("lena/app", "AGENTS.md", Fixtures.agentsFile),
            ], seenAt: "2026-11-30T10:00:00Z")
        _ = try store.refreshPassageIndex()
        _ = try store.createToken(
            name: "tester", secretSHA256: SHA256.hex(of: Array(Self.secret.utf8)), at: "2026-11-30T10:00:00Z")
        var configuration = MCPServer.Configuration()
        configuration.token = token
        configuration.maxMessageBytes = maxMessageBytes
        server = MCPServer(store: store, configuration: configuration)
    }

    /// The `_meta` a 2026-07-28 client sends with every request.
    static let currentMeta: JSONValue = [
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": [:],
        "io.modelcontextprotocol/clientInfo": ["name": "test-agent", "version": "1"],
    ]

    /// Sends one line and decodes the answer; `nil` when there was none.
    func send(_ line: String, session: MCPSession = MCPSession(), token: String? = nil) -> JSONValue? {
        server.respond(to: Array(line.utf8), session: session, token: token).flatMap {
            try? JSONDecoder().decode(JSONValue.self, from: Data($0))
        }
    }

    /// A request in the current era (or the legacy one), answered.
    func request(
        _ method: String, _ params: [String: JSONValue] = [:], id: Int64 = 1, current: Bool = true,
        session: MCPSession = MCPSession(), token: String? = nil
    ) -> JSONValue {
        var params = params
        if current { params["_meta"] = Self.currentMeta }
        let message: JSONValue = [
            "jsonrpc": "2.0", "id": .integer(id), "method": .string(method), "params": .object(params),
        ]
        return send(String(decoding: RPCMessage.encode(message), as: UTF8.self), session: session, token: token)
            ?? .null
    }

    /// `tools/call`'s result.
    func call(_ tool: String, _ arguments: JSONValue, token: String? = nil) -> JSONValue {
        request("tools/call", ["name": .string(tool), "arguments": arguments], token: token)["result"] ?? .null
    }

    func fileID(_ repository: String, _ path: String) throws -> Int64 {
        try store.file(.key(FileKey(repository: repository, path: path)))?.id ?? -1
    }
}

extension JSONValue {
    var number: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }
}
