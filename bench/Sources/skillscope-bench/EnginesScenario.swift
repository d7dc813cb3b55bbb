import Foundation
import SkillscopeIngest
import SkillscopePostgres
import SkillscopeSQLite
import SkillscopeStore

/// `engines CORPUS [--postgres URL --schema NAME]`: the same ingest and the same searches on SQLite and, when a
/// server is given, PostgreSQL, one JSON line per engine.
///
/// Ingest is the whole corpus into an empty registry (an SQLite file in `folder`, or the given PostgreSQL schema,
/// which must be empty or absent). Search runs ``queries`` once to warm up, then five times timed, 20 hits a page
/// with the total counted, as `skillscope search` asks; the checksum is the sum of the totals of one pass.
enum EnginesScenario {
    /// Searches people make in a registry of agent instruction files: topics, tools, two- and three-word
    /// phrases, and a few with a word no file has (the any-word fallback runs).
    static let queries = [
        "swiftui state", "commit message", "code review", "typescript", "python testing", "react components",
        "security", "database migration", "docker", "git", "api design", "error handling", "logging",
        "performance", "accessibility", "rust", "go modules", "tailwind", "kubernetes deployment", "unit tests",
        "pull request", "documentation", "refactor", "lint", "format code", "dependency injection", "async await",
        "sql query", "authentication", "environment variables", "ci pipeline", "frontend", "backend service",
        "cli tool", "mcp server", "prompt", "agent skill", "cursor rules", "never commit secrets", "always run tests",
        "write clear commit messages", "use descriptive names", "zebra quokka testing", "xyzzy review",
    ]

    static func run(corpus: String, label: String, store: any Store, databaseBytes: () -> Int) async throws
        -> [String: Any]
    {
        let report = try await Ingestor(store: store).run([CorpusSource(root: corpus)])
        let ingest = seconds(report.elapsed)
        let timed = try searches(store)
        return [
            "tool": "skillscope", "scenario": label, "engine": store.engine, "files": report.files,
            "ingest_seconds": (ingest * 100).rounded() / 100, "files_per_s": Int(Double(report.files) / ingest),
            "writer_busy_s": (seconds(report.writerBusy) * 10).rounded() / 10,
            "index_s": (seconds(report.indexElapsed) * 100).rounded() / 100,
            "peak_rss_mb": Int(peakRSSMegabytes()), "db_mb": databaseBytes() / 1_000_000,
        ].merging(timed) { first, _ in first }
    }

    /// Runs ``queries`` once to warm up (their totals summed as the checksum), then five times timed.
    static func searches(_ store: any Store) throws -> [String: Any] {
        let clock = ContinuousClock()
        var checksum = 0
        for query in queries { checksum += try store.search(SearchQuery(text: query)).total }
        var samples: [Double] = []
        for _ in 0..<5 {
            for query in queries {
                let start = clock.now
                _ = try store.search(SearchQuery(text: query))
                samples.append(seconds(clock.now - start) * 1000)
            }
        }
        samples.sort()
        func percentile(_ p: Double) -> Double {
            (samples[min(samples.count - 1, Int(Double(samples.count) * p))] * 100).rounded() / 100
        }
        return [
            "searches": samples.count, "search_p50_ms": percentile(0.5), "search_p99_ms": percentile(0.99),
            "search_max_ms": ((samples.last ?? 0) * 100).rounded() / 100, "checksum_totals": checksum,
        ]
    }
}
