internal import Foundation

/// The heavy routes' own queue (analyze, remix, compare): a fixed number run at once and a bounded number wait
/// for a turn; past that, or past the wait, the answer is 503 with `Retry-After`.
///
/// A waiting request holds one of the server's threads, so running plus waiting stays below the thread count:
/// pages, searches and file reads always find a thread free and never wait behind an analysis. `skillscope serve`
/// makes one and hands it to the web and to MCP's `/mcp`, so an agent's analyses wait in the same queue.
public final class HeavyGate: @unchecked Sendable {
    /// Heavy requests run at once.
    let concurrency: Int
    /// Heavy requests that may wait for a turn.
    let queueLength: Int
    /// How long one waits at most.
    let wait: Duration
    /// What `Retry-After` says, in seconds.
    let retryAfter: Int

    // NSCondition: waiting for a turn needs a condition variable, which Synchronization's Mutex has not.
    private let condition = NSCondition()
    private var running = 0
    private var waiting = 0

    public init(concurrency: Int = 1, queueLength: Int = 1, wait: Duration = .seconds(10), retryAfter: Int = 10) {
        self.concurrency = max(1, concurrency)
        self.queueLength = max(0, queueLength)
        self.wait = wait
        self.retryAfter = retryAfter
    }

    /// Requests waiting for a turn now.
    var waitingNow: Int {
        condition.lock()
        defer { condition.unlock() }
        return waiting
    }

    /// Runs `work` when a turn is free, or refuses.
    ///
    /// - Parameter isAbandoned: asked while waiting (every 0.2 s); true gives the turn up, as when the client has
    ///   gone.
    public func run<T>(isAbandoned: () -> Bool = { false }, _ work: () throws -> T) throws -> T {
        condition.lock()
        if running >= concurrency {
            guard waiting < queueLength else {
                condition.unlock()
                throw busy("\(running) running and \(waiting) waiting")
            }
            waiting += 1
            let deadline = Date().addingTimeInterval(
                Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18)
            var abandoned = false
            while running >= concurrency, Date() < deadline {
                _ = condition.wait(until: min(deadline, Date().addingTimeInterval(0.2)))
                if running >= concurrency, isAbandoned() {
                    abandoned = true
                    break
                }
            }
            waiting -= 1
            if abandoned {
                condition.unlock()
                throw WebError(503, "cancelled", "the client closed the connection while waiting for a turn")
            }
            guard running < concurrency else {
                condition.unlock()
                throw busy("none finished within \(wait.components.seconds) s")
            }
        }
        running += 1
        condition.unlock()
        defer {
            condition.lock()
            running -= 1
            condition.signal()
            condition.unlock()
        }
        return try work()
    }

    /// Makes a gate with `limits`' concurrency, queue, wait and `Retry-After`.
    public convenience init(_ limits: WebApp.HeavyLimits) {
        self.init(
            concurrency: limits.concurrency, queueLength: limits.queueLength, wait: limits.wait,
            retryAfter: limits.retryAfter)
    }

    private func busy(_ why: String) -> WebError {
        var error = WebError(
            503, "busy", "the server is busy with other analyses (\(why)); try again in \(retryAfter) s")
        error.headers = [("Retry-After", String(retryAfter))]
        return error
    }
}

/// A refusal's sentence, for a caller outside the web (MCP tells it to the model).
extension WebError: CustomStringConvertible {
    var description: String { message }
}
