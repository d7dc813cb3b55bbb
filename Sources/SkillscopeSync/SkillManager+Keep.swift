internal import Foundation
internal import Hashing

extension SkillManager {
    /// What `keep` or `resolve` recorded for one skill.
    public struct Resolution: Sendable, Hashable, Codable {
        public var name: String
        /// The files whose local version the lock now records (or, back to upstream's text, no longer records).
        public var files: [String]
        /// The conflicts `update` had recorded that this resolved.
        public var conflicts: [String]
    }

    /// Accepts each skill's local edits into the lock: every file that differs from what the lock records (an
    /// edit, a file added by hand, a resolved conflict) becomes a locally kept version, its sha256 and its bytes in
    /// `skillscope.lock`, so a teammate's `install` restores it and `install --frozen` checks against it.
    ///
    /// All or nothing: every skill is checked before the lock is written once.
    ///
    /// - Throws: ``SyncError`` `.mismatch` naming each file, line and rule still marked, a `.upstream` file beside
    ///   a conflict, or a locked file deleted by hand (the lock cannot record a deletion); `.notFound` for a skill
    ///   not in the lock; `.invalid` for a project whose only lock is `skills-lock.json`.
    public func keep(_ names: [String], command: String = "keep") throws(SyncError) -> [Resolution] {
        var lock = try readLock()
        if hasOnlyVercelLock {
            throw SyncError(
                .invalid,
                "skills-lock.json records one hash per skill and no local versions; run `skillscope add` on the skill to move it to skillscope.lock, then `skillscope \(command)`"
            )
        }
        var resolutions: [Resolution] = []
        for name in names {
            try SafePath.checkSkillName(name)
            guard var entry = lock.skills[name] else { throw SyncError(.notFound, "no skill \(name) in \(lockPath)") }
            let folder = readFolder(root + "/" + Self.skillsFolder + "/" + name)
            let files = folder.files
            let marked = files.keys.sorted().flatMap { path in
                ConflictMarkers.describe(ConflictMarkers.blocks(in: files[path] ?? []), skill: name, path: path)
            }
            guard marked.isEmpty else {
                throw SyncError(
                    .mismatch,
                    "markers remain; edit each to the text you want, then run `skillscope \(command) \(name)` again:\n  "
                        + marked.joined(separator: "\n  "))
            }
            let recorded = entry.conflicts ?? []
            for path in recorded where files[path + ".upstream"] != nil {
                throw SyncError(
                    .mismatch,
                    "\(name)/\(path).upstream is still beside \(path); keep the version you want as \(path), delete the other, then run `skillscope \(command) \(name)` again"
                )
            }
            let missing = entry.lockedPaths.filter { files[$0] == nil && !recorded.contains($0) }.sorted()
            guard missing.isEmpty else {
                throw SyncError(
                    .mismatch,
                    "\(missing.map { name + "/" + $0 }.joined(separator: ", ")) missing: the lock cannot record a deleted file; `skillscope install` restores it"
                )
            }
            let changed = files.filter {
                !entry.accepts(SHA256.hex(of: $0.value), at: $0.key) || recorded.contains($0.key)
            }
            entry.keep(changed)
            entry.conflicts = nil
            var executables = Set(entry.executables ?? []).subtracting(changed.keys)
            executables.formUnion(folder.executables.intersection(changed.keys))
            entry.executables = executables.isEmpty ? nil : executables.sorted()
            // Findings accepted before stay accepted for the kept content; a new fail-level one is not (`status` and
            // `install` name it).
            if let risk = entry.acceptedRisk {
                entry.acceptedRisk = RiskVerdict(files: files, acceptance: risk).carried(at: entry.contentHash)
            }
            lock.skills[name] = entry
            resolutions.append(Resolution(name: name, files: changed.keys.sorted(), conflicts: recorded))
        }
        try lock.write(to: lockPath)
        return resolutions
    }

    /// Records the resolution of a skill's conflicts once no file holds a marker: ``keep(_:command:)``, so each
    /// resolved file, and any other edit, becomes a locally kept version.
    public func resolve(_ names: [String]) throws(SyncError) -> [Resolution] {
        try keep(names, command: "resolve")
    }
}
