internal import Foundation
internal import Hashing

/// Writes a corpus in the shared layout (`files/`, `manifest.jsonl`, `repos.jsonl`) from files in memory.
public struct CorpusBuilder {
    public struct File {
        public var repository: String
        public var path: String
        public var bytes: [UInt8]
        public init(_ repository: String, _ path: String, _ text: String) {
            self.init(repository, path, bytes: Array(text.utf8))
        }
        public init(_ repository: String, _ path: String, bytes: [UInt8]) {
            self.repository = repository
            self.path = path
            self.bytes = bytes
        }
    }

    public var files: [File] = []
    public var stars: [String: Int] = [:]

    public init(_ files: [File] = []) {
        self.files = files
    }

    /// Writes the corpus into `directory` (which may already hold one: it is replaced file by file).
    public func write(to directory: TemporaryDirectory, under folder: String = "corpus") throws -> String {
        var manifest = ""
        for file in files {
            try directory.write("\(folder)/files/\(file.repository)/\(file.path)", bytes: file.bytes)
            let object: [String: Any] = [
                "repo": file.repository, "path": file.path, "commit": String(repeating: "a", count: 40),
                "first_commit_at": "2026-01-02T03:04:05+01:00", "last_commit_at": "2026-02-03T04:05:06Z",
                "bytes": file.bytes.count, "sha256": SHA256.hex(of: file.bytes), "kind": "skill",
            ]
            let data = try JSONSerialization.data(
                withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
            manifest += String(decoding: data, as: UTF8.self) + "\n"
        }
        var repos = ""
        for repository in Set(files.map(\.repository)).sorted() {
            let object: [String: Any] = [
                "repo": repository, "default_branch": "main", "license": "MIT", "stars": stars[repository] ?? 1,
                "topics": ["agent-skills"], "pushed_at": "2026-03-01T00:00:00Z",
            ]
            let data = try JSONSerialization.data(
                withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
            repos += String(decoding: data, as: UTF8.self) + "\n"
        }
        try directory.write("\(folder)/manifest.jsonl", manifest)
        try directory.write("\(folder)/repos.jsonl", repos)
        return directory.appending(folder)
    }
}
