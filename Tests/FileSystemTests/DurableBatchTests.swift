import FileSystem
import Foundation
import Testing

@Suite struct DurableBatchTests {
    func makeFolder() throws -> String {
        let path = NSTemporaryDirectory() + "durable-batch-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func read(_ path: String) -> String? {
        FileSystem.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    func names(in folder: String) -> [String] { (FileSystem.entries(ofDirectory: folder) ?? []).map(\.name).sorted() }

    /// Both flushes: an `fsync` a file for a small batch, `syncfs` for a large one.
    @Test(arguments: [3, 40])
    func aCommitReplacesEveryFileInOrderMakingFoldersAndKeepingModes(count: Int) throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: folder + "/f0"))
        chmod(folder + "/f0", 0o600)
        let batch = DurableBatch()
        for index in 0..<count {
            let path = index == 1 ? folder + "/deep/er/f1" : folder + "/f\(index)"
            try batch.stage(Array("new \(index)\n".utf8), at: path)
        }
        #expect(read(folder + "/f0") == "old\n", "nothing is replaced before the commit")
        var order: [Int] = []
        try batch.commit { step, index in if step == .after { order.append(index) } }
        #expect(order == Array(0..<count))
        #expect(read(folder + "/f0") == "new 0\n")
        #expect(read(folder + "/deep/er/f1") == "new 1\n")
        #expect(FileSystem.mode(atPath: folder + "/f0") == 0o600, "the replaced file's mode is kept")
        #expect(!names(in: folder).contains { $0.hasSuffix(".tmp") })
    }

    @Test func aBatchDroppedBeforeItsCommitLeavesTheOldFilesAndNoTemporaryOne() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: folder + "/a"))
        do {
            let batch = DurableBatch()
            try batch.stage(Array("new\n".utf8), at: folder + "/a")
            try batch.stage(Array("new\n".utf8), at: folder + "/b")
            #expect(names(in: folder).count == 3)
        }
        #expect(names(in: folder) == ["a"])
        #expect(read(folder + "/a") == "old\n")
    }

    @Test func theStraysOfAKilledBatchAreRemovedByTheNextWriteOfTheirFile() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for stray in [".a.batch-1-1.tmp", ".a.batch-2-7.tmp", ".b.batch-1-2.tmp", ".a.other-1-1.tmp"] {
            try Data("half".utf8).write(to: URL(fileURLWithPath: folder + "/" + stray))
        }
        let batch = DurableBatch()
        try batch.stage(Array("whole\n".utf8), at: folder + "/a")
        try batch.commit()
        #expect(names(in: folder) == [".a.other-1-1.tmp", ".b.batch-1-2.tmp", "a"])
    }

    @Test func aFailedRenameKeepsWhatWasRenamedAndRemovesTheRest() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/b", withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/b/inside"))
        let batch = DurableBatch()
        try batch.stage(Array("a\n".utf8), at: folder + "/a")
        try batch.stage(Array("b\n".utf8), at: folder + "/b")  // a non-empty folder: the rename fails
        try batch.stage(Array("c\n".utf8), at: folder + "/c")
        #expect(throws: FileSystemError.self) { try batch.commit() }
        #expect(read(folder + "/a") == "a\n")
        #expect(names(in: folder) == ["a", "b"])
    }
}
