internal import Foundation
internal import Hashing
internal import SkillscopeCore

extension SkillManager {
    /// What `update` did (or, in a dry run, would do) to one skill.
    public struct Update: Sendable, Hashable, Codable {
        /// One file's merge.
        public struct File: Sendable, Hashable, Codable {
            public var path: String
            /// `kept` (unchanged upstream), `upstream` (taken), `merged`, `conflict`, `added`, `deleted`.
            public var outcome: String
            public var localChanges: [RuleChange]
            public var upstreamChanges: [RuleChange]
            public var conflicts: [RuleMerge.Conflict]
        }
        public var name: String
        public var fromCommit: String?
        public var toCommit: String?
        public var files: [File]
        /// Conflicts not yet resolved, each with its file, line and rule: the skill was not updated.
        public var unresolved: [String] = []
        /// The source no longer holds the skill: it was kept (or removed, with `prune`).
        public var deletedUpstream = false
        public var removed = false
        /// The security scan of the merged files; `nil` when nothing was to be merged.
        public var scan: RiskVerdict?
        public var isUpToDate: Bool {
            unresolved.isEmpty && !deletedUpstream && files.allSatisfy { $0.outcome == "kept" }
        }
        public var conflicts: Int {
            files.reduce(0) { $0 + $1.conflicts.count + ($1.outcome == "conflict" && $1.conflicts.isEmpty ? 1 : 0) }
        }
    }

    /// Brings upstream changes into installed skills without losing local edits: a three-way merge per file at
    /// rule level (``RuleMerge``), base = the locked version, local = the installed copy, upstream = the source now.
    ///
    /// Conflicts are written with markers holding all three versions and reported; the lock records the merged
    /// files as kept local versions. A binary or non-text file changed on both sides keeps the local bytes and
    /// gets the upstream ones beside it as `<file>.upstream`.
    ///
    /// - Parameters:
    ///   - names: the skills to update; empty for all.
    ///   - dryRun: report the rule-level changes, write nothing.
    public func update(_ names: [String], dryRun: Bool, prune: Bool = false) throws(SyncError) -> [Update] {
        var lock = try readLock()
        if hasOnlyVercelLock { return try vercelUpdate(names, dryRun: dryRun, prune: prune) }
        for name in names where lock.skills[name] == nil {
            try SafePath.checkSkillName(name)
            throw SyncError(.notFound, "no skill \(name) in \(lockPath)")
        }
        var updates: [Update] = []
        var staging = transaction()
        var pruned: [String] = []
        var refused: [(name: String, verdict: RiskVerdict)] = []
        do {
            for (name, entry) in lock.skills.sorted(by: { $0.key < $1.key }) where names.isEmpty || names.contains(name)
            {
                let installed = readFolder(root + "/" + Self.skillsFolder + "/" + name)
                let local = installed.files
                // A file still holding markers is never merged again: it would carry them forward as local text.
                let unresolved = conflicts(name, entry: entry, files: local)
                guard unresolved.isEmpty else {
                    updates.append(
                        Update(
                            name: name, fromCommit: entry.commit, toCommit: nil, files: [], unresolved: unresolved))
                    continue
                }
                let upstream: Snapshot
                do {
                    upstream = try reader.read(entry.source, commit: nil)
                } catch  where error.code == .notFound && entry.source.kind == .folder {
                    upstream = Snapshot(files: [:], commit: nil)
                }
                guard upstream.files.keys.contains(where: { FileKind.isSkillFileName($0) && !$0.contains("/") })
                else {
                    var update = Update(
                        name: name, fromCommit: entry.commit, toCommit: upstream.commit, files: [],
                        deletedUpstream: true)
                    if prune, !dryRun {
                        pruned.append(name)
                        update.removed = true
                    }
                    updates.append(update)
                    continue
                }
                let base = try baseFiles(name, entry: entry)
                var merged: [String: [UInt8]] = [:]
                var files: [Update.File] = []
                for path in Set(base.keys).union(local.keys).union(upstream.files.keys).sorted() {
                    try SafePath.checkRelative(path)
                    let (result, file) = Self.merge(
                        path, base: base[path], local: local[path], upstream: upstream.files[path])
                    for (key, bytes) in result { merged[key] = bytes }
                    files.append(file)
                }
                var update = Update(name: name, fromCommit: entry.commit, toCommit: upstream.commit, files: files)
                guard !(update.isUpToDate && upstream.hashes == entry.files) else {
                    updates.append(update)
                    continue
                }
                // What the merge would install is scanned: a failing line upstream adds refuses the update, while
                // findings accepted before stay accepted.
                let scan = RiskVerdict(files: merged, acceptance: entry.acceptedRisk)
                update.scan = scan
                updates.append(update)
                if !scan.failures.isEmpty, !allowsRisk { refused.append((name, scan)) }
                guard !dryRun else { continue }
                let executables = upstream.executables.union(installed.executables.filter { merged[$0] != nil })
                try staging.stage(merged, executables: executables, at: Self.skillsFolder + "/" + name)
                try staging.stage(
                    upstream.files, executables: upstream.executables, at: Self.baseFolder + "/" + name)
                var updated = entry
                updated.commit = upstream.commit
                updated.files = upstream.hashes
                updated.executables = upstream.lockedExecutables
                let conflicted = Set(files.filter { $0.outcome == "conflict" }.map(\.path))
                updated.modified = nil
                updated.kept = nil
                // A binary conflict's `path.upstream` beside it is for the user to choose from, never kept.
                let beside = Set(conflicted.map { $0 + ".upstream" })
                updated.keep(
                    merged.filter {
                        upstream.files[$0.key] != $0.value && !conflicted.contains($0.key) && !beside.contains($0.key)
                    })
                updated.conflicts = conflicted.isEmpty ? nil : conflicted.sorted()
                updated.acceptedRisk = scan.acceptance(at: updated.contentHash, allowsRisk: allowsRisk)
                for agent in try Agent.parse(entry.agents) where (entry.copied ?? []).contains(agent.id) {
                    var planner = self
                    planner.copiesInsteadOfLinks = true
                    _ = try planner.plan(
                        name, for: agent, files: merged, executables: executables, previous: .copied,
                        retry: "update", into: &staging)
                }
                lock.skills[name] = updated
            }
            try RiskVerdict.refuse(refused, doing: "update")
        } catch {
            staging.abandon()
            throw error
        }
        if !dryRun { try staging.commit(lock: lock, lockPath: lockPath) } else { staging.abandon() }
        for name in pruned { _ = try remove(name) }
        return updates
    }

    /// The locked upstream version: the base copy, else the source at the locked commit, else the installed copy
    /// when it still matches the lock.
    func baseFiles(_ name: String, entry: SkillLock.Entry) throws(SyncError) -> [String: [UInt8]] {
        let base = readFiles(root + "/" + Self.baseFolder + "/" + name)
        if !base.isEmpty, base.mapValues({ SHA256.hex(of: $0) }) == entry.files { return base }
        if entry.commit != nil, let snapshot = try? reader.read(entry.source, commit: entry.commit),
            snapshot.hashes == entry.files
        {
            return snapshot.files
        }
        let installed = readFiles(root + "/" + Self.skillsFolder + "/" + name)
        if installed.mapValues({ SHA256.hex(of: $0) }) == entry.files { return installed }
        throw SyncError(
            .notFound,
            "the locked version of \(name) is gone (no \(Self.baseFolder)/\(name) and the source no longer has it); a three-way merge needs it"
        )
    }

    /// One file's three-way outcome: the files to write (the path, and `path.upstream` for a binary conflict).
    static func merge(_ path: String, base: [UInt8]?, local: [UInt8]?, upstream: [UInt8]?) -> (
        [String: [UInt8]], Update.File
    ) {
        func file(_ outcome: String, _ merge: RuleMerge.Result? = nil) -> Update.File {
            Update.File(
                path: path, outcome: outcome, localChanges: merge?.localChanges ?? [],
                upstreamChanges: merge?.upstreamChanges ?? [], conflicts: merge?.conflicts ?? [])
        }
        let text = { (bytes: [UInt8]?) in bytes.flatMap { String(validating: $0, as: UTF8.self) } }
        let diff = RuleMerge.merge(
            base: text(base) ?? "", local: text(local) ?? "", upstream: text(upstream) ?? "", path: path)
        if local == base {
            guard let upstream else { return ([:], file("deleted", diff)) }
            return ([path: upstream], file(upstream == base ? "kept" : (base == nil ? "added" : "upstream"), diff))
        }
        if upstream == base || local == upstream {
            return (local.map { [path: $0] } ?? [:], file("kept", diff))
        }
        if let local, let upstream, let b = text(base ?? []), let l = text(local), let u = text(upstream) {
            let merged = RuleMerge.merge(base: b, local: l, upstream: u, path: path)
            return ([path: Array(merged.text.utf8)], file(merged.conflicts.isEmpty ? "merged" : "conflict", merged))
        }
        var result: [String: [UInt8]] = [:]
        if let local { result[path] = local }
        if let upstream { result[path + ".upstream"] = upstream }
        return (result, file("conflict", diff))
    }

    // MARK: status

    /// Drift of installed skills: files edited locally or missing, links gone, and upstream changes, rule by rule.
    public func status() throws(SyncError) -> [Drift] {
        let lock = try readLock()
        if hasOnlyVercelLock { return try vercelStatus() }
        var drifts: [Drift] = []
        for (name, entry) in lock.skills.sorted(by: { $0.key < $1.key }) {
            let folder = readFolder(root + "/" + Self.skillsFolder + "/" + name)
            let installed = folder.files
            let base = (try? baseFiles(name, entry: entry)) ?? [:]
            let unresolved = conflicts(name, entry: entry, files: installed)
            for message in unresolved {
                drifts.append(
                    Drift(.conflict, name, message + "; edit it away, then run `skillscope resolve \(name)`"))
            }
            let conflicted = Set(entry.conflicts ?? []).union(
                installed.filter { !ConflictMarkers.blocks(in: $0.value).isEmpty }.keys)
            for path in (entry.executables ?? []).sorted()
            where installed[path] != nil && !folder.executables.contains(path) {
                drifts.append(Drift(.skillEdited, name, "\(path) lost its executable bit (the lock says 100755)"))
            }
            for path in entry.lockedPaths.union(installed.keys).sorted() where !conflicted.contains(path) {
                guard let bytes = installed[path] else {
                    drifts.append(Drift(.skillMissing, name, "\(path) is missing"))
                    continue
                }
                let hash = SHA256.hex(of: bytes)
                guard !entry.accepts(hash, at: path) else { continue }
                if entry.modified?[path] != nil, entry.files[path] == hash {
                    drifts.append(
                        Drift(
                            .skillEdited, name,
                            "\(path) holds upstream's version, not the locally kept one the lock records; `skillscope install` restores it"
                        ))
                    continue
                }
                let changes = RuleDiff.changes(
                    from: base[path].map { String(decoding: $0, as: UTF8.self) } ?? "",
                    to: String(decoding: bytes, as: UTF8.self), path: path)
                drifts.append(
                    Drift(
                        .skillEdited, name, "\(path) was edited locally; `skillscope keep \(name)` records the edit",
                        changes: changes))
            }
            drifts += try agentFolderDrifts(name, entry: entry, installed: folder)
            drifts += riskDrifts(name, entry: entry, installed: installed)
            do {
                let upstream = try reader.read(entry.source, commit: nil)
                guard upstream.hashes != entry.files else { continue }
                guard upstream.files.keys.contains(where: { FileKind.isSkillFileName($0) && !$0.contains("/") }) else {
                    drifts.append(
                        Drift(
                            .upstreamDeleted, name,
                            "\(entry.source) no longer holds it; `skillscope update` keeps it, `update --prune` removes it"
                        ))
                    continue
                }
                var changes: [RuleChange] = []
                for path in Set(base.keys).union(upstream.files.keys).sorted() where base[path] != upstream.files[path]
                {
                    changes += RuleDiff.changes(
                        from: base[path].map { String(decoding: $0, as: UTF8.self) } ?? "",
                        to: upstream.files[path].map { String(decoding: $0, as: UTF8.self) } ?? "", path: path)
                }
                let commit = upstream.commit.map { " (\($0.prefix(12)))" } ?? ""
                drifts.append(
                    Drift(.upstreamChanged, name, "\(entry.source) has a newer version\(commit)", changes: changes))
            } catch {
                drifts.append(Drift(.sourceUnavailable, name, error.message))
            }
        }
        return drifts
    }
}
