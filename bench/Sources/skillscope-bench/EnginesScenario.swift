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

    /// Issue 29's 200 searches at scale.
    ///
    /// They have 1 to 4 words, common and rare, and a quarter end in a word no file has (the any-word fallback
    /// runs). Every third is filtered by kind, every seventh by licence; all are sorted by relevance, as the issue's
    /// mix asks, and ``sortedScaleQueries`` times the stars order apart.
    static let scaleQueries: [SearchQuery] = {
        let common = [
            "test", "code", "file", "use", "run", "error", "api", "build", "data", "user", "commit", "review", "git",
            "function", "type", "project", "config", "update", "check", "command", "always", "never", "should",
            "create", "write", "read", "change", "add", "new", "example",
        ]
        let rare = [
            "idempotency", "memoization", "flyway", "kubectl", "terraform", "graphql", "webhook", "swiftui", "tailwind",
            "playwright", "vitest", "pydantic", "alembic", "protobuf", "grpc", "wasm", "rustfmt", "clippy", "eslint",
            "prettier", "storybook", "nextjs", "prisma", "supabase", "redis", "kafka", "celery", "fastapi",
            "observable", "accessibility",
        ]
        let missing = ["zebrafish", "xyzzy", "quokka", "plugh"]
        var queries: [SearchQuery] = []
        var state: UInt64 = 29
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for number in 0..<200 {
            let words = 1 + number % 4
            var terms: [String] = []
            for slot in 0..<words {
                let pool = slot == 0 ? (number % 2 == 0 ? common : rare) : (next(3) == 0 ? rare : common)
                terms.append(pool[next(pool.count)])
            }
            if number % 4 == 3 { terms[terms.count - 1] = missing[next(missing.count)] }
            var query = SearchQuery(text: terms.joined(separator: " "))
            if number % 3 == 1 { query.kinds = number % 2 == 0 ? [.skill] : [.agents, .claude, .cursor] }
            if number % 7 == 2 { query.license = "MIT" }
            queries.append(query)
        }
        return queries
    }()

    /// Every eleventh of ``scaleQueries``, sorted by stars: the order that must look at every match.
    static let sortedScaleQueries: [SearchQuery] = scaleQueries.enumerated().filter { $0.offset % 11 == 5 }.map {
        var query = $0.element
        query.sort = .stars
        return query
    }

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

    /// The ten slowest searches, each once, with its slowest time.
    static func slowestQueries(_ timed: [(Double, String)]) -> [String] {
        var seen = Set<String>()
        return timed.filter { seen.insert($0.1).inserted }.prefix(10).map { "\($0.1) \(Int($0.0)) ms" }
    }

    /// Runs the searches once to warm up (their totals summed as the checksum), then five times timed; ``queries``
    /// unless others are given.
    static func searches(_ store: any Store, queries given: [SearchQuery]? = nil) throws -> [String: Any] {
        let clock = ContinuousClock()
        var checksum = 0
        let queries = given ?? Self.queries.map { SearchQuery(text: $0) }
        for query in queries { checksum += try store.search(query).total }
        var samples: [Double] = []
        var slowest: [(Double, String)] = []
        for _ in 0..<5 {
            for query in queries {
                let start = clock.now
                _ = try store.search(query)
                let milliseconds = seconds(clock.now - start) * 1000
                samples.append(milliseconds)
                let label =
                    query.text + (query.kinds.isEmpty ? "" : " kind") + (query.license == nil ? "" : " license")
                    + (query.sort == .relevance ? "" : " by-\(query.sort.rawValue)")
                slowest.append((milliseconds, label))
            }
        }
        slowest.sort { $0.0 > $1.0 }
        samples.sort()
        func percentile(_ p: Double) -> Double {
            (samples[min(samples.count - 1, Int(Double(samples.count) * p))] * 100).rounded() / 100
        }
        return [
            "searches": samples.count, "search_p50_ms": percentile(0.5), "search_p99_ms": percentile(0.99),
            "search_max_ms": ((samples.last ?? 0) * 100).rounded() / 100, "checksum_totals": checksum,
            "slowest": slowestQueries(slowest),
        ]
    }
}
