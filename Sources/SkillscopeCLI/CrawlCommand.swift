internal import Foundation
internal import SkillscopeCore
internal import SkillscopeIngest

/// `skillscope crawl github OWNER/REPO… | --search QUERY`: index repositories from GitHub's REST API.
struct CrawlCommand: Command {
    static let name = "crawl"
    static let summary = "index GitHub repositories, named or found by a search, incrementally"
    static let help = """
        Usage: skillscope crawl github [OWNER/REPO…] [--search QUERY] [--api-url URL] [--cache DIR]
                                       [--max-blob-bytes N] [--max-wait SECONDS] [--max-file-bytes N]
                                       [--batch-files N] [--db PATH] [--json]

        Reads each repository through GitHub's REST API: its metadata (stars, topics, licence, default branch,
        last push), the tree of its default branch and the blobs of its instruction files only, and indexes
        them like `skillscope ingest`, with the same progress and report. --search adds every repository a
        repository search finds ('topic:agent-skills', all pages).

        Crawls are incremental: answers are kept with their ETags in a cache beside the registry (DB-github/),
        and asked again conditionally, so an unchanged repository costs one request (304) and only moves its
        files' last-seen times. Files gone from a repository are marked removed (kept, but left out of search
        and versions); a renamed repository is filed under its new name. Killed at any moment, a crawl run again
        ends with the registry an uninterrupted one gives.

        GitHub allows 60 requests an hour without a token; set GITHUB_TOKEN for 5,000. When the rate limit is
        used up the crawl waits for it to reset (up to --max-wait), or stops, saying when it resets; what it
        read is indexed. 5xx answers are retried with back-off.

        Options:
          --search QUERY       a GitHub repository search whose results are crawled too
          --api-url URL        the API's base URL (default $SKILLSCOPE_GITHUB_API, else https://api.github.com)
          --cache DIR          the answer cache (default: the registry's path followed by -github; for a
                               PostgreSQL registry, ~/.skillscope/github-cache)
          --max-blob-bytes N   instruction files larger than this are not fetched (default 1048576)
          --max-wait SECONDS   the longest wait for a rate limit to reset before stopping (default 60)
          --max-file-bytes N   the largest file parsed (default 1048576)
          --batch-files N      files written in one transaction (default 4096), as in `skillscope ingest`
          --json               print the report as JSON

        Environment: GITHUB_TOKEN (sent as a bearer token), SKILLSCOPE_GITHUB_API.

        Exit codes: 0 done (some repositories or files may be skipped, see the report), 64 usage,
        69 stopped early (rate limit, GitHub unreachable) or the registry cannot be opened.
        """

    var repositories: [String]
    var search: String?
    var apiURL: String
    var cache: String?
    var maxBlobBytes: Int?
    var maxWait: Int?
    var maxFileBytes: Int?
    var batchFiles: Int?

    init(arguments: inout Arguments, context: Context) throws(CLIError) {
        search = try arguments.option("search")
        apiURL =
            try arguments.option("api-url") ?? context.environment["SKILLSCOPE_GITHUB_API"].flatMap {
                $0.isEmpty ? nil : $0
            } ?? "https://api.github.com"
        cache = try arguments.option("cache")
        maxBlobBytes = try arguments.integer("max-blob-bytes", in: 1...(1 << 30))
        maxWait = try arguments.integer("max-wait", in: 0...86_400)
        maxFileBytes = try arguments.integer("max-file-bytes", in: 1...(1 << 30))
        batchFiles = try arguments.integer("batch-files", in: 1...(1 << 20))
        var positionals = try arguments.positionals()
        guard positionals.first == "github" else {
            throw .usage("crawl needs a service: `skillscope crawl github OWNER/REPO…`", command: Self.name)
        }
        positionals.removeFirst()
        repositories = positionals
        guard !repositories.isEmpty || search != nil else {
            throw .usage("give repositories as OWNER/REPO, or --search QUERY", command: Self.name)
        }
        for repository in repositories where !GitHubCache.isRepositoryName(repository) {
            throw .usage("\(repository) is not a GitHub repository name (OWNER/REPO)", command: Self.name)
        }
        guard apiURL.hasPrefix("https://") || apiURL.hasPrefix("http://") else {
            throw .usage("--api-url must be an http(s) URL, not \(apiURL)", command: Self.name)
        }
        while apiURL.hasSuffix("/") { apiURL.removeLast() }
    }

    func run(context: Context) async throws -> ExitCode {
        var client = GitHubClient.Configuration()
        client.apiURL = apiURL
        client.token = context.environment["GITHUB_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        if let maxWait { client.maxRateLimitWait = .seconds(maxWait) }
        var github = GitHubSource.Configuration()
        if let maxBlobBytes { github.maxBlobBytes = maxBlobBytes }
        let output = context.output
        let drawsProgress = output.isErrorTerminal && !context.json
        let source = GitHubSource(
            repositories: repositories, search: search, client: GitHubClient(configuration: client),
            cache: GitHubCache(root: cache ?? defaultCache(context)), configuration: github
        ) { done, total, name in
            guard drawsProgress else { return }
            output.progress("\r\u{1B}[2Kcrawling \(done)/\(total) \(name)")
        }
        var configuration = Ingestor.Configuration()
        if let maxFileBytes { configuration.parser.maxFileBytes = maxFileBytes }
        if let batchFiles { configuration.batchFiles = batchFiles }
        let code = try await IngestCommand.ingest(
            [source], configuration: configuration, command: Self.name, context: context)
        if !context.json {
            let statistics = source.client.statistics
            output.print(
                "GitHub: \(statistics.requests) requests, \(statistics.notModified) not modified, "
                    + "\(statistics.retries) retried, \(statistics.rateLimitWaits) rate-limit waits")
        }
        return code
    }

    /// Beside an SQLite registry; a PostgreSQL registry has no folder, so under `~/.skillscope`.
    private func defaultCache(_ context: Context) -> String {
        if context.registry.isPostgres {
            return (context.environment["HOME"] ?? NSHomeDirectory()) + "/.skillscope/github-cache"
        }
        return context.databasePath + "-github"
    }
}
