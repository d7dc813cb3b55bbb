import Foundation
import JSON
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
        // The interpreter itself, not the scenario script: `run` would hand these arguments to the script.
        let check = try? BinaryRunner.runProgram(
            python, ["-c", "import mcp, importlib.metadata as m; assert int(m.version('mcp').split('.')[0]) >= 2"],
            timeout: 60)
        return check?.status == 0
    }()

    /// Runs the Python client `arguments…`, killed if it takes over five minutes.
    static func run(_ arguments: [String]) throws -> BinaryRun {
        try BinaryRunner.runProgram(python, [script] + arguments, timeout: 300)
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

    func expectScenario(_ run: BinaryRun, mode: String) throws {
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
            "scenario", "--mode", mode, "--stdio", Paths.binary, "--db", db, "--token", token,
        ])
        try expectScenario(run, mode: mode)
    }

    @Test(
        .enabled(if: isInstalled, "bench/.venv has no MCP SDK 2.x: run bench/peers/setup.sh"),
        arguments: ["auto", "legacy"])
    func theSDKDrivesEveryToolAndTheSkillsExtensionOverStreamableHTTP(mode: String) throws {
        let directory = TemporaryDirectory("skillscope-mcp-e2e")
        let (db, token) = try Self.registry(directory)
        let server = try ServerProcess(["--db", db])
        defer { server.stop() }
        let run = try Self.run([
            "scenario", "--mode", mode, "--url", server.url + "mcp", "--token", token,
        ])
        try expectScenario(run, mode: mode)
    }
}
