public import Foundation

/// The fake GitHub API of the test fixtures (`Tests/SkillscopeIngestTests/Fixtures/fake_github.py`), run with
/// Python 3 on a free loopback port for one test, and stopped with it.
///
/// The scenario (repositories, failures, rate limits; see the script's doc) is a JSON object the test writes
/// and may change between crawls; every request the server answers is logged for the test to read.
public final class FakeGitHub {
    /// The API's base URL, `http://127.0.0.1:PORT`.
    public let url: String
    private let process: Process
    private let scenarioPath: String
    private let logPath: String

    /// The script, found from the package root.
    public static var script: String {
        Paths.packageRoot + "/Tests/SkillscopeIngestTests/Fixtures/fake_github.py"
    }

    /// Starts the server with `scenario`, keeping its files in `directory`.
    public init(_ scenario: [String: Any], in directory: TemporaryDirectory) throws {
        let name = "fake-github-\(UUID().uuidString.prefix(8))"
        scenarioPath = directory.appending("\(name).json")
        logPath = directory.appending("\(name).log")
        FileManager.default.createFile(atPath: logPath, contents: Data())
        try Self.write(scenario, to: scenarioPath)
        let (process, port) = try Self.launch([Self.script, scenarioPath, logPath], what: "the fake GitHub server")
        self.process = process
        url = "http://127.0.0.1:\(port)"
    }

    /// Runs a fake server's Python script and reads the port it prints on its first line.
    static func launch(_ arguments: [String], what: String) throws -> (Process, Int) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.standardError
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            process.terminate()
            throw FakeGitHubError(message: "\(what) did not start")
        }
        return (process, port)
    }

    deinit {
        // SIGKILL, not SIGTERM: a child started from a test's thread may inherit a mask that blocks SIGTERM.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Replaces the scenario; the next request reads it.
    public func update(_ scenario: [String: Any]) throws {
        try Self.write(scenario, to: scenarioPath)
    }

    /// The requests answered so far: `path` (with the query), `status`, `if_none_match`, `authorization`.
    public func requests() throws -> [[String: Any]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: logPath))
        return try data.split(separator: UInt8(ascii: "\n")).map {
            try JSONSerialization.jsonObject(with: Data($0)) as? [String: Any] ?? [:]
        }
    }

    /// The requests' paths, in order.
    public func paths() throws -> [String] {
        try requests().map { $0["path"] as? String ?? "" }
    }

    /// Forgets the requests logged so far.
    public func clearLog() throws {
        try Data().write(to: URL(fileURLWithPath: logPath))
    }

    private static func write(_ scenario: [String: Any], to path: String) throws {
        let data = try JSONSerialization.data(withJSONObject: scenario, options: [.sortedKeys])
        try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// A repository for a scenario: GitHub's metadata and the files of its default branch.
    public static func repository(
        _ fullName: String, stars: Int = 10, topics: [String] = ["agent-skills"], license: String? = "MIT",
        files: [String: String], sizes: [String: Int] = [:], truncated: Bool = false
    ) -> [String: Any] {
        var metadata: [String: Any] = [
            "full_name": fullName, "stargazers_count": stars, "topics": topics, "default_branch": "main",
            "pushed_at": "2026-10-01T12:00:00Z",
        ]
        if let license { metadata["license"] = ["spdx_id": license] }
        return ["metadata": metadata, "files": files, "sizes": sizes, "truncated": truncated]
    }
}

/// The fake server could not be used.
public struct FakeGitHubError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
