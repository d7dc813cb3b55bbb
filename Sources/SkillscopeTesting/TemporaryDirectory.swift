public import Foundation
internal import Synchronization

/// A fresh folder under the system's temporary directory, removed when the value is dropped.
public final class TemporaryDirectory: Sendable {
    public let path: String
    private let cleanups = Mutex<[@Sendable () -> Void]>([])

    public init(_ label: String = "skillscope") {
        let name = "\(label)-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
        path = NSTemporaryDirectory() + "/" + name
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        for cleanup in cleanups.withLock({ $0 }) { cleanup() }
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Runs `cleanup` when the directory is removed: for what a test made outside it, such as a database schema.
    public func onRemoval(_ cleanup: @escaping @Sendable () -> Void) {
        cleanups.withLock { $0.append(cleanup) }
    }

    /// Writes `bytes` at `relative`, creating folders.
    public func write(_ relative: String, bytes: [UInt8]) throws {
        let full = path + "/" + relative
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: full))
    }

    /// Writes UTF-8 `text` at `relative`, creating folders.
    public func write(_ relative: String, _ text: String) throws {
        try write(relative, bytes: Array(text.utf8))
    }

    /// `path/relative`.
    public func appending(_ relative: String) -> String { path + "/" + relative }
}
