#if canImport(Glibc)
    internal import Glibc
#endif

/// Reading files and folders straight through the C library: what an ingest does for every file it parses.
///
/// Foundation's `FileManager.contents(atPath:)` reads into a `Data` that is then copied into an array, and
/// `contentsOfDirectory(atPath:)` gives names only, so telling folders from files took an `lstat` per name. Here a
/// file is read once into the array it is returned in, and a folder's entries come with the kind `readdir` already
/// knows.
public enum FileSystem {
    /// A file's whole contents; `nil` when it cannot be opened or read, or is larger than `maximumBytes`.
    public static func contents(atPath path: String, maximumBytes: Int = .max) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, Int(status.st_size) <= maximumBytes else { return nil }
        return readToEnd(descriptor, sizeHint: Int(status.st_size))
    }

    /// Everything left to read from an open descriptor (a file, a pipe), read again when a signal interrupts a
    /// read; `nil` on any other error.
    ///
    /// A pipe read with `FileHandle.readDataToEndOfFile()` traps when a signal interrupts it (another child of
    /// the process exiting).
    public static func readToEnd(_ descriptor: Int32, sizeHint: Int = 0) -> [UInt8]? {
        // The size is a hint: what grows or shrinks while it is read is read to its end all the same.
        var bytes = [UInt8](repeating: 0, count: max(sizeHint, 0) + 1)
        var filled = 0
        while true {
            if filled == bytes.count { bytes += [UInt8](repeating: 0, count: max(bytes.count, 4096)) }
            let count = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return -1 }
                return read(descriptor, base + filled, buffer.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { break }
            filled += count
        }
        bytes.removeLast(bytes.count - filled)
        return bytes
    }

    /// The permission bits of the file at `path`, links followed; `nil` when there is none.
    public static func mode(atPath path: String) -> UInt32? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return UInt32(status.st_mode) & 0o7777
    }

    /// Whether `path` itself is a symbolic link (not followed).
    public static func isSymbolicLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
    }

    /// `path` with every link followed and `.` and `..` removed (`realpath(3)`); `nil` when some part of it does
    /// not exist.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// What an entry of a folder is, as the folder itself records it.
    public enum EntryKind: Sendable, Hashable {
        case directory
        case regularFile
        case symbolicLink
        /// Sockets, pipes and devices.
        case other
    }

    /// An entry of a folder.
    public struct Entry: Sendable, Hashable {
        public var name: String
        public var kind: EntryKind
    }

    /// The entries of the folder at `path`, without `.` and `..`, in the order the folder holds them; `nil` when it
    /// cannot be opened.
    ///
    /// Links are reported as links, not followed.
    public static func entries(ofDirectory path: String) -> [Entry]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var entries: [Entry] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let kind: EntryKind
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_DIR): kind = .directory
            case Int32(DT_REG): kind = .regularFile
            case Int32(DT_LNK): kind = .symbolicLink
            case Int32(DT_UNKNOWN): kind = linkStatus(path + "/" + name)
            default: kind = .other
            }
            entries.append(Entry(name: name, kind: kind))
        }
        return entries
    }

    /// The kind of the entry at `path` by `lstat`, for file systems whose folders do not record it.
    private static func linkStatus(_ path: String) -> EntryKind {
        var status = stat()
        guard lstat(path, &status) == 0 else { return .other }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .regularFile
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }
}
