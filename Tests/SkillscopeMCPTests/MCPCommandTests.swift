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

    /// Runs `skillscope mcp` with `arguments` and `environment`, sends one `registry_write` report, and gives
    /// the exit status and the answer's reviewer (or its error text).
    func report(
        db: String, arguments: [String] = [], environment: [String: String] = [:]
    ) throws -> (status: Int32, answer: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Paths.binary)
        process.arguments = ["mcp", "--db", db] + arguments
        process.environment = ["PATH": "/usr/bin:/bin"].merging(environment) { $1 }
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        let call = """
            {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"registry_write","arguments":{"action":"report","id":1,"outcome":"worked","usedFor":"a test","agent":"cli-agent"},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}
            """
        input.fileHandleForWriting.write(Data((call + "\n").utf8))
        try input.fileHandleForWriting.close()
        let stdout = String(decoding: output.readAll(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, stdout)
    }

    @Test func theTokenComesFromTheEnvironmentOrAFileNeverTheCommandLine() throws {
        let directory = TemporaryDirectory("skillscope-mcp-cli")
        let db = directory.appending("registry.sqlite")
        #expect(try BinaryRunner.run(["ingest", Paths.examples, "--db", db]).status == 0)
        let created = try BinaryRunner.run(["token", "create", "--name", "cli", "--db", db])
        let token = created.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(created.status == 0 && token.hasPrefix("sks_"))
        // On the command line: refused before anything runs, saying where the token goes instead.
        let refused = try BinaryRunner.run(["mcp", "--db", db, "--token", token])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("SKILLSCOPE_TOKEN") && refused.stderr.contains("--token-file"))
        // From the environment, and from a file (its first line): the same reviewer.
        let fromEnvironment = try report(db: db, environment: ["SKILLSCOPE_TOKEN": token])
        #expect(fromEnvironment.status == 0 && fromEnvironment.answer.contains("\"reviewer\":\"cli (cli-agent)\""))
        let file = directory.appending("token")
        try Data((token + "\n").utf8).write(to: URL(fileURLWithPath: file))
        let fromFile = try report(db: db, arguments: ["--token-file", file])
        #expect(fromFile.status == 0 && fromFile.answer.contains("\"reviewer\":\"cli (cli-agent)\""))
        // Without one, the tool says how to give it; a missing file is exit 66.
        let without = try report(db: db)
        #expect(without.answer.contains("SKILLSCOPE_TOKEN"))
        let missing = try BinaryRunner.run(["mcp", "--db", db, "--token-file", directory.appending("none")])
        #expect(missing.status == 66 && missing.stderr.contains("cannot read the token file"))
    }

    @Test func aMissingRegistryIsReportedOnStderrWithExit66() throws {
        let directory = TemporaryDirectory("skillscope-mcp-cli")
        let run = try BinaryRunner.run(["mcp", "--db", directory.appending("none.sqlite")])
        #expect(run.status == 66)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("no registry"))
    }
}
