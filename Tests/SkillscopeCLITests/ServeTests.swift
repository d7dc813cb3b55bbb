import Foundation
import FoundationNetworking
import SkillscopeTesting
import Testing

/// End-to-end: the real binary serving a registry on a free loopback port.
@Suite struct ServeTests {
    @Test func servesPagesAndTheAPIAndStopsCleanlyOnSIGTERM() async throws {
        let directory = TemporaryDirectory()
        let database = directory.appending("r.sqlite")
        #expect(try BinaryRunner.run(["ingest", Paths.examples, "--db", database]).status == 0)
        let server = try ServerProcess(["--db", database])
        let port = server.port

        let search = try #require(URL(string: "http://127.0.0.1:\(port)/api/v1/search?q=swiftui&limit=3"))
        let (data, response) = try await URLSession.shared.data(from: search)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let results = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let hits = try #require(results["hits"] as? [[String: Any]])
        let first = try #require(hits.first?["id"] as? Int)

        let (page, pageResponse) = try await URLSession.shared.data(
            from: try #require(URL(string: "http://127.0.0.1:\(port)/files/\(first)")))
        #expect((pageResponse as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: page, as: UTF8.self).contains("<h2 id=\"rules\">Rules</h2>"))
        #expect((pageResponse as? HTTPURLResponse)?.value(forHTTPHeaderField: "X-Content-Type-Options") == "nosniff")

        var big = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(port)/api/v1/search")))
        big.httpMethod = "POST"
        big.httpBody = Data(repeating: 120, count: (4 << 20) + 10_000)
        let (_, bigResponse) = try await URLSession.shared.data(for: big)
        #expect((bigResponse as? HTTPURLResponse)?.statusCode == 413)

        // At /mcp the same refusal is a JSON-RPC error, as every answer there is.
        var bigMCP = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(port)/mcp")))
        bigMCP.httpMethod = "POST"
        bigMCP.setValue("application/json", forHTTPHeaderField: "Content-Type")
        bigMCP.httpBody = Data(repeating: 120, count: (4 << 20) + 10_000)
        let (mcpBody, mcpResponse) = try await URLSession.shared.data(for: bigMCP)
        #expect((mcpResponse as? HTTPURLResponse)?.statusCode == 413)
        let rpc = try #require(try JSONSerialization.jsonObject(with: mcpBody) as? [String: Any])
        #expect(rpc["jsonrpc"] as? String == "2.0" && (rpc["error"] as? [String: Any])?["code"] as? Int == -32600)

        #expect(server.stop() == 0)  // SIGTERM
        let lines = server.log
        #expect(lines.contains("GET /files/\(first) 200"))
        #expect(lines.contains("POST /api/v1/search 413"))
        #expect(lines.contains("stopped"))
    }

    @Test func aServerWhoseAccessLogOutgrowsAPipeBufferKeepsAnswering() async throws {
        let directory = TemporaryDirectory()
        let database = directory.appending("r.sqlite")
        #expect(try BinaryRunner.run(["ingest", Paths.examples, "--db", database]).status == 0)
        let server = try ServerProcess(["--db", database])
        // 400 log lines of over 250 bytes: more than the 64 KiB a pipe holds unread.
        let long = String(repeating: "x", count: 240)
        for request in 0..<400 {
            let (_, response) = try await URLSession.shared.data(
                from: try #require(URL(string: "\(server.url)missing-\(request)-\(long)")))
            #expect((response as? HTTPURLResponse)?.statusCode == 404)
        }
        #expect(server.stop() == 0)
        #expect(server.log.utf8.count > 100_000)
        #expect(server.log.contains("GET /missing-399-\(long) 404"))
    }

    @Test func aBusyPortExits69() throws {
        let directory = TemporaryDirectory()
        let database = directory.appending("r.sqlite")
        #expect(try BinaryRunner.run(["ingest", Paths.examples, "--db", database]).status == 0)
        let first = try ServerProcess(["--db", database])
        let port = first.port
        let second = try BinaryRunner.run(["serve", "--port", String(port), "--db", database])
        #expect(second.status == 69)
        #expect(second.stderr.contains("cannot listen on 127.0.0.1:\(port)"))
    }
}
