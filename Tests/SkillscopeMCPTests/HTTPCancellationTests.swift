import Foundation
import JSON
import MicroHTTP
import SkillscopeTesting
import Synchronization
import Testing

@testable import SkillscopeMCP

/// A real server on loopback: a client that closes its connection cancels its call.
@Suite(.serialized) struct HTTPCancellationTests {
    /// A text of 4,000 rules: seconds of analysis in a debug build.
    static let longText =
        "# Long\n\n"
        + (0..<4_000).map { "- Always check the build log for item \($0) before you merge the branch \($0 % 97)." }
        .joined(separator: "\n")

    /// The POST of an analysis of ``longText``; the server closes the connection after answering.
    static func analyze(id: Int) -> [UInt8] {
        let body = RPCMessage.encode([
            "jsonrpc": "2.0", "id": .integer(Int64(id)), "method": "tools/call",
            "params": ["name": "registry_analyze", "arguments": ["text": .string(longText), "path": "CLAUDE.md"]],
        ])
        let head =
            "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json\r\n"
            + "Connection: close\r\nContent-Length: \(body.count)\r\n\r\n"
        return Array(head.utf8) + body
    }

    /// What the handler answered, and how long it ran.
    struct Finished: Sendable {
        var text: String
        var seconds: Double
    }

    @Test func closingTheStreamDuringAnAnalyzeStopsTheWork() throws {
        let fixture = try MCPFixture(maxMessageBytes: 4 << 20)
        let transport = HTTPTransport(server: fixture.server)
        let finished = Mutex<[Finished]>([])
        var configuration = HTTPServer.Configuration()
        configuration.port = 0
        configuration.maxBodyBytes = 4 << 20
        let server = HTTPServer(configuration: configuration) { request in
            let start = ContinuousClock.now
            let response = transport.handle(request)
            let elapsed = ContinuousClock.now - start
            let answer = try? JSONDecoder().decode(JSONValue.self, from: Data(response.body))
            let text = answer?["result"]?["content"]?[0]?["text"]?.string ?? ""
            finished.withLock {
                $0.append(
                    Finished(
                        text: text,
                        seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18))
            }
            return response
        }
        let port = try server.start()
        defer { server.stop() }

        // Whole: the client waits for the answer.
        let waiting = try #require(LoopbackConnection(port: port))
        #expect(waiting.send(Self.analyze(id: 1)))
        let answered = String(decoding: waiting.receiveAll(), as: UTF8.self)
        waiting.close()
        #expect(answered.contains("HTTP/1.1 200"))
        let whole = try #require(finished.withLock { $0.first })
        #expect(whole.text.contains("Rules 1–100 of 4000"), "\(whole.text.prefix(300))")
        try #require(whole.seconds > 0.6, "the analysis took \(whole.seconds) s: too short to cancel part-way")

        // Cancelled: the client leaves after 0.2 s; the analysis stops at its next check.
        let leaving = try #require(LoopbackConnection(port: port))
        #expect(leaving.send(Self.analyze(id: 2)))
        Thread.sleep(forTimeInterval: 0.2)
        leaving.close()
        let deadline = Date().addingTimeInterval(60)
        while finished.withLock({ $0.count }) < 2, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        let cancelled = try #require(finished.withLock { $0.count == 2 ? $0[1] : nil })
        #expect(cancelled.text == "cancelled", "\(cancelled.text.prefix(300))")
        #expect(
            cancelled.seconds < whole.seconds * 0.75, "cancelled after \(cancelled.seconds) s of \(whole.seconds) s")
    }
}
