internal import Foundation

/// A change to a project's skills that lands whole or not at all: `add`, `install` and `update` stage every
/// folder under `.skillscope/staging/<id>/`, check everything, write a journal (the commit point), then move the
/// folders into place, make the links and write the lock.
///
/// Every check (paths inside the root, what stands where a link goes) is made before the journal is written, so a
/// refusal leaves no trace. A process killed before the journal is written leaves only the staging folder, which
/// the next command removes (no trace); one killed after it is finished by the next command (the whole change).
/// Agents never see a part: each skill folder appears by one `rename(2)`, and a link made before its folder points
/// at nothing. A step that fails while applying (a full disk, say) never leaves a journal behind to block later
/// commands: the other steps and the lock are still written, and the failure is reported.
struct Transaction {
    /// One step of the commit, kept in the journal.
    struct Operation: Codable, Hashable {
        enum Kind: String, Codable { case folder, link }
        var kind: Kind
        /// The folder or link, relative to the root.
        var target: String
        /// A folder's staged copy, relative to the staging folder.
        var staged: String?
        /// A link's destination, relative to the link.
        var destination: String?
    }

    /// The journal: the operations and the lock to write last.
    struct Journal: Codable {
        var operations: [Operation]
        /// The lock to write once every operation is done; nil for a change that leaves it as it is.
        var lock: SkillLock?
        var lockPath: String
    }

    static let stagingFolder = ".skillscope/staging"

    let root: String
    let id: String
    var operations: [Operation] = []
    /// How long to wait after each step: a test hook (`SKILLSCOPE_TEST_STEP_DELAY_MS`) so a kill can land anywhere.
    var stepDelay: Double

    init(root: String, stepDelay: Double) {
        self.root = root
        self.id = UUID().uuidString.prefix(12).lowercased()
        self.stepDelay = stepDelay
    }

    var folder: String { root + "/" + Self.stagingFolder + "/" + id }

    func pause() {
        if stepDelay > 0 { Thread.sleep(forTimeInterval: stepDelay) }
    }

    /// Writes `files` into the staging folder, to be moved to `target` (relative to the root) at commit.
    mutating func stage(_ files: [String: [UInt8]], executables: Set<String>, at target: String) throws(SyncError) {
        try SafePath.checkInside(root + "/" + target, root: root)
        let staged = String(operations.count)
        let manager = FileManager.default
        do {
            let base = folder + "/" + staged
            try manager.createDirectory(atPath: base, withIntermediateDirectories: true)
            for (path, bytes) in files.sorted(by: { $0.key < $1.key }) {
                try SafePath.checkRelative(path)
                let full = base + "/" + path
                try manager.createDirectory(
                    atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try Data(bytes).write(to: URL(fileURLWithPath: full))
                if executables.contains(path) { try Self.setExecutable(full) }
                pause()
            }
        } catch let error as SyncError {
            throw error
        } catch {
            throw SyncError(.io, "cannot stage \(target): \(error.localizedDescription)", underlying: error)
        }
        operations.append(Operation(kind: .folder, target: target, staged: staged))
    }

    /// A link at `target` (relative to the root) to `destination`, made at commit.
    ///
    /// The link itself is never followed: one already there is replaced, wherever it points, and anything else
    /// there is moved to `.skillscope/backup/` first. Its folder must be inside the root.
    mutating func link(_ target: String, to destination: String) throws(SyncError) {
        try SafePath.checkInside((root + "/" + target as NSString).deletingLastPathComponent, root: root)
        operations.append(Operation(kind: .link, target: target, destination: destination))
    }

    /// Writes the journal, then applies it; the staging folder is gone after.
    ///
    /// - Throws: ``SyncError`` `.io` naming each step that failed; every other step, and the lock, were done.
    func commit(lock: SkillLock?, lockPath: String) throws(SyncError) {
        let journal = Journal(operations: operations, lock: lock, lockPath: lockPath)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data: Data
        do { data = try encoder.encode(journal) } catch { throw SyncError(.invalid, "cannot encode a journal") }
        try AtomicFile.write([UInt8](data), to: folder + ".json")
        pause()
        let failures = Self.apply(journal, root: root, folder: folder, pause: pause)
        guard failures.isEmpty else {
            throw SyncError(
                .io,
                "the change was made except for: " + failures.joined(separator: "; ")
                    + "; `skillscope status` shows what is missing")
        }
    }

    /// Removes the staging folder of a change that will not be committed.
    func abandon() {
        try? FileManager.default.removeItem(atPath: folder)
        Self.removeEmptyStaging(root: root)
    }

    /// Removes `.skillscope/staging` and `.skillscope` when nothing is left in them.
    static func removeEmptyStaging(root: String) {
        for folder in [stagingFolder, ".skillscope"]
        where (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder))?.isEmpty == true {
            try? FileManager.default.removeItem(atPath: root + "/" + folder)
        }
    }

    /// Finishes or clears what a killed or refused command left.
    ///
    /// Finishes every journaled change and removes staging folders without a journal: what the next command does
    /// after a kill or a failure. It never fails: a step that cannot be done is skipped and said.
    ///
    /// - Returns: a sentence for the user about each change finished or cleared; none when nothing was left.
    @discardableResult static func recover(root: String) -> [String] {
        let staging = root + "/" + stagingFolder
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: staging) else { return [] }
        var notices: [String] = []
        for name in names.sorted() where name.hasSuffix(".json") && !name.hasPrefix(".") {
            let folder = staging + "/" + String(name.dropLast(5))
            guard let data = FileManager.default.contents(atPath: staging + "/" + name),
                let journal = try? JSONDecoder().decode(Journal.self, from: data)
            else {
                // A journal is written atomically, so one that does not parse was never committed.
                try? FileManager.default.removeItem(atPath: staging + "/" + name)
                continue
            }
            let failures = apply(journal, root: root, folder: folder, pause: {})
            notices.append(
                "finished a change an earlier skillscope command left unfinished in \(stagingFolder)"
                    + (failures.isEmpty ? "" : ", except for: " + failures.joined(separator: "; ")))
        }
        var abandoned = 0
        for name in (try? FileManager.default.contentsOfDirectory(atPath: staging)) ?? [] {
            try? FileManager.default.removeItem(atPath: staging + "/" + name)
            abandoned += 1
        }
        if abandoned > 0 {
            notices.append(
                "cleared \(stagingFolder), where an earlier skillscope command stopped before changing anything")
        }
        removeEmptyStaging(root: root)
        return notices
    }

    /// Applies a journal's operations.
    ///
    /// Applies a journal's operations; each is skipped when done already, so a second run finishes the first. A
    /// step that fails is skipped and named; the rest, the lock, and the cleanup are done whatever happens.
    ///
    /// - Returns: a phrase for each step that failed.
    private static func apply(_ journal: Journal, root: String, folder: String, pause: () -> Void) -> [String] {
        var failures: [String] = []
        for operation in journal.operations {
            do {
                try apply(operation, root: root, folder: folder)
            } catch {
                failures.append(error.message)
            }
            pause()
        }
        if let lock = journal.lock {
            do {
                try lock.write(to: journal.lockPath)
            } catch {
                failures.append(error.message)
            }
            pause()
        }
        try? FileManager.default.removeItem(atPath: folder)
        try? FileManager.default.removeItem(atPath: folder + ".json")
        removeEmptyStaging(root: root)
        return failures
    }

    /// Moves a staged folder into place, or makes a link; nothing when it is done already.
    private static func apply(_ operation: Operation, root: String, folder: String) throws(SyncError) {
        let manager = FileManager.default
        let target = root + "/" + operation.target
        switch operation.kind {
        case .folder:
            try SafePath.checkInside(target, root: root)
            guard let staged = operation.staged, manager.fileExists(atPath: folder + "/" + staged) else { return }
            do {
                try manager.createDirectory(
                    atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                let old = folder + "/" + staged + ".old"
                if (try? manager.attributesOfItem(atPath: target)) != nil {
                    try? manager.removeItem(atPath: old)
                    try manager.moveItem(atPath: target, toPath: old)
                }
                try manager.moveItem(atPath: folder + "/" + staged, toPath: target)
                try? manager.removeItem(atPath: old)
            } catch {
                throw SyncError(
                    .io, "cannot move \(operation.target) into place: \(error.localizedDescription)", underlying: error)
            }
        case .link:
            // The link's folder must be inside the root; the link itself is replaced, never followed.
            try SafePath.checkInside((target as NSString).deletingLastPathComponent, root: root)
            guard let destination = operation.destination else { return }
            if (try? manager.destinationOfSymbolicLink(atPath: target)) == destination { return }
            do {
                try manager.createDirectory(
                    atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                if (try? manager.destinationOfSymbolicLink(atPath: target)) != nil {
                    try manager.removeItem(atPath: target)
                } else if (try? manager.attributesOfItem(atPath: target)) != nil {
                    let backup = root + "/.skillscope/backup/" + operation.target
                    try manager.createDirectory(
                        atPath: (backup as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                    if (try? manager.attributesOfItem(atPath: backup)) != nil { try manager.removeItem(atPath: backup) }
                    try manager.moveItem(atPath: target, toPath: backup)
                }
                try manager.createSymbolicLink(atPath: target, withDestinationPath: destination)
            } catch {
                throw SyncError(
                    .io, "cannot link \(operation.target): \(error.localizedDescription)", underlying: error)
            }
        }
    }

    /// Adds the executable bits (as far as the umask allowed read bits) to a file.
    static func setExecutable(_ path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        let mode = info.st_mode & 0o7777
        let executable = mode | ((mode & 0o444) >> 2)
        guard chmod(path, executable) == 0 else {
            throw SyncError(.io, "cannot make \(path) executable (errno \(errno))")
        }
    }

    /// Whether the file at `path` is executable by its owner.
    static func isExecutable(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & 0o100 != 0
    }
}
