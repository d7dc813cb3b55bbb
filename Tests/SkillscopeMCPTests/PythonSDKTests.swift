import Foundation
import SkillscopeTesting
import Testing

/// The real binary driven by the official MCP Python SDK (PyPI `mcp` 2.x, installed by bench/peers/setup.sh), over
/// stdio and Streamable HTTP, in the current era (`mode="auto"`) and the legacy one (`mode="legacy"`).
@Suite(.serialized) struct PythonSDKTests {
    static let python = Paths.packageRoot + "/bench/.venv/bin/python"
    static let script = Paths.packageRoot + "/bench/peers/mcp_e2e.py"

    /// Whether bench/.venv holds the SDK, version 2 or later.
    static let isInstalled: Bool = {
        guard FileManager.default.isExecutableFile(atPath: python) else { return false }
        let check =
            (try? run([
                python, "-c", "import mcp, importlib.metadata as m; assert int(m.version('mcp').split('.')[0]) >= 2",
            ]))
        return check?.status == 0
    }()

    /// What a child process printed.
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ command: [String]) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        nonisolated(unsafe) var errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// A registry of the bundled examples and a review token.
    static func registry(_ directory: TemporaryDirectory) throws -> (db: String, token: String) {
        let db = directory.appending("registry.sqlite")
        let ingest = try BinaryRunner.run(["ingest", Paths.examples, "--db", db])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        let token = try BinaryRunner.run(["token", "create", "--name", "e2e", "--db", db])
        #expect(token.status == 0, "\(token.stderr)")
        return (db, token.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    func expectScenario(_ run: Run, mode: String) throws {
        #expect(run.status == 0, "stdout: \(run.stdout)\nstderr: \(run.stderr.suffix(3000))")
        let line = try #require(run.stdout.split(separator: "\n").last)
        let seen = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(seen["protocolVersion"] as? String == (mode == "auto" ? "2026-07-28" : "2025-11-25"))
        #expect((seen["failed"] as? [String])?.isEmpty == true, "\(seen["failed"] ?? "")")
        #expect((seen["agentReviews"] as? [String: Any])?["count"] as? Int ?? 0 >= 1)
    }

    @Test(
        .enabled(if: isInstalled, "bench/.venv has no MCP SDK 2.x: run bench/peers/setup.sh"),
        arguments: ["auto", "legacy"])
    func theSDKDrivesEveryToolAndTheSkillsExtensionOverStdio(mode: String) throws {
        let directory = TemporaryDirectory("skillscope-mcp-e2e")
        let (db, token) = try Self.registry(directory)
        let run = try Self.run([
            Self.python, Self.script, "scenario", "--mode", mode, "--stdio", Paths.binary, "--db", db, "--token", token,
        ])
        try expectScenario(run, mode: mode)
    }

    @Test(
        .enabled(if: isInstalled, "bench/.venv has no MCP SDK 2.x: run bench/peers/setup.sh"),
        arguments: ["auto", "legacy"])
    func theSDKDrivesEveryToolAndTheSkillsExtensionOverStreamableHTTP(mode: String) throws {
        let directory = TemporaryDirectory("skillscope-mcp-e2e")
        let (db, token) = try Self.registry(directory)
        let server = try BinaryRunner.start(["serve", "--db", db, "--port", "0"])
        defer {
            server.terminate()
            server.waitUntilExit()
        }
        let banner = try #require(server.standardOutput as? Pipe).fileHandleForReading
        var printed = ""
        while !printed.contains("\n") {
            let chunk = banner.availableData
            if chunk.isEmpty { break }
            printed += String(decoding: chunk, as: UTF8.self)
        }
        let url = try #require(
            printed.split(separator: " ").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) })
        let run = try Self.run([
            Self.python, Self.script, "scenario", "--mode", mode, "--url", url + "mcp", "--token", token,
        ])
        try expectScenario(run, mode: mode)
    }
}
