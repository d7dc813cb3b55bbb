public import SkillscopeStore
import Synchronization

/// The registry's rule statistics and kind vectors, decoded once and kept until `skillscope group` saves new ones
/// (a server checks the blob's generation, one small query, per use).
public final class StatisticsCache: Sendable {
    private struct Entry<Value: Sendable>: Sendable {
        var generation: Int
        var value: Value?
    }

    private let statisticsEntry = Mutex(Entry<RuleStatistics>(generation: -1, value: nil))
    private let placerEntry = Mutex(Entry<KindPlacer>(generation: -1, value: nil))
    private let meaningEntry = Mutex(Entry<FileMeaning>(generation: -1, value: nil))

    public init() {}

    /// The current rule statistics, or nil when the registry was never grouped.
    public func statistics(_ store: any Store) throws -> RuleStatistics? {
        try cached(statisticsEntry, RuleStatistics.blobName, store, decode: RuleStatistics.init(decoding:))
    }

    /// What places rules not in the registry among its kinds, or nil when the registry was never grouped.
    ///
    /// Built once from the kind vectors and kept while the kinds last; the vectors themselves are not kept: the
    /// placer's index holds the only copy of the leaders.
    public func placer(_ store: any Store) throws -> KindPlacer? {
        try cached(placerEntry, KindVectors.blobName, store) {
            try KindPlacer(vectors: KindVectors(decoding: $0, asHalves: true))
        }
    }

    /// Every file's meaning, or nil when the registry was never grouped.
    public func meaning(_ store: any Store) throws -> FileMeaning? {
        try cached(meaningEntry, FileMeaning.blobName, store, decode: FileMeaning.init(decoding:))
    }

    private func cached<Value: Sendable>(
        _ entry: borrowing Mutex<Entry<Value>>, _ name: String, _ store: any Store, decode: ([UInt8]) throws -> Value
    ) throws -> Value? {
        let generation = try store.blobGeneration(name)
        if let kept = entry.withLock({ $0.generation == generation ? $0 : nil }) { return kept.value }
        let value = try store.blob(name).map(decode)
        entry.withLock { $0 = Entry(generation: generation, value: value) }
        return value
    }
}
