internal import Foundation
internal import Hashing

extension SkillManager {
    /// What `install` found and did.
    public struct InstallReport: Sendable, Hashable, Codable {
        /// Skills whose installed files match the lock.
        public var verified: [String] = []
        /// Skills (or files of them) written back from their source.
        public var restored: [String] = []
        /// Every difference from the lock; with `frozen` any one of them means nothing was written.
        public var problems: [String] = []
        /// Which lock was read: `skillscope.lock` or `skills-lock.json`.
        public var lockFile: String = ""
        /// The security scan of each skill whose scan warns or fails, by name: what the project holds once installed.
        public var scans: [String: RiskVerdict] = [:]
    }

    /// Restores what the lock says: missing skills and files are read from their source at the locked commit and
    /// checked against the locked sha256 before anything is written; links are made again.
    ///
    /// Every skill is scanned as it will stand: one whose scan fails is refused, and nothing written, unless the
    /// lock accepted those findings for the content it records (``SkillLock/AcceptedRisk``), or ``allowsRisk``
    /// accepts them now (recorded in the lock; never with `frozen`, which writes no lock).
    ///
    /// - Parameter frozen: fail on any difference (a file edited or added by hand, a source whose bytes at the
    ///   locked commit differ, a source that cannot be read) and then write nothing, as `npm ci` does.
    /// - Throws: ``SyncError`` `.mismatch` listing every difference when `frozen`; `.risk` naming every fail-level
    ///   finding the lock does not accept; `.notFound` with no lock.
    public func install(frozen: Bool) throws(SyncError) -> InstallReport {
        recover()
        guard var lock = try SkillLock.read(at: lockPath) else {
            if let vercel = try VercelSkillsLock.read(at: vercelLockPath) {
                return try install(vercel, frozen: frozen)
            }
            throw SyncError(.notFound, "no skillscope.lock or skills-lock.json in \(root)")
        }
        var report = InstallReport(lockFile: (lockPath as NSString).lastPathComponent)
        var writes: [(name: String, entry: SkillLock.Entry, files: [String: [UInt8]], base: Snapshot?)] = []
        var refused: [(name: String, verdict: RiskVerdict)] = []
        var stale: [String] = []
        let accepting = allowsRisk && !frozen
        var acceptedNow = false
        for (name, entry) in lock.skills.sorted(by: { $0.key < $1.key }) {
            try SafePath.checkSkillName(name)
            let folder = root + "/" + Self.skillsFolder + "/" + name
            let installed = readFolder(folder)
            let executables = Set(entry.executables ?? [])
            var missing: [String] = []
            var problems: [String] = conflicts(name, entry: entry, files: installed.files)
            var modes: [String] = []
            // Upstream's text where the lock records a kept local version (what an older install wrote).
            var superseded: [String] = []
            for path in entry.lockedPaths.sorted() {
                try SafePath.checkRelative(path)
                guard let bytes = installed.files[path] else {
                    missing.append(path)
                    continue
                }
                let hash = SHA256.hex(of: bytes)
                if !entry.accepts(hash, at: path), !(entry.conflicts ?? []).contains(path) {
                    if entry.files[path] == hash, !frozen, entry.keptBytes(at: path) != nil {
                        superseded.append(path)  // upstream's text where the team's belongs: put back
                    } else if entry.files[path] == hash {
                        problems.append(
                            "\(name)/\(path): holds upstream's version, not the locally kept one the lock records")
                    } else {
                        problems.append("\(name)/\(path): sha256 differs from the lock (edited by hand)")
                    }
                }
                if executables.contains(path) != installed.executables.contains(path) {
                    modes.append(path)
                    // Without --frozen the locked mode is simply restored.
                    guard frozen else { continue }
                    problems.append(
                        "\(name)/\(path): \(executables.contains(path) ? "not executable, as the lock says it is" : "executable, as the lock says it is not")"
                    )
                }
            }
            for path in installed.files.keys.sorted() where !entry.lockedPaths.contains(path) {
                problems.append("\(name)/\(path): not in the lock")
            }
            report.problems += problems
            var files = installed.files
            for path in superseded { files[path] = entry.keptBytes(at: path) }
            // A kept version comes from the lock itself, never from upstream.
            var unrestorable: [String] = []
            for path in missing where entry.modified?[path] != nil {
                if let bytes = entry.keptBytes(at: path) {
                    files[path] = bytes
                } else {
                    unrestorable.append(path)
                    report.problems.append(
                        "\(name)/\(path): the lock records a locally kept version but not its bytes (written before skillscope kept them); restore the file by hand and run `skillscope keep \(name)`"
                    )
                }
            }
            let fromUpstream = missing.filter { entry.modified?[$0] == nil }
            var base: Snapshot?
            if !fromUpstream.isEmpty {
                do {
                    let snapshot = try reader.read(entry.source, commit: entry.commit)
                    guard snapshot.hashes == entry.files else {
                        report.problems.append(
                            "\(name): \(entry.source) at \(entry.commit ?? "its current state") differs from the lock")
                        continue
                    }
                    base = snapshot
                    for path in fromUpstream { files[path] = snapshot.files[path] }
                } catch {
                    report.problems.append("\(name): \(error.message)")
                    continue
                }
            }
            // What the project holds once installed; the lock's acceptance counts for the content it was made for.
            let scan = RiskVerdict(files: files, acceptance: entry.currentAcceptance)
            if scan.verdict != "pass" { report.scans[name] = scan }
            if !scan.failures.isEmpty {
                if let old = entry.acceptedRisk, old.sha256 != entry.contentHash {
                    stale.append(
                        "\(name): the lock accepted risk for other content (sha256 \(old.sha256.prefix(12))…; it now records \(entry.contentHash.prefix(12))…)"
                    )
                }
                if accepting {
                    lock.skills[name]?.acceptedRisk = scan.acceptance(at: entry.contentHash, allowsRisk: true)
                    acceptedNow = true
                } else {
                    refused.append((name, scan))
                }
            }
            let changed = missing.count > unrestorable.count || !superseded.isEmpty || !modes.isEmpty
            if changed {
                report.restored.append(name)
            } else if problems.isEmpty, unrestorable.isEmpty {
                report.verified.append(name)
            }
            // Rewritten with the locked modes, or with what was restored; nothing when nothing changed.
            writes.append((name, entry, changed ? files : [:], base))
        }
        if frozen, !report.problems.isEmpty {
            throw SyncError(
                .mismatch, "the project does not match \(lockPath):\n  " + report.problems.joined(separator: "\n  "))
        }
        try RiskVerdict.refuse(refused, doing: "install", notes: stale)
        // Every folder staged and every link planned, then all moved into place at once.
        var staging = transaction()
        do {
            for write in writes {
                let executables = Set(write.entry.executables ?? [])
                if !write.files.isEmpty {
                    try staging.stage(
                        write.files, executables: executables, at: Self.skillsFolder + "/" + write.name)
                }
                if !FileManager.default.fileExists(atPath: root + "/" + Self.baseFolder + "/" + write.name),
                    let base = try write.base ?? (try? reader.read(write.entry.source, commit: write.entry.commit)),
                    base.hashes == write.entry.files
                {
                    try staging.stage(base.files, executables: executables, at: Self.baseFolder + "/" + write.name)
                }
                let files =
                    write.files.isEmpty ? readFiles(root + "/" + Self.skillsFolder + "/" + write.name) : write.files
                for agent in try Agent.parse(write.entry.agents) {
                    let previous: Placement? = (write.entry.copied ?? []).contains(agent.id) ? .copied : nil
                    var planner = self
                    planner.copiesInsteadOfLinks = previous == .copied
                    _ = try planner.plan(
                        write.name, for: agent, files: files, executables: executables, previous: previous,
                        retry: "install", into: &staging)
                }
            }
        } catch {
            staging.abandon()
            throw error
        }
        if !staging.operations.isEmpty || acceptedNow {
            try staging.commit(lock: acceptedNow ? lock : nil, lockPath: lockPath)
        }
        return report
    }

    /// The unresolved conflicts of an installed skill: the paths `update` recorded and any file holding markers,
    /// each named with its line and rule.
    func conflicts(_ name: String, entry: SkillLock.Entry, files: [String: [UInt8]]) -> [String] {
        var messages: [String] = []
        for path in Set(entry.conflicts ?? []).union(files.keys).sorted() {
            let blocks = files[path].map(ConflictMarkers.blocks(in:)) ?? []
            if !blocks.isEmpty {
                messages += ConflictMarkers.describe(blocks, skill: name, path: path)
            } else if (entry.conflicts ?? []).contains(path) {
                let beside = files[path + ".upstream"] != nil ? " (\(path).upstream beside it)" : ""
                messages.append(
                    "\(name)/\(path): a conflict from `skillscope update`\(beside) not yet resolved; run `skillscope resolve \(name)`"
                )
            }
        }
        return messages
    }

    /// Verifies (and restores what is missing from) a vercel `skills-lock.json`: each installed folder's
    /// `computedHash` must match; a missing skill is read from a local source, or from the registry for a
    /// `github` source.
    private func install(_ lock: VercelSkillsLock, frozen: Bool) throws(SyncError) -> InstallReport {
        var report = InstallReport(lockFile: "skills-lock.json")
        var writes: [(String, FoundSkill)] = []
        var refused: [(name: String, verdict: RiskVerdict)] = []
        for (name, entry) in lock.skills.sorted(by: { $0.key < $1.key }) {
            try SafePath.checkSkillName(name)
            let installed = readFiles(root + "/" + Self.skillsFolder + "/" + name)
            if !installed.isEmpty {
                if VercelSkillsLock.computedHash(of: installed) == entry.computedHash {
                    report.verified.append(name)
                } else {
                    report.problems.append("\(name): computedHash differs from skills-lock.json (edited by hand)")
                }
                continue
            }
            do {
                let skill = try upstreamSkill(name, entry: entry)
                guard VercelSkillsLock.computedHash(of: skill.files) == entry.computedHash else {
                    report.problems.append("\(name): its source does not hold the locked version")
                    continue
                }
                // skills-lock.json has no place to record an accepted risk: only --allow-risk installs it.
                let scan = RiskVerdict(files: skill.files, acceptance: nil)
                if scan.verdict != "pass" { report.scans[name] = scan }
                if !scan.failures.isEmpty, !allowsRisk || frozen { refused.append((name, scan)) }
                writes.append((name, skill))
                report.restored.append(name)
            } catch {
                report.problems.append(error.message)
            }
        }
        if frozen, !report.problems.isEmpty {
            throw SyncError(
                .mismatch,
                "the project does not match skills-lock.json:\n  " + report.problems.joined(separator: "\n  "))
        }
        try RiskVerdict.refuse(refused, doing: "install")
        // Restored skills, and every skill of the lock, reach each detected agent (a link; the agent's own folder
        // is never replaced).
        var staging = transaction()
        do {
            for (name, skill) in writes {
                try staging.stage(skill.files, executables: skill.executables, at: Self.skillsFolder + "/" + name)
            }
            for name in lock.skills.keys.sorted() {
                for agent in Agent.detect(in: root) where agent.skillFolder(global: isGlobal) != Self.skillsFolder {
                    let path = root + "/" + agent.skillFolder(global: isGlobal) + "/" + name
                    guard (try? FileManager.default.attributesOfItem(atPath: path)) == nil else { continue }
                    _ = try plan(
                        name, for: agent, files: [:], executables: [], previous: nil, retry: "install", into: &staging)
                }
            }
        } catch {
            staging.abandon()
            throw error
        }
        if !staging.operations.isEmpty { try staging.commit(lock: nil, lockPath: lockPath) }
        return report
    }
}
