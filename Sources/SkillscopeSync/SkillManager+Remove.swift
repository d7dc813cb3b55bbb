internal import Foundation

extension SkillManager {
    /// What `remove` did.
    public struct Removal: Sendable, Hashable, Codable {
        /// The paths removed, relative to the root.
        public var paths: [String] = []
        /// Where the installed copy was moved, relative to the root, when it held edits.
        public var backup: String?
    }

    /// Removes a skill: its links and copies, its canonical and base copies and its lock entry.
    ///
    /// An installed copy that is not upstream's text (an edit the lock records, or, with ``force``, one it does
    /// not) is moved to ``backupFolder`` rather than deleted.
    ///
    /// - Throws: ``SyncError`` `.mismatch` when the copy holds edits the lock does not record, unless ``force``.
    public func remove(_ name: String) throws(SyncError) -> Removal {
        try SafePath.checkSkillName(name)
        var lock = try readLock()
        if hasOnlyVercelLock { return Removal(paths: try vercelRemove(name)) }
        guard let entry = lock.skills[name] else { throw SyncError(.notFound, "no skill \(name) in \(lockPath)") }
        let canonical = Self.skillsFolder + "/" + name
        let edited = try checkRemovable(name, entry: entry)
        var removed: [String] = []
        var backup: String?
        let manager = FileManager.default
        // Whatever is not upstream's text (an edit, recorded or not) is moved aside rather than deleted.
        if !edited.isEmpty || entry.modified != nil {
            let copy = root + "/" + Self.backupFolder + "/" + canonical
            do {
                try manager.createDirectory(
                    atPath: (copy as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                if (try? manager.attributesOfItem(atPath: copy)) != nil { try manager.removeItem(atPath: copy) }
                try manager.moveItem(atPath: root + "/" + canonical, toPath: copy)
            } catch {
                throw SyncError(
                    .io, "cannot keep a copy of \(canonical) in \(Self.backupFolder): \(error.localizedDescription)",
                    underlying: error)
            }
            removed.append(canonical)
            backup = Self.backupFolder + "/" + canonical
        }
        for agent in try Agent.parse(entry.agents) {
            let folder = agent.skillFolder(global: isGlobal)
            guard folder != Self.skillsFolder else { continue }
            let path = root + "/" + folder + "/" + name
            let isLink = (try? manager.destinationOfSymbolicLink(atPath: path)) != nil
            if isLink || (entry.copied ?? []).contains(agent.id), (try? manager.removeItem(atPath: path)) != nil {
                removed.append(folder + "/" + name)
            }
        }
        for folder in [Self.skillsFolder, Self.baseFolder]
        where (try? manager.removeItem(atPath: root + "/" + folder + "/" + name)) != nil {
            removed.append(folder + "/" + name)
        }
        lock.skills[name] = nil
        try lock.write(to: lockPath)
        // The folders left empty (an agent's skill folder, .agents/skills, .skillscope/base), up to the root.
        for path in removed { removeEmptyParents(of: root + "/" + path) }
        return Removal(paths: removed, backup: backup)
    }

    /// Checks, before anything is removed, that removing each of `names` loses nothing the lock does not record.
    ///
    /// - Throws: ``SyncError`` `.notFound` for a name not in the lock; `.mismatch` for a skill with local edits the
    ///   lock does not record, unless ``force``.
    public func checkRemovable(_ names: [String]) throws(SyncError) {
        let lock = try readLock()
        guard !hasOnlyVercelLock else { return }
        for name in names {
            try SafePath.checkSkillName(name)
            guard let entry = lock.skills[name] else { throw SyncError(.notFound, "no skill \(name) in \(lockPath)") }
            _ = try checkRemovable(name, entry: entry)
        }
    }

    /// The unrecorded edits of an installed skill, after refusing to remove them unless ``force``.
    private func checkRemovable(_ name: String, entry: SkillLock.Entry) throws(SyncError) -> [String] {
        let canonical = Self.skillsFolder + "/" + name
        let edited = unrecordedEdits(entry: entry, files: readFiles(root + "/" + canonical))
        guard edited.isEmpty || force else {
            throw SyncError(
                .mismatch,
                "\(name) has local edits the lock does not record (\(edited.joined(separator: ", "))); run `skillscope keep \(name)` to record them, or `skillscope remove \(name) --force` to remove it with a copy kept under \(Self.backupFolder)/\(canonical)"
            )
        }
        return edited
    }
}
