import Foundation
import SkillscopeSync
import SkillscopeTesting
import Testing

@Suite struct SafePathTests {
    @Test(arguments: ["../../etc", "..", ".hidden", "a/b", "/etc", "-x", "", String(repeating: "a", count: 65)])
    func namesThatCouldLeaveTheirFolderAreRefused(name: String) {
        #expect(throws: SyncError.self) { try SafePath.checkSkillName(name) }
    }

    @Test func ordinaryNamesPass() throws {
        try SafePath.checkSkillName("swiftui-patterns")
        try SafePath.checkSkillName("Code_Review.v2")
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
