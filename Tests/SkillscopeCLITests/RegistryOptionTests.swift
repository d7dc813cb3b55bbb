import Foundation
import SkillscopeTesting
import Testing

/// End-to-end, through the real binary: `--db` anywhere on the command line, and a named registry that does not
/// exist is an error for every command that reads it (issue 46).
@Suite struct RegistryOptionTests {
    @Test func aMissingNamedRegistryIs66WhereverDbStandsAndForEveryReadCommand() throws {
        let directory = TemporaryDirectory()
        try directory.write("AGENTS.md", "# Rules\n\n- Run the tests before every commit.\n")
        let file = directory.appending("AGENTS.md")
        let missing = directory.appending("typo/registry.sqlite")
        let runs: [[String]] = [
            ["--db", missing, "stats"], ["stats", "--db", missing], ["--db=\(missing)", "--json", "search", "tests"],
            ["analyze", file, "--db", missing], ["show", file, "--db", missing], ["rules", "--db", missing, file],
            ["--db", missing, "versions", file],
        ]
        for arguments in runs {
            let run = try BinaryRunner.run(arguments, environment: ["HOME": directory.path])
            #expect(run.status == 66, "\(arguments): \(run.stdout) \(run.stderr)")
            #expect(run.stderr.contains("no registry at \(missing)"), "\(arguments): \(run.stderr)")
        }
        let named = try BinaryRunner.run(
            ["analyze", file], environment: ["HOME": directory.path, "SKILLSCOPE_DB": missing])
        #expect(named.status == 66)
        #expect(!FileManager.default.fileExists(atPath: missing))
        // Without a registry named, a file on disk is still rated on its own.
        let unnamed = try BinaryRunner.run(["analyze", file], environment: ["HOME": directory.path])
        #expect(unnamed.status == 0, "\(unnamed.stderr)")
    }
}
