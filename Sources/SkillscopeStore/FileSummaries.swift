internal import Foundation
internal import Synchronization

/// What a search hit says of its file beyond the match: how many projects use a version of it, whether it is the
/// likely origin of its copies, and its quality score.
///
/// Worked out for every file by `skillscope group` (a version search and a quality score a file, the file page's
/// own), kept as the registry's `file-summaries` blob, and read by every surface's search through
/// ``Store/summarizedSearch(_:)``. A file whose text changed since is not summarised (the summary names the text it
/// was worked out for).
public struct FileSummary: Sendable, Hashable, Codable {
    /// Other projects that use a version of the file (word for word, edited or their own), as its page counts them.
    public var versions: Int
    /// Of those, word-for-word copies, edited versions and their own versions.
    public var copies: Int
    public var edited: Int
    public var own: Int
    /// Whether the file is the likely origin of the word-for-word and edited versions it has (false when it has
    /// none).
    public var isOrigin: Bool
    /// The file's quality score, 0–1, as its page gives it when the summaries were worked out.
    public var quality: Double

    public init(versions: Int, copies: Int, edited: Int, own: Int, isOrigin: Bool, quality: Double) {
        self.versions = versions
        self.copies = copies
        self.edited = edited
        self.own = own
        self.isOrigin = isOrigin
        self.quality = quality
    }
}

/// Every file's ``FileSummary``, by file id, with the text each was worked out for.
public struct FileSummaries: Sendable {
    /// The blob the summaries are saved as.
    public static let blobName = "file-summaries"

    struct Entry: Sendable {
        /// The first 8 bytes of the summarised text's SHA-256.
        var text: UInt64
        var summary: FileSummary
    }

    private(set) var entries: [Int64: Entry] = [:]

    public init() {}

    public var count: Int { entries.count }

    /// Adds the summary of file `id` whose text has the SHA-256 `sha256` (hex).
    public mutating func add(_ summary: FileSummary, file id: Int64, sha256: String) {
        entries[id] = Entry(text: Self.prefix(sha256), summary: summary)
    }

    /// The summary of file `id`, when it was worked out for the text whose SHA-256 is `sha256`.
    public func summary(of id: Int64, sha256: String?) -> FileSummary? {
        guard let entry = entries[id] else { return nil }
        if let sha256, entry.text != Self.prefix(sha256) { return nil }
        return entry.summary
    }

    static func prefix(_ sha256: String) -> UInt64 { UInt64(sha256.prefix(16), radix: 16) ?? 0 }

    /// Record layout: id (8), text (8), versions, copies, edited, own (4 each), origin (1), quality × 1000 (2),
    /// little-endian, after a 4-byte version tag.
    static let tag: UInt32 = 1
    static let recordSize = 8 + 8 + 16 + 1 + 2

    /// The summaries as the blob holds them.
    public func encoded() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(4 + entries.count * Self.recordSize)
        func append<T: FixedWidthInteger>(_ value: T) {
            for index in 0..<(T.bitWidth / 8) { bytes.append(UInt8(truncatingIfNeeded: value >> (index * 8))) }
        }
        append(Self.tag)
        for (id, entry) in entries.sorted(by: { $0.key < $1.key }) {
            let summary = entry.summary
            append(id)
            append(entry.text)
            for count in [summary.versions, summary.copies, summary.edited, summary.own] {
                append(UInt32(clamping: count))
            }
            append(UInt8(summary.isOrigin ? 1 : 0))
            append(UInt16(clamping: Int((summary.quality * 1000).rounded())))
        }
        return bytes
    }

    /// Reads what ``encoded()`` wrote; nil for bytes of another layout.
    public init?(decoding bytes: [UInt8]) {
        guard bytes.count >= 4, (bytes.count - 4) % Self.recordSize == 0 else { return nil }
        func read<T: FixedWidthInteger>(_: T.Type, at offset: Int) -> T {
            var value = T.zero
            for index in 0..<(T.bitWidth / 8) { value |= T(truncatingIfNeeded: bytes[offset + index]) << (index * 8) }
            return value
        }
        guard read(UInt32.self, at: 0) == Self.tag else { return nil }
        var offset = 4
        entries.reserveCapacity((bytes.count - 4) / Self.recordSize)
        while offset < bytes.count {
            let id = read(Int64.self, at: offset)
            let text = read(UInt64.self, at: offset + 8)
            let counts = (0..<4).map { Int(read(UInt32.self, at: offset + 16 + $0 * 4)) }
            let summary = FileSummary(
                versions: counts[0], copies: counts[1], edited: counts[2], own: counts[3],
                isOrigin: bytes[offset + 32] == 1, quality: Double(read(UInt16.self, at: offset + 33)) / 1000)
            entries[id] = Entry(text: text, summary: summary)
            offset += Self.recordSize
        }
    }

    /// The registry's saved summaries, read once a generation of the blob and shared by every search of the process.
    ///
    /// Nil when the registry was never summarised.
    public static func saved(in store: any Store) throws -> FileSummaries? {
        let generation = try store.blobGeneration(blobName)
        guard generation > 0 else { return nil }
        let object = store as AnyObject
        if let held = cache.withLock({ $0.first { $0.store as AnyObject === object } }), held.generation == generation {
            return held.summaries
        }
        guard let bytes = try store.blob(blobName), let summaries = FileSummaries(decoding: bytes) else {
            return nil
        }
        cache.withLock { cache in
            cache.removeAll { $0.store as AnyObject === object }
            // The few registries a process reads (a server's one, a test's few); each held store stays open.
            if cache.count >= 4 { cache.removeFirst() }
            cache.append(Held(store: store, generation: generation, summaries: summaries))
        }
        return summaries
    }

    private struct Held: Sendable {
        /// Held, so that its identity is not taken by another store while the summaries are.
        let store: any Store
        let generation: Int
        let summaries: FileSummaries
    }

    private static let cache = Mutex<[Held]>([])
}
