import Foundation
import JSON
import SkillscopeIngest
import Synchronization
import Testing

@testable import SkillscopeMCP

/// The stdio loop on scripted lines: one answer a line, ids kept, cancellation honoured, an end at EOF.
@Suite struct StdioTransportTests {
    /// Lines to read, and the lines written.
    final class Script: Sendable {
        private let input: Mutex<[String]>
        private let output = Mutex<[String]>([])
        private let writeDelay: Duration
        private let holdEndUntilAWrite: Bool
        private let writeBegun = DispatchSemaphore(value: 0)

        /// - Parameters:
        ///   - writeDelay: how long each write takes before its line lands, as a slow pipe would.
        ///   - holdEndUntilAWrite: the end of input waits (at most 5 s) until a write has begun.
        init(_ lines: [String], writeDelay: Duration = .zero, holdEndUntilAWrite: Bool = false) {
            input = Mutex(lines)
            self.writeDelay = writeDelay
            self.holdEndUntilAWrite = holdEndUntilAWrite
        }

        var streams: StdioTransport.Streams {
            StdioTransport.Streams(
                readLine: {
                    if let line = self.input.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { return line }
                    if self.holdEndUntilAWrite { _ = self.writeBegun.wait(timeout: .now() + 5) }
                    return nil
                },
                write: { bytes in
                    self.writeBegun.signal()
                    if self.writeDelay > .zero { Thread.sleep(forTimeInterval: self.writeDelay.seconds) }
                    self.output.withLock { $0.append(String(decoding: bytes, as: UTF8.self)) }
                })
        }

        var written: [String] { output.withLock { $0 } }

        var answers: [JSONValue] {
            written.compactMap { try? JSONDecoder().decode(JSONValue.self, from: Data($0.utf8)) }
        }
    }

    @Test func everyRequestGetsOneLineWithItsIDAndNothingElseIsWritten() async throws {
        let fixture = try MCPFixture()
        var lines = (1...50).map { id in
            "{\"jsonrpc\":\"2.0\",\"id\":\(id),\"method\":\"tools/call\",\"params\":{\"name\":\"registry_search\",\"arguments\":{\"query\":\"review\"}}}"
        }
        lines += ["", "   ", "not json", "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"]
        let script = Script(lines)
        await StdioTransport(server: fixture.server, streams: script.streams).run()
        #expect(script.written.count == 51)
        #expect(script.written.allSatisfy { $0.hasSuffix("\n") && $0.dropLast().contains("\n") == false })
        let ids = Set(script.answers.compactMap { $0["id"]?.integer })
        #expect(ids == Set(1...50))
        #expect(script.answers.filter { $0["error"]?["code"]?.integer == -32700 }.count == 1)
    }

    @Test func runReturnsOnlyOnceEveryResponseIsWritten() async throws {
        let fixture = try MCPFixture()
        // The input ends while the answer is being written, slowly: `run` must wait for it.
        let script = Script(
            ["{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}"], writeDelay: .milliseconds(200),
            holdEndUntilAWrite: true)
        await StdioTransport(server: fixture.server, streams: script.streams).run()
        #expect(script.answers.compactMap { $0["id"]?.integer } == [1])
    }

    @Test func aCancelledRequestIsNeverAnsweredAndTheServerGoesOn() async throws {
        let fixture = try MCPFixture(maxMessageBytes: 4 << 20)
        // One worker: the slow analysis holds it, so the ping waits in line while its cancellation arrives.
        let text = String(repeating: "- Always run the tests before you commit anything at all.\n", count: 4000)
        let slow = RPCMessage.encode([
            "jsonrpc": "2.0", "id": 1, "method": "tools/call",
            "params": ["name": "registry_analyze", "arguments": ["text": .string(text), "findVersions": true]],
        ])
        let script = Script([
            String(decoding: slow, as: UTF8.self), "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":2}}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":77}}",
            "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}",
        ])
        await StdioTransport(server: fixture.server, streams: script.streams, concurrency: 1).run()
        let ids = script.answers.compactMap { $0["id"]?.integer }
        #expect(ids.sorted() == [1, 3])
    }

    @Test func aReusedInFlightIDIsRefused() async throws {
        let fixture = try MCPFixture(maxMessageBytes: 4 << 20)
        let text = String(repeating: "- Never skip the review step for any change.\n", count: 4000)
        let slow = String(
            decoding: RPCMessage.encode([
                "jsonrpc": "2.0", "id": 1, "method": "tools/call",
                "params": ["name": "registry_analyze", "arguments": ["text": .string(text)]],
            ]), as: UTF8.self)
        let script = Script([slow, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}"])
        await StdioTransport(server: fixture.server, streams: script.streams, concurrency: 1).run()
        let answers = script.answers
        #expect(answers.count == 2)
        #expect(answers.contains { $0["error"]?["code"]?.integer == -32600 && $0["id"]?.integer == 1 })
        #expect(answers.contains { $0["result"]?["structuredContent"] != nil })
    }
}
