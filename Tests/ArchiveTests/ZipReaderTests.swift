import Archive
import Foundation
import Testing

@Suite struct ZipReaderTests {
    private func writeArchive(_ entries: [ZipWriter.Entry]) throws -> String {
        let path = NSTemporaryDirectory() + "/zip-\(UUID().uuidString).zip"
        try Data(try ZipWriter.archive(entries)).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func readsTheChosenFilesBack() throws {
        let big = Array(String(repeating: "weights ", count: 40_000).utf8)  // more than one 64 KiB read
        let path = try writeArchive([
            .init(path: "pkg/model/vocab.txt", bytes: Array("[PAD]\n[UNK]\n".utf8)),
            .init(path: "pkg/model/model.safetensors", bytes: big),
            .init(path: "pkg/__init__.py", bytes: Array("x = 1\n".utf8)),
        ])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let entries = try ZipReader.entries(atPath: path) { $0.hasPrefix("pkg/model/") }
        #expect(entries.map(\.path) == ["pkg/model/vocab.txt", "pkg/model/model.safetensors"])
        #expect(entries[0].bytes == Array("[PAD]\n[UNK]\n".utf8))
        #expect(entries[1].bytes == big)
    }

    @Test func aFileThatIsNotAnArchiveFailsWithLibarchivesMessage() throws {
        let path = NSTemporaryDirectory() + "/zip-\(UUID().uuidString).zip"
        try Data("not a zip".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: ZipReader.Failure.self) { try ZipReader.entries(atPath: path) { _ in true } }
        #expect(throws: ZipReader.Failure.self) { try ZipReader.entries(atPath: path + ".absent") { _ in true } }
    }
}
