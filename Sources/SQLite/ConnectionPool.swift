import Dispatch
import Synchronization

/// SQLite for many threads: one writer and N WAL readers, each in its own `Mutex` (so one thread at a time).
///
/// One pool per database file per process. Writes run in short `BEGIN IMMEDIATE` transactions on the writer; WAL
/// checkpoints run there too, or on a connection and thread of their own.
public final class ConnectionPool: Sendable {
    private final class Slot: Sendable {
        let connection: Mutex<Connection>
        init(_ connection: consuming sending Connection) { self.connection = Mutex(connection) }
    }
    private let writer: Slot
    private let readers: [Slot]
    private let checkpointer: Checkpointer?
    private let nextReader = Atomic<Int>(0)
    /// The database path.
    public let path: String

    /// Opens the writer (which creates the file and switches it to WAL) and `readers` reading connections,
    /// opened read-only with `readerConfiguration`.
    ///
    /// With `checkpointsInBackground`, a connection of its own copies the WAL back into the database after each
    /// write, on a thread of its own, instead of the writer at the commit that crosses SQLite's threshold: a long
    /// series of writes (an ingest) then never waits for that copy. The writer still checkpoints itself should the
    /// WAL pass 16,384 pages.
    public init(
        path: String, readers: Int = 4, writerConfiguration: Connection.Configuration = Connection.Configuration(),
        readerConfiguration: Connection.Configuration = Connection.Configuration(),
        checkpointsInBackground: Bool = false, prepare: (Connection) throws -> Void = { _ in }
    ) throws {
        self.path = path
        let writerConnection = try Connection(path: path, configuration: writerConfiguration)
        try prepare(writerConnection)
        if checkpointsInBackground && path != ":memory:" {
            try writerConnection.execute("PRAGMA wal_autocheckpoint=\(Checkpointer.backstopPages)")
            checkpointer = Checkpointer(path: path)
        } else {
            checkpointer = nil
        }
        writer = Slot(writerConnection)
        var slots: [Slot] = []
        if path == ":memory:" {
            slots = []
        } else {
            for _ in 0..<max(1, readers) {
                var configuration = readerConfiguration
                configuration.isReadOnly = true
                slots.append(Slot(try Connection(path: path, configuration: configuration)))
            }
        }
        self.readers = slots
    }

    /// Runs `body` with an idle reader, or waits for one.
    ///
    /// Blocking: never call it from `async` code.
    public func read<T: Sendable>(_ body: (Connection) throws -> T) throws -> T {
        guard !readers.isEmpty else { return try writer.connection.withLock { try body($0) } }
        let start = nextReader.wrappingAdd(1, ordering: .relaxed).oldValue
        for offset in readers.indices {
            let slot = readers[(start + offset) % readers.count]
            if let value = try slot.connection.withLockIfAvailable({ try body($0) }) { return value }
        }
        return try readers[start % readers.count].connection.withLock { try body($0) }
    }

    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT` on the single writer; rolls back if it throws.
    public func write<T: Sendable>(_ body: (Connection) throws -> T) throws -> T {
        let value = try writer.connection.withLock { connection in
            try connection.execute("BEGIN IMMEDIATE")
            do {
                let value = try body(connection)
                try connection.execute("COMMIT")
                return value
            } catch {
                try? connection.execute("ROLLBACK")
                throw error
            }
        }
        checkpointer?.schedule()
        return value
    }

    /// Runs `body` on the writer outside any transaction (migrations, `VACUUM`, pragmas).
    public func withWriter<T: Sendable>(_ body: (Connection) throws -> T) throws -> T {
        try writer.connection.withLock { try body($0) }
    }
}

/// Copies the WAL back into the database on a serial queue, one passive checkpoint at a time.
///
/// Requests made while one waits to run are served by it. Its connection opens at the first write, so a process
/// that only reads opens none.
private final class Checkpointer: Sendable {
    /// The WAL size in pages (256 MB at the registry's 16 KiB pages) at which the writer checkpoints itself, should
    /// this fall behind.
    static let backstopPages = 16_384

    private let path: String
    private let connection = Mutex<Connection?>(nil)
    private let queue = DispatchQueue(label: "sqlite.checkpointer")
    private let isScheduled = Atomic<Bool>(false)

    init(path: String) { self.path = path }

    func schedule() {
        guard isScheduled.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
        else { return }
        queue.async { [self] in
            isScheduled.store(false, ordering: .releasing)
            connection.withLock { connection in
                // Passive: it copies what no reader still needs and never waits for the writer or a reader. A
                // failure (the file gone, a busy lock) leaves the frames to the next checkpoint, and to the writer's
                // own past the backstop.
                if connection == nil { connection = try? Connection(path: path) }
                try? connection?.execute("PRAGMA wal_checkpoint(PASSIVE)")
            }
        }
    }
}
