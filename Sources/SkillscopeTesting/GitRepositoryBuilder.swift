internal import Foundation

/// Builds a git repository for a test with the `git` command line, every commit at a fixed date.
///
/// Git's own configuration is kept out (`HOME` points into the repository's folder, system config is off), so
/// ids and dates depend only on what the test does.
public struct GitRepositoryBuilder: Sendable {
    /// The work tree.
    public let path: String

    /// Runs `git init` at `path` (created when missing) with `main` as the first branch.
    public init(at path: String) throws {
        self.path = path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try git("init", "-q", "-b", "main")
    }

    /// Writes UTF-8 `text` at `relative`, creating folders.
    public func write(_ relative: String, _ text: String) throws {
        let full = path + "/" + relative
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: full))
    }

    /// Stages everything and commits it, authored and committed at `date` (ISO 8601, any offset).
    @discardableResult public func commit(_ message: String, at date: String) throws -> String {
        try git("add", "-A")
        try git("commit", "-q", "--allow-empty", "-m", message, date: date)
        return try git("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs `git arguments…` in the work tree and returns what it printed.
    ///
    /// - Parameter date: the author and committer date, for commands that make commits.
    @discardableResult public func git(_ arguments: String..., date: String = "2020-01-01T00:00:00Z") throws -> String {
        try Self.run(arguments, in: path, date: date)
    }

    /// Runs `git arguments…` in `folder` with the fixed identity and configuration.
    @discardableResult public static func run(_ arguments: [String], in folder: String, date: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.environment = [
            "PATH": "/usr/bin:/bin", "HOME": folder, "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "Test",
            "GIT_AUTHOR_EMAIL": "test@example.com", "GIT_COMMITTER_NAME": "Test",
            "GIT_COMMITTER_EMAIL": "test@example.com", "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date,
        ]
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw GitCommandError(
                arguments: arguments, status: process.terminationStatus,
                stderr: String(decoding: errors, as: UTF8.self))
        }
        return String(decoding: output, as: UTF8.self)
    }
}

/// A `git` command a test ran failed.
public struct GitCommandError: Error, CustomStringConvertible {
    public var arguments: [String]
    public var status: Int32
    public var stderr: String
    public var description: String { "git \(arguments.joined(separator: " ")) exited \(status): \(stderr)" }
}
