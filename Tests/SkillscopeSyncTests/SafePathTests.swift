import Foundation
import SkillscopeSync
import SkillscopeTesting
import Testing

@Suite struct SafePathTests {
    @Test(arguments: [
        "../../etc", "..", ".hidden", "a/b", "/etc", "-x", "", String(repeating: "a", count: 65), "a b", "a\u{0}b",
        "re\u{301}sume\u{301}", "a\u{202E}b",
    ])
    func namesThatCouldLeaveTheirFolderAreRefused(name: String) {
        #expect(throws: SyncError.self) { try SafePath.checkSkillName(name) }
    }

    @Test func ordinaryNamesPass() throws {
        try SafePath.checkSkillName("swiftui-patterns")
        try SafePath.checkSkillName("Code_Review.v2")
        // Letters of any script, as the Agent Skills reference validator accepts (issue 46).
        try SafePath.checkSkillName("技能")
        try SafePath.checkSkillName("мой-навык")
        try SafePath.checkSkillName("r\u{E9}sum\u{E9}")
    }

    @Test(arguments: ["../x", "a/../../x", "/abs", "a//b", "./a", "a\\b"])
    func pathsThatCouldLeaveTheirFolderAreRefused(path: String) {
        #expect(throws: SyncError.self) { try SafePath.checkRelative(path) }
    }

    @Test func aLinkedFolderPointingOutOfTheRootIsRefused() throws {
        let root = TemporaryDirectory()
        let outside = TemporaryDirectory()
        try FileManager.default.createSymbolicLink(atPath: root.appending(".agents"), withDestinationPath: outside.path)
        #expect(throws: SyncError.self) {
            try SafePath.checkInside(root.appending(".agents/skills/x"), root: root.path)
        }
        try SafePath.checkInside(root.appending("inside/new/x"), root: root.path)
    }
}
