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
    }

    /// Restores what the lock says: missing skills and files are read from their source at the locked commit and
    /// checked against the locked sha256 before anything is written; links are made again.
    ///
    /// - Parameter frozen: fail on any difference (a file edited or added by hand, a source whose bytes at the
    ///   locked commit differ, a source that cannot be read) and then write nothing, as `npm ci` does.
    /// - Throws: ``SyncError`` `.mismatch` listing every difference when `frozen`; `.notFound` with no lock.
    public func install(frozen: Bool) throws(SyncError) -> InstallReport {
        guard let lock = try SkillLock.read(at: lockPath) else {
            if let vercel = try VercelSkillsLock.read(at: vercelLockPath) {
                return try install(vercel, frozen: frozen)
            }
            throw SyncError(.notFound, "no skillscope.lock or skills-lock.json in \(root)")
        }
        var report = InstallReport(lockFile: (lockPath as NSString).lastPathComponent)
        var writes: [(name: String, entry: SkillLock.Entry, files: [String: [UInt8]], whole: Bool)] = []
        for (name, entry) in lock.skills.sorted(by: { $0.key < $1.key }) {
            try SafePath.checkSkillName(name)
            let installed = readFiles(root + "/" + Self.skillsFolder + "/" + name)
            var missing: [String] = []
            for (path, _) in entry.files.sorted(by: { $0.key < $1.key }) {
                try SafePath.checkRelative(path)
                guard let bytes = installed[path] else {
                    missing.append(path)
                    continue
                }
                if !entry.accepts(SHA256.hex(of: bytes), at: path) {
                    report.problems.append("\(name)/\(path): sha256 differs from the lock (edited by hand)")
                }
            }
            for path in installed.keys.sorted() where entry.files[path] == nil && entry.modified?[path] == nil {
                report.problems.append("\(name)/\(path): not in the lock")
            }
            if missing.isEmpty {
                report.verified.append(name)
                writes.append((name, entry, [:], false))
                continue
            }
            do {
                let snapshot = try reader.read(entry.source, commit: entry.commit)
                if snapshot.hashes != entry.files {
                    report.problems.append(
                        "\(name): \(entry.source) at \(entry.commit ?? "its current state") differs from the lock")
                    continue
                }
                for path in missing where entry.modified?[path] != nil {
                    report.problems.append(
                        "\(name)/\(path): the locally kept version cannot be restored from the source")
                }
                let files = snapshot.files.filter { missing.contains($0.key) }
                writes.append((name, entry, files, installed.isEmpty))
                report.restored.append(name)
            } catch {
                report.problems.append("\(name): \(error.message)")
            }
        }
        if frozen, !report.problems.isEmpty {
            throw SyncError(
                .mismatch, "the project does not match \(lockPath):\n  " + report.problems.joined(separator: "\n  "))
        }
        for write in writes {
            if write.whole {
                try place(write.files, name: write.name, in: Self.skillsFolder)
            } else {
                for (path, bytes) in write.files {
                    try AtomicFile.write(bytes, to: root + "/" + Self.skillsFolder + "/" + write.name + "/" + path)
                }
            }
            if !write.files.isEmpty
                || !FileManager.default.fileExists(atPath: root + "/" + Self.baseFolder + "/" + write.name)
            {
                if let snapshot = try? reader.read(write.entry.source, commit: write.entry.commit),
                    snapshot.hashes == write.entry.files
                {
                    try place(snapshot.files, name: write.name, in: Self.baseFolder)
                }
            }
            let files = readFiles(root + "/" + Self.skillsFolder + "/" + write.name)
            for agent in try Agent.parse(write.entry.agents) {
                let previous: Placement? = (write.entry.copied ?? []).contains(agent.id) ? .copied : nil
                _ = try attach(write.name, to: agent, files: files, previous: previous)
            }
        }
        return report
    }

    /// Verifies (and restores what is missing from) a vercel `skills-lock.json`: each installed folder's
    /// `computedHash` must match; a missing skill is read from a local source, or from the registry for a
    /// `github` source.
    private func install(_ lock: VercelSkillsLock, frozen: Bool) throws(SyncError) -> InstallReport {
        var report = InstallReport(lockFile: "skills-lock.json")
        var writes: [(String, [String: [UInt8]])] = []
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
            let source: SkillSource
            switch entry.sourceType {
            case "local":
                let location = entry.source.hasPrefix("/") ? entry.source : root + "/" + entry.source
                source = SkillSource(kind: .folder, location: location)
            case "github":
                source = SkillSource(kind: .registry, location: entry.source)
            default:
                report.problems.append("\(name): source type \(entry.sourceType) cannot be read offline")
                continue
            }
            do {
                let snapshot = try reader.read(source, commit: nil)
                let skill = FoundSkill.all(in: snapshot, rootName: name).first { $0.name == name }
                guard let skill, VercelSkillsLock.computedHash(of: skill.files) == entry.computedHash else {
                    report.problems.append("\(name): \(source) does not hold the locked version")
                    continue
                }
                writes.append((name, skill.files))
                report.restored.append(name)
            } catch {
                report.problems.append("\(name): \(error.message)")
            }
        }
        if frozen, !report.problems.isEmpty {
            throw SyncError(
                .mismatch,
                "the project does not match skills-lock.json:\n  " + report.problems.joined(separator: "\n  "))
        }
        for (name, files) in writes { try place(files, name: name, in: Self.skillsFolder) }
        return report
    }
}
