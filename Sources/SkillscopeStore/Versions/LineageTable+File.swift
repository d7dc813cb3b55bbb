public import FileSystem
internal import SkillscopeCore

/// The lineage table kept in a file beside the registry and memory-mapped, so that a server neither builds it
/// (a minute at 350,000 files) nor holds it on its heap (4.9 GB there): every process that reads one registry
/// shares one copy of the phrases and their index through the page cache.
///
/// The file, little-endian: `SSLINTB1`, version (UInt32), tag length (UInt32), the tag (what the table was built
/// from: the files generation and count), then sections, each a count (UInt64) and its values starting on a 64-byte
/// boundary: the rows' ids, word counts, sequence hashes, repositories and first-seen ranks, the repositories'
/// stars and name ranks, the phrase table (low and high halves, row starts), the phrase index (hashes, offsets,
/// postings, directory, directory bits), and the strings (first seen, paths, kinds, names with a presence flag
/// each, repository names), each as byte offsets and bytes. The phrases and their index are read in place; the
/// rest is copied out at load (a few megabytes).
extension LineageTable {
    /// Its name beside the registry (``Store/derivedFilePath(_:)``).
    public static let fileName = "lineage.table"
    static let magic = Array("SSLINTB1".utf8)
    static let fileVersion: UInt32 = 1

    /// Writes the table to `path`, atomically, tagged `tag`.
    public func write(path: String, tag: [UInt8]) throws {
        let file = try AtomicFileWriter(path: path)
        try file.write(Self.magic)
        try file.write([Self.fileVersion, UInt32(tag.count)])
        try file.write(tag)
        func section<T: BitwiseCopyable & Sendable>(_ values: [T]) throws {
            try file.write([UInt64(values.count)])
            try file.pad(to: 64)
            try file.write(values)
        }
        func section<T: BitwiseCopyable & Sendable>(_ column: Column<T>) throws {
            try file.write([UInt64(column.count)])
            try file.pad(to: 64)
            try column.withUnsafeBufferPointer { try file.write(UnsafeRawBufferPointer($0)) }
        }
        func strings(_ values: [String]) throws {
            var offsets: [UInt64] = [0]
            var bytes: [UInt8] = []
            for value in values {
                bytes += value.utf8
                offsets.append(UInt64(bytes.count))
            }
            try section(offsets)
            try section(bytes)
        }
        try section(ids)
        try section(wordCounts)
        try section(sequenceHashes)
        try section(repositories)
        try section(firstSeenRanks)
        try section(repositoryStars.map(Int64.init))
        try section(repositoryNameRanks)
        try section(phrases.low)
        try section(phrases.high)
        try section(phrases.starts)
        try section(phraseIndex.hashes)
        try section(phraseIndex.offsets)
        try section(phraseIndex.postings)
        try section(phraseIndex.directory)
        try section([UInt64(phraseIndex.directoryBits)])
        try strings(firstSeen)
        try strings(paths)
        try strings(kinds.map(\.rawValue))
        try section(names.map { $0 == nil ? UInt8(0) : 1 })
        try strings(names.map { $0 ?? "" })
        try strings(repositoryNames)
        try file.commit()
    }

    /// The table in the file at `path`, its phrases mapped; nil when the file is missing, damaged, or was built
    /// from something other than `tag`.
    public static func mapped(path: String, tag: [UInt8]) -> LineageTable? {
        guard let file = MappedFile(path: path) else { return nil }
        var reader = Sections(reader: MappedFile.Reader(file))
        guard reader.reader.expect(magic), reader.reader.integer(UInt32.self) == fileVersion,
            let tagLength = reader.reader.integer(UInt32.self), Int(tagLength) == tag.count, reader.reader.expect(tag)
        else { return nil }
        guard let ids: Column<Int64> = reader.column(), let wordCounts: Column<UInt32> = reader.column(),
            let sequenceHashes: Column<UInt64> = reader.column(), let repositories: Column<Int32> = reader.column(),
            let firstSeenRanks: Column<Int32> = reader.column(), let stars: Column<Int64> = reader.column(),
            let nameRanks: Column<Int32> = reader.column(),
            let low: Column<UInt32> = reader.column(), let high: Column<UInt32> = reader.column(),
            let starts: Column<Int> = reader.column(),
            let hashes: Column<UInt64> = reader.column(), let offsets: Column<UInt32> = reader.column(),
            let postings: Column<UInt32> = reader.column(), let directory: Column<UInt32> = reader.column(),
            let bits: Column<UInt64> = reader.column(), bits.count == 1,
            let firstSeen = reader.strings(), let paths = reader.strings(), let kindNames = reader.strings(),
            let hasName: Column<UInt8> = reader.column(), let names = reader.strings(),
            let repositoryNames = reader.strings(), reader.reader.isAtEnd
        else { return nil }
        let rows = ids.count
        let kinds = kindNames.compactMap(FileKind.init(rawValue:))
        guard
            [
                wordCounts.count, sequenceHashes.count, repositories.count, firstSeenRanks.count, starts.count - 1,
                firstSeen.count, paths.count, kinds.count, hasName.count, names.count,
            ].allSatisfy({ $0 == rows }),
            stars.count == repositoryNames.count, nameRanks.count == repositoryNames.count,
            repositories.withUnsafeBufferPointer({ $0.allSatisfy { $0 >= 0 && Int($0) < repositoryNames.count } }),
            ids.withUnsafeBufferPointer({ ids in
                zip(ids, ids.dropFirst()).allSatisfy { $0 < $1 } && (ids.first ?? 0) >= 0
            }),
            let table = PhraseTable(low: low, high: high, starts: starts),
            let index = PhraseIndex(
                hashes: hashes, offsets: offsets, postings: postings, directory: directory,
                directoryBits: Int(bits[0])),
            postings.withUnsafeBufferPointer({ $0.allSatisfy { Int($0) < rows } })
        else { return nil }
        return LineageTable(
            ids: ids.array, phrases: table, phraseIndex: index, wordCounts: wordCounts.array,
            sequenceHashes: sequenceHashes.array, repositories: repositories.array,
            firstSeenRanks: firstSeenRanks.array, firstSeen: firstSeen, paths: paths, kinds: kinds,
            names: zip(names, hasName.array).map { $1 == 0 ? nil : $0 }, repositoryNames: repositoryNames,
            repositoryStars: stars.array.map(Int.init), repositoryNameRanks: nameRanks.array)
    }

    /// Reads a mapped table file's sections in order: a count, then its values on a 64-byte boundary.
    private struct Sections {
        var reader: MappedFile.Reader

        /// A section's values, in place.
        mutating func column<T: BitwiseCopyable & Sendable>() -> Column<T>? {
            guard let count = reader.integer(UInt64.self).map(Int.init), count >= 0, count < 1 << 40,
                reader.align(64), let start = reader.offset(forBytes: count * MemoryLayout<T>.stride),
                let base = reader.file.bytes.baseAddress
            else { return nil }
            return Column(mappedBy: reader.file, at: base + start, count: count)
        }

        /// A string section: byte offsets, then the bytes.
        mutating func strings() -> [String]? {
            guard let offsets: Column<UInt64> = column(), let bytes: Column<UInt8> = column(), offsets.count >= 1,
                offsets[0] == 0, offsets.last == UInt64(bytes.count)
            else { return nil }
            return offsets.withUnsafeBufferPointer { offsets in
                bytes.withUnsafeBufferPointer { bytes -> [String]? in
                    var values: [String] = []
                    values.reserveCapacity(offsets.count - 1)
                    for index in 0..<offsets.count - 1 {
                        let (start, end) = (Int(offsets[index]), Int(offsets[index + 1]))
                        guard start <= end else { return nil }
                        values.append(
                            String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
                    }
                    return values
                }
            }
        }
    }
}
