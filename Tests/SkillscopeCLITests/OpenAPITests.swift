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
        let server = try ServerProcess(["--db", database])

        let run = try BinaryRunner.runProgram(
            Self.schemathesis,
            [
                "run", "\(server.url)openapi.json", "--checks", "all", "--max-examples", "30", "--seed", "1",
                "--request-timeout", "30", "-H", "Authorization: Bearer \(secret)",
            ],
            environment: ["NO_COLOR": "1", "SCHEMATHESIS_TELEMETRY": "false"], timeout: 900)
        let report = run.stdout + run.stderr
        #expect(run.status == 0, "\(report.suffix(3000))")
        #expect(report.contains("API Operations"))
        #expect(!report.contains("Failures:"), "\(report.suffix(3000))")
    }
}
