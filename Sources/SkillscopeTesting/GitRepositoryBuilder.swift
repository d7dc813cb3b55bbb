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
        let output = out.readAll()
        let errors = err.readAll()
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

extension GitRepositoryBuilder {
    /// A repository with additions, edits, renames, a deletion and re-addition and a merged side branch, every
    /// commit at a fixed date, some with a non-UTC offset. At `main`:
    ///
    /// | path | first added | last changed |
    /// |---|---|---|
    /// | `AGENTS.md` | 2024-01-01T10:00:00Z | 2024-05-15T00:00:00Z (on `side`, merged as it was) |
    /// | `skills/b/SKILL.md` | 2024-01-01T10:00:00Z (as `skills/a/`) | 2024-05-01T00:00:00Z |
    /// | `.cursor/rules/b.mdc` | 2024-01-01T10:00:00Z (as `a.mdc`) | 2024-03-01T09:30:00Z (the rename) |
    /// | `GEMINI.md` | 2024-02-01T10:00:00Z | 2024-06-01T00:00:00Z (deleted, then added again) |
    /// | `CLAUDE.md` | 2024-04-01T13:00:00Z | 2024-04-01T13:00:00Z |
    public static func historySample(at path: String) throws -> GitRepositoryBuilder {
        let builder = try GitRepositoryBuilder(at: path)
        try builder.write("AGENTS.md", "# Agents\n\n- Run the tests.\n")
        try builder.write("skills/a/SKILL.md", "---\nname: a\ndescription: A.\n---\n- Do a.\n")
        try builder.write(".cursor/rules/a.mdc", "---\nalwaysApply: true\n---\n- Use tabs.\n")
        try builder.write("README.md", "readme\n")
        try builder.commit("first", at: "2024-01-01T10:00:00Z")
        try builder.write("AGENTS.md", "# Agents\n\n- Run the tests.\n- Keep it short.\n")
        try builder.write("GEMINI.md", "- Answer briefly.\n")
        try builder.commit("edit agents, add gemini", at: "2024-02-01T12:00:00+02:00")
        try builder.git("mv", "skills/a", "skills/b")
        try builder.git("mv", ".cursor/rules/a.mdc", ".cursor/rules/b.mdc")
        try builder.commit("rename", at: "2024-03-01T09:30:00Z")
        try builder.git("rm", "-q", "GEMINI.md")
        try builder.write("CLAUDE.md", "# Claude\n\n- Prefer small commits.\n")
        try builder.commit("drop gemini, add claude", at: "2024-04-01T08:00:00-05:00")
        try builder.write("skills/b/SKILL.md", "---\nname: b\ndescription: B.\n---\n- Do b.\n- And more.\n")
        try builder.commit("edit skill", at: "2024-05-01T00:00:00Z")
        try builder.git("checkout", "-q", "-b", "side")
        try builder.write("AGENTS.md", "# Agents\n\n- Run the tests.\n- Keep it short.\n- From the side.\n")
        try builder.commit("side edit", at: "2024-05-15T00:00:00Z")
        try builder.git("checkout", "-q", "main")
        try builder.write("GEMINI.md", "- Answer briefly.\n")
        try builder.write("README.md", "readme 2\n")
        try builder.commit("gemini back", at: "2024-06-01T00:00:00Z")
        try builder.git("merge", "-q", "--no-ff", "-m", "merge side", "side", date: "2024-06-15T00:00:00Z")
        return builder
    }
}

extension GitRepositoryBuilder {
    /// The blob id git gives `text` (`git hash-object --stdin`).
    public static func hashObject(_ text: String) throws -> String {
        let directory = TemporaryDirectory("hash")
        try Data(text.utf8).write(to: URL(fileURLWithPath: directory.appending("blob")))
        return try run(["hash-object", "blob"], in: directory.path, date: "").trimmingCharacters(
            in: .whitespacesAndNewlines)
    }
}
