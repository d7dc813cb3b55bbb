import Synchronization

/// Connections to one PostgreSQL database for many threads, each in its own `Mutex` (one thread at a time).
///
/// The same shape as the SQLite pool, without its single writer: the server orders concurrent transactions
/// itself. Connections open lazily, on first use of a slot, so a pool sized for a busy server costs one
/// connection while it is idle; one that broke is reopened before it is handed out.
public final class ConnectionPool: Sendable {
    /// How a pool connects.
    public struct Configuration: Sendable {
        /// A libpq connection string: `key=value` pairs or a `postgresql://` URL.
        public var conninfo: String
        /// The most connections the pool opens; size it to at least the threads that query at once.
        ///
        /// The
        /// default is 4.
        public var size = 4
        public init(conninfo: String) { self.conninfo = conninfo }
    }

    private final class Slot: Sendable {
        let connection = Mutex<Connection?>(nil)
    }

    private let slots: [Slot]
    private let next = Atomic<Int>(0)
    private let configuration: Configuration
    private let prepare: @Sendable (Connection) throws -> Void

    /// Makes a pool; `prepare` runs on each connection when it opens (a `search_path`, say).
    ///
    /// Opens one connection at once so that a wrong address or password is reported here, not at first use.
    public init(
        configuration: Configuration, prepare: @escaping @Sendable (Connection) throws -> Void = { _ in }
    ) throws {
        self.configuration = configuration
        self.prepare = prepare
        slots = (0..<max(1, configuration.size)).map { _ in Slot() }
        try withConnection { _ in }
    }

    /// Runs `body` with an idle connection, or waits for one.
    ///
    /// Blocking: never call it from `async` code.
    public func withConnection<T: Sendable>(_ body: (Connection) throws -> T) throws -> T {
        let start = next.wrappingAdd(1, ordering: .relaxed).oldValue
        for offset in slots.indices {
            let slot = slots[(start + offset) % slots.count]
            if let value = try slot.connection.withLockIfAvailable({ try run(body, on: &$0) }) { return value }
        }
        return try slots[start % slots.count].connection.withLock { try run(body, on: &$0) }
    }

    /// Runs `body` inside `BEGIN … COMMIT` on an idle connection; rolls back if it throws.
    public func transaction<T: Sendable>(_ body: (Connection) throws -> T) throws -> T {
        try withConnection { connection in try connection.transaction(body) }
    }

    private func run<T: Sendable>(_ body: (Connection) throws -> T, on slot: inout sending Connection?) throws -> T {
        if let connection = slot, connection.isHealthy {
            return try body(connection)
        }
        slot = nil
        let connection = try Connection(configuration.conninfo)
        try prepare(connection)
        slot = connection
        return try body(connection)
    }
}
