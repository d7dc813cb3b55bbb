import Foundation
import JSON
import SkillscopeIngest
import Testing

@testable import SkillscopeMCP

/// Framing, dispatch and both protocol eras, on messages handed to the server.
@Suite struct MCPServerTests {
    @Test func malformedJSONIsAParseErrorAndTheServerGoesOnServing() throws {
        let fixture = try MCPFixture()
        let error = try #require(fixture.send("{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\""))
        #expect(error["error"]?["code"]?.integer == -32700)
        #expect(error["id"] == .null)
        #expect(fixture.request("ping", id: 2)["result"] != nil)
    }

    @Test func batchesAndOtherNonRequestsAreInvalidRequests() throws {
        let fixture = try MCPFixture()
        let cases = [
            "[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]", "42", "{\"id\":1,\"method\":\"ping\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"ping\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"ping\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":7}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":[1]}",
        ]
        for line in cases {
            #expect(fixture.send(line)?["error"]?["code"]?.integer == -32600, "\(line)")
        }
        #expect(fixture.send("[1,2]")?["error"]?["message"]?.string?.contains("batch") == true)
    }

    @Test func anOversizedMessageIsRefusedUnread() throws {
        let fixture = try MCPFixture()
        let text = String(repeating: "x", count: 70 * 1024)
        let line = "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\",\"params\":{\"pad\":\"\(text)\"}}"
        #expect(fixture.send(line)?["error"]?["code"]?.integer == -32600)
        #expect(fixture.request("ping", id: 4)["id"]?.integer == 4)
    }

    @Test func unknownMethodsAreAnsweredAtOnceWithTheirID() throws {
        let fixture = try MCPFixture()
        let answer = fixture.send("{\"jsonrpc\":\"2.0\",\"id\":\"abc\",\"method\":\"no/such\"}")
        #expect(answer?["error"]?["code"]?.integer == -32601)
        #expect(answer?["id"] == .string("abc"))
    }

    @Test func notificationsAndResponsesGetNoAnswer() throws {
        let fixture = try MCPFixture()
        let session = MCPSession()
        #expect(fixture.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", session: session) == nil)
        #expect(session.isInitialized)
        #expect(fixture.send("{\"jsonrpc\":\"2.0\",\"method\":\"no/such/notification\"}") == nil)
        #expect(fixture.send("{\"jsonrpc\":\"2.0\",\"id\":9,\"result\":{}}") == nil)
    }

    @Test(arguments: [("2025-06-18", "2025-06-18"), ("2025-11-25", "2025-11-25"), ("2024-11-05", "2025-11-25")])
    func initializeNegotiatesDownToALegacyVersion(offered: String, agreed: String) throws {
        let fixture = try MCPFixture()
        let session = MCPSession()
        let answer = fixture.request(
            "initialize",
            ["protocolVersion": .string(offered), "capabilities": [:], "clientInfo": ["name": "old", "version": "1"]],
            current: false, session: session)
        #expect(answer["result"]?["protocolVersion"]?.string == agreed)
        #expect(answer["result"]?["serverInfo"]?["name"]?.string == "skillscope")
        #expect(answer["result"]?["capabilities"]?["tools"] != nil)
        #expect(answer["result"]?["resultType"] == nil)
        #expect(session.negotiatedVersion == agreed)
    }

    @Test func initializeWithoutAVersionIsInvalidParams() throws {
        let fixture = try MCPFixture()
        #expect(
            fixture.request("initialize", ["capabilities": [:]], current: false)["error"]?["code"]?.integer == -32602)
        #expect(
            fixture.request("initialize", ["protocolVersion": 5], current: false)["error"]?["code"]?.integer == -32602)
    }

    @Test func discoverNeedsNoHandshakeAndCarriesTheCurrentEraFields() throws {
        let fixture = try MCPFixture()
        let result = try #require(fixture.request("server/discover")["result"])
        #expect(result["supportedVersions"] == ["2026-07-28", "2025-11-25", "2025-06-18"])
        #expect(result["resultType"] == "complete")
        #expect(result["ttlMs"]?.integer != nil)
        #expect(result["cacheScope"] == "public")
        #expect(result["_meta"]?["io.modelcontextprotocol/serverInfo"]?["name"] == "skillscope")
        #expect(result["capabilities"]?["extensions"]?["io.modelcontextprotocol/skills"] != nil)
        #expect(result["capabilities"]?["resources"] != nil)
    }

    @Test func anUnsupportedVersionIsRefusedWithTheSupportedOnes() throws {
        let fixture = try MCPFixture()
        let line = """
            {"jsonrpc":"2.0","id":5,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2099-01-01"}}}
            """
        let error = try #require(fixture.send(line)?["error"])
        #expect(error["code"]?.integer == -32022)
        #expect(error["data"]?["requested"] == "2099-01-01")
        #expect(error["data"]?["supported"]?.array?.contains("2026-07-28") == true)
    }

    @Test func aLegacyVersionInMetaIsRefusedAndNeverListedAsSupportedThere() throws {
        let fixture = try MCPFixture()
        let line = """
            {"jsonrpc":"2.0","id":6,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2025-06-18"}}}
            """
        let error = try #require(fixture.send(line)?["error"])
        // One rule: `_meta` carries only the current revision; the older ones are named as served after initialize.
        #expect(error["code"]?.integer == -32022)
        #expect(error["data"]?["supported"] == ["2026-07-28"])
        #expect(error["data"]?["servedThroughInitialize"] == ["2025-11-25", "2025-06-18"])
        #expect(error["message"]?.string?.contains("after initialize") == true)
    }

    @Test func aCurrentRequestMustCarryTheClientsCapabilities() throws {
        let fixture = try MCPFixture()
        let line = """
            {"jsonrpc":"2.0","id":7,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}
            """
        let error = try #require(fixture.send(line)?["error"])
        #expect(error["code"]?.integer == -32602)
        #expect(error["message"]?.string?.contains("io.modelcontextprotocol/clientCapabilities") == true)
        #expect(fixture.request("tools/list")["result"]?["tools"] != nil)
    }

    @Test func discoverWithoutAVersionAndInitializeInTheCurrentEraAreRefused() throws {
        let fixture = try MCPFixture()
        #expect(fixture.request("server/discover", current: false)["error"]?["code"]?.integer == -32602)
        let initialize = fixture.request("initialize", ["protocolVersion": "2025-11-25", "capabilities": [:]])
        #expect(initialize["error"]?["code"]?.integer == -32601)
    }

    @Test func listResultsCarryCacheHintsOnlyInTheCurrentEra() throws {
        let fixture = try MCPFixture()
        let current = try #require(fixture.request("tools/list")["result"])
        #expect(current["resultType"] == "complete" && current["ttlMs"] != nil && current["cacheScope"] != nil)
        let legacy = try #require(fixture.request("tools/list", current: false)["result"])
        #expect(legacy["resultType"] == nil && legacy["ttlMs"] == nil && legacy["cacheScope"] == nil)
        #expect(current["tools"] == legacy["tools"])
    }

    @Test func toolsAreListedInOneOrderWithSchemasAndHonestAnnotations() throws {
        let fixture = try MCPFixture()
        let tools = try #require(fixture.request("tools/list")["result"]?["tools"]?.array)
        #expect(
            tools.compactMap { $0["name"]?.string } == [
                "registry_search", "registry_read", "registry_analyze", "registry_write", "registry_install_plan",
            ])
        for tool in tools {
            #expect(tool["inputSchema"]?["type"] == "object")
            #expect(tool["outputSchema"]?["type"] == "object")
            let readOnly = tool["annotations"]?["readOnlyHint"]?.bool
            #expect(readOnly == (tool["name"] != "registry_write"))
            #expect(tool["annotations"]?["openWorldHint"] == false)
        }
    }

    @Test func concurrentRequestsKeepTheirIDs() async throws {
        let fixture = try MCPFixture()
        let server = fixture.server
        let pairs = await withTaskGroup(of: (Int64, Int64?).self) { group in
            for id in Int64(1)...200 {
                group.addTask {
                    let method = id % 2 == 0 ? "ping" : "tools/call"
                    let params = "{\"name\":\"registry_search\",\"arguments\":{\"query\":\"review \(id)\"}}"
                    let line = "{\"jsonrpc\":\"2.0\",\"id\":\(id),\"method\":\"\(method)\",\"params\":\(params)}"
                    let answer = server.respond(to: Array(line.utf8), session: MCPSession())
                    let value = answer.flatMap { try? JSONDecoder().decode(JSONValue.self, from: Data($0)) }
                    return (id, value?["id"]?.integer.map(Int64.init))
                }
            }
            var pairs: [(Int64, Int64?)] = []
            for await pair in group { pairs.append(pair) }
            return pairs
        }
        #expect(pairs.count == 200)
        #expect(pairs.allSatisfy { $0.0 == $0.1 })
    }
}
