internal import Synchronization

/// A store's ``LineageTable`` with the files generation it was built for: built once per generation, by one caller
/// at a time (a second caller waits for the first one's table instead of building its own).
public final class LineageTableCache: Sendable {
    private let current = Mutex<(generation: Int, table: LineageTable)?>(nil)
    private let building = Mutex(())

    public init() {}

    /// The table for `generation`, built by `build` when the one held is for another generation.
    public func table(generation: Int, build: () throws -> LineageTable) throws -> LineageTable {
        if let held = current.withLock({ $0 }), held.generation == generation { return held.table }
        return try building.withLock { _ in
            if let held = current.withLock({ $0 }), held.generation == generation { return held.table }
            let table = try build()
            current.withLock { $0 = (generation, table) }
            return table
        }
    }
}
