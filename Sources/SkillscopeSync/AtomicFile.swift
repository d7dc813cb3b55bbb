internal import Foundation

/// Writes a file so that a reader, or a crash, sees either the old bytes or the new ones, never a mix.
///
/// The protocol: write a temporary file in the same folder, `fsync` it, copy the old file to the backup (synced
/// too), `rename(2)` the temporary file over the target (atomic on POSIX file systems), then `fsync` the folder so
/// the rename itself survives a power cut. A process killed before the rename leaves the old file and a stray
/// `.<name>.skillscope-*.tmp`, which the next write removes.
///
/// Rejected alternative: writing in place with `O_TRUNC` — a kill between truncate and write leaves an empty file.
public enum AtomicFile {
    /// Hooks for tests that stop a writer between the protocol's steps.
    public struct Configuration: Sendable {
        /// How long to wait after the temporary file is synced and before the rename, so a test can kill the
        /// process there.
        ///
        /// The default is none.
        public var pauseBeforeRename: Duration?
        public init() {}
    }

    /// Writes `bytes` to `path` atomically, creating folders.
    ///
    /// - Parameter backup: where to keep the file's previous bytes, when it had some; `nil` keeps none.
    /// - Throws: ``SyncError`` `.io`.
    public static func write(
        _ bytes: [UInt8], to path: String, backup: String? = nil, configuration: Configuration = Configuration()
    ) throws(SyncError) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
        let manager = FileManager.default
        do {
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
            removeStrayTemporaries(in: folder, name: name)
            let temporary =
                folder + "/.\(name).skillscope-\(ProcessInfo.processInfo.processIdentifier)-"
                + UUID().uuidString.prefix(8) + ".tmp"
            try writeSynced(bytes, to: temporary)
            if let attributes = try? manager.attributesOfItem(atPath: path),
                let mode = attributes[.posixPermissions]
            {
                try? manager.setAttributes([.posixPermissions: mode], ofItemAtPath: temporary)
                if let backup, let old = manager.contents(atPath: path) {
                    try manager.createDirectory(
                        atPath: URL(fileURLWithPath: backup).deletingLastPathComponent().path,
                        withIntermediateDirectories: true)
                    try writeSynced([UInt8](old), to: backup)
                    try? manager.setAttributes([.posixPermissions: mode], ofItemAtPath: backup)
                }
            }
            if let pause = configuration.pauseBeforeRename {
                Thread.sleep(
                    forTimeInterval: Double(pause.components.seconds) + Double(pause.components.attoseconds) / 1e18)
            }
            guard rename(temporary, path) == 0 else {
                try? manager.removeItem(atPath: temporary)
                throw SyncError(.io, "cannot replace \(path) (errno \(errno))")
            }
            syncFolder(folder)
        } catch let error as SyncError {
            throw error
        } catch {
            throw SyncError(.io, "cannot write \(path): \(error.localizedDescription)", underlying: error)
        }
    }

    /// Writes and `fsync`s a new file.
    private static func writeSynced(_ bytes: [UInt8], to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw SyncError(.io, "cannot create \(path)")
        }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.write(contentsOf: bytes)
        try handle.synchronize()
    }

    /// `fsync` on a folder, so a rename in it is durable.
    ///
    /// Best effort: some file systems refuse it.
    private static func syncFolder(_ folder: String) {
        guard let handle = FileHandle(forReadingAtPath: folder) else { return }
        try? handle.synchronize()
        try? handle.close()
    }

    /// Removes temporaries a killed writer left for `name`.
    static func removeStrayTemporaries(in folder: String, name: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for stray in names where stray.hasPrefix(".\(name).skillscope-") && stray.hasSuffix(".tmp") {
            try? FileManager.default.removeItem(atPath: folder + "/" + stray)
        }
    }

    /// The bytes at `path`, or `nil` when there is no readable file.
    public static func read(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }
}
