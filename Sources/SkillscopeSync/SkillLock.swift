internal import Foundation
internal import Hashing

/// `skillscope.lock`: what was installed, from where, at which commit, with the sha256 of every file.
///
/// JSON with sorted keys and no timestamps, so two branches adding different skills merge cleanly in git.
/// `files` holds the upstream bytes at `commit`; `modified` the local versions an update kept on purpose
/// (merged edits), so `install --frozen` accepts exactly those two and nothing else.
public struct SkillLock: Sendable, Hashable, Codable {
    /// One installed skill.
    public struct Entry: Sendable, Hashable, Codable {
        public var source: SkillSource
        /// The commit read (git and registry sources); `nil` for a plain folder.
        public var commit: String?
        /// Path inside the skill → sha256 of the upstream file at `commit`.
        public var files: [String: String]
        /// Path → sha256 of a local version kept by `update` (a merge of local edits).
        public var modified: [String: String]?
        /// The agents it was installed for.
        public var agents: [String]
        /// Agents whose folder holds a copy because a link could not be made.
        public var copied: [String]?
        /// The paths that are executable (git's mode 100755, or a folder's executable bit): restored so, and
        /// checked by `install --frozen`.
        public var executables: [String]?
        /// The paths `update` wrote with conflict markers and `resolve` has not yet recorded: while any is listed,
        /// `status --check`, `install --frozen` and `update` fail.
        public var conflicts: [String]?

        public init(
            source: SkillSource, commit: String?, files: [String: String], agents: [String],
            modified: [String: String]? = nil, copied: [String]? = nil, executables: [String]? = nil
        ) {
            self.source = source
            self.commit = commit
            self.files = files
            self.agents = agents
            self.modified = modified
            self.copied = copied
            self.executables = executables
        }

        /// Whether `hash` is an accepted content for `path`.
        public func accepts(_ hash: String, at path: String) -> Bool {
            files[path] == hash || modified?[path] == hash
        }
    }

    public var version = 1
    public var skills: [String: Entry] = [:]

    public init() {}

    /// The lock at `path`, or `nil` when there is none.
    ///
    /// - Throws: ``SyncError`` `.invalid` when it does not parse.
    public static func read(at path: String) throws(SyncError) -> SkillLock? {
        try decode(SkillLock.self, at: path, what: "skillscope.lock")
    }

    /// Writes the lock atomically.
    public func write(to path: String) throws(SyncError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do { data = try encoder.encode(self) } catch { throw SyncError(.invalid, "cannot encode the lock: \(error)") }
        try AtomicFile.write([UInt8](data) + [0x0A], to: path)
    }
}

/// Vercel's project lock, `skills-lock.json` (`npx skills`), read so a project that used it can be verified and
/// restored: `{"version": 1, "skills": {name: {source, sourceType, computedHash}}}`.
public struct VercelSkillsLock: Sendable, Hashable, Decodable {
    public struct Entry: Sendable, Hashable, Decodable {
        /// `owner/repo`, a local path or a package name.
        public var source: String
        /// `github`, `local`, `node_modules`, …
        public var sourceType: String
        /// ``computedHash(of:)`` of the installed folder.
        public var computedHash: String
    }
    public var version: Int
    public var skills: [String: Entry]

    public static func read(at path: String) throws(SyncError) -> VercelSkillsLock? {
        try decode(VercelSkillsLock.self, at: path, what: "skills-lock.json")
    }

    /// The `computedHash` of a skill folder as the skills CLI computes it: sha256 over each file's relative path
    /// and bytes, files ordered by path.
    ///
    /// The CLI orders with JavaScript's `localeCompare`; for the ASCII paths of skills that is case-insensitive
    /// order with ties by code point, which is what this does. Related documentation:
    /// <https://github.com/vercel-labs/skills> (`src/local-lock.ts`).
    public static func computedHash(of files: [String: [UInt8]]) -> String {
        let ordered = files.keys.sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }
        var bytes: [UInt8] = []
        for path in ordered {
            bytes += Array(path.utf8)
            bytes += files[path] ?? []
        }
        return SHA256.hex(of: bytes)
    }
}

/// The JSON file at `path` decoded, or `nil` when there is none.
private func decode<T: Decodable>(_ type: T.Type, at path: String, what: String) throws(SyncError) -> T? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    do {
        return try JSONDecoder().decode(type, from: data)
    } catch {
        throw SyncError(.invalid, "\(path) is not a valid \(what): \(error)")
    }
}
