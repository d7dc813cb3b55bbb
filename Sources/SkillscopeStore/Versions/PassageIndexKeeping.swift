public import SkillscopeCore
public import Synchronization

/// What an engine gives for its registry to keep the passage index, read inside one of its transactions: numbers in
/// its `meta` table, the two tables the index is kept in, and the stored fingerprints.
///
/// The index is kept in two parts: `passage_index`, the base, and `passage_index_tail`, the files a refresh added
/// since the last build or merge. Readers join them (``SkillscopeCore/PassageIndex/appending(_:)``). A refresh after
/// an ingest of a few new files indexes them alone and rewrites the tail, a few kilobytes, instead of the whole index
/// (299 MB at 350,000 files); the tail is merged into the base once it holds an eighth of the base's postings.
///
/// A refresh may join new files instead of building the index again only while the registry says that nothing but
/// files above the highest id the index covers changed: the engine counts every other change (fingerprints written,
/// replaced or deleted at or below that id, files removed or restored) in `passage_changes`, by triggers. That holds
/// only where ids are taken in the order their writes commit (one writer at a time).
public protocol PassageIndexKeeping {
    /// A number kept in `meta`, or `nil` when none is.
    func meta(_ key: String) throws -> Int?
    /// Sets a number in `meta`.
    func setMeta(_ key: String, _ value: Int) throws
    /// Hands `body` each part kept in `table` (`passage_index` or `passage_index_tail`), in order; the bytes may be
    /// the engine's own, valid during the call.
    func forEachPart(of table: String, _ body: (UnsafeRawBufferPointer) -> Void) throws
    /// Replaces what `table` holds with `parts`, numbered from 0.
    func replace(_ table: String, with parts: [ArraySlice<UInt8>]) throws
    /// The current files above `id` with their fingerprints, in ascending id.
    func fingerprints(after id: Int) throws -> [(id: Int64, fingerprints: [UInt64])]
    /// The highest file id stored, current or not; 0 when none is.
    func highestFileID() throws -> Int
    /// The index built over every current file's fingerprints.
    func buildIndex() throws -> PassageIndex
}

extension PassageIndexKeeping {
    /// The size of the parts an index is kept in.
    static var partBytes: Int { 32 << 20 }

    /// The kept index, its base joined to its tail; `nil` when none is kept or its bytes are not an index.
    public func keptIndex() throws -> PassageIndex? {
        guard let base = try keptBase(), let tail = try keptTail() else { return nil }
        return base.appending(tail)
    }

    /// The registry's files generation and the index over its current files.
    ///
    /// The index is the kept one when it is for that generation, else a build. Call it in one snapshot of the
    /// registry, so the generation is the one the index is for: a refresh joins new files to a held index of the
    /// kept generation.
    public func currentIndex() throws -> (generation: Int, index: PassageIndex) {
        let generation = try meta("files_generation") ?? 0
        if try meta("passage_index_generation") == generation, let kept = try keptIndex() { return (generation, kept) }
        return (generation, try buildIndex())
    }

    /// Brings the kept index up to the registry's files generation, and `cache` (the index a store holds, with the
    /// files generation it is for) with it when the whole index is at hand; returns whether it was refreshed.
    public func refresh(holding cache: borrowing Mutex<(generation: Int, index: PassageIndex)?>) throws -> Bool {
        let generation = try meta("files_generation") ?? 0
        let (refreshed, whole) = try refresh(generation: generation, held: cache.withLock { $0 })
        if refreshed { cache.withLock { $0 = whole.map { (generation, $0) } } }
        return refreshed
    }

    /// Brings the kept index up to the registry's `generation` (its files generation).
    ///
    /// - Parameter held: an index the caller holds with the files generation it is for; when it is the kept
    ///   index's generation, new files are joined to it in memory instead of loading the base.
    /// - Returns: whether the index was refreshed, and the whole index when it is at hand (built, merged or joined
    ///   to `held`); the caller may hold it for `generation`.
    ///
    /// `passage_index_appended` records which way it went: the files added, or -1 for a build;
    /// `passage_index_tail_files` the files the tail holds.
    private func refresh(
        generation: Int, held: (generation: Int, index: PassageIndex)?
    ) throws -> (refreshed: Bool, whole: PassageIndex?) {
        let keptGeneration = try meta("passage_index_generation") ?? 0
        guard keptGeneration != generation else { return (false, nil) }
        let changes = try meta("passage_changes") ?? 0
        let high = try highestFileID()
        var whole: PassageIndex?
        var appended = -1
        var tailFiles = 0
        if let keptHigh = try meta("passage_index_high"), try meta("passage_index_changes") == changes,
            let tail = try keptTail()
        {
            let later = try fingerprints(after: keptHigh)
            let added = PassageIndex(files: later)
            let grown = tail.appending(added)
            appended = later.count
            tailFiles = (try meta("passage_index_tail_files") ?? 0) + later.count
            let basePostings = try meta("passage_index_base_postings") ?? 0
            if grown.postingCount * 8 <= basePostings {
                if appended > 0 { try keep(grown, in: "passage_index_tail") }
                // A held index of the kept generation is the kept index (it has as many postings): the new files join
                // it in memory.
                if let held, held.generation == keptGeneration,
                    held.index.postingCount == basePostings + tail.postingCount
                {
                    whole = held.index.appending(added)
                }
            } else if let base = try keptBase() {
                whole = try keepBase(base.appending(grown))
                tailFiles = 0
            } else {
                whole = try keepBase(try buildIndex())
                (appended, tailFiles) = (-1, 0)
            }
        } else {
            whole = try keepBase(try buildIndex())
        }
        for (key, value) in [
            ("passage_index_generation", generation), ("passage_index_changes", changes),
            ("passage_index_high", high), ("passage_index_appended", appended), ("passage_index_tail_files", tailFiles),
        ] {
            try setMeta(key, value)
        }
        return (true, whole)
    }

    /// The kept index without its tail; `nil` when none is kept or its bytes are not an index.
    private func keptBase() throws -> PassageIndex? {
        try read("passage_index")?.index()
    }

    /// The kept index's tail: empty when none is kept (a registry from before the tail), `nil` when its bytes are
    /// not an index.
    private func keptTail() throws -> PassageIndex? {
        guard let reader = try read("passage_index_tail") else { return PassageIndex() }
        return reader.index()
    }

    /// The parts of `table` read (each value copied once: at 350,000 files, joining the 299 MB of parts and then
    /// decoding them was half of a `skillscope versions` run); `nil` when the table holds none.
    private func read(_ table: String) throws -> PassageIndex.Reader? {
        var reader = PassageIndex.Reader()
        var parts = 0
        try forEachPart(of: table) { part in
            reader.read(part)
            parts += 1
        }
        return parts > 0 ? reader : nil
    }

    /// Keeps `index` as the whole kept index, with an empty tail; returns it.
    private func keepBase(_ index: PassageIndex) throws -> PassageIndex {
        try keep(index, in: "passage_index")
        try keep(PassageIndex(), in: "passage_index_tail")
        try setMeta("passage_index_base_postings", index.postingCount)
        return index
    }

    private func keep(_ index: PassageIndex, in table: String) throws {
        let bytes = index.encoded()
        try replace(
            table,
            with: stride(from: 0, to: bytes.count, by: Self.partBytes).map {
                bytes[$0..<min($0 + Self.partBytes, bytes.count)]
            })
    }
}
