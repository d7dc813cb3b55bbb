import Foundation
import SkillscopeSync
import SkillscopeTesting
import Testing

@Suite struct ConflictAndTransactionTests {
    @Test func conflictBlocksAreFoundWithTheirLineAndLocalRule() {
        let text =
            "# A\n\n<<<<<<< local\n- Use two spaces.\n||||||| locked\n- Use tabs.\n=======\n- Use four.\n>>>>>>> upstream\n"
        #expect(ConflictMarkers.blocks(in: Array(text.utf8)).map { "\($0.line) \($0.rule)" } == ["3 - Use two spaces."])
        // A lone marker-like line, or text without markers, is no conflict.
        #expect(ConflictMarkers.blocks(in: Array("<<<<<<< only a begin\n- x\n".utf8)).isEmpty)
        #expect(ConflictMarkers.blocks(in: Array("- Always =======\n".utf8)).isEmpty)
        #expect(ConflictMarkers.blocks(in: [0xFF, 0xFE, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05]).isEmpty)
    }

    @Test func strictMarkersNameTheLineAtFault() {
        let good = "x\n" + MarkedBlock.render(content: "- a\n", from: "AGENTS.md") + "y\n"
        #expect((try? MarkedBlock.scan(good).get())??.line == 2)
        #expect((try? MarkedBlock.scan("no markers\n").get()) == .some(nil))
        let cases: [(String, Int, String)] = [
            ("a\n<!-- skillscope:begin from=AGENTS.md sha256=0 -->\nb\n", 2, "no skillscope:end"),
            ("a\n<!-- skillscope:end -->\n", 2, "no begin"),
            (
                "<!-- skillscope:begin x -->\n<!-- skillscope:begin y -->\n<!-- skillscope:end -->\n", 2,
                "a second skillscope:begin"
            ),
            (good + good, 7, "a second skillscope block"),
        ]
        for (text, line, message) in cases {
            guard case .failure(let malformed) = MarkedBlock.scan(text) else {
                Issue.record("accepted: \(text)")
                continue
            }
            #expect(malformed.line == line, "\(text)")
            #expect(malformed.message.contains(message), "\(malformed.message)")
        }
    }

    /// A change whose journal was written but not applied is finished by the next command; staging without a
    /// journal is cleared.
    @Test func recoveryFinishesAJournaledChangeAndClearsAnUncommittedOne() throws {
        let directory = TemporaryDirectory()
        let repository = try GitRepositoryBuilder(at: directory.appending("upstream"))
        try repository.write("demo/SKILL.md", SyncFixtures.demoSkill)
        try repository.commit("first", at: "2024-01-01T00:00:00Z")
        let project = directory.appending("project")
        let manager = SkillManager(root: project, reader: LocalSourceReader())
        let installed = try manager.add(SkillSource(kind: .git, location: repository.path), agents: [])
        let name = try #require(installed.first?.name)
        // Simulate a kill after the journal: move the installed folder back into a staging folder, journal it.
        let staging = project + "/.skillscope/staging/kill"
        try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: project + "/.agents/skills/" + name, toPath: staging + "/0")
        let lock = try String(contentsOfFile: project + "/skillscope.lock", encoding: .utf8)
        try FileManager.default.removeItem(atPath: project + "/skillscope.lock")
        let journal: [String: Any] = [
            "operations": [["kind": "folder", "target": ".agents/skills/" + name, "staged": "0"]],
            "lock": try JSONSerialization.jsonObject(with: Data(lock.utf8)), "lockPath": project + "/skillscope.lock",
        ]
        try JSONSerialization.data(withJSONObject: journal).write(to: URL(fileURLWithPath: staging + ".json"))
        // And an abandoned one beside it.
        try FileManager.default.createDirectory(
            atPath: project + "/.skillscope/staging/abandoned/0", withIntermediateDirectories: true)
        #expect(try manager.readLock().skills[name] != nil)
        #expect(FileManager.default.fileExists(atPath: project + "/.agents/skills/\(name)/SKILL.md"))
        #expect(!FileManager.default.fileExists(atPath: project + "/.skillscope/staging"))
        #expect(try manager.install(frozen: true).problems.isEmpty)
    }
}
