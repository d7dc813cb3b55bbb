import Dispatch
import Foundation
import SkillscopeTesting
import Synchronization
import Testing

/// End-to-end: agents' analyses at `/mcp` of the real `serve`, more at once than its threads and its one turn.
@Suite struct ServeHeavyQueueTests {
    /// A text of 1,500 rules: a fraction of a second of analysis each, so that eight overlap.
    static let text =
        "# Team rules\n\n"
        + (0..<1_500).map { "- Always check the build log for item \($0) before you merge the branch \($0 % 89)." }
        .joined(separator: "\n")

    /// POSTs one `tools/call` of the current era to `/mcp`; returns the HTTP status and the tool's result.
    static func call(
        _ url: String, id: Int, tool: String, arguments: [String: Any]
    ) throws -> (status: Int, result: [String: Any]) {
        let body = try JSONSerialization.data(withJSONObject: [
            "jsonrpc": "2.0", "id": id, "method": "tools/call",
            "params": [
                "name": tool, "arguments": arguments,
                "_meta": [
                    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
                    "io.modelcontextprotocol/clientCapabilities": [String: Any](),
                ],
            ],
        ])
        let answer = try LoopbackHTTP.exchange(
            url + "mcp", method: "POST",
            headers: [
                ("Content-Type", "application/json"), ("Accept", "application/json, text/event-stream"),
                ("MCP-Protocol-Version", "2026-07-28"), ("Mcp-Method", "tools/call"), ("Mcp-Name", tool),
            ], body: body)
        let object = try JSONSerialization.jsonObject(with: answer.data) as? [String: Any]
        return (answer.status, object?["result"] as? [String: Any] ?? [:])
    }

    static func text(of result: [String: Any]) -> String {
        ((result["content"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
    }

    @Test func eightAnalysesAtOnceAllSucceedAndASearchIsAnsweredMeanwhile() throws {
        let directory = TemporaryDirectory()
        let database = directory.appending("r.sqlite")
        #expect(try BinaryRunner.run(["ingest", Paths.examples, "--db", database]).status == 0)
        let server = try ServerProcess(["--db", database])
        defer { _ = server.stop() }
        let url = server.url

        // Eight analyses: twice the four light threads, eight times the one turn. Before issue 47's queue, all but
        // two were refused "busy" at once.
        struct Done: Sendable {
            var status: Int
            var isError: Bool
            var text: String
            var at: Date
        }
        let done = Mutex<[Done]>([])
        let group = DispatchGroup()
        for id in 1...8 {
            DispatchQueue.global().async(group: group) {
                let answer = try? Self.call(
                    url, id: id, tool: "registry_analyze", arguments: ["text": Self.text, "path": "CLAUDE.md"])
                done.withLock {
                    $0.append(
                        Done(
                            status: answer?.status ?? 0, isError: answer?.result["isError"] as? Bool ?? true,
                            text: answer.map { Self.text(of: $0.result) } ?? "no answer", at: Date()))
                }
            }
        }
        // A light call made while they run is answered without waiting for them.
        Thread.sleep(forTimeInterval: 0.3)
        let search = try Self.call(url, id: 100, tool: "registry_search", arguments: ["query": "swiftui", "limit": 3])
        let searched = Date()
        #expect(search.status == 200 && search.result["isError"] as? Bool != true)
        #expect(group.wait(timeout: .now() + 120) == .success)

        let answers = done.withLock { $0 }
        #expect(answers.count == 8)
        for answer in answers {
            #expect(answer.status == 200 && !answer.isError, "\(answer.text.prefix(200))")
            #expect(answer.text.contains("of 1500"), "\(answer.text.prefix(200))")
        }
        #expect(answers.filter { $0.at < searched }.count < 8, "the search waited for every analysis")
    }
}
