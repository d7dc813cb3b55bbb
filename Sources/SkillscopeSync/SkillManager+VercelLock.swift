internal import Foundation
internal import Git
internal import SkillscopeCore

/// A project whose only lock is the `skills` CLI's `skills-lock.json`: list, status, update, remove and install
/// work on it, and it stays in that CLI's format (other fields of each entry are kept as they are).
extension SkillManager {
    /// Whether the project has `skills-lock.json` and no `skillscope.lock`.
    public var hasOnlyVercelLock: Bool {
        !FileManager.default.fileExists(atPath: lockPath) && FileManager.default.fileExists(atPath: vercelLockPath)
    }

    /// One skill of `skills-lock.json` as `list` shows it.
    public struct VercelRow: Sendable, Hashable, Codable {
        public var name: String
        public var source: String
        /// `ok`, `edited` (its `computedHash` differs) or `missing`.
        public var state: String
        /// The agents whose skill folder holds it.
        public var agents: [String]
    }

    /// Where a `skills-lock.json` entry's skill is read from: `local` a folder (or a git repository), `git` a
    /// repository on disk or a `file://` URL, `github` the registry; nil for what cannot be read offline.
    func source(of entry: VercelSkillsLock.Entry) -> SkillSource? {
        switch entry.sourceType {
        case "local", "git":
            var location = entry.source
            var ref: String?
            if location.hasPrefix("file://") {
                location = String(location.dropFirst("file://".count))
                if let hash = location.lastIndex(of: "#") {
                    ref = String(location[location.index(after: hash)...])
                    location = String(location[..<hash])
                }
            }
            if !location.hasPrefix("/") { location = root + "/" + location }
            let isGit = Repository.exists(at: location)
            guard entry.sourceType == "local" || isGit else { return nil }
            return SkillSource(kind: isGit ? .git : .folder, location: location, ref: ref)
        case "github":
            return SkillSource(kind: .registry, location: entry.source)
        default:
            return nil
        }
    }

    /// The skill `name` as its source holds it now.
    func upstreamSkill(_ name: String, entry: VercelSkillsLock.Entry) throws(SyncError) -> FoundSkill {
        guard let source = source(of: entry) else {
            throw SyncError(.unavailable, "\(name): source type \(entry.sourceType) cannot be read offline")
        }
        let index = try reader.skillFiles(source, commit: nil)
        let rootName = (source.location as NSString).lastPathComponent
        guard let found = FoundSkill.all(in: index, rootName: rootName).first(where: { $0.name == name }) else {
            throw SyncError(.notFound, "\(name): \(source) no longer holds it")
        }
        let snapshot = try reader.read(source.appending(found.folder), commit: index.commit)
        var skill = found
        skill.files = snapshot.files
        skill.executables = snapshot.executables
        return skill
    }

    /// The agents whose skill folder holds `name` (a link, or a folder of its own).
    func agentsHolding(_ name: String) -> [String] {
        Agent.all.filter { agent in
            let folder = agent.skillFolder(global: isGlobal)
            return folder != Self.skillsFolder
                && FileManager.default.fileExists(atPath: root + "/" + folder + "/" + name)
        }.map(\.id)
    }

    public func vercelRows() throws(SyncError) -> [VercelRow] {
        guard let lock = try VercelSkillsLock.read(at: vercelLockPath) else { return [] }
        return lock.skills.sorted { $0.key < $1.key }.map { name, entry in
            let files = readFiles(root + "/" + Self.skillsFolder + "/" + name)
            let state =
                files.isEmpty
                ? "missing" : VercelSkillsLock.computedHash(of: files) == entry.computedHash ? "ok" : "edited"
            return VercelRow(
                name: name, source: "\(entry.sourceType):\(entry.source)", state: state,
                agents: ["codex"] + agentsHolding(name))
        }
    }

    /// Drift of a `skills-lock.json` project: skills edited or missing, agents that cannot load them, and sources
    /// that hold another version (or no longer hold the skill).
    func vercelStatus() throws(SyncError) -> [Drift] {
        guard let lock = try VercelSkillsLock.read(at: vercelLockPath) else { return [] }
        var drifts: [Drift] = []
        for (name, entry) in lock.skills.sorted(by: { $0.key < $1.key }) {
            let files = readFiles(root + "/" + Self.skillsFolder + "/" + name)
            if files.isEmpty {
                drifts.append(
                    Drift(.skillMissing, name, "\(Self.skillsFolder)/\(name) is missing; run `skillscope install`"))
            } else if VercelSkillsLock.computedHash(of: files) != entry.computedHash {
                drifts.append(
                    Drift(.skillEdited, name, "its files differ from skills-lock.json's computedHash (edited locally)"))
            }
            for (path, bytes) in files.sorted(by: { $0.key < $1.key }) {
                for message in ConflictMarkers.describe(ConflictMarkers.blocks(in: bytes), skill: name, path: path) {
                    drifts.append(Drift(.conflict, name, message))
                }
            }
            for agent in Agent.detect(in: root) where agent.skillFolder(global: isGlobal) != Self.skillsFolder {
                let folder = agent.skillFolder(global: isGlobal)
                if !FileManager.default.fileExists(atPath: root + "/" + folder + "/" + name + "/SKILL.md") {
                    drifts.append(
                        Drift(.skillMissing, name, "\(agent.name) cannot load it: \(folder)/\(name) is missing"))
                }
            }
            do {
                let upstream = try upstreamSkill(name, entry: entry)
                if VercelSkillsLock.computedHash(of: upstream.files) != entry.computedHash {
                    drifts.append(Drift(.upstreamChanged, name, "its source holds a newer version"))
                }
            } catch  where error.code == .notFound {
                drifts.append(Drift(.upstreamDeleted, name, error.message))
            } catch {
                drifts.append(Drift(.sourceUnavailable, name, error.message))
            }
        }
        return drifts
    }

    /// Updates `skills-lock.json` skills whose installed copy is unchanged; an edited one is left alone and said
    /// so (the file keeps no base version to merge from).
    func vercelUpdate(_ names: [String], dryRun: Bool, prune: Bool) throws(SyncError) -> [Update] {
        guard let lock = try VercelSkillsLock.read(at: vercelLockPath) else { return [] }
        for name in names where lock.skills[name] == nil {
            throw SyncError(.notFound, "no skill \(name) in \(vercelLockPath)")
        }
        var updates: [Update] = []
        var hashes: [String: String] = [:]
        var pruned: [String] = []
        var refused: [(name: String, verdict: RiskVerdict)] = []
        var staging = transaction()
        do {
            for (name, entry) in lock.skills.sorted(by: { $0.key < $1.key }) where names.isEmpty || names.contains(name)
            {
                let local = readFiles(root + "/" + Self.skillsFolder + "/" + name)
                let upstream: FoundSkill
                do {
                    upstream = try upstreamSkill(name, entry: entry)
                } catch  where error.code == .notFound {
                    updates.append(
                        Update(
                            name: name, fromCommit: nil, toCommit: nil, files: [], deletedUpstream: true,
                            removed: prune && !dryRun))
                    if prune && !dryRun { pruned.append(name) }
                    continue
                }
                let upstreamHash = VercelSkillsLock.computedHash(of: upstream.files)
                guard upstreamHash != entry.computedHash else {
                    updates.append(Update(name: name, fromCommit: nil, toCommit: nil, files: []))
                    continue
                }
                if !local.isEmpty, VercelSkillsLock.computedHash(of: local) != entry.computedHash, !force {
                    updates.append(
                        Update(
                            name: name, fromCommit: nil, toCommit: nil, files: [],
                            unresolved: [
                                "\(name): edited locally, and skills-lock.json keeps no base version to merge from; keep your copy, or pass --force to take the source's"
                            ]))
                    continue
                }
                let files = Set(local.keys).union(upstream.files.keys).sorted().map { path in
                    Update.File(
                        path: path,
                        outcome: local[path] == nil
                            ? "added"
                            : upstream.files[path] == nil
                                ? "deleted" : local[path] == upstream.files[path] ? "kept" : "upstream",
                        localChanges: [], upstreamChanges: [], conflicts: [])
                }
                // skills-lock.json has no place to record an accepted risk: a failing scan refuses unless
                // --allow-risk, every time.
                let scan = RiskVerdict(files: upstream.files, acceptance: nil)
                updates.append(Update(name: name, fromCommit: nil, toCommit: nil, files: files, scan: scan))
                if !scan.failures.isEmpty, !allowsRisk { refused.append((name, scan)) }
                guard !dryRun else { continue }
                try staging.stage(upstream.files, executables: upstream.executables, at: Self.skillsFolder + "/" + name)
                hashes[name] = upstreamHash
            }
            try RiskVerdict.refuse(refused, doing: "update")
        } catch {
            staging.abandon()
            throw error
        }
        if dryRun {
            staging.abandon()
            return updates
        }
        if !staging.operations.isEmpty { try staging.commit(lock: nil, lockPath: lockPath) }
        try editVercelLock { skills in
            for (name, hash) in hashes {
                guard var entry = skills[name] as? [String: Any] else { continue }
                entry["computedHash"] = hash
                skills[name] = entry
            }
        }
        for name in pruned { _ = try vercelRemove(name) }
        return updates
    }

    /// Removes a `skills-lock.json` skill: its folder, the agents' links to it, its entry.
    func vercelRemove(_ name: String) throws(SyncError) -> [String] {
        guard let lock = try VercelSkillsLock.read(at: vercelLockPath), lock.skills[name] != nil else {
            throw SyncError(.notFound, "no skill \(name) in \(vercelLockPath)")
        }
        var removed: [String] = []
        let manager = FileManager.default
        for agent in Agent.all where agent.skillFolder(global: isGlobal) != Self.skillsFolder {
            let path = agent.skillFolder(global: isGlobal) + "/" + name
            // Only links into .agents/skills are ours to remove; a folder of the agent's own is left.
            guard let destination = try? manager.destinationOfSymbolicLink(atPath: root + "/" + path),
                destination.hasSuffix(Self.skillsFolder + "/" + name)
            else { continue }
            if (try? manager.removeItem(atPath: root + "/" + path)) != nil { removed.append(path) }
        }
        let folder = Self.skillsFolder + "/" + name
        if (try? manager.removeItem(atPath: root + "/" + folder)) != nil { removed.append(folder) }
        try editVercelLock { skills in skills[name] = nil }
        for path in removed { removeEmptyParents(of: root + "/" + path) }
        return removed
    }

    /// Rewrites `skills-lock.json` through `change` (of its `skills` object), keeping every field it does not touch.
    private func editVercelLock(_ change: (inout [String: Any]) -> Void) throws(SyncError) {
        guard let data = FileManager.default.contents(atPath: vercelLockPath),
            var object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            var skills = object["skills"] as? [String: Any]
        else { throw SyncError(.invalid, "\(vercelLockPath) is not a valid skills-lock.json") }
        change(&skills)
        object["skills"] = skills
        guard
            let bytes = try? JSONSerialization.data(
                withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        else { throw SyncError(.invalid, "cannot encode skills-lock.json") }
        try AtomicFile.write([UInt8](bytes) + [0x0A], to: vercelLockPath)
    }
}
