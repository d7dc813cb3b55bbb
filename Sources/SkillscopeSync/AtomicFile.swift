internal import FileSystem
internal import Foundation

/// Writes files so that a reader, or a crash, sees either the old bytes or the new ones, never a mix.
///
/// The protocol (``FileSystem/DurableBatch``): write a temporary file in the same folder, make it durable, keep
/// the old file's bytes in the backup the same way, `rename(2)` the temporary file over the target (atomic on
/// POSIX file systems), then make the rename durable. A ``Batch`` does each step for all its files before the next
/// step, so a thousand files wait for the disk twice, not two thousand times. A process killed before a rename
/// leaves the old file and a stray `.<name>.skillscope-*.tmp`, which the next write of that file removes.
///
/// Rejected alternative: writing in place with `O_TRUNC`: a kill between truncate and write leaves an empty file.
public enum AtomicFile {
    /// Hooks for tests that stop a writer between the protocol's steps.
    public struct Configuration: Sendable {
        /// How long to wait after the temporary file is synced and before its rename, so a test can kill the
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
        let batch = Batch(configuration: configuration)
        try batch.stage(bytes, to: path, backup: backup)
        try batch.commit()
    }

    /// The bytes at `path`, or `nil` when there is no readable file.
    public static func read(_ path: String) -> [UInt8]? {
        FileSystem.contents(atPath: path)
    }

    /// Many files written atomically together: each whole or untouched after a kill, all durable at the end.
    ///
    /// ```swift
    /// let batch = AtomicFile.Batch()
    /// try batch.stage(newBytes, to: root + "/CLAUDE.md", backup: root + "/.skillscope/backup/CLAUDE.md")
    /// try batch.commit { index in print("written: file \(index)") }
    /// ```
    public final class Batch {
        private let durable: DurableBatch
        private let configuration: Configuration
        /// For each call of ``stage(_:to:backup:previous:)``, the index of its target in the durable batch.
        private var targets: [Int] = []

        public init(configuration: Configuration = Configuration()) {
            var settings = DurableBatch.Configuration()
            settings.tag = "skillscope"
            durable = DurableBatch(configuration: settings)
            self.configuration = configuration
        }

        /// How many files were staged, backups not counted.
        public var count: Int { targets.count }

        /// Writes `bytes` beside `path` under a temporary name, and the bytes now at `path` beside `backup`.
        ///
        /// The backup is written only when `path` has bytes, with the file's mode. Nothing is replaced until
        /// ``commit(_:)``.
        ///
        /// - Parameter previous: the bytes now at `path`, when the caller has read them already.
        /// - Throws: ``SyncError`` `.io`.
        public func stage(_ bytes: [UInt8], to path: String, backup: String? = nil, previous: [UInt8]? = nil)
            throws(SyncError)
        {
            do {
                if let backup, let old = previous ?? FileSystem.contents(atPath: path) {
                    try durable.stage(old, at: backup, mode: FileSystem.mode(atPath: path))
                }
                try durable.stage(bytes, at: path)
            } catch {
                throw SyncError(.io, "cannot write \(path): \(error.reason)", underlying: error)
            }
            targets.append(durable.count - 1)
        }

        /// Replaces every staged file, backups first, in the order staged, and makes it all durable.
        ///
        /// - Parameter written: called with the index (in staging order) of each file once its new bytes are in
        ///   place.
        /// - Throws: ``SyncError`` `.io`; the files written before the failure stay written.
        public func commit(_ written: (Int) -> Void = { _ in }) throws(SyncError) {
            var indexOfTarget: [Int: Int] = [:]
            for (index, target) in targets.enumerated() { indexOfTarget[target] = index }
            let pause = configuration.pauseBeforeRename
            do {
                try durable.commit { step, index in
                    guard let target = indexOfTarget[index] else { return }
                    switch step {
                    case .before:
                        if let pause {
                            Thread.sleep(
                                forTimeInterval: Double(pause.components.seconds) + Double(
                                    pause.components.attoseconds) / 1e18)
                        }
                    case .after: written(target)
                    }
                }
            } catch {
                throw SyncError(.io, "cannot replace \(error.path): \(error.reason)", underlying: error)
            }
        }
    }
}
