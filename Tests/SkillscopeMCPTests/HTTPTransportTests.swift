import Foundation
import JSON
import MicroHTTP
import SkillscopeIngest
import Testing

@testable import SkillscopeMCP

/// Streamable HTTP on request values: status codes, header checks, sessions and event streams.
@Suite struct HTTPTransportTests {
    static let discover = """
        {"jsonrpc":"2.0","id":1,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}
        """

    func post(
        _ transport: HTTPTransport, _ body: String, headers: [String: String] = [:],
        accept: String = "application/json, text/event-stream"
    ) -> (HTTPResponse, JSONValue?) {
        var all = ["content-type": "application/json", "accept": accept]
        for (name, value) in headers { all[name.lowercased()] = value }
        let response = transport.handle(HTTPRequest(method: "POST", path: "/mcp", headers: all, body: Array(body.utf8)))
        return (response, try? JSONDecoder().decode(JSONValue.self, from: Data(response.body)))
    }

    let current = ["MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "server/discover"]

    @Test func aCurrentEraRequestWithMatchingHeadersIsAnsweredAsJSON() throws {
        let transport = HTTPTransport(server: try MCPFixture().server)
        let (response, body) = post(transport, Self.discover, headers: current)
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/json")
        #expect(body?["result"]?["supportedVersions"]?.array?.first == "2026-07-28")
    }

    @Test func headersThatDisagreeWithTheBodyAre400WithHeaderMismatch() throws {
        let transport = HTTPTransport(server: try MCPFixture().server)
        for headers in [
            ["Mcp-Method": "server/discover"], ["MCP-Protocol-Version": "2025-11-25", "Mcp-Method": "server/discover"],
            ["MCP-Protocol-Version": "2026-07-28"], ["MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/list"],
        ] {
            let (response, body) = post(transport, Self.discover, headers: headers)
            #expect(response.status == 400, "\(headers)")
            #expect(body?["error"]?["code"]?.integer == -32020, "\(headers)")
        }
        let call = """
            {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"registry_search","arguments":{"query":"x"},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}
            """
        let base = ["MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call"]
        #expect(post(transport, call, headers: base.merging(["Mcp-Name": "registry_read"]) { $1 }).0.status == 400)
        #expect(post(transport, call, headers: base.merging(["Mcp-Name": "registry_search"]) { $1 }).0.status == 200)
        let encoded = "=?base64?" + Data("registry_search".utf8).base64EncodedString() + "?="
        #expect(post(transport, call, headers: base.merging(["Mcp-Name": encoded]) { $1 }).0.status == 200)
    }

    @Test func anUnsupportedVersionIs400WhetherTheHeaderAloneOrMetaToo() throws {
        let transport = HTTPTransport(server: try MCPFixture().server)
        for version in ["2099-01-01", "2025-06-18"] {
            let body = """
                {"jsonrpc":"2.0","id":4,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"\(version)"}}}
                """
            let (response, answer) = post(
                transport, body, headers: ["MCP-Protocol-Version": version, "Mcp-Method": "tools/list"])
            #expect(response.status == 400, "\(version)")
            #expect(answer?["error"]?["code"]?.integer == -32022)
            #expect(answer?["error"]?["data"]?["supported"] == ["2026-07-28"])
        }
    }

    @Test func anUnsupportedVersionIs400AndAnUnknownMethod404() throws {
        let transport = HTTPTransport(server: try MCPFixture().server)
        let (old, body) = post(
            transport, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}",
            headers: ["MCP-Protocol-Version": "1999-01-01"])
        #expect(old.status == 400 && body?["error"]?["code"]?.integer == -32022)
        let unknown = """
            {"jsonrpc":"2.0","id":3,"method":"no/such","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}
            """
        let (missing, error) = post(
            transport, unknown, headers: ["MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "no/such"])
        #expect(missing.status == 404 && error?["error"]?["code"]?.integer == -32601)
    }

    @Test func aCurrentRequestWithoutClientCapabilitiesIs400WithInvalidParams() throws {
        let transport = HTTPTransport(server: try MCPFixture().server)
        let bare = """
            {"jsonrpc":"2.0","id":5,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}
            """
        let headers = ["MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/list"]
        let (response, body) = post(transport, bare, headers: headers)
        #expect(response.status == 400)
        #expect(body?["error"]?["code"]?.integer == -32602)
        #expect(body?["error"]?["message"]?.string?.contains("clientCapabilities") == true)
        let notAnObject = bare.replacingOccurrences(
            of: "\"2026-07-28\"}", with: "\"2026-07-28\",\"io.modelcontextprotocol/clientCapabilities\":[]}")
        #expect(post(transport, notAnObject, headers: headers).0.status == 400)
    }

    @Test func aNamedMethodWithoutMcpNameIs400WithHeaderMismatch() throws {
        let transport = HTTPTransport(server: try MCPFixture().server)
        let meta =
            #""_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}"#
        for (method, params) in [
            ("tools/call", #""name":"registry_search","arguments":{"query":"x"}"#),
            ("resources/read", #""uri":"skill://lena/app/none/SKILL.md""#),
        ] {
            let body = #"{"jsonrpc":"2.0","id":6,"method":""# + method + #"","params":{"# + params + "," + meta + "}}"
            let (response, answer) = post(
                transport, body, headers: ["MCP-Protocol-Version": "2026-07-28", "Mcp-Method": method])
            #expect(response.status == 400, "\(method)")
            #expect(answer?["error"]?["code"]?.integer == -32020, "\(method)")
        }
        // Without a name in the body the method's own error answers: the header has nothing to repeat.
        let nameless = #"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"arguments":{},"# + meta + "}}"
        let (response, answer) = post(
            transport, nameless, headers: ["MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call"])
        #expect(response.status == 200 && answer?["error"]?["code"]?.integer == -32602)
    }

    @Test func anInitializeCarryingTheCurrentVersionIsRefusedWithoutASession() throws {
        let transport = HTTPTransport(server: try MCPFixture().server)
        let initialize = """
            {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"x","version":"1"},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}
            """
        let (response, body) = post(
            transport, initialize, headers: ["MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "initialize"])
        #expect(body?["error"]?["code"]?.integer == -32601)
        #expect(response.status == 404)
        #expect(response.header("Mcp-Session-Id") == nil)
    }

    @Test func notificationsGet202AndNoBody() throws {
        let transport = HTTPTransport(server: try MCPFixture().server)
        let (response, _) = post(transport, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}")
        #expect(response.status == 202 && response.body.isEmpty)
    }

    @Test func originsOtherThanThisMachineAreForbidden() throws {
        let transport = HTTPTransport(server: try MCPFixture().server)
        #expect(
            post(transport, Self.discover, headers: current.merging(["Origin": "https://evil.example"]) { $1 }).0.status
                == 403)
        #expect(post(transport, Self.discover, headers: current.merging(["Origin": "null"]) { $1 }).0.status == 403)
        #expect(
            post(transport, Self.discover, headers: current.merging(["Origin": "http://localhost:3000"]) { $1 }).0
                .status == 200)
        var configuration = HTTPTransport.Configuration()
        configuration.allowedOrigins = ["https://registry.example"]
        let open = HTTPTransport(server: try MCPFixture().server, configuration: configuration)
        #expect(
            post(open, Self.discover, headers: current.merging(["Origin": "https://registry.example"]) { $1 }).0.status
                == 200)
    }

    @Test func wrongContentTypeAcceptOrMethodAreRefused() throws {
        let transport = HTTPTransport(server: try MCPFixture().server)
        let text = transport.handle(
            HTTPRequest(
                method: "POST", path: "/mcp", headers: ["content-type": "text/plain"], body: Array(Self.discover.utf8)))
        #expect(text.status == 415)
        #expect(post(transport, Self.discover, headers: current, accept: "text/html").0.status == 406)
        #expect(transport.handle(HTTPRequest(method: "GET", path: "/mcp")).status == 405)
        let (bad, body) = post(transport, "{not json")
        #expect(bad.status == 400 && body?["error"]?["code"]?.integer == -32700)
    }

    @Test func anEventStreamIsSentWhenJSONIsNotAccepted() throws {
        let transport = HTTPTransport(server: try MCPFixture().server)
        let (response, _) = post(transport, Self.discover, headers: current, accept: "text/event-stream")
        #expect(response.header("Content-Type") == "text/event-stream")
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(text.hasPrefix("event: message\ndata: {") && text.hasSuffix("}\n\n"))
    }

    @Test func legacyClientsGetASessionThatKeepsTheirVersion() throws {
        let transport = HTTPTransport(server: try MCPFixture().server)
        let initialize = """
            {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"old","version":"1"}}}
            """
        let (response, body) = post(transport, initialize)
        #expect(body?["result"]?["protocolVersion"] == "2025-06-18")
        let session = try #require(response.header("Mcp-Session-Id"))
        let headers = ["Mcp-Session-Id": session, "MCP-Protocol-Version": "2025-06-18"]
        #expect(
            post(transport, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", headers: headers).0.status
                == 202)
        let (listed, tools) = post(
            transport, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}", headers: headers)
        #expect(listed.status == 200 && tools?["result"]?["tools"]?.array?.count == 5)
        let gone = post(
            transport, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\"}", headers: ["Mcp-Session-Id": "nope"])
        #expect(gone.0.status == 404)
        #expect(
            transport.handle(HTTPRequest(method: "DELETE", path: "/mcp", headers: ["mcp-session-id": session])).status
                == 204)
        #expect(
            post(transport, "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/list\"}", headers: headers).0.status
                == 404)
    }
}
