import Foundation
import JSON
import SkillscopeCore
import SkillscopeSQLite
import SkillscopeStore
import SkillscopeTesting
import Synchronization
import Testing

@testable import SkillscopeMCP

/// What a model reads: the text blocks carry the rules, the contract is small and described, and arguments that
/// disagree or have the wrong type are refused in words that name them.
@Suite struct AnswerTests {
    func text(_ result: JSONValue) -> String { result["content"]?.array?.first?["text"]?.string ?? "" }

    @Test func readsTextBlockHoldsEachRulesLineRatingTextAndEvidence() throws {
        let fixture = try MCPFixture()
        let result = fixture.call("registry_read", ["repository": "acme/skills", "path": "code-review/SKILL.md"])
        let rules = try #require(result["structuredContent"]?["rules"]?.array)
        #expect(rules.count == 3)
        let block = text(result)
        for rule in rules {
            let line = try #require(rule["line"]?.integer)
            let rating = try #require(rule["rating"]?.string)
            let words = try #require(rule["text"]?.string)
            let evidence = try #require(rule["evidence"]?.string)
            #expect(block.contains("L\(line) [\(rating)] \(words) — \(evidence.prefix(100))"), "\(block)")
        }
        #expect(block.contains("Rules 1–3 of 3 (line, rating, rule — evidence):"))
        #expect(block.contains("Checks: security pass"))
        #expect(block.contains("Reviews of this version: 0"))
    }

    @Test func aWindowOfRulesIsBoundedInTheTextAndSaysWhereToGoOn() throws {
        let fixture = try MCPFixture()
        let many = (1...30).map { "- Check item \($0) first." }.joined(separator: "\n")
        let result = fixture.call(
            "registry_analyze", ["text": .string(many), "path": "CLAUDE.md", "rulesLimit": 5, "rulesOffset": 10])
        let block = text(result)
        #expect(block.contains("Rules 11–15 of 30"))
        #expect(block.contains("Check item 11 first.") && block.contains("Check item 15 first."))
        #expect(!block.contains("Check item 16 first.") && !block.contains("Check item 10 first."))
        #expect(block.contains("call again with rulesOffset 15"))
    }

    @Test func analyzeWithoutAPathSaysNoneAndInventsNoAGENTSmd() throws {
        let fixture = try MCPFixture()
        let result = fixture.call("registry_analyze", ["text": "- Always run the tests before pushing.\n"])
        let file = try #require(result["structuredContent"]?["file"])
        #expect(file["path"] == nil)
        #expect(!text(result).contains("AGENTS.md"), "\(text(result))")
        #expect(text(result).hasPrefix("A text with no path (kind agents, read from the text)"))
        let given = fixture.call("registry_analyze", ["text": "- Always run the tests.\n", "path": "CLAUDE.md"])
        #expect(given["structuredContent"]?["file"]?["path"] == "CLAUDE.md")
        let detailed = fixture.call("registry_analyze", ["text": "- Always run the tests.\n", "detail": true])
        #expect(detailed["structuredContent"]?["file"]?["path"] == nil)
    }

    @Test func anIdBesideADifferentFileIsRefusedNamingBoth() throws {
        let fixture = try MCPFixture()
        let id = try fixture.fileID("acme/skills", "code-review/SKILL.md")
        let other = fixture.call("registry_read", ["id": .integer(id), "path": "commit-messages/SKILL.md"])
        #expect(other["isError"] == true)
        #expect(text(other).contains("id \(id) and path commit-messages/SKILL.md name different files"))
        let repository = fixture.call("registry_read", ["id": .integer(id), "repository": "lena/app"])
        #expect(text(repository).contains("id \(id) and repository lena/app name different files"))
        let same = fixture.call(
            "registry_read", ["id": .integer(id), "repository": "acme/skills", "path": "code-review/SKILL.md"])
        #expect(same["isError"] == false)
    }

    @Test func aKindThatDisagreesWithThePathIsRefusedNamingBoth() throws {
        let fixture = try MCPFixture()
        let result = fixture.call(
            "registry_analyze", ["text": "- Run the tests.\n", "kind": "cursor", "path": "CLAUDE.md"])
        #expect(result["isError"] == true)
        #expect(text(result).contains("kind cursor and path CLAUDE.md disagree"), "\(text(result))")
        let agreeing = fixture.call(
            "registry_analyze", ["text": "- Run the tests.\n", "kind": "claude", "path": "CLAUDE.md"])
        #expect(agreeing["isError"] == false, "\(text(agreeing))")
    }

    @Test func toolsListFitsIn8KBDescribesEveryArgumentAndSaysIdOrRepositoryAndPath() throws {
        let fixture = try MCPFixture()
        let answer = fixture.request("tools/list")
        let bytes = RPCMessage.encode(answer)
        #expect(bytes.count <= 8 * 1024, "tools/list is \(bytes.count) bytes")
        let tools = try #require(answer["result"]?["tools"]?.array)
        for tool in tools {
            let properties = try #require(tool["inputSchema"]?["properties"]?.object)
            for (name, schema) in properties {
                #expect(schema["description"]?.string?.isEmpty == false, "\(tool["name"] ?? "") \(name)")
            }
        }
        let read = try #require(tools.first { $0["name"] == "registry_read" })
        #expect(read["inputSchema"]?["anyOf"] == [["required": ["id"]], ["required": ["repository", "path"]]])
        // Shapes used twice are written once, under $defs.
        #expect(read["outputSchema"]?["$defs"]?["tally"] != nil)
        #expect(String(decoding: RPCMessage.encode(read["outputSchema"] ?? .null), as: UTF8.self).contains("#/$defs/"))
    }

    @Test func installPlanTakesAgentsAndSaysWhatTheRegistryDoesNotHold() throws {
        let directory = TemporaryDirectory("skillscope-mcp-plan")
        let store = try SQLiteStore(path: directory.appending("r.sqlite"))
        let skill = """
            ---
            name: trace-reader
            description: Read a trace and say what went slow. Use when a trace is given.
            ---
            # Trace reader

            - Run `python scripts/analyze_trace.py TRACE` and read its summary first.
            - Compare against references/budgets.md before reporting.
            - Never edit the trace.
            """
        _ = try store.write(
            repositories: [RepositoryRecord(fullName: "ops/kit", stars: 3)],
            files: [
                Fixtures.record("ops/kit", "trace-reader/SKILL.md", skill),
                {
                    var reference = Fixtures.record("ops/kit", "trace-reader/references/budgets.md", "# Budgets\n")
                    reference.kind = .skillReference
                    return reference
                }(),
            ], seenAt: "2026-11-30T10:00:00Z")
        var configuration = MCPServer.Configuration()
        configuration.databasePath = "/srv/registry dbs/r.sqlite"
        let server = MCPServer(store: store, configuration: configuration)
        let message: JSONValue = [
            "jsonrpc": "2.0", "id": 1, "method": "tools/call",
            "params": [
                "name": "registry_install_plan",
                "arguments": ["source": "ops/kit/trace-reader", "agents": ["claude", "cursor"]],
                "_meta": MCPFixture.currentMeta,
            ],
        ]
        let bytes = try #require(server.respond(to: RPCMessage.encode(message), session: MCPSession()))
        let result = try #require(try JSONDecoder().decode(JSONValue.self, from: Data(bytes))["result"])
        let plan = try #require(result["structuredContent"])
        #expect(
            plan["command"]
                == "skillscope add ops/kit/trace-reader --agent claude --agent cursor --db '/srv/registry dbs/r.sqlite'"
        )
        #expect(plan["agents"] == ["claude", "cursor"])
        let actions = plan["plan"]?["skills"]?[0]?["actions"]?.array ?? []
        #expect(Set(actions.compactMap { $0["agent"]?.string }) == ["claude", "cursor"])
        let notes = plan["plan"]?["skills"]?[0]?["notes"]?.array?.compactMap(\.string) ?? []
        #expect(notes.count == 1, "\(notes)")
        #expect(
            notes.first?.contains("SKILL.md names scripts/analyze_trace.py, which the registry does not hold") == true)
        #expect(text(result).contains("Run: skillscope add ops/kit/trace-reader"))
        #expect(text(result).contains("- SKILL.md names scripts/analyze_trace.py"))
    }

    @Test func installPlansOneAgentArgumentIsRefusedPointingToAgents() throws {
        let fixture = try MCPFixture()
        let result = fixture.call("registry_install_plan", ["source": "acme/skills", "agent": "claude"])
        #expect(result["isError"] == true)
        #expect(text(result).contains("the argument is agents, a list"), "\(text(result))")
        let empty = fixture.call("registry_install_plan", ["source": "acme/skills", "agents": []])
        #expect(text(empty).contains("agents is empty"))
    }

    @Test func onlyHeavyToolsWaitInTheHeavyQueueAndARefusalIsTheToolsError() throws {
        let fixture = try MCPFixture()
        let turns = Mutex<[Bool]>([])
        let refusing = Atomic<Bool>(false)
        var configuration = MCPServer.Configuration()
        configuration.heavyQueue = HeavyQueue { _, work in
            turns.withLock { $0.append(true) }
            if refusing.load(ordering: .relaxed) {
                throw ToolError("the server is busy with other analyses; try again in 10 s")
            }
            work()
        }
        let tools = ToolRegistry(store: fixture.store, heavyQueue: configuration.heavyQueue)
        let context = RPCContext(protocolVersion: ProtocolVersion.current, session: MCPSession())
        let search = try #require(tools.tool(named: "registry_search"))
        let analyze = try #require(tools.tool(named: "registry_analyze"))
        #expect(search.call(["query": "review"], context)["isError"] == false)
        #expect(turns.withLock { $0.count } == 0)
        let analyzed = analyze.call(["text": "- Run the tests.\n"], context)
        #expect(analyzed["isError"] == false && turns.withLock { $0.count } == 1)
        refusing.store(true, ordering: .relaxed)
        let refused = analyze.call(["text": "- Run the tests.\n"], context)
        #expect(refused["isError"] == true)
        let words = refused["content"]?[0]?["text"]?.string ?? ""
        #expect(words.contains("registry_analyze did not run") && words.contains("busy"), "\(words)")
        // Bad arguments are answered without taking a turn.
        _ = analyze.call(["text": 5], context)
        #expect(turns.withLock { $0.count } == 2)
    }

    @Test func aKeptReadIsDroppedWhenAReviewChangesTheRegistry() throws {
        let fixture = try MCPFixture(token: MCPFixture.secret)
        let id = try fixture.fileID("acme/skills", "code-review/SKILL.md")
        let first = fixture.call("registry_read", ["id": .integer(id)])
        #expect(fixture.call("registry_read", ["id": .integer(id)]) == first)
        #expect(first["structuredContent"]?["reviews"]?["count"] == 0)
        let report: JSONValue = ["action": "report", "id": .integer(id), "outcome": "worked", "usedFor": "a review"]
        #expect(fixture.call("registry_write", report)["isError"] == false)
        let after = fixture.call("registry_read", ["id": .integer(id)])
        #expect(after["structuredContent"]?["reviews"]?["count"] == 1)
        #expect(text(after).contains("Reviews of this version: 1 (1 worked"))
        // Another window of the same file is its own answer.
        let window = fixture.call("registry_read", ["id": .integer(id), "rulesLimit": 1])
        #expect(window["structuredContent"]?["rules"]?.array?.count == 1)
    }
}
