import Archive
import FileSystem
import Foundation
import Testing

@Suite struct ZipWriterTests {
    /// The archive opens with Debian's `unzip` (or Python's zipfile), names in UTF-8, contents intact.
    @Test func anArchiveRoundTripsThroughPythonsZipfile() throws {
        let entries = [
            ZipWriter.Entry(path: "café-skill/SKILL.md", bytes: Array("---\nname: café-skill\n---\n# Café\n".utf8)),
            ZipWriter.Entry(
                path: "café-skill/references/notes.md", bytes: Array(String(repeating: "note ", count: 5000).utf8)),
        ]
        let bytes = try ZipWriter.archive(entries)
        #expect(bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]))
        #expect(bytes.count < 5000)  // deflated: 25,000 bytes of notes compress well
        let path = NSTemporaryDirectory() + "/zip-\(UUID().uuidString).zip"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c",
            "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; "
                + "print('\\n'.join(f'{i.filename} {i.file_size} {i.flag_bits & 0x800}' for i in z.infolist()))",
            path,
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // Read again when interrupted: other tests' children exit meanwhile (`readDataToEndOfFile` would trap).
        let listing = String(
            decoding: FileSystem.readToEnd(output.fileHandleForReading.fileDescriptor) ?? [], as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(
            listing == "café-skill/SKILL.md \(entries[0].bytes.count) 2048\ncafé-skill/references/notes.md 25000 2048\n"
        )
    }
}
