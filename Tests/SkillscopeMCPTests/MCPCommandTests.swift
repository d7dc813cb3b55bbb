import Foundation
import JSON
import SkillscopeTesting
import Testing

/// `skillscope mcp` as agents start it: protocol messages alone on stdout, and an exit when stdin ends.
@Suite struct MCPCommandTests {
    @Test func stdoutCarriesOnlyProtocolMessagesAndStdinsEndStopsTheServer() throws {
        let directory = TemporaryDirectory("skillscope-mcp-cli")
        let db = directory.appending("registry.sqlite")
        #expect(try BinaryRunner.run(["ingest", Paths.examples, "--db", db]).status == 0)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Paths.binary)
        process.arguments = ["mcp", "--db", db]
        process.environment = ["PATH": "/usr/bin:/bin"]
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let lines = [
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}", "garbage",
            "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"registry_search\",\"arguments\":{\"query\":\"swiftui\"}}}",
        ]
        input.fileHandleForWriting.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        try input.fileHandleForWriting.close()
        let stdout = String(decoding: output.readAll(), as: UTF8.self)
        let stderr = String(decoding: errors.readAll(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let written = stdout.split(separator: "\n")
        #expect(written.count == 3)
        for line in written {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["jsonrpc"] as? String == "2.0")
        }
        #expect(stderr.contains("serving"))
    }

    @Test func aMissingRegistryIsReportedOnStderrWithExit66() throws {
        let directory = TemporaryDirectory("skillscope-mcp-cli")
        let run = try BinaryRunner.run(["mcp", "--db", directory.appending("none.sqlite")])
        #expect(run.status == 66)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("no registry"))
    }
}
