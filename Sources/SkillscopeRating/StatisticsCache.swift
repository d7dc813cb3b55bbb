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
    private let fileKindsEntry = Mutex(Entry<FileKinds>(generation: -1, value: nil))

    public init() {}

    /// The current rule statistics, or nil when the registry was never grouped.
    public func statistics(_ store: any Store) throws -> RuleStatistics? {
        try cached(statisticsEntry, RuleStatistics.blobName, store, decode: RuleStatistics.init(decoding:))
    }

    /// What places rules not in the registry among its kinds, or nil when the registry was never grouped.
    ///
    /// Built once from the kind vectors and kept while the kinds last; the vectors themselves are not kept: the
    /// placer's index holds the only copy of the leaders.
    ///
    /// Where the registry has a place for derived files (``SkillscopeStore/Store/derivedFilePath(_:)``), the
    /// index is a file beside it, memory-mapped: every process shares one copy through the page cache. `group`
    /// writes it; a reader that finds none, or one built from other vectors, writes it once from the blob.
    public func placer(_ store: any Store) throws -> KindPlacer? {
        // Both generations: the tag is saved just after the vectors, and a placer read between the two is
        // read again once the tag has moved too.
        let generation =
            try store.blobGeneration(KindVectors.blobName) &* 1 << 20 &+ store.blobGeneration(KindVectors.tagBlobName)
        if let kept = placerEntry.withLock({ $0.generation == generation ? $0 : nil }) { return kept.value }
        let value = try Self.loadPlacer(store)
        placerEntry.withLock { $0 = Entry(generation: generation, value: value) }
        return value
    }

    private static func loadPlacer(_ store: any Store) throws -> KindPlacer? {
        let path = store.derivedFilePath(KindVectors.indexFileName)
        if let path, let tag = try store.blob(KindVectors.tagBlobName),
            let mapped = KindPlacer.mapped(path: path, tag: tag)
        {
            return mapped
        }
        guard let (vectors, tag) = try readVectors(store) else { return nil }
        if let path {
            if let mapped = KindPlacer.mapped(path: path, tag: tag) { return mapped }
            // A registry that cannot be written beside (read-only media) keeps the index on the heap.
            if (try? KindPlacer.writeFile(of: vectors, path: path, tag: tag)) != nil,
                let mapped = KindPlacer.mapped(path: path, tag: tag)
            {
                return mapped
            }
        }
        return KindPlacer(vectors: vectors)
    }

    /// The kind vectors as stored (half floats) and their blob's tag; the blob's bytes are let go on return.
    private static func readVectors(_ store: any Store) throws -> (KindVectors, [UInt8])? {
        guard let bytes = try store.blob(KindVectors.blobName) else { return nil }
        return (try KindVectors(decoding: bytes, asHalves: true), KindVectors.tag(of: bytes))
    }

    /// Every file's meaning, or nil when the registry was never grouped.
    public func meaning(_ store: any Store) throws -> FileMeaning? {
        try cached(meaningEntry, FileMeaning.blobName, store, decode: FileMeaning.init(decoding:))
    }

    /// Each file's kinds, or nil when the registry was never grouped (or grouped before they were kept).
    public func fileKinds(_ store: any Store) throws -> FileKinds? {
        try cached(fileKindsEntry, FileKinds.blobName, store, decode: FileKinds.init(decoding:))
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
