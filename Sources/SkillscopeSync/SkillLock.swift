internal import Foundation
internal import Hashing

/// `skillscope.lock`: what was installed, from where, at which commit, with the sha256 of every file.
///
/// JSON with sorted keys and no timestamps, so two branches adding different skills merge cleanly in git.
/// `files` holds the upstream bytes at `commit`; `modified` the local versions the team kept on purpose (an
/// update's merge, a resolved conflict, an edit accepted with `keep`), and `kept` their bytes, so a fresh clone
/// restores the team's version and `install --frozen` accepts exactly what the lock records: the kept version where
/// there is one, else upstream's.
public struct SkillLock: Sendable, Hashable, Codable {
    /// One installed skill.
    public struct Entry: Sendable, Hashable, Codable {
        public var source: SkillSource
        /// The commit read (git and registry sources); `nil` for a plain folder.
        public var commit: String?
        /// Path inside the skill → sha256 of the upstream file at `commit`.
        public var files: [String: String]
        /// Path → sha256 of a local version kept on purpose (a merge of local edits, a resolved conflict, an edit
        /// accepted with `keep`): the version the project must hold, whatever upstream's is.
        public var modified: [String: String]?
        /// The team's kept edits, with their bytes.
        ///
        /// Path → the bytes of each version in ``modified``, so `install` can restore it where only the lock is
        /// committed. Locks written before it have `modified` alone.
        public var kept: [String: KeptFile]?
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
        /// Fail-level findings of the security scan accepted with `--allow-risk`, and the content they hold for.
        public var acceptedRisk: AcceptedRisk?

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

        /// Whether `hash` is what the lock records for `path`: the kept local version where there is one, else
        /// upstream's.
        public func accepts(_ hash: String, at path: String) -> Bool {
            (modified?[path] ?? files[path]) == hash
        }

        /// Every path the project must hold: upstream's files and the locally kept ones (some only local).
        public var lockedPaths: Set<String> { Set(files.keys).union((modified ?? [:]).keys) }

        /// The bytes the lock keeps for the local version of `path`, when they match its recorded sha256.
        public func keptBytes(at path: String) -> [UInt8]? {
            guard let hash = modified?[path], let bytes = kept?[path]?.bytes, SHA256.hex(of: bytes) == hash else {
                return nil
            }
            return bytes
        }

        /// Records `versions` (path → bytes) as locally kept: one that differs from upstream's file gets its sha256
        /// in ``modified`` and its bytes in ``kept``; one equal to upstream's is no longer an edit.
        public mutating func keep(_ versions: [String: [UInt8]]) {
            var modified = self.modified ?? [:]
            var kept = self.kept ?? [:]
            for (path, bytes) in versions {
                let hash = SHA256.hex(of: bytes)
                if files[path] == hash {
                    modified[path] = nil
                    kept[path] = nil
                } else {
                    modified[path] = hash
                    kept[path] = KeptFile(bytes)
                }
            }
            self.modified = modified.isEmpty ? nil : modified
            self.kept = kept.isEmpty ? nil : kept
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
        /// `github`, `local`, `node_modules` and the like.
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
    /// and bytes, files ordered by JavaScript's `localeCompare` of their paths (``LocaleOrder``: `_` before `-`,
    /// `references/…` before `SKILL.md`), files under a `.git` or `node_modules` folder left out.
    ///
    /// Related documentation: <https://github.com/vercel-labs/skills> (`src/local-lock.ts`,
    /// `computeSkillFolderHash`).
    public static func computedHash(of files: [String: [UInt8]]) -> String {
        let ordered = files.keys.filter { path in
            !path.split(separator: "/").contains { $0 == ".git" || $0 == "node_modules" }
        }.sorted(by: LocaleOrder.precedes)
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
