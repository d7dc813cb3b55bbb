import Allocator
import Foundation
import SkillscopeCore
import SkillscopeIngest
import SkillscopePostgres
import SkillscopeSQLite
import SkillscopeStore

/// skillscope-bench SCENARIO ARGS…: runs one named scenario and prints one JSON line.
///
///     skillscope-bench ingest CORPUS_DIR [--label NAME] [--keep DIR] [--chunk-size N] [--queued-writes N]
///                                        [--batch-files N]
///     skillscope-bench list CORPUS_DIR
///     skillscope-bench parse CORPUS_DIR [--limit N]
///     skillscope-bench prepare CORPUS_DIR [--limit N]
///     skillscope-bench search REGISTRY [--label NAME] [--queries scale] [--postgres URL --schema NAME]
///     skillscope-bench passage-index REGISTRY
///
/// `ingest` ingests a corpus (files/, manifest.jsonl) into a fresh SQLite registry in a temporary folder and
/// reports files/s, MB/s and the process's peak RSS; the checksum is the number of rules written.
func peakRSSMegabytes() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

let arguments = Array(CommandLine.arguments.dropFirst())
// The figures are the shipped program's only with its allocator (the `skillscope` executable links jemalloc too,
// and configures it the same way).
let configured = Allocator.configure()
FileHandle.standardError.write(
    Data(
        "skillscope-bench: memory allocator \(Allocator.description)\(configured ? "" : " (not configured)")\n".utf8))
func option(_ name: String) -> String? {
    arguments.firstIndex(of: "--" + name).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
}
if arguments.first == "list", arguments.count >= 2 {
    // Listing only: the manifest read and decoded, entries made (what runs before any parser starts).
    let clock = ContinuousClock()
    let start = clock.now
    let listing = try CorpusSource(root: arguments[1]).list()
    print("list: \(listing.entries.count) entries, \(listing.problems.count) problems, \(seconds(clock.now - start)) s")
    exit(0)
}
/// The listing's entries, the first `--limit N` of them when that is given.
func entries(_ corpus: String) throws -> [IngestEntry] {
    let entries = try CorpusSource(root: corpus).list().entries
    return option("limit").flatMap(Int.init).map { Array(entries.prefix($0)) } ?? entries
}
if arguments.first == "parse", arguments.count >= 2 {
    // Parse only, one thread: where the time goes without the store.
    let files = try entries(arguments[1])
    let clock = ContinuousClock()
    var rules = 0
    var bytes = 0
    var decode = Duration.zero
    let parser = DocumentParser()
    let start = clock.now
    for entry in files {
        let data = [UInt8](FileManager.default.contents(atPath: entry.location) ?? Data())
        bytes += data.count
        let t0 = clock.now
        if case .parsed(let document) = parser.parse(data, path: entry.key.path, kind: entry.kind) {
            rules += document.rules.count
        }
        decode += clock.now - t0
    }
    let total = seconds(clock.now - start)
    print(
        "parse-only 1 thread: \(files.count) files, \(Int(Double(files.count) / total)) files/s, \(Double(bytes) / 1e6 / total) MB/s, parse \(seconds(decode)) s, rules \(rules)"
    )
    exit(0)
}
if arguments.first == "prepare", arguments.count >= 2 {
    // What the ingest does to each file on its parsing threads, on one thread and without the store, timed by
    // stage: the parse, the spec check, the security scan, and the record (the columns encoded, the phrases and
    // fingerprints). Not the SHA-256, and files with the same bytes are each done again: the ingest reuses their work.
    // The spec check looks for linked files on disk, as a folder's ingest does; a corpus's ingest asks the listing.
    let files = try entries(arguments[1])
    let clock = ContinuousClock()
    var stages = [Duration](repeating: .zero, count: 4)
    var rules = 0
    var phraseBytes = 0
    // A digest of every column the ingest would write, so a change that should not change them shows if it does.
    var digest: UInt64 = 0xcbf2_9ce4_8422_2325
    func digesting(_ text: String?) {
        for byte in (text ?? "\u{0}").utf8 { digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3 }
        digest = (digest ^ 0xFF) &* 0x100_0000_01b3
    }
    let parser = DocumentParser()
    let start = clock.now
    for entry in files {
        let data = [UInt8](FileManager.default.contents(atPath: entry.location) ?? Data())
        var mark = clock.now
        func lap(_ stage: Int) {
            let now = clock.now
            stages[stage] += now - mark
            mark = now
        }
        let outcome = parser.parse(data, path: entry.key.path, kind: entry.kind)
        lap(0)
        var findings: [Finding] = []
        var security = SecurityReport(findings: [])
        if case .parsed(let document) = outcome {
            rules += document.rules.count
            let folder = (entry.location as NSString).deletingLastPathComponent
            findings = SpecCheck.check(
                document, folderName: entry.kind == .skill ? (folder as NSString).lastPathComponent : nil,
                fileExists: { FileManager.default.fileExists(atPath: folder + "/" + $0) })
            lap(1)
            security = SecurityScan.scan(document)
            lap(2)
        }
        let record = FileRecord(
            key: entry.key, kind: entry.kind, commit: entry.commit, firstCommitAt: entry.firstCommitAt,
            lastCommitAt: entry.lastCommitAt, sha256: "", bytes: data.count, outcome: outcome, findings: findings,
            security: security, listingJSON: entry.listingJSON, blobSHA: entry.blobSHA)
        lap(3)
        // The digest after the last lap: it is the bench's work, not the ingest's.
        phraseBytes += record.encoded.phrases.count
        let encoded = record.encoded
        for text in [
            encoded.frontMatterJSON, encoded.diagnosticsJSON, encoded.rulesText, encoded.rulesLayoutJSON,
            encoded.searchBody, encoded.nameKey, encoded.findingsJSON, encoded.securityJSON,
            encoded.securityVerdict, String(encoded.wordCount), encoded.sequenceHash.map(String.init),
        ] {
            digesting(text)
        }
        for byte in encoded.phrases + encoded.fingerprints { digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3 }
    }
    let total = seconds(clock.now - start)
    let names = ["parse", "spec", "security", "record"]
    print(
        "prepare 1 thread: \(files.count) files, \(Int(Double(files.count) / total)) files/s, "
            + zip(names, stages).map { "\($0) \(String(format: "%.2f", seconds($1))) s" }.joined(separator: ", ")
            + ", rules \(rules), phrase bytes \(phraseBytes), columns digest \(String(digest, radix: 16))")
    exit(0)
}
if arguments.first == "versions", arguments.count >= 2 {
    let folder = NSTemporaryDirectory() + "/skillscope-bench-\(ProcessInfo.processInfo.processIdentifier)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let line = try await VersionsScenario.run(
        corpus: arguments[1], label: option("label") ?? "versions", sample: Int(option("sample") ?? "") ?? 1000,
        truthOut: option("truth-out"), folder: folder, registry: option("registry"))
    if let keep = option("keep") {
        try? FileManager.default.removeItem(atPath: keep)
        try FileManager.default.moveItem(atPath: folder, toPath: keep)
    }
    try? FileManager.default.removeItem(atPath: folder)
    print(String(decoding: try JSONSerialization.data(withJSONObject: line, options: [.sortedKeys]), as: UTF8.self))
    exit(0)
}
if arguments.first == "engines", arguments.count >= 2 {
    let folder = NSTemporaryDirectory() + "/skillscope-bench-\(ProcessInfo.processInfo.processIdentifier)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/registry.sqlite"
    var runs: [(any Store, () -> Int)] = [
        (
            try SQLiteStore(path: path),
            { (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0 }
        )
    ]
    if let url = option("postgres") {
        let store = try PostgresStore(
            configuration: PostgresStore.Configuration(conninfo: url, schema: option("schema")))
        runs.append((store, { 0 }))
    }
    for (store, size) in runs {
        let line = try await EnginesScenario.run(
            corpus: arguments[1], label: option("label") ?? "engines", store: store, databaseBytes: size)
        print(String(decoding: try JSONSerialization.data(withJSONObject: line, options: [.sortedKeys]), as: UTF8.self))
    }
    exit(0)
}
if arguments.first == "passage-index", arguments.count >= 2 {
    // Rebuilds the passage index of a registry already built (its files generation must have moved on, e.g.
    // `sqlite3 REGISTRY "UPDATE meta SET value = value + 1 WHERE key = 'files_generation'"`).
    let clock = ContinuousClock()
    let store = try SQLiteStore(path: arguments[1])
    let start = clock.now
    let rebuilt = try store.refreshPassageIndex()
    let line: [String: Any] = [
        "tool": "skillscope", "scenario": option("label") ?? "passage-index", "rebuilt": rebuilt,
        "seconds": (seconds(clock.now - start) * 100).rounded() / 100, "peak_rss_mb": Int(peakRSSMegabytes()),
    ]
    print(String(decoding: try JSONSerialization.data(withJSONObject: line, options: [.sortedKeys]), as: UTF8.self))
    exit(0)
}
if arguments.first == "search", arguments.count >= 2 {
    // The engines scenario's searches on a registry already built (opened, and migrated if older, first).
    let clock = ContinuousClock()
    let start = clock.now
    let store: any Store
    if let url = option("postgres") {
        store = try PostgresStore(configuration: PostgresStore.Configuration(conninfo: url, schema: option("schema")))
    } else {
        store = try SQLiteStore(path: arguments[1])
    }
    let opened = seconds(clock.now - start)
    let scale = option("queries") == "scale"
    var line = try EnginesScenario.searches(store, queries: scale ? EnginesScenario.scaleQueries : nil)
    if scale {
        for (key, value) in try EnginesScenario.searches(store, queries: EnginesScenario.sortedScaleQueries) {
            line["by_stars_" + key] = value
        }
    }
    line["tool"] = "skillscope"
    line["scenario"] = option("label") ?? "search"
    line["files"] = try store.indexedFileCount()
    line["open_s"] = (opened * 100).rounded() / 100
    line["peak_rss_mb"] = Int(peakRSSMegabytes())
    print(String(decoding: try JSONSerialization.data(withJSONObject: line, options: [.sortedKeys]), as: UTF8.self))
    exit(0)
}
guard arguments.count >= 2, arguments[0] == "ingest" else {
    FileHandle.standardError.write(
        Data(
            "usage: skillscope-bench ingest|parse|versions|engines CORPUS_DIR | search REGISTRY [--label NAME] [--queries scale] [--postgres URL --schema NAME] [--sample N] [--truth-out FILE] [--registry DB] [--keep DIR] [--postgres URL --schema NAME]\n"
                .utf8))
    exit(64)
}
let corpus = arguments[1]
let label =
    arguments.firstIndex(of: "--label").flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
    ?? "ingest"
let folder = NSTemporaryDirectory() + "/skillscope-bench-\(ProcessInfo.processInfo.processIdentifier)"
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
defer {
    // `--keep DIR` keeps the registry (DIR/registry.sqlite) for the scenarios that read one.
    if let keep = option("keep") {
        try? FileManager.default.removeItem(atPath: keep)
        try? FileManager.default.moveItem(atPath: folder, toPath: keep)
    }
    try? FileManager.default.removeItem(atPath: folder)
}
let store = try SQLiteStore(path: folder + "/registry.sqlite")
var ingestConfiguration = Ingestor.Configuration()
if let chunk = option("chunk-size").flatMap(Int.init) { ingestConfiguration.chunkSize = chunk }
if let queued = option("queued-writes").flatMap(Int.init) { ingestConfiguration.queuedWrites = queued }
if let batch = option("batch-files").flatMap(Int.init) { ingestConfiguration.batchFiles = batch }
let report = try await Ingestor(store: store, configuration: ingestConfiguration).run([CorpusSource(root: corpus)])
let elapsed = seconds(report.elapsed)
let databaseBytes = (try? FileManager.default.attributesOfItem(atPath: folder + "/registry.sqlite")[.size] as? Int) ?? 0
let line: [String: Any] = [
    "tool": "skillscope", "scenario": label, "files": report.files, "indexed": report.indexed,
    "skipped": report.rejected.count + report.problems.count, "bytes": report.bytes,
    "seconds": (elapsed * 100).rounded() / 100, "files_per_s": Int(Double(report.files) / elapsed),
    "mb_per_s": (Double(report.bytes) / 1e6 / elapsed * 10).rounded() / 10,
    "peak_rss_mb": Int(peakRSSMegabytes()), "writer_busy_s": (seconds(report.writerBusy) * 10).rounded() / 10,
    "transactions": report.transactions,
    "reused_parses": report.reusedParses,
    "passage_index_s": (seconds(report.indexElapsed) * 10).rounded() / 10,
    "checksum_rules": report.rules, "db_mb": databaseBytes / 1_000_000,
]
let data = try JSONSerialization.data(withJSONObject: line, options: [.sortedKeys])
print(String(decoding: data, as: UTF8.self))
