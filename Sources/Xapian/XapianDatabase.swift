internal import CXapian
internal import Glibc

/// A Xapian database: a folder of glass tables, or one in memory.
///
/// Not safe to use from two threads at once: callers keep each database to one thread at a time. Xapian lets one
/// writer and any number of readers open a folder, in this process or others; a reader sees the revision it
/// opened until ``reopen()``.
public final class XapianDatabase: @unchecked Sendable {
    let handle: OpaquePointer
    /// Whether ``replace(_:with:)`` and the other writes work.
    public let isWritable: Bool

    /// Opens the folder at `path` writable (creating it; `overwrite` empties it first) or read-only; `nil` opens
    /// a new database in memory, which is writable.
    ///
    /// A writer opened with `sync` false commits without waiting for the disk: a crash of the machine (not of the
    /// process) may lose or damage its last commits.
    ///
    /// - Throws: ``XapianError``, ``XapianError/isUnreadable`` when the folder is not a database, and a
    ///   `DatabaseLockError` when another writer has it open.
    public init(path: String?, writable: Bool, overwrite: Bool = false, sync: Bool = true) throws(XapianError) {
        var error: UnsafeMutablePointer<CChar>?
        guard let handle = cxapian_open(path ?? "", writable ? 1 : 0, overwrite ? 1 : 0, sync ? 1 : 0, &error) else {
            throw Self.error(error)
        }
        self.handle = handle
        isWritable = writable || path == nil
    }

    deinit { cxapian_close(handle) }

    /// Moves a read-only database to the newest committed revision.
    public func reopen() throws(XapianError) {
        var error: UnsafeMutablePointer<CChar>?
        guard cxapian_reopen(handle, &error) == 1 else { throw Self.error(error) }
    }

    public var documentCount: Int { Int(cxapian_document_count(handle)) }

    /// Sets the document with this id, replacing one there was.
    public func replace(_ id: UInt32, with document: XapianDocument) throws(XapianError) {
        var error: UnsafeMutablePointer<CChar>?
        guard cxapian_replace(handle, id, document.handle, &error) == 1 else { throw Self.error(error) }
    }

    /// Deletes the document with this id, if there is one.
    public func delete(_ id: UInt32) throws(XapianError) {
        var error: UnsafeMutablePointer<CChar>?
        guard cxapian_delete(handle, id, &error) == 1 else { throw Self.error(error) }
    }

    /// Sets one value of the stored document `id`, its terms left as they are (Xapian then rewrites only its
    /// values); a missing document stays missing.
    public func setStoredValue(_ value: String, slot: UInt32, of id: UInt32) throws(XapianError) {
        var error: UnsafeMutablePointer<CChar>?
        var value = value
        let done = value.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                cxapian_set_stored_value(handle, id, slot, $0.baseAddress, $0.count, &error)
            }
        }
        guard done == 1 else { throw Self.error(error) }
    }

    /// Makes the changes since the last commit durable and visible to readers that reopen.
    public func commit() throws(XapianError) {
        var error: UnsafeMutablePointer<CChar>?
        guard cxapian_commit(handle, &error) == 1 else { throw Self.error(error) }
    }

    public func setMetadata(_ key: String, _ value: String) throws(XapianError) {
        var error: UnsafeMutablePointer<CChar>?
        guard cxapian_set_metadata(handle, key, value, &error) == 1 else { throw Self.error(error) }
    }

    /// The value stored under `key`, empty when there is none.
    public func metadata(_ key: String) throws(XapianError) -> String {
        var error: UnsafeMutablePointer<CChar>?
        guard let value = cxapian_metadata(handle, key, &error) else { throw Self.error(error) }
        defer { cxapian_free(value) }
        return String(cString: value)
    }

    /// Runs a search.
    public func search(_ query: XapianQuery) throws(XapianError) -> XapianResults {
        var error: UnsafeMutablePointer<CChar>?
        let filter = query.filter.map { $0.joined(separator: "\u{1F}") }.joined(separator: "\u{1E}")
        let factors = query.factors.map { "\($0.key)\u{1F}\($0.value)" }.joined(separator: "\u{1E}")
        let slots = query.countedSlots
        let only = query.onlyIDs ?? []
        let words = query.words.map { strdup($0) }
        defer { words.forEach { free($0) } }
        let results: OpaquePointer? = words.map { UnsafePointer($0) }.withUnsafeBufferPointer { wordPointers in
            slots.withUnsafeBufferPointer { slotPointer in
                only.withUnsafeBufferPointer { onlyPointer in
                    filter.withCString { filterPointer in
                        factors.withCString { factorsPointer in
                            var request = cxapian_query(
                                words: wordPointers.baseAddress, word_count: wordPointers.count,
                                all_words: query.allWords ? 1 : 0, filter: filterPointer,
                                only_listed: query.onlyIDs == nil ? 0 : 1, only_ids: onlyPointer.baseAddress,
                                only_id_count: onlyPointer.count, factors: factorsPointer,
                                factor_slot: query.factorSlot,
                                default_factor: query.defaultFactor, rerank_depth: UInt32(clamping: query.rerankDepth),
                                sort_slot: query.sortSlot.map(Int32.init) ?? -1,
                                offset: UInt32(clamping: query.offset), limit: UInt32(clamping: query.limit),
                                check_at_least: UInt32(clamping: query.checkAtLeast),
                                count_slots: slotPointer.baseAddress,
                                count_slot_count: slotPointer.count, time_limit: query.timeLimit, bm25_k1: query.bm25K1,
                                bm25_b: query.bm25B)
                            return cxapian_search(handle, &request, &error)
                        }
                    }
                }
            }
        }
        guard let results else { throw Self.error(error) }
        return XapianResults(handle: results)
    }

    /// The terms ``XapianDocument/addWords(_:weight:)`` makes of `text`.
    public static func terms(of text: String) -> [String] {
        var text = text
        let terms = text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { cxapian_words($0.baseAddress, $0.count) }
        }
        guard let terms else { return [] }
        defer { cxapian_free(terms) }
        return String(cString: terms).split(separator: " ").map(String.init)
    }

    static func error(_ message: UnsafeMutablePointer<CChar>?) -> XapianError {
        guard let message else { return XapianError("Xapian failed without saying why") }
        defer { cxapian_free(message) }
        return XapianError(String(cString: message))
    }
}
