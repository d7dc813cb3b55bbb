import Foundation
import JSON
import SkillscopeTesting
import Testing

/// Five tasks an agent does, through the official MCP Python SDK (2.x) against the real binary, answered from the
/// tools' text blocks alone (bench/peers/mcp_agent_tasks.py): a skill for a job and its common rules, the origin
/// of a copied skill from every copy, a CLAUDE.md analyzed, an install planned for two agents, a review reported.
@Suite(.serialized) struct AgentTaskTests {
    static let script = Paths.packageRoot + "/bench/peers/mcp_agent_tasks.py"

    /// The tasks' corpus, ingested, and a review token.
    static func registry(_ directory: TemporaryDirectory) throws -> (corpus: String, db: String, token: String) {
        let corpus = directory.appending("corpus")
        try FileManager.default.createDirectory(atPath: corpus, withIntermediateDirectories: true)
        let made = try BinaryRunner.runProgram(PythonSDKTests.python, [script, "corpus", corpus], timeout: 60)
        #expect(made.status == 0, "\(made.stderr)")
        let db = directory.appending("registry.sqlite")
        let ingest = try BinaryRunner.run(["ingest", corpus, "--db", db])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        let token = try BinaryRunner.run(["token", "create", "--name", "tasks", "--db", db])
        #expect(token.status == 0, "\(token.stderr)")
        return (corpus, db, token.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Checks the script's report: every task's checks held, and the answers are the corpus's.
    func expectAnswers(_ run: BinaryRun, db: String) throws {
        #expect(run.status == 0, "stdout: \(run.stdout.suffix(3000))\nstderr: \(run.stderr.suffix(3000))")
        let line = try #require(run.stdout.split(separator: "\n").last)
        let report = try JSONDecoder().decode(JSONValue.self, from: Data(line.utf8))
        let tasks = try #require(report["tasks"]?.array)
        #expect(tasks.count == 5)
        for task in tasks {
            #expect(task["failed"]?.array?.isEmpty == true, "\(task["task"] ?? ""): \(task["failed"] ?? "")")
            #expect((task["calls"]?.integer ?? 0) >= 1 && (task["textBytes"]?.integer ?? 0) > 0)
        }
        #expect(tasks[0]["answer"]?["common"]?.array?.isEmpty == false)
        #expect(tasks[1]["answer"]?["origin"] == ["juniper-dev/release/skills/release-notes/SKILL.md"])
        #expect(tasks[1]["answer"]?["copies"]?.array?.count == 4)
        let notes = tasks[3]["answer"]?["notes"]?.array?.compactMap(\.string) ?? []
        #expect(notes.contains { $0.contains("scripts/collect_findings.py") && $0.contains("quill-org/skills") })
        #expect(tasks[3]["answer"]?["command"]?.string?.hasSuffix("--agent claude --agent cursor --db \(db)") == true)
    }

    @Test(
        .enabled(if: PythonSDKTests.isInstalled, "bench/.venv has no MCP SDK 2.x: run bench/peers/setup.sh"),
        arguments: ["stdio", "http"], ["auto", "legacy"])
    func fiveAgentTasks(transport: String, mode: String) throws {
        let directory = TemporaryDirectory("skillscope-mcp-tasks")
        let (corpus, db, token) = try Self.registry(directory)
        var server: ServerProcess?
        defer { server?.stop() }
        var target = ["--stdio", Paths.binary, "--db", db]
        if transport == "http" {
            let started = try ServerProcess(["--db", db])
            server = started
            target = ["--url", started.url + "mcp"]
        }
        let run = try BinaryRunner.runProgram(
            PythonSDKTests.python,
            [Self.script, "tasks", "--mode", mode] + target + ["--token", token, "--corpus", corpus], timeout: 300)
        try expectAnswers(run, db: db)
    }
}
