import FileSystem
import Foundation
import Testing

@Suite struct FileSystemTests {
    /// A fresh folder under the temporary directory, removed by the caller.
    func makeFolder() throws -> String {
        let path = NSTemporaryDirectory() + "filesystem-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func aFileIsReadWholeWhateverItsSize() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for size in [0, 1, 4095, 4096, 70_000] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            let path = folder + "/file-\(size)"
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            #expect(FileSystem.contents(atPath: path) == bytes)
            #expect(FileSystem.contents(atPath: path, maximumBytes: size) == bytes)
            #expect(size == 0 || FileSystem.contents(atPath: path, maximumBytes: size - 1) == nil)
        }
    }

    @Test func whatCannotBeReadIsNil() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(FileSystem.contents(atPath: folder + "/missing") == nil)
        #expect(FileSystem.contents(atPath: folder) == nil)
        #expect(FileSystem.entries(ofDirectory: folder + "/missing") == nil)
    }

    @Test func entriesComeWithTheirKindsAndLinksAreNotFollowed() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder + "/scripts", withIntermediateDirectories: true)
        try Data("echo hi\n".utf8).write(to: URL(fileURLWithPath: folder + "/scripts/run.sh"))
        try Data("# Skill\n".utf8).write(to: URL(fileURLWithPath: folder + "/SKILL.md"))
        try manager.createSymbolicLink(atPath: folder + "/outside", withDestinationPath: "/tmp")
        try manager.createSymbolicLink(atPath: folder + "/run-link.sh", withDestinationPath: folder + "/scripts/run.sh")
        let entries = try #require(FileSystem.entries(ofDirectory: folder))
        let kinds = Dictionary(uniqueKeysWithValues: entries.map { ($0.name, $0.kind) })
        #expect(
            kinds == [
                "scripts": .directory, "SKILL.md": .regularFile, "outside": .symbolicLink,
                "run-link.sh": .symbolicLink,
            ])
        #expect(FileSystem.entries(ofDirectory: folder + "/scripts")?.map(\.name) == ["run.sh"])
    }
}

@Suite struct ReadToEndTests {
    @Test func aPipeIsReadToItsEnd() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "head -c 200000 /dev/zero | tr '\\0' 'x'; printf end"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let bytes = try #require(FileSystem.readToEnd(output.fileHandleForReading.fileDescriptor))
        process.waitUntilExit()
        #expect(bytes.count == 200_003)
        #expect(bytes.prefix(3) == [0x78, 0x78, 0x78] && bytes.suffix(3) == Array("end".utf8)[...])
        #expect(FileSystem.readToEnd(-1) == nil)
    }
}

@Suite struct MappedFileTests {
    func makeFolder() throws -> String { try FileSystemTests().makeFolder() }

    @Test func aCommittedWriteIsMappedWholeAndADroppedOneLeavesNothing() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/index"
        do {
            let writer = try AtomicFileWriter(path: path)
            try writer.write([UInt8](repeating: 7, count: 10))
            // Dropped without a commit.
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        let writer = try AtomicFileWriter(path: path)
        try writer.write([UInt8(1), 2, 3])
        try writer.pad(to: 8)
        try writer.write([Float(1.5), 2.5])
        // Larger than the writer's buffer, in one piece.
        try writer.write([UInt32](repeating: 0xDEAD_BEEF, count: 600_000))
        #expect(writer.written == 8 + 8 + 2_400_000)
        #expect(!FileManager.default.fileExists(atPath: path))
        try writer.commit()
        let mapped = try #require(MappedFile(path: path))
        mapped.withBytes { bytes in
            #expect(bytes.count == 2_400_016)
            #expect(Array(bytes.prefix(8)) == [1, 2, 3, 0, 0, 0, 0, 0])
            #expect(bytes.loadUnaligned(fromByteOffset: 12, as: Float.self) == 2.5)
            #expect(bytes.loadUnaligned(fromByteOffset: 2_400_012, as: UInt32.self) == 0xDEAD_BEEF)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["index"])
    }

    @Test func aMappingOutlivesTheFileBeingReplaced() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/index"
        let first = try AtomicFileWriter(path: path)
        try first.write([UInt8](repeating: 1, count: 5000))
        try first.commit()
        let old = try #require(MappedFile(path: path))
        let second = try AtomicFileWriter(path: path)
        try second.write([UInt8](repeating: 2, count: 3000))
        try second.commit()
        #expect(old.withBytes { $0.count == 5000 && $0.allSatisfy { $0 == 1 } })
        #expect(try #require(MappedFile(path: path)).withBytes { $0.allSatisfy { $0 == 2 } })
    }

    @Test func whatCannotBeMappedIsNil() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(MappedFile(path: folder + "/missing") == nil)
        #expect(FileManager.default.createFile(atPath: folder + "/empty", contents: Data()))
        #expect(MappedFile(path: folder + "/empty") == nil)
        #expect(throws: FileSystemError.self) { try AtomicFileWriter(path: folder + "/no/such/folder/file") }
    }
}
