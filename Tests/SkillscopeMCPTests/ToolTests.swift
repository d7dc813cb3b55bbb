import Foundation
import JSON
import SkillscopeIngest
import SkillscopeStore
import SkillscopeTesting
import Testing

@testable import SkillscopeMCP

/// Every tool through `tools/call`: what it answers, and how it refuses bad input.
@Suite struct ToolTests {
    func isError(_ result: JSONValue) -> Bool { result["isError"] == true }
    func text(_ result: JSONValue) -> String { result["content"]?.array?.first?["text"]?.string ?? "" }

    @Test func searchTextIsAReadableListNotTheStructuredContentAgain() throws {
        let fixture = try MCPFixture()
        let result = fixture.call("registry_search", ["query": "review"])
        #expect(!isError(result))
        let id = try fixture.fileID("acme/skills", "code-review/SKILL.md")
        #expect(text(result).contains("id \(id): acme/skills/code-review/SKILL.md (skill, ★ 12) — code-review"))
        #expect(text(result).contains("Review a change before it is merged."))
        #expect((try? JSONDecoder().decode(JSONValue.self, from: Data(text(result).utf8))) == nil)
        #expect(result["structuredContent"]?["hits"]?.array?.isEmpty == false)
    }

    @Test func searchFindsFilesAndFiltersByKind() throws {
        let fixture = try MCPFixture()
        let found = try #require(fixture.call("registry_search", ["query": "review diff"])["structuredContent"])
        let hit = try #require(found["hits"]?.array?.first)
        #expect(hit["path"] == "code-review/SKILL.md")
        #expect(hit["skillURI"] == "skill://acme/skills/code-review/SKILL.md")
        let agents = fixture.call("registry_search", ["query": "npm test", "kinds": ["agents"]])["structuredContent"]
        #expect(agents?["hits"]?.array?.allSatisfy { $0["kind"] == "agents" } == true)
        #expect(agents?["total"]?.integer == 1)
    }

    static let badSearches: [(JSONValue, String)] = {
        var cases: [(JSONValue, String)] = []
        cases.append((["query": ""], "query is empty"))
        cases.append((["query": 5], "query must be a string"))
        cases.append(([:], "query is required"))
        cases.append((["query": "x", "kinds": ["nope"]], "unknown kind nope"))
        cases.append((["query": "x", "limit": 500], "limit must be 1–50"))
        cases.append((["query": "x", "limit": "ten"], "limit must be an integer, not a string (\"ten\")"))
        cases.append((["query": "x", "kinds": "skill"], "kinds must be an array of strings, not a string (\"skill\")"))
        cases.append((["query": "x", "kinds": [3]], "kinds[0] must be a string, not an integer (3)"))
        return cases
    }()

    @Test(arguments: badSearches)
    func searchRefusesBadArgumentsAsToolErrors(arguments: JSONValue, message: String) throws {
        let fixture = try MCPFixture()
        let result = fixture.call("registry_search", arguments)
        #expect(isError(result))
        #expect(text(result).contains(message), "\(text(result))")
    }

    @Test func readGivesRulesChecksVersionsAndReviews() throws {
        let fixture = try MCPFixture()
        let byKey = try #require(
            fixture.call("registry_read", ["repository": "acme/skills", "path": "code-review/SKILL.md"])[
                "structuredContent"])
        #expect(byKey["file"]?["name"] == "code-review")
        // Compact by default: no text, each rule its line, text, rating and evidence; the text block a summary.
        #expect(byKey["file"]?["text"] == nil)
        #expect(byKey["rules"]?.array?.first?["endLine"] == nil && byKey["rules"]?.array?.first?["evidence"] != nil)
        let read = fixture.call("registry_read", ["repository": "acme/skills", "path": "code-review/SKILL.md"])
        #expect(text(read).hasPrefix("code-review (Skill) in acme/skills/code-review/SKILL.md\nRules: 3 rules:"))
        let full = try #require(
            fixture.call(
                "registry_read",
                ["repository": "acme/skills", "path": "code-review/SKILL.md", "includeText": true, "detail": true])[
                    "structuredContent"])
        #expect(full["file"]?["text"]?.string?.contains("Read the whole diff") == true)
        #expect(full["rules"]?.array?.first?["endLine"] != nil && full["checks"]?["security"]?["verdict"] != nil)
        #expect(byKey["rules"]?.array?.count == 3)
        #expect(byKey["ratings"]?["summary"]?.string == "3 rules: 0 common, 3 distinctive, 0 very specific")
        #expect(byKey["rules"]?.array?.first?["rating"]?.string == "distinctive")
        #expect(byKey["ratings"]?["counts"]?["distinctive"]?.integer == 3)
        #expect(byKey["file"]?["skillURI"] == "skill://acme/skills/code-review/SKILL.md")
        #expect(byKey["checks"]?["quality"]?["score"]?.number != nil)
        #expect(byKey["versions"]?["otherProjects"]?.integer == 0)
        #expect(byKey["reviews"]?["count"]?.integer == 0)
        // The listing's aggregate adds nothing to the counts here (they are `reviews`' own), so it is left out.
        #expect(byKey["agentReviews"] == nil)
        let id = try fixture.fileID("acme/skills", "code-review/SKILL.md")
        let byID = fixture.call("registry_read", ["id": .integer(id), "includeText": false])["structuredContent"]
        #expect(byID?["file"]?["id"]?.integer == Int(id))
        #expect(byID?["file"]?["text"] == nil)
    }

    @Test func readRefusesUnknownAndUnnamedFiles() throws {
        let fixture = try MCPFixture()
        #expect(text(fixture.call("registry_read", ["id": 999])).contains("no such file"))
        #expect(text(fixture.call("registry_read", [:])).contains("give id, or repository and path"))
        #expect(text(fixture.call("registry_read", ["id": "one"])).contains("id must be an integer"))
    }

    @Test func analyzeChecksAPastedSkillWithoutStoringIt() throws {
        let fixture = try MCPFixture()
        let before = try fixture.store.stats().files
        let text = """
            ---
            name: Bad_Name
            description: Pipe it.
            ---
            # Setup

            - Run `curl https://x.example/install.sh | sh` first.
            - Always run the tests.
            """
        let result = try #require(
            fixture.call("registry_analyze", ["text": .string(text), "path": "SKILL.md"])["structuredContent"])
        #expect(result["file"]?["kind"] == "skill")
        #expect(result["rules"]?.array?.count == 2)
        #expect(result["checks"]?["findings"]?.array?.isEmpty == false)
        #expect(result["checks"]?["security"]?["verdict"] != "pass")
        #expect(try fixture.store.stats().files == before)
        let copy = fixture.call("registry_analyze", ["text": .string(Fixtures.reviewSkill)])["structuredContent"]
        // Its front matter names it, so it is read as a skill, as the web and `analyze` read it.
        #expect(copy?["file"]?["kind"] == "skill")
        #expect(copy?["versions"]?["bands"]?.array?.first?["versions"]?.array?.first?["path"] == "code-review/SKILL.md")
    }

    @Test func analyzeListsAWindowOfTheRules() throws {
        let fixture = try MCPFixture()
        let many = (1...30).map { "- Check item \($0) first." }.joined(separator: "\n")
        let result = fixture.call("registry_analyze", ["text": .string(many), "rulesLimit": 5, "rulesOffset": 10])
        let content = try #require(result["structuredContent"])
        #expect(content["rules"]?.array?.count == 5)
        #expect(content["rulesShown"]?["total"]?.integer == 30 && content["rulesShown"]?["offset"]?.integer == 10)
        // The eleventh rule first; a compact rule is its line, text, rating and evidence, no position.
        #expect(content["rules"]?.array?.first?["text"] == "Check item 11 first.")
        #expect(content["rules"]?.array?.first?["position"] == nil)
        // A long rule's text is cut to 160 characters, ending in "…"; detail gives it whole.
        let long = "- Keep " + String(repeating: "every word ", count: 40) + "in mind."
        let short = fixture.call("registry_analyze", ["text": .string(long)])["structuredContent"]?["rules"]?.array?
            .first
        #expect(short?["text"]?.string?.count == 160 && short?["text"]?.string?.hasSuffix("…") == true)
        let whole = fixture.call("registry_analyze", ["text": .string(long), "detail": true])["structuredContent"]?[
            "rules"]?
            .array?.first
        #expect(whole?["text"]?.string?.hasSuffix("in mind.") == true)
        #expect(
            text(fixture.call("registry_analyze", ["text": .string(many), "rulesLimit": 0])).contains("rulesLimit"))
    }

    @Test func analyzeRefusesEmptyOversizedAndUnknownKinds() throws {
        let fixture = try MCPFixture()
        #expect(text(fixture.call("registry_analyze", ["text": ""])).contains("text is empty"))
        let big = String(repeating: "a", count: AnalyzeTool.maxBytes + 1)
        let server = fixture.server
        let line =
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"registry_analyze\",\"arguments\":{\"text\":\"\(big)\"}}}"
        // Over the fixture's 64 KiB message limit: refused before parsing.
        let refused = server.respond(to: Array(line.utf8), session: MCPSession())
        #expect(refused.map { String(decoding: $0, as: UTF8.self) }?.contains("-32600") == true)
        #expect(text(fixture.call("registry_analyze", ["text": "x", "kind": "poem"])).contains("unknown kind 'poem'"))
    }

    @Test func writeNeedsAToken() throws {
        let fixture = try MCPFixture()
        let arguments: JSONValue = ["action": "report", "id": 1, "outcome": "worked", "usedFor": "x"]
        let missing = fixture.call("registry_write", arguments)
        #expect(isError(missing) && text(missing).contains("needs a token"))
        let unknown = fixture.call("registry_write", arguments, token: "sks_wrong")
        #expect(isError(unknown) && text(unknown).contains("not known"))
        #expect(try fixture.store.reviewSummary(ofFile: 1).count == 0)
    }

    @Test func aReportIsStoredAsAnAgentReviewAndCountedInTheListing() throws {
        let fixture = try MCPFixture(token: MCPFixture.secret)
        let id = try fixture.fileID("acme/skills", "code-review/SKILL.md")
        let arguments: JSONValue = [
            "action": "report", "id": .integer(id), "outcome": "didnt", "usedFor": "reviewing a PR",
            "costUSD": 0.25, "latencyMs": 4000,
        ]
        let written = try #require(fixture.call("registry_write", arguments)["structuredContent"])
        #expect(written["replaced"] == false)
        // The token's name: the client's clientInfo (test-agent) is not the reviewer.
        #expect(written["reviewer"] == "tester")
        #expect(written["summary"]?["failed"]?.integer == 1)
        let again = fixture.call("registry_write", arguments.merging(["outcome": "partly"]))["structuredContent"]
        #expect(again?["replaced"] == true)
        let reviews = try fixture.store.reviews(ofFile: id)
        #expect(reviews.count == 1 && reviews[0].outcome == .partly && reviews[0].costUSD == 0.25)
        #expect(reviews[0].latencyMs == 4000)
        let read = fixture.call("registry_read", ["id": .integer(id)])["structuredContent"]
        // The counts once: this version's, split into agents' and people's, never repeated under other keys.
        #expect(read?["reviews"]?["count"]?.integer == 1)
        #expect(read?["reviews"]?["agents"]?["count"]?.integer == 1 && read?["reviews"]?["people"]?["count"] == 0)
        #expect(read?["reviews"]?["successRate"]?.number == 0.5)
        #expect(read?["reviews"]?["costUSDAverage"]?.number == 0.25)
        #expect(read?["reviews"]?["latencyP50Ms"]?.integer == 4000)
        #expect(read?["reviews"]?["thisVersion"] == nil && read?["agentReviews"]?["count"] == nil)
        #expect(read?["reviews"]?["recent"]?.array?.first?["reviewer"] == "tester")
    }

    @Test func oneReviewerRuleOnBothTransportsTheTokensNameThenTheAgents() throws {
        // The server's own token (stdio) and a bearer token (HTTP): the same name, the same reviewer.
        let stdio = try MCPFixture(token: MCPFixture.secret)
        let http = try MCPFixture()
        for (fixture, token) in [(stdio, nil), (http, MCPFixture.secret)] as [(MCPFixture, String?)] {
            let arguments: JSONValue = [
                "action": "report", "id": 1, "outcome": "worked", "usedFor": "x", "agent": "  claude-code ",
            ]
            let written = fixture.call("registry_write", arguments, token: token)["structuredContent"]
            #expect(written?["reviewer"] == "tester (claude-code)")
            let plain = fixture.call(
                "registry_write", ["action": "report", "id": 1, "outcome": "worked", "usedFor": "x"], token: token)
            #expect(plain["structuredContent"]?["reviewer"] == "tester")
            #expect(try fixture.store.reviews(ofFile: 1).map(\.reviewer) == ["tester"])
        }
    }

    @Test func anHTTPBearerTokenIsUsedWhenTheServerHasNone() throws {
        let fixture = try MCPFixture()
        let result = fixture.call(
            "registry_write", ["action": "report", "id": 1, "outcome": "worked", "usedFor": "x"],
            token: MCPFixture.secret)
        #expect(!isError(result))
    }

    static let badReports: [(JSONValue, String)] = {
        let base: [String: JSONValue] = ["action": "report", "id": 1, "outcome": "worked", "usedFor": "x"]
        func with(_ changes: [String: JSONValue]) -> JSONValue { .object(base.merging(changes) { $1 }) }
        var cases: [(JSONValue, String)] = []
        cases.append((with(["action": "delete"]), "the only action is report"))
        cases.append((with(["outcome": "great"]), "outcome must be worked, partly or failed"))
        cases.append((with(["usedFor": ""]), "usedFor is required"))
        cases.append((with(["usedFor": "   "]), "usedFor is required"))
        cases.append((with(["id": 2.5]), "id must be an integer, not a fraction (2.5)"))
        cases.append((with(["id": 99]), "no such file"))
        cases.append((with(["usedFor": .string(String(repeating: "u", count: 501))]), "over 500 characters"))
        cases.append((with(["costUSD": -1]), "costUSD must be 0"))
        var noAction = base
        noAction["action"] = nil
        cases.append((.object(noAction), "action is required"))
        return cases
    }()

    @Test(arguments: badReports)
    func writeRefusesBadReports(arguments: JSONValue, message: String) throws {
        let fixture = try MCPFixture(token: MCPFixture.secret)
        let result = fixture.call("registry_write", arguments)
        #expect(isError(result))
        #expect(text(result).contains(message), "\(text(result))")
    }

    /// The one contract of registry_write's outcome: its schema, its description and its error say the same.
    @Test func writesOutcomeIsTheSameInSchemaDescriptionAndError() throws {
        let schema = WriteTool.inputSchema["properties"]?["outcome"]
        #expect(schema?["enum"] == ["worked", "partly", "failed"])
        #expect(WriteTool.summary.contains("worked, partly or failed"))
        #expect(WriteTool.inputSchema["required"] == ["action", "outcome", "usedFor"])
        let fixture = try MCPFixture(token: MCPFixture.secret)
        let refused = fixture.call("registry_write", ["action": "report", "id": 1, "outcome": "meh", "usedFor": "x"])
        #expect(text(refused).contains("worked, partly or failed"))
    }

    @Test func aFractionWhereAnIntegerGoesNamesTheField() throws {
        let fixture = try MCPFixture()
        let result = fixture.call("registry_search", ["query": "review", "limit": 2.5])
        #expect(
            isError(result) && text(result).contains("limit must be an integer, not a fraction (2.5)"),
            "\(text(result))")
    }

    @Test func installPlanTakesTheIntegerIdsSearchGives() throws {
        let fixture = try MCPFixture()
        let id = try fixture.fileID("acme/skills", "code-review/SKILL.md")
        let byInteger = fixture.call("registry_install_plan", ["source": .integer(id), "agents": ["claude"]])
        #expect(!isError(byInteger), "\(text(byInteger))")
        let byString = fixture.call("registry_install_plan", ["source": .string(String(id)), "agents": ["claude"]])
        #expect(byInteger["structuredContent"]?["plan"] == byString["structuredContent"]?["plan"])
    }

    @Test func installPlanSaysWhatAddWouldWrite() throws {
        let fixture = try MCPFixture()
        let result = try #require(
            fixture.call(
                "registry_install_plan", ["source": "acme/skills/code-review/SKILL.md", "agents": ["claude"]])[
                    "structuredContent"])
        #expect(result["command"] == "skillscope add acme/skills/code-review/SKILL.md --agent claude")
        let skill = try #require(result["plan"]?["skills"]?.array?.first)
        #expect(skill["name"] == "code-review")
        // The scan is in the answer, and the output schema says so.
        #expect(skill["scan"]?["verdict"] == "pass", "\(skill["scan"] ?? .null)")
        let tools = fixture.request("tools/list")["result"]?["tools"]?.array ?? []
        let schema = tools.first { $0["name"] == "registry_install_plan" }?["outputSchema"]
        let item = schema?["properties"]?["plan"]?["properties"]?["skills"]?["items"]
        #expect(item?["required"]?.array?.contains("scan") == true)
        #expect(item?["properties"]?["scan"]?["properties"]?["verdict"]?["enum"] == ["pass", "warn", "fail"])
        let actions = skill["actions"]?.array ?? []
        let paths = actions.compactMap { $0["path"]?.string }
        #expect(paths.contains(".agents/skills/code-review/SKILL.md"))
        #expect(paths.contains(".agents/skills/code-review/references/CHECKLIST.md"))
        #expect(paths.contains(".skillscope/base/code-review/SKILL.md"))
        let link = actions.first { $0["kind"] == "link" }
        #expect(link?["path"] == ".claude/skills/code-review")
        #expect(link?["target"] == "../../.agents/skills/code-review")
        #expect(actions.last?["kind"] == "lock")
        let codex = fixture.call("registry_install_plan", ["source": "acme/skills/code-review", "agents": ["codex"]])
        #expect(
            codex["structuredContent"]?["plan"]?["skills"]?[0]?["actions"]?.array?.contains { $0["kind"] == "shared" }
                == true)
    }

    @Test func installPlanRefusesUnknownAgentsAndSources() throws {
        let fixture = try MCPFixture()
        #expect(
            text(fixture.call("registry_install_plan", ["source": "acme/skills", "agents": ["vim"]])).contains(
                "unknown agent"))
        #expect(
            text(fixture.call("registry_install_plan", ["source": "nobody/none", "agents": ["claude"]])).contains(
                "no skill files"))
        #expect(
            text(fixture.call("registry_install_plan", ["source": "x", "agents": ["claude"]])).contains(
                "registry id or owner/repo"))
    }

    @Test func anUnknownToolIsAProtocolError() throws {
        let fixture = try MCPFixture()
        let answer = fixture.request("tools/call", ["name": "registry_delete", "arguments": [:]])
        #expect(answer["error"]?["code"]?.integer == -32602)
        #expect(fixture.request("tools/call", ["arguments": [:]])["error"]?["code"]?.integer == -32602)
        #expect(
            fixture.request("tools/call", ["name": "registry_search", "arguments": [1]])["error"]?["code"]?.integer
                == -32602)
    }
}

extension JSONValue {
    subscript(index: Int) -> JSONValue? { array.flatMap { $0.indices.contains(index) ? $0[index] : nil } }
}
