import Foundation
import SkillscopeCore
import SkillscopeIngest
import SkillscopeTesting
import Testing

@Suite struct SkillFolderTests {
    @Test func scannedFilesAreFoundThreeLevelsDownWithoutLinksOrSkippedFolders() throws {
        let directory = try TemporaryDirectory()
        try directory.write("skill/SKILL.md", "---\nname: skill\n---\n")
        try directory.write("skill/scripts/run.sh", "echo run\n")
        try directory.write("skill/scripts/notes.txt", "not a script\n")
        try directory.write("skill/scripts/logo.svgz", "not read\n")
        try directory.write("skill/a/b/c/deep.py", "print('three levels down')\n")
        try directory.write("skill/a/b/c/d/deeper.py", "print('four levels down')\n")
        try directory.write("skill/node_modules/pkg/index.js", "module.exports = 1\n")
        try directory.write("skill/big.js", String(repeating: "x", count: SkillFolder.maximumScriptBytes + 1))
        try directory.write("skill/binary.py", bytes: [0x70, 0xFF, 0xFE, 0x00])
        try directory.write("outside/leak.sh", "echo outside\n")
        try FileManager.default.createSymbolicLink(
            atPath: directory.appending("skill/linked"), withDestinationPath: directory.appending("outside"))
        try FileManager.default.createSymbolicLink(
            atPath: directory.appending("skill/linked.sh"), withDestinationPath: directory.appending("outside/leak.sh"))

        let scripts = SkillFolder.scripts(in: directory.appending("skill"))
        // Text and configuration are read too (issue 45): a skill's harm often sits beside its SKILL.md.
        #expect(scripts.map(\.path) == ["a/b/c/deep.py", "scripts/notes.txt", "scripts/run.sh"])
        #expect(scripts.last?.text == "echo run\n")
    }
}
