internal import Dispatch

/// Runs blocking work (SQLite writes) on a thread of its own, so async code awaits it without holding a
/// thread of the cooperative pool.
///
/// Shaped like NIO's `NIOThreadPool.runIfActive`: a continuation resumed from a serial queue.
public final class BlockingPool: Sendable {
    private let queue: DispatchQueue

    public init(label: String) {
        queue = DispatchQueue(label: label)
    }

    /// Runs `body` on the pool's thread and returns its value.
    public func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try body() }) }
        }
    }
}
