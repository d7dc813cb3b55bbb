internal import Dispatch
internal import Synchronization

/// A store's ``LineageTable`` with the files generation it was built for: built once per generation, by one caller
/// at a time (a second caller waits for the first one's table instead of building its own).
public final class LineageTableCache: Sendable {
    private let current = Mutex<(generation: Int, table: LineageTable)?>(nil)
    private let building = Mutex(())
    /// The generation a background build was started for, until it ends.
    private let started = Mutex<Int?>(nil)

    public init() {}

    /// The table for `generation`, built by `build` when the one held is for another generation.
    public func table(generation: Int, build: () throws -> LineageTable) throws -> LineageTable {
        if let held = current.withLock({ $0 }), held.generation == generation { return held.table }
        return try building.withLock { _ in try builtLocked(generation: generation, build: build) }
    }

    /// The table for `generation`, built unless held; called with ``building`` held.
    @discardableResult
    private func builtLocked(generation: Int, build: () throws -> LineageTable) throws -> LineageTable {
        if let held = current.withLock({ $0 }), held.generation == generation { return held.table }
        // A table of another generation is never used again: let it go before building, so the two are never held
        // at once (7 GB each at 350,000 files).
        current.withLock { $0 = nil }
        let table = try build()
        current.withLock { $0 = (generation, table) }
        return table
    }

    /// The table for `generation` when it is held; otherwise `nil`, and `build` starts on a thread of its own
    /// (once per generation: a later call while it runs starts nothing), so a later call finds it held.
    public func heldOrBuilding(generation: Int, build: @escaping @Sendable () throws -> LineageTable) -> LineageTable? {
        if let held = current.withLock({ $0 }), held.generation == generation { return held.table }
        let starts = started.withLock { started in
            guard started != generation else { return false }
            started = generation
            return true
        }
        guard starts else { return nil }
        DispatchQueue.global(qos: .utility).async { [self] in
            building.withLock { _ in
                // A newer generation asked while this build waited: its own build follows, and this table would
                // never be used.
                guard started.withLock({ $0 == generation }) else { return }
                // A failure leaves nothing held; the next call starts again.
                _ = try? builtLocked(generation: generation, build: build)
            }
            started.withLock { if $0 == generation { $0 = nil } }
        }
        return nil
    }
}

/// A store that keeps its lineage table in a ``LineageTableCache``: it says how to read its files generation and
/// how to build the table, and gets ``Store/lineageTable()`` and ``Store/lineageTableIfBuilt()`` from here.
public protocol LineageTableSource: Sendable {
    var tableCache: LineageTableCache { get }
    /// The count of writes that changed the current files, or what ranks them.
    func filesGeneration() throws -> Int
    /// Every current indexed file's row, read from the registry in id order.
    func buildLineageTable() throws -> LineageTable
    /// How many files are indexed.
    func indexedFileCount() throws -> Int
    /// Where a file derived from the registry is kept beside it (``Store/derivedFilePath(_:)``).
    func derivedFilePath(_ name: String) -> String?
}

extension LineageTableSource {
    public func lineageTable() throws -> LineageTable {
        let generation = try filesGeneration()
        return try tableCache.table(generation: generation) { try loadLineageTable(generation: generation) }
    }

    public func lineageTableIfBuilt() throws -> LineageTable? {
        let generation = try filesGeneration()
        return tableCache.heldOrBuilding(generation: generation) { [self] in
            try loadLineageTable(generation: generation)
        }
    }

    /// The table for `generation`: mapped from its file beside the registry when one was written for it, else
    /// built and written there (atomically) for every later process, then mapped; on the heap where the registry
    /// has no place for files or the file cannot be written.
    func loadLineageTable(generation: Int) throws -> LineageTable {
        guard let path = derivedFilePath(LineageTable.fileName) else { return try buildLineageTable() }
        // The files generation counts writes; the count tells a registry made again at the same path apart.
        let tag = Array("generation \(generation), \(try indexedFileCount()) files".utf8)
        if let mapped = LineageTable.mapped(path: path, tag: tag) { return mapped }
        let built = try buildLineageTable()
        // A registry that cannot be written beside (read-only media, a full disk) serves the table from the heap,
        // as before files were kept: the answer is the same, only the memory is not shared.
        guard (try? built.write(path: path, tag: tag)) != nil, let mapped = LineageTable.mapped(path: path, tag: tag)
        else { return built }
        return mapped
    }
}
