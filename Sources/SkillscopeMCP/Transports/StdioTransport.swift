internal import Blocking
internal import Foundation
internal import JSON
internal import Synchronization

/// MCP over stdio: one JSON message a line on stdin, one a line on stdout, nothing else on stdout.
///
/// Requests run concurrently (a few at a time, on blocking pools, since methods read the store) and their
/// responses are written as they finish, each line whole. In-flight requests are kept as `[RequestID: Task]` in a
/// `Mutex`: `notifications/cancelled` cancels the task and its response is never written, as the spec asks.
/// Stdin's end finishes the requests in flight and returns once their responses are written.
public final class StdioTransport: Sendable {
    /// Where lines come from and go: the process's stdin and stdout, or test doubles.
    public struct Streams: Sendable {
        /// Returns the next line without its line break, or `nil` at the end.
        ///
        /// Called on a thread of its own.
        public var readLine: @Sendable () -> String?
        /// Writes one whole line (the break included).
        public var write: @Sendable ([UInt8]) -> Void

        public init(readLine: @escaping @Sendable () -> String?, write: @escaping @Sendable ([UInt8]) -> Void) {
            self.readLine = readLine
            self.write = write
        }

        /// The process's stdin and stdout.
        public static var standard: Streams {
            Streams(
                readLine: { Swift.readLine(strippingNewline: true) },
                write: { FileHandle.standardOutput.write(Data($0)) })
        }
    }

    private struct InFlight {
        var tasks: [RequestID: (task: Task<Void, Never>, cancellation: Cancellation)] = [:]
    }

    let server: MCPServer
    let streams: Streams
    let session = MCPSession(id: "stdio")
    private let inFlight = Mutex(InFlight())
    private let output = Mutex(())
    private let pools: [BlockingPool]
    private let nextPool = Atomic<Int>(0)

    /// - Parameter concurrency: requests served at once. The default is 4.
    public init(server: MCPServer, streams: Streams = .standard, concurrency: Int = 4) {
        self.server = server
        self.streams = streams
        pools = (0..<max(1, concurrency)).map { BlockingPool(label: "skillscope.mcp.stdio.\($0)") }
    }

    /// Serves until stdin ends, then waits for the requests in flight.
    public func run() async {
        let lines = AsyncStream<String> { continuation in
            let readLine = streams.readLine
            let thread = Thread {
                while let line = readLine() { continuation.yield(line) }
                continuation.finish()
            }
            thread.start()
        }
        for await line in lines {
            let bytes = Array(line.utf8)
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            handle(RPCMessage(parsing: bytes, maxBytes: server.configuration.maxMessageBytes))
        }
        while let next = inFlight.withLock({ $0.tasks.first?.value.task }) { await next.value }
    }

    /// How many requests are being served.
    public var inFlightCount: Int { inFlight.withLock { $0.tasks.count } }

    private func handle(_ message: RPCMessage) {
        switch message {
        case .request(let id, _, _):
            let cancellation = Cancellation()
            let pool = pools[nextPool.wrappingAdd(1, ordering: .relaxed).oldValue % pools.count]
            // Registered before it can finish: the task waits for this lock before it removes itself.
            inFlight.withLock { state in
                if state.tasks[id] != nil {
                    write(RPCMessage.encode(id: id, error: RPCError(.invalidRequest, "id \(id) is already in use")))
                    return
                }
                let task = Task {
                    let response = try? await pool.run { [server, session] in
                        server.respond(to: message, session: session, cancellation: cancellation)
                    }
                    // Written before the entry goes, under its lock: `run` returns once the table is empty, so
                    // every response is out by then, and a cancellation cannot slip between the check and the write.
                    self.inFlight.withLock { state in
                        guard state.tasks.removeValue(forKey: id) != nil, !cancellation.isCancelled,
                            let response = response ?? nil
                        else { return }
                        self.write(response)
                    }
                }
                state.tasks[id] = (task, cancellation)
            }
        case .notification(let method, let params):
            if method == "notifications/cancelled", let id = params?["requestId"].flatMap(RequestID.init) {
                let cancelled = inFlight.withLock { $0.tasks.removeValue(forKey: id) }
                cancelled?.cancellation.cancel()
                cancelled?.task.cancel()
            } else {
                _ = server.respond(to: message, session: session)
            }
        case .response:
            break
        case .invalid:
            if let response = server.respond(to: message, session: session) { write(response) }
        }
    }

    private func write(_ line: [UInt8]) {
        output.withLock { _ in streams.write(line + [0x0A]) }
    }
}
