internal import Blocking
internal import FileSystem
internal import Foundation
internal import Hashing
public import SkillscopeCore
public import SkillscopeStore

/// Reads, parses and stores the files of ingest sources: parsing on every core, writing on one thread in large
/// transactions in a fixed order.
///
/// Incremental and resumable: a file whose sha256 is already stored is not parsed or rewritten, and since each
/// transaction holds whole chunks written in listing order, an ingest killed at any moment and run again ends with
/// the registry an uninterrupted run gives. Renames a source found are applied first, and files gone from the
/// repositories a source lists whole are marked removed last, each in a transaction that a second run repeats
/// harmlessly.
public struct Ingestor: Sendable {
    /// How an ``Ingestor`` batches and parallelises.
    public struct Configuration: Sendable {
        /// Files parsed as one piece of work; the writer writes whole chunks, ``batchFiles`` files at a time.
        ///
        /// The default is 512.
        public var chunkSize = 512
        /// Chunks parsed at once.
        ///
        /// The default is the number of active cores plus one.
        public var parallelChunks = ProcessInfo.processInfo.activeProcessorCount + 1
        /// Parsed chunks queued for the writer before parsing waits, those it is writing included.
        ///
        /// The default is 16: room for a whole batch of ``batchFiles`` being written and as many chunks parsed
        /// meanwhile. The writer's commits vary in length (the search index merges its segments now and then):
        /// with 3 the parsers waited through the long ones, and at 350,000 files 8 took the ingest from 265–283 s
        /// to 244–247 s for about 100 MB more memory (bench/RESULTS.md). With 8 and batches of 8 chunks, parsing
        /// stopped for every batch.
        public var queuedWrites = 16
        /// Files written in one transaction.
        ///
        /// The writer waits until this many are parsed, then writes them together (``WriteQueue``); a listing's
        /// last files go together at its end. A value of ``chunkSize`` or less writes each chunk alone.
        ///
        /// The default is 4,096 (8 chunks): FTS5 indexes large transactions for less (bench/RESULTS.md).
        public var batchFiles = 4096
        /// Bytes of file content whose parses are kept for copies of the same file further down a listing
        /// (``IngestEntry/expectedContent``); 0 parses every copy.
        ///
        /// The default is 16 MiB (the parses themselves take several times the bytes of their files). At 350,000 files
        /// it lets 60,000 of the 68,579 copies reuse a parse (bench/RESULTS.md).
        public var sharedParseBytes = 16 << 20
        /// The parser's limits.
        public var parser = DocumentParser.Configuration()
        public init() {}
    }

    /// Work done so far, for a progress bar.
    public struct Progress: Sendable {
        public var done: Int
        public var total: Int
        public var bytes: Int
        public var elapsed: Duration
    }

    public let store: any Store
    public let configuration: Configuration

    public init(store: any Store, configuration: Configuration = Configuration()) {
        self.store = store
        self.configuration = configuration
    }

    /// A chunk's own figures for the report, kept until its write is read (the parsed documents go to the writer).
    private struct Written: Sendable {
        var unchanged: Int
        var unchangedRejected: Int
        var rejected: [FileDiagnostic]
        var warnings: [FileDiagnostic]
        var bytes: Int
        var count: Int
        var reused: Int
    }

    private struct Prepared: Sendable {
        var files: [FileRecord] = []
        var unchanged: [FileKey] = []
        var rejected: [FileDiagnostic] = []
        var warnings: [FileDiagnostic] = []
        var bytes = 0
        var unchangedRejected = 0
        var reused = 0
    }

    /// Ingests every source in turn.
    ///
    /// - Parameters:
    ///   - seenAt: the time recorded as first and last seen, ISO 8601 UTC; the default is now.
    ///   - progress: called after each chunk is written.
    public func run(
        _ sources: [any IngestSource], seenAt: String? = nil, progress: @Sendable (Progress) -> Void = { _ in }
    ) async throws -> IngestReport {
        let clock = ContinuousClock()
        let start = clock.now
        let seen = seenAt ?? Dates.now()
        var report = IngestReport()
        var listings: [SourceListing] = []
        for source in sources {
            let listing = try await source.list()
            listings.append(listing)
            report.problems += listing.problems
            if let stopped = listing.stopped { report.stopped.append(stopped) }
        }
        for listing in listings {
            for (old, new) in listing.renames.sorted(by: { $0.key < $1.key }) {
                try store.renameRepository(old, to: new, at: seen)
            }
        }
        // Files analysed by an earlier version are analysed again, though their bytes are unchanged. A renamed
        // repository keeps its version; one with no stored file yet has the current one from its first write, and
        // it is recorded now, so that an interrupted first ingest resumes where it stopped.
        let current = DocumentParser.analysisVersion
        var versions = try store.analysisVersions()
        for listing in listings {
            for (old, new) in listing.renames where versions[new] == nil { versions[new] = versions[old] }
        }
        let stored = try store.storedHashes(of: listings.flatMap { $0.entries.map(\.key) })
        let listed = Set(listings.flatMap { $0.entries.map(\.key.repository) })
        for repository in listed.subtracting(stored.keys.map(\.repository)) { versions[repository] = current }
        try store.saveAnalysisVersion(current, of: listed.filter { versions[$0] == current }.sorted())
        let stale = listed.filter { versions[$0] != current }
        let known = stored.filter { !stale.contains($0.key.repository) }
        report.reanalyzed = stored.count - known.count
        let total = listings.reduce(0) { $0 + $1.entries.count }
        let writer = BlockingPool(label: "skillscope.ingest.writer")
        let parser = DocumentParser(configuration: configuration.parser)
        let store = self.store
        var done = 0
        for listing in listings {
            let repositories = Dictionary(
                listing.repositories.map { ($0.fullName, $0) }, uniquingKeysWith: { a, _ in a })
            var written = Set<String>()
            let trees = listing.trees
            let shared = SharedParses(entries: listing.entries, budget: configuration.sharedParseBytes)
            // Slices of the listing: the chunks share its storage instead of holding a second copy of every entry.
            let chunks = stride(from: 0, to: listing.entries.count, by: configuration.chunkSize).map {
                listing.entries[$0..<min($0 + configuration.chunkSize, listing.entries.count)]
            }
            // The writer serves the queue on its own thread, chunk after chunk in listing order, while parsing goes
            // on; the loop reads its turns as they end, and waits for one only when too many chunks are queued
            // (which bounds the parsed chunks held in memory).
            let queue = WriteQueue(maxFiles: configuration.batchFiles)
            let (turns, turnSink) = AsyncStream.makeStream(of: Result<WriteQueue.Turn, any Error>.self)
            let serving = Task {
                // `run` throws only what its body throws; `serve` reports its failures through the turns instead.
                _ = try? await writer.run { queue.serve(store, seenAt: seen) { turnSink.yield($0) } }
                turnSink.finish()
            }
            defer { queue.close(discarding: true) }
            var turnsRead = turns.makeAsyncIterator()
            try await withThrowingTaskGroup(of: (Int, Prepared).self) { group in
                var next = 0
                var waiting: [Int: Prepared] = [:]
                var toWrite = 0
                // Each queued chunk's own figures, oldest first, for the report once its turn is read.
                var queued: [Written] = []
                var collected = 0
                func submit() {
                    let index = next
                    let chunk = chunks[index]
                    group.addTask {
                        (
                            index,
                            Self.prepare(
                                chunk, known: known, stale: stale, trees: trees, parser: parser, shared: shared)
                        )
                    }
                    next += 1
                }
                func collect() async throws {
                    queue.hurry()
                    guard let result = await turnsRead.next() else {
                        throw StoreError(.unavailable, "the registry's writer stopped before the ingest ended")
                    }
                    let turn = try result.get()
                    report.writerBusy += turn.busy
                    report.transactions += 1
                    report.written += turn.summary.written
                    report.unchanged += turn.summary.unchanged
                    report.rules += turn.summary.rulesWritten
                    for outcome in queued[collected..<collected + turn.chunks] {
                        report.unchanged += outcome.unchanged
                        report.rejected += outcome.rejected
                        report.unchangedRejected += outcome.unchangedRejected
                        report.warnings += outcome.warnings
                        report.bytes += outcome.bytes
                        report.reusedParses += outcome.reused
                        done += outcome.count
                    }
                    collected += turn.chunks
                    progress(Progress(done: done, total: total, bytes: report.bytes, elapsed: clock.now - start))
                }
                while next < min(configuration.parallelChunks, chunks.count) { submit() }
                while let (index, prepared) = try await group.next() {
                    waiting[index] = prepared
                    while let ready = waiting.removeValue(forKey: toWrite) {
                        // Repositories go in with the first chunk that holds one of their files.
                        let names = Set(ready.files.map(\.key.repository) + ready.unchanged.map(\.repository))
                            .subtracting(written)
                        written.formUnion(names)
                        let chunkRepositories = names.sorted().map {
                            repositories[$0] ?? RepositoryRecord(fullName: $0)
                        }
                        let count = chunks[toWrite].count
                        queued.append(
                            Written(
                                unchanged: ready.unchanged.count, unchangedRejected: ready.unchangedRejected,
                                rejected: ready.rejected, warnings: ready.warnings, bytes: ready.bytes, count: count,
                                reused: ready.reused))
                        queue.add(
                            WriteQueue.Chunk(
                                repositories: chunkRepositories, files: ready.files, unchanged: ready.unchanged,
                                listed: count))
                        toWrite += 1
                    }
                    while queued.count - collected > configuration.queuedWrites { try await collect() }
                    if next < chunks.count { submit() }
                }
                queue.close()
                while collected < queued.count { try await collect() }
            }
            await serving.value
            // Repositories listed whole are seen even when no file of theirs was written (none left, or none at
            // all); then what they no longer hold is marked removed.
            let present = listing.present
            let unwritten = listing.repositories.filter {
                present[$0.fullName] != nil && !written.contains($0.fullName)
            }
            report.removed += try await writer.run {
                if !unwritten.isEmpty { _ = try store.write(repositories: unwritten, files: [], seenAt: seen) }
                return try present.keys.sorted().reduce(0) { count, repository in
                    count
                        + (try store.markRemoved(repository: repository, present: present[repository] ?? [], at: seen))
                }
            }
            // Each repository's whole file list, for the rules that name its paths (rewritten only when it changed),
            // and the analysis version its files now have.
            let paths = listing.repositoryPaths
            let analysed = Set(listing.entries.map(\.key.repository))
            try await writer.run {
                for repository in paths.keys.sorted() {
                    try store.saveRepositoryPaths(repository, paths[repository] ?? [])
                }
                try store.saveAnalysisVersion(current, of: analysed.sorted())
            }
        }
        // The passage index follows the files: rebuilt once, at the end, when anything was written.
        let indexStart = clock.now
        report.rebuiltPassageIndex = try await writer.run { try store.refreshPassageIndex() }
        report.indexElapsed = clock.now - indexStart
        report.files = total
        report.elapsed = clock.now - start
        return report
    }

    private static func prepare(
        _ chunk: ArraySlice<IngestEntry>, known: [FileKey: StoredHash], stale: Set<String>,
        trees: [String: Set<String>], parser: DocumentParser, shared: SharedParses
    ) -> Prepared {
        var prepared = Prepared()
        for (position, entry) in zip(chunk.indices, chunk) {
            guard let bytes = entry.contents ?? FileSystem.contents(atPath: entry.location)
            else {
                _ = shared.take(nil, at: position)
                prepared.rejected.append(
                    FileDiagnostic(
                        path: entry.key.description, code: .unreadable, severity: .error,
                        message: "cannot read \(entry.location)"))
                continue
            }
            prepared.bytes += bytes.count
            let sha = SHA256.hex(of: bytes)
            if let stored = known[entry.key], stored.sha256 == sha {
                _ = shared.take(nil, at: position)
                prepared.unchanged.append(entry.key)
                if stored.status == .rejected { prepared.unchangedRejected += 1 }
                continue
            }
            // A copy of a file parsed earlier in the listing takes its parse, moved to this path.
            let reused = shared.take(sha, at: position)
            if reused != nil { prepared.reused += 1 }
            var outcome =
                reused.map { .parsed(parser.relocated($0.document, toPath: entry.key.path, kind: entry.kind)) }
                ?? parser.parse(bytes, path: entry.key.path, kind: entry.kind)
            var findings: [Finding] = []
            var security = SecurityReport(findings: [])
            var bundledScripts = 0
            switch outcome {
            case .parsed(let document):
                // The spec check runs here, beside the file: skill names must equal their folder, and linked
                // references must exist next to it (on disk, or in the git tree the file came from). Scripts bundled
                // beside a skill on disk are scanned with it; git trees and listing records bring none.
                let place: FileChecks.Place =
                    if let tree = trees[entry.key.repository] {
                        .tree(tree, repository: entry.key.repository)
                    } else if entry.contents != nil {
                        .unknown
                    } else {
                        .disk(folder: (entry.location as NSString).deletingLastPathComponent)
                    }
                let checks = FileChecks.of(document, at: place, scanned: reused?.security)
                findings = checks.findings
                security = checks.security
                bundledScripts = checks.bundledScripts
                prepared.warnings += document.diagnostics.map { Self.located($0, entry.key) }
            case .rejected(let diagnostic):
                let located = Self.located(diagnostic, entry.key)
                prepared.rejected.append(located)
                outcome = .rejected(diagnostic)
            }
            var record = FileRecord(
                key: entry.key, kind: entry.kind, commit: entry.commit, firstCommitAt: entry.firstCommitAt,
                lastCommitAt: entry.lastCommitAt, sha256: sha, bytes: bytes.count, outcome: outcome,
                findings: findings, security: security, listingJSON: entry.listingJSON, blobSHA: entry.blobSHA,
                sameContent: reused?.encoded)
            record.reanalyzed = stale.contains(entry.key.repository)
            if reused == nil, case .parsed(let document) = outcome {
                shared.keep(
                    SharedParses.Parse(
                        document: document, encoded: record.encoded, security: bundledScripts == 0 ? security : nil),
                    sha256: sha, bytes: bytes.count, at: position)
            }
            prepared.files.append(record)
        }
        return prepared
    }

    /// `relative` from `folder`, with `.` and `..` resolved: `("a/b", "./c/../d.md")` → `"a/b/d.md"`.

    private static func located(_ diagnostic: FileDiagnostic, _ key: FileKey) -> FileDiagnostic {
        var moved = diagnostic
        moved.path = key.description
        return moved
    }
}

/// What an ingest did, with every problem it met.
public struct IngestReport: Sendable {
    /// Files listed by the sources.
    public var files = 0
    /// Files parsed and written (new or changed), rejected ones included.
    public var written = 0
    /// Files skipped because their sha256 was already stored.
    public var unchanged = 0
    /// Stored files read and written again because an earlier version analysed them (counted in ``written``).
    public var reanalyzed = 0
    public var rules = 0
    public var bytes = 0
    /// Files not indexed, with the reason.
    public var rejected: [FileDiagnostic] = []
    /// Problems in indexed files (bad front matter, invalid UTF-8).
    public var warnings: [FileDiagnostic] = []
    /// Problems with the sources' listings (bad manifest lines, files that are no instruction files).
    public var problems: [FileDiagnostic] = []
    public var elapsed: Duration = .zero
    /// Time the single writer spent in store writes: when it nears ``elapsed``, the writer bounds the ingest.
    public var writerBusy: Duration = .zero
    /// Write transactions of files, each of ``Ingestor/Configuration/batchFiles`` files in whole chunks (fewer at a
    /// listing's end, or when the ingest waited for the writer).
    public var transactions = 0
    /// Whether the passage index was rebuilt, and how long that took (included in ``elapsed``).
    public var rebuiltPassageIndex = false
    public var indexElapsed: Duration = .zero
    /// Written files that took the parse of a copy met earlier in the listing (``Ingestor/Configuration/sharedParseBytes``).
    public var reusedParses = 0
    /// Unchanged files that were rejected when first seen.
    public var unchangedRejected = 0
    /// Stored files found gone from a repository listed whole, now marked removed.
    public var removed = 0
    /// Why sources stopped early (``SourceListing/stopped``); what they listed was ingested.
    public var stopped: [String] = []

    public init() {}

    /// Files now indexed from this run: listed, not rejected.
    public var indexed: Int { files - rejected.count - unchangedRejected }

    /// "7,880 indexed, 12 skipped: 7 invalid front matter, 3 binary, 2 too large".
    public var summaryLine: String {
        let skipped = rejected + problems.filter { $0.severity == .error }
        var line =
            "\(Self.grouped(indexed)) indexed (\(Self.grouped(written)) written, \(Self.grouped(unchanged)) unchanged)"
        if reanalyzed > 0 {
            line += ", \(Self.grouped(reanalyzed)) analysed again (stored by an earlier version of Skillscope)"
        }
        if removed > 0 { line += ", \(Self.grouped(removed)) removed" }
        line += ", \(Self.grouped(skipped.count)) skipped"
        if !skipped.isEmpty {
            line += ": " + Self.counts(skipped)
        }
        if !warnings.isEmpty {
            line += "; \(Self.grouped(warnings.count)) with warnings: " + Self.counts(warnings)
        }
        return line
    }

    private static func counts(_ diagnostics: [FileDiagnostic]) -> String {
        let byCode = Dictionary(grouping: diagnostics, by: \.code)
        return byCode.sorted { ($0.value.count, $1.key.rawValue) > ($1.value.count, $0.key.rawValue) }
            .map { "\(grouped($0.value.count)) \($0.key.summary)" }.joined(separator: ", ")
    }

    /// `7880` → `7,880`.
    public static func grouped(_ number: Int) -> String { Number.grouped(number) }
}
