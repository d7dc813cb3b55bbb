import Foundation
import SkillscopeTesting
import Testing

/// The OpenAPI document checked against the real server by schemathesis (PyPI), every check on.
@Suite struct OpenAPITests {
    static let schemathesis = Paths.packageRoot + "/bench/.venv/bin/schemathesis"

    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: schemathesis),
            "bench/.venv has no schemathesis: run bench/peers/setup.sh (.ci/run does)"))
    func theServerDoesWhatItsOpenAPIDocumentSays() throws {
        let directory = TemporaryDirectory()
        let database = directory.appending("r.sqlite")
        #expect(try BinaryRunner.run(["ingest", Paths.examples, "--db", database]).status == 0)
        let token = try BinaryRunner.run(["token", "create", "--name", "schemathesis", "--db", database])
        let secret = token.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let server = try BinaryRunner.start(["serve", "--port", "0", "--db", database])
        defer { if server.isRunning { server.terminate() } }
        let pipe = try #require(server.standardOutput as? Pipe)
        let line = String(decoding: pipe.fileHandleForReading.availableData, as: UTF8.self)
        let port = try #require(line.split(separator: ":").last?.split(separator: "/").first.flatMap { Int($0) })

        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.schemathesis)
        process.arguments = [
            "run", "http://127.0.0.1:\(port)/openapi.json", "--checks", "all", "--max-examples", "30", "--seed", "1",
            "-H", "Authorization: Bearer \(secret)",
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment["SCHEMATHESIS_TELEMETRY"] = "false"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(report.suffix(3000))")
        #expect(report.contains("API Operations"))
        #expect(!report.contains("Failures:"), "\(report.suffix(3000))")
    }
}
