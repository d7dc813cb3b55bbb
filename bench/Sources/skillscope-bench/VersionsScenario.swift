import Foundation
import SkillscopeCore
import SkillscopeIngest
import SkillscopeSQLite
import SkillscopeStore
import SkillscopeVersions

/// `versions CORPUS [--sample N] [--truth-out FILE] [--registry DB] [--keep DIR]`: ingest plus passage index (or
/// the existing registry DB, not ingested), index and lineage table load, query p50/p99, and
/// recall of edited versions against an exact brute force over every file, on a seeded sample.
enum VersionsScenario {
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// - Parameter registry: an existing registry to query instead of ingesting `corpus` into `folder`.
    static func run(
        corpus: String, label: String, sample: Int, truthOut: String?, folder: String, registry: String? = nil
    ) async throws -> [String: Any] {
        let path = registry ?? folder + "/registry.sqlite"
        let clock = ContinuousClock()
        var report: IngestReport?
        if registry == nil {
            report = try await Ingestor(store: try SQLiteStore(path: path)).run([CorpusSource(root: corpus)])
        }

        // A fresh store loads the kept index, as a new server would.
        let loadStart = clock.now
        let fresh = try SQLiteStore(path: path)
        let index = try fresh.passageIndex()
        let load = clock.now - loadStart
        // The lineage table (every file's phrase set in memory), loaded once per files generation.
        let tableStart = clock.now
        let table = try fresh.lineageTable()
        let tableLoad = clock.now - tableStart

        let keys = try fresh.fileKeys()
        var generator = SplitMix(state: 1)
        var sampled = keys.map(\.id)
        sampled.shuffle(using: &generator)
        sampled = Array(sampled.prefix(sample)).sorted()

        // Queries: a stored file from id to its full report (text read, fingerprinted, candidates, measured).
        let finder = VersionFinder(store: fresh)
        var times: [Double] = []
        var candidateTimes: [Double] = []
        // CPU time of the whole process per query (both threads), which other jobs on the machine do not inflate.
        var cpuTimes: [Double] = []
        func processCPU() -> Double {
            var spec = timespec()
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
            return Double(spec.tv_sec) * 1000 + Double(spec.tv_nsec) / 1e6
        }
        let stop = PassageIndex.stopThreshold(fileCount: try fresh.indexedFileCount())
        var found: [Int64: Set<Int64>] = [:]
        let debugSlow = ProcessInfo.processInfo.environment["DEBUG_SLOW"] != nil
        var slow: [(Double, String)] = []
        var subjects: [Int64: (key: FileKey, phrases: [UInt64], sequence: UInt64, words: Int)] = [:]
        for id in sampled {
            let start = clock.now
            let cpuStart = processCPU()
            guard let file = try fresh.file(.id(id)), file.status == .indexed else { continue }
            let subject = try finder.subject(for: file)
            _ = try finder.versions(of: subject)
            times.append(seconds(clock.now - start) * 1000)
            cpuTimes.append(processCPU() - cpuStart)
            if debugSlow {
                let again = clock.now
                let report = try finder.versions(of: subject)
                let versionsOnly = seconds(clock.now - again) * 1000
                let candidateCount = index.candidates(for: subject.fingerprint.winnowed, maxPostings: stop).count
                slow.append(
                    (
                        times.last ?? 0,
                        "total \(times.last ?? 0) versions \(versionsOnly) phrases \(subject.fingerprint.phrases.count) candidates \(candidateCount) bands \(report.bands.map(\.total))"
                    ))
            }
            // Candidate generation alone (what an LSH lookup does), from the stored file's fingerprints.
            let candidateStart = clock.now
            _ = index.candidates(for: subject.fingerprint.winnowed, maxPostings: stop)
            candidateTimes.append(seconds(clock.now - candidateStart) * 1000)
            let matches = try finder.matches(of: subject)
            found[id] = Set(matches.filter { $0.band == .edited && $0.repository != file.key.repository }.map(\.id))
            subjects[id] = (
                file.key, subject.fingerprint.phrases, subject.fingerprint.sequenceHash, subject.fingerprint.wordCount
            )
        }
        times.sort()
        for line in slow.sorted(by: { $0.0 > $1.0 }).prefix(15) { print(line.1) }
        candidateTimes.sort()
        cpuTimes.sort()

        // Exact truth: every file's phrase set against every sampled file, through a map of the sample's phrases.
        let truthStart = clock.now
        let debugMisses = ProcessInfo.processInfo.environment["DEBUG_MISSES"] != nil
        var owners: [UInt64: [Int64]] = [:]
        for (id, subject) in subjects { for phrase in subject.phrases { owners[phrase, default: []].append(id) } }
        var truth: [Int64: [(Int64, FileKey)]] = [:]
        let all = keys.map(\.id)
        for start in stride(from: 0, to: all.count, by: 2000) {
            for record in try fresh.lineageRecords(Array(all[start..<min(start + 2000, all.count)])) {
                guard !record.phrases.isEmpty else { continue }
                var shared: [Int64: Int] = [:]
                for phrase in record.phrases { for owner in owners[phrase] ?? [] { shared[owner, default: 0] += 1 } }
                for (owner, count) in shared where owner != record.id {
                    guard let subject = subjects[owner], subject.key.repository != record.key.repository else {
                        continue
                    }
                    let wordForWord = record.sequenceHash == subject.sequence && record.wordCount == subject.words
                    if !wordForWord && 100 * count / record.phrases.count >= 10 {
                        truth[owner, default: []].append((record.id, record.key))
                        if debugMisses, found[owner]?.contains(record.id) != true {
                            print(
                                "miss", subject.key, "<-", record.key, "G phrases", record.phrases.count, "shared",
                                count,
                                "F phrases", subject.phrases.count)
                        }
                    }
                }
            }
        }
        let truthTime = clock.now - truthStart
        var pairs = 0
        var hits = 0
        for (owner, list) in truth {
            pairs += list.count
            hits += list.filter { found[owner]?.contains($0.0) == true }.count
        }
        if let truthOut {
            var lines = ""
            for id in subjects.keys.sorted() {
                guard let subject = subjects[id] else { continue }
                let edited = (truth[id] ?? []).map { [$0.1.repository, $0.1.path] }
                let object: [String: Any] = [
                    "repo": subject.key.repository, "path": subject.key.path, "edited": edited,
                ]
                lines +=
                    String(
                        decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]),
                        as: UTF8.self) + "\n"
            }
            try lines.write(toFile: truthOut, atomically: true, encoding: .utf8)
        }
        func percentile(_ p: Double, of values: [Double]) -> Double {
            guard !values.isEmpty else { return 0 }
            return (values[min(values.count - 1, Int(Double(values.count) * p))] * 1000).rounded() / 1000
        }
        func percentile(_ p: Double) -> Double { percentile(p, of: times) }
        return [
            "tool": "skillscope", "scenario": label, "files": report?.files ?? keys.count,
            "ingest_plus_index_s": report.map { (seconds($0.elapsed) * 10).rounded() / 10 } ?? -1,
            "index_build_s": report.map { (seconds($0.indexElapsed) * 100).rounded() / 100 } ?? -1,
            "index_load_s": (seconds(load) * 100).rounded() / 100, "index_postings": index.postingCount,
            "index_hashes": index.hashes.count, "table_load_s": (seconds(tableLoad) * 100).rounded() / 100,
            "table_phrases": table.phrases.phraseCount, "queries": times.count, "query_p50_ms": percentile(0.5),
            "query_p99_ms": percentile(0.99),
            "query_cpu_p50_ms": percentile(0.5, of: cpuTimes), "query_cpu_p99_ms": percentile(0.99, of: cpuTimes),
            "candidates_p50_ms": percentile(0.5, of: candidateTimes),
            "candidates_p99_ms": percentile(0.99, of: candidateTimes), "truth_pairs": pairs,
            "truth_queries_with_edited": truth.count,
            "recall_edited": pairs == 0 ? 1.0 : (Double(hits) / Double(pairs) * 10000).rounded() / 10000,
            "truth_s": (seconds(truthTime) * 10).rounded() / 10, "peak_rss_mb": Int(peakRSSMegabytes()),
            "window": Winnowing.defaultWindow,
        ]
    }
}
