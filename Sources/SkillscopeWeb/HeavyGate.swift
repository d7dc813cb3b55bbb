internal import Foundation
internal import MicroHTTP

/// The heavy routes' own queue (analyze, remix, compare): a fixed number run at once, a bounded number wait for a
/// turn in the order they came, and a request is refused (503 with `Retry-After`, "busy") only when a bound is hit:
/// the queue is full when it arrives, or no turn came within ``WebApp/HeavyLimits/wait``.
///
/// A heavy request steps out of the light requests' share of the handler threads as it arrives
/// (`HTTPServer.releaseHandlerSlot()`), and waits parked on a condition variable on a thread of its own:
/// `skillscope serve` gives the server one such thread per heavy place (``WebApp/HeavyLimits/places``). So pages,
/// searches and file reads keep their threads, never wait behind an analysis, and are never more at once than
/// before. `serve` makes one gate and hands it to the web and to
/// MCP's `/mcp`, so an agent's analyses wait in the same queue as a visitor's.
///
/// Rejected: refusing at once past one waiting place (until issue 47), which refused 47-52 of 167 analyses at
/// 20 KB and most at 182 KB under 20 clients; and a waiter that gives its thread back while it waits, which needs
/// the whole MCP call path to answer later instead of returning, for a thread that costs a parked stack.
public final class HeavyGate: @unchecked Sendable {
    /// Heavy requests run at once.
    let concurrency: Int
    /// Heavy requests that may wait for a turn.
    let queueLength: Int
    /// How long one waits at most.
    let wait: Duration
    /// What `Retry-After` says, in seconds.
    let retryAfter: Int

    // NSCondition: waiting for a turn needs a condition variable, which Synchronization's Mutex has not. Every
    // field below is read and written only with it locked, which is what makes the class `@unchecked Sendable`.
    private let condition = NSCondition()
    private var running = 0
    /// The waiters' tickets, oldest first: a turn goes to the oldest, never to one that arrived later.
    private var queue: [Int] = []
    private var nextTicket = 0

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
        return queue.count
    }

    /// Runs `work` when a turn is free, or refuses.
    ///
    /// Turns are given in arrival order: a request that finds the queue empty and a turn free runs at once;
    /// otherwise it takes the last place, or is refused as busy if every place is taken.
    ///
    /// - Parameter isAbandoned: asked while waiting (every 0.2 s); true gives the place up, as when the client has
    ///   gone.
    /// - Throws: ``WebError`` 503 `busy` when the queue is full or no turn came within the wait, 503 `cancelled`
    ///   when `isAbandoned` said so; or what `work` throws.
    public func run<T>(isAbandoned: () -> Bool = { false }, _ work: () throws -> T) throws -> T {
        // Waiting or running, a heavy request is bounded here, not by the light requests' share of the threads.
        HTTPServer.releaseHandlerSlot()
        condition.lock()
        if running >= concurrency || !queue.isEmpty {
            guard queue.count < queueLength else {
                let busyNow = running
                condition.unlock()
                throw busy("all \(queueLength) places in the queue are taken and \(busyNow) running")
            }
            let ticket = nextTicket
            nextTicket += 1
            queue.append(ticket)
            let deadline = Date().addingTimeInterval(waitSeconds)
            var abandoned = false
            // My turn: the oldest waiters get the free turns, one each.
            func isMyTurn() -> Bool {
                guard let position = queue.firstIndex(of: ticket) else { return false }
                return position < concurrency - running
            }
            while !isMyTurn(), Date() < deadline {
                _ = condition.wait(until: min(deadline, Date().addingTimeInterval(0.2)))
                if !isMyTurn(), isAbandoned() {
                    abandoned = true
                    break
                }
            }
            let served = !abandoned && isMyTurn()
            queue.removeAll { $0 == ticket }
            if !served {
                // The one behind may now be first.
                condition.broadcast()
                condition.unlock()
                if abandoned {
                    throw WebError(503, "cancelled", "the client closed the connection while waiting for a turn")
                }
                throw busy("no turn came within the \(String(format: "%g", waitSeconds)) s a request may wait")
            }
        }
        running += 1
        condition.unlock()
        defer {
            condition.lock()
            running -= 1
            condition.broadcast()
            condition.unlock()
        }
        return try work()
    }

    /// The codes of the gate's own refusals (``WebError/code``): 503s whose sentence is safe to show anyone.
    static let refusals: Set<String> = ["busy", "cancelled"]

    private var waitSeconds: Double {
        Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18
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
