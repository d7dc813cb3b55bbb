internal import CFileSystem

#if canImport(Glibc)
    internal import Glibc
#endif

/// Files replaced atomically as one batch, made durable by two flushes of the disk in all rather than two a file.
///
/// Each file is first written under a temporary name beside its target (``stage(_:at:mode:)``). ``commit(_:)``
/// then makes every temporary file durable at once, renames each over its target in the order staged, and makes
/// the renames durable at once. A process killed at any moment leaves each target with its old bytes or its whole
/// new ones: `rename(2)` is atomic, and no rename happens before every new byte is on disk. A kill leaves only
/// temporary files, `.<name>.<tag>-<pid>-<n>.tmp`, which the next batch that writes `<name>` removes.
///
/// A batch of more than ``Configuration/fsyncLimit`` files is flushed with `syncfs(2)`, once before the renames and
/// once after; a smaller one with an `fsync` a file and a folder, which waits for nothing else on the disk.
///
/// Rejected alternatives: an `fsync` of each temporary file and of its folder around each rename (what every file
/// cost before, two waits for the disk a file: 3,003 files took 4.5–8.3 s, bench/RESULTS.md); the same `fsync`s
/// after all the writes (as many waits, only later); `O_TMPFILE` and `linkat` (one inode a file all the same, and
/// `linkat` cannot replace an existing file).
public final class DurableBatch {
    /// How a batch flushes and names its temporary files.
    public struct Configuration: Sendable {
        /// The word in temporary files' names, which tells a batch's strays from other files.
        ///
        /// The default is `batch`.
        public var tag = "batch"
        /// The largest batch flushed with an `fsync` a file and a folder; larger ones use `syncfs(2)`.
        ///
        /// The default is 8.
        public var fsyncLimit = 8
        public init() {}
    }

    private struct Staged {
        var temporary: String
        var target: String
        var folder: String
    }

    public let configuration: Configuration
    private var staged: [Staged] = []
    /// Folders made for staged files, whose parents then hold a new entry.
    private var madeFolders: [String] = []
    /// Per folder, the temporary files of this tag found there when the batch first wrote to it.
    private var strays: [String: [String]] = [:]
    private var counter = 0
    private var isCommitted = false

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// How many files are staged.
    public var count: Int { staged.count }

    /// Writes `bytes` to a new temporary file beside `path`, creating missing folders, and removes the strays a
    /// killed batch left for `path`.
    ///
    /// - Parameter mode: the new file's permissions; `nil` keeps those of the file now at `path`, or gives
    ///   `0o666` less the umask when there is none.
    /// - Throws: ``FileSystemError`` naming the path that could not be written.
    public func stage(_ bytes: [UInt8], at path: String, mode: UInt32? = nil) throws(FileSystemError) {
        precondition(!isCommitted, "a committed batch takes no more files")
        let (folder, name) = Self.split(path)
        try removeStrays(of: name, in: folder)
        let keptMode = mode ?? FileSystem.mode(atPath: path)
        var temporary = ""
        var descriptor: Int32 = -1
        var madeFolder = false
        while descriptor < 0 {
            counter += 1
            temporary = folder + "/.\(name).\(configuration.tag)-\(getpid())-\(counter).tmp"
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(0o666))
            if descriptor < 0 {
                switch errno {
                case EEXIST: continue
                case ENOENT where !madeFolder:
                    madeFolder = true
                    try makeFolders(folder)
                case let code: throw FileSystemError(path: temporary, errno: code)
                }
            }
        }
        defer { close(descriptor) }
        staged.append(Staged(temporary: temporary, target: path, folder: folder))
        if let keptMode, fchmod(descriptor, mode_t(keptMode & 0o7777)) != 0 {
            throw FileSystemError(path: temporary, errno: errno)
        }
        try Self.writeAll(bytes, to: descriptor, path: temporary)
    }

    /// Flushes every staged file to disk, renames each over its target in the order staged, then flushes the
    /// renames.
    ///
    /// When a rename fails, the files renamed before it are flushed, the rest are removed, and the error is thrown.
    ///
    /// - Parameter eachRename: called before each rename with the file's index in staging order (`.before`, where
    ///   a test may stop the process) and after it (`.after`, where its new bytes are in place).
    /// - Throws: ``FileSystemError`` when a flush or a rename fails.
    public func commit(_ eachRename: (_ step: RenameStep, _ index: Int) -> Void = { _, _ in }) throws(FileSystemError) {
        precondition(!isCommitted, "a batch commits once")
        isCommitted = true
        guard !staged.isEmpty else { return }
        let isSmall = staged.count <= configuration.fsyncLimit
        do {
            if isSmall {
                for file in staged { try Self.fsync(file.temporary) }
            } else {
                try Self.syncFileSystem(of: staged[0].folder)
            }
        } catch {
            removeUnrenamed(from: 0)
            throw error
        }
        var renamed = 0
        defer { removeUnrenamed(from: renamed) }
        var failure: FileSystemError?
        for (index, file) in staged.enumerated() {
            eachRename(.before, index)
            guard rename(file.temporary, file.target) == 0 else {
                failure = FileSystemError(path: file.target, errno: errno)
                break
            }
            renamed = index + 1
            eachRename(.after, index)
        }
        if renamed > 0 {
            if isSmall {
                var folders = Set(staged[..<renamed].map(\.folder))
                folders.formUnion(madeFolders.map { Self.split($0).folder })
                for folder in folders.sorted() { try Self.fsync(folder) }
            } else {
                try Self.syncFileSystem(of: staged[0].folder)
            }
        }
        if let failure { throw failure }
    }

    /// Where ``commit(_:)`` is, around one rename.
    public enum RenameStep: Sendable {
        case before, after
    }

    deinit {
        removeUnrenamed(from: isCommitted ? staged.count : 0)
    }

    private func removeUnrenamed(from start: Int) {
        for file in staged[start...] { unlink(file.temporary) }
        staged.removeSubrange(start...)
    }

    private func removeStrays(of name: String, in folder: String) throws(FileSystemError) {
        if strays[folder] == nil {
            let marker = ".\(configuration.tag)-"
            strays[folder] = (FileSystem.entries(ofDirectory: folder) ?? []).map(\.name).filter {
                $0.hasPrefix(".") && $0.hasSuffix(".tmp") && $0.contains(marker)
            }
        }
        let prefix = ".\(name).\(configuration.tag)-"
        for stray in strays[folder] ?? [] where stray.hasPrefix(prefix) { unlink(folder + "/" + stray) }
        strays[folder]?.removeAll { $0.hasPrefix(prefix) }
    }

    private func makeFolders(_ folder: String) throws(FileSystemError) {
        guard mkdir(folder, mode_t(0o777)) != 0 else {
            madeFolders.append(folder)
            return
        }
        switch errno {
        case EEXIST: return
        case ENOENT where folder.contains("/") && folder != "/":
            try makeFolders(Self.split(folder).folder)
            guard mkdir(folder, mode_t(0o777)) == 0 || errno == EEXIST else {
                throw FileSystemError(path: folder, errno: errno)
            }
            madeFolders.append(folder)
        case let code: throw FileSystemError(path: folder, errno: code)
        }
    }

    private static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.utf8.index(after: slash)...]))
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(FileSystemError) {
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                Glibc.write(descriptor, raw.baseAddress.map { $0 + done }, raw.count - done)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(path: path, errno: errno)
            }
            done += count
        }
    }

    private static func fsync(_ path: String) throws(FileSystemError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileSystemError(path: path, errno: errno) }
        defer { close(descriptor) }
        // A folder some file systems cannot sync is no reason to fail a write that is in place.
        guard Glibc.fsync(descriptor) == 0 || errno == EINVAL else { throw FileSystemError(path: path, errno: errno) }
    }

    private static func syncFileSystem(of folder: String) throws(FileSystemError) {
        let descriptor = open(folder, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileSystemError(path: folder, errno: errno) }
        defer { close(descriptor) }
        guard cfs_syncfs(descriptor) == 0 else { throw FileSystemError(path: folder, errno: errno) }
    }
}
