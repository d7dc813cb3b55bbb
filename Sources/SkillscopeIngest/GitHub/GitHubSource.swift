internal import Foundation
internal import Git
internal import SkillscopeCore
internal import SkillscopeStore

/// Repositories on GitHub, named or found by a search, read through the REST API into a ``GitHubCache``.
///
/// For each repository: its metadata (`GET /repos/{owner}/{repo}`: stars, topics, licence, default branch,
/// last push), the default branch's head (`…/branches/{branch}`), its tree (`…/git/trees/{sha}?recursive=1`,
/// walked one folder at a time when GitHub truncates it) and the blobs of its instruction files only
/// (`…/git/blobs/{sha}`, each checked against its git id). Conditional requests make an unchanged repository
/// cost one request: the metadata answers 304 and the cached tree and blobs are listed again, so the files'
/// last-seen times move and nothing is fetched. A renamed repository (GitHub redirects, and the answer names
/// it anew) is filed under its new name. Each repository found is listed whole, so files gone from it are
/// marked removed.
///
/// Problems with one repository (404, a file over the size limit, an answer that is not what GitHub
/// documents) are reported and the crawl goes on; a used-up rate limit or an unreachable API stops it, and
/// the repositories read so far are ingested.
public struct GitHubSource: IngestSource {
    /// What the crawl fetches.
    public struct Configuration: Sendable {
        /// Instruction files larger than this are not fetched, and are reported.
        ///
        /// The default is 1 MiB.
        public var maxBlobBytes = 1 << 20
        /// Search results asked per page.
        ///
        /// The default is 100, GitHub's largest.
        public var searchPageSize = 100
        /// Blobs fetched at once.
        ///
        /// The default is 8.
        public var concurrentFetches = 8
        public init() {}
    }

    /// `owner/name` of each repository to read.
    public var repositories: [String]
    /// A repository search (`topic:agent-skills`), whose every page of results is read too.
    public var search: String?
    public let client: GitHubClient
    public var cache: GitHubCache
    public var configuration: Configuration
    /// Called after each repository with how many are done, how many there are, and the name.
    public var progress: @Sendable (Int, Int, String) -> Void

    public init(
        repositories: [String], search: String? = nil, client: GitHubClient, cache: GitHubCache,
        configuration: Configuration = Configuration(),
        progress: @escaping @Sendable (Int, Int, String) -> Void = {
            _, _, _ in
        }
    ) {
        self.repositories = repositories
        self.search = search
        self.client = client
        self.cache = cache
        self.configuration = configuration
        self.progress = progress
    }

    public var summary: String { "GitHub \(client.configuration.apiURL)" }

    public func list() async throws -> SourceListing {
        var listing = SourceListing(repositories: [], entries: [])
        var names = repositories
        do {
            if let search { names += try await searchRepositories(search) }
            var requested = Set<String>()
            names = names.filter { requested.insert($0.lowercased()).inserted }
            for (index, name) in names.enumerated() {
                do {
                    try await crawl(name, into: &listing)
                } catch let error where error.code == .server || error.code == .badResponse {
                    listing.problems.append(Self.problem(name, .unreadable, error.message))
                }
                progress(index + 1, names.count, name)
            }
        } catch {
            // A used-up rate limit or an unreachable API: what was read so far is ingested.
            listing.stopped = error.message
        }
        return listing
    }

    // MARK: Search

    private func searchRepositories(_ query: String) async throws(GitHubError) -> [String] {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~:")
        let encoded = query.addingPercentEncoding(withAllowedCharacters: allowed) ?? query
        var next: String? = "/search/repositories?q=\(encoded)&per_page=\(configuration.searchPageSize)"
        var names: [String] = []
        while let page = next {
            let response = try await client.get(page)
            guard response.status == 200 else {
                throw GitHubError(
                    .badResponse, "GitHub refused the search '\(query)': \(Self.explain(response))")
            }
            names += try Self.decode(GitHubPayload.Search.self, response).items.map(\.full_name)
            next = Self.nextLink(response.headers["link"])
        }
        return names
    }

    /// The `rel="next"` URL of a `Link` header: `<https://…&page=2>; rel="next", <…>; rel="last"`.
    public static func nextLink(_ header: String?) -> String? {
        guard let header else { return nil }
        for part in header.split(separator: ",") {
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard pieces.dropFirst().contains(where: { $0 == "rel=\"next\"" }), let target = pieces.first,
                target.hasPrefix("<"), target.hasSuffix(">")
            else { continue }
            return String(target.dropFirst().dropLast())
        }
        return nil
    }

    // MARK: One repository

    private func crawl(_ name: String, into listing: inout SourceListing) async throws(GitHubError) {
        guard GitHubCache.isRepositoryName(name) else {
            listing.problems.append(Self.problem(name, .notFound, "not a GitHub repository name (owner/name)"))
            return
        }
        let cached = cache.repository(name)
        var response = try await client.get("/repos/\(name)", etag: cached?.etag)
        let entry: GitHubCache.RepositoryEntry
        let blobs: [GitHubCache.TreeBlob]
        var isWhole = true
        if response.status == 304, let cached, let tree = cache.tree(cached.tree) {
            (entry, blobs) = (cached, tree)
        } else {
            if response.status == 304 { response = try await client.get("/repos/\(name)") }
            guard response.status == 200 else {
                let code: FileDiagnostic.Code = response.status == 404 ? .notFound : .unreadable
                let message =
                    response.status == 404
                    ? "no such repository on GitHub, or it is private (HTTP 404)" : Self.explain(response)
                listing.problems.append(Self.problem(name, code, message))
                return
            }
            let payload = try Self.decode(GitHubPayload.Repository.self, response)
            let full = payload.full_name
            guard let branch = payload.default_branch, let head = try await branchHead(full, branch, cached) else {
                listing.problems.append(Self.problem(full, .unreadable, "has no default branch to read (empty?)"))
                return
            }
            var tree = cache.tree(head.tree)
            if tree == nil {
                let fetched = try await fetchTree(full, head.tree)
                isWhole = fetched.isWhole
                if isWhole { try? cache.save(tree: fetched.blobs, as: head.tree) }
                tree = fetched.blobs
            }
            let record = RepositoryRecord(
                fullName: full, stars: payload.stargazers_count,
                license: payload.license?.spdx_id.flatMap { $0 == "NOASSERTION" ? nil : $0 },
                topics: payload.topics ?? [], defaultBranch: branch, pushedAt: payload.pushed_at.flatMap(Dates.utc),
                commit: head.commit)
            entry = GitHubCache.RepositoryEntry(
                etag: response.headers["etag"], record: record, branchETag: head.etag, commit: head.commit,
                tree: head.tree)
            blobs = tree ?? []
        }
        let full = entry.record.fullName
        guard !listing.repositories.contains(where: { $0.fullName == full }) else { return }
        let kinds = FileKind.classify(blobs.map(\.path))
        let wanted = blobs.filter {
            kinds[$0.path] != nil && $0.size <= configuration.maxBlobBytes && !cache.hasBlob($0.sha)
        }
        let failed = try await fetchBlobs(full, wanted)
        var present = Set<String>()
        for blob in blobs.sorted(by: { $0.path < $1.path }) {
            guard let kind = kinds[blob.path] else { continue }
            present.insert(blob.path)
            guard blob.size <= configuration.maxBlobBytes else {
                listing.problems.append(
                    Self.problem(
                        "\(full)/\(blob.path)", .tooLarge,
                        "\(blob.size) bytes, over the crawl's limit of \(configuration.maxBlobBytes); not fetched"))
                continue
            }
            if let problem = failed[blob.path] {
                listing.problems.append(problem)
                continue
            }
            listing.entries.append(
                IngestEntry(
                    key: FileKey(repository: full, path: blob.path), kind: kind, location: cache.blobPath(blob.sha),
                    commit: entry.commit, blobSHA: blob.sha))
        }
        listing.repositories.append(entry.record)
        listing.trees[full] = SourceListing.treePaths(blobs.map(\.path))
        listing.keepPaths(blobs.map(\.path), of: full)
        if isWhole {
            listing.present[full] = present
        } else {
            listing.problems.append(
                Self.problem(
                    full, .unreadable, "GitHub truncated a folder's listing; files gone from it are not marked removed",
                    severity: .warning))
        }
        if full != name { listing.renames[name] = full }
        // Written last: a crawl killed before this asks GitHub again next time.
        if isWhole {
            try? cache.save(entry, as: name)
            if full.lowercased() != name.lowercased() { try? cache.save(entry, as: full) }
        }
    }

    /// The default branch's head commit and tree, asked conditionally when the cache knows the branch.
    private func branchHead(_ full: String, _ branch: String, _ cached: GitHubCache.RepositoryEntry?)
        async throws(GitHubError) -> (commit: String, tree: String, etag: String?)?
    {
        let previous = cached.flatMap {
            $0.record.fullName == full && $0.record.defaultBranch == branch ? $0 : nil
        }
        let escaped = branch.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? branch
        let response = try await client.get("/repos/\(full)/branches/\(escaped)", etag: previous?.branchETag)
        if response.status == 304, let previous, cache.tree(previous.tree) != nil {
            return (previous.commit, previous.tree, previous.branchETag)
        }
        let fresh = response.status == 304 ? try await client.get("/repos/\(full)/branches/\(escaped)") : response
        guard fresh.status == 200 else { return nil }
        let payload = try Self.decode(GitHubPayload.Branch.self, fresh)
        return (payload.commit.sha, payload.commit.commit.tree.sha, fresh.headers["etag"])
    }

    /// Every blob of a tree: the recursive listing, or, when GitHub truncates it, one folder at a time.
    private func fetchTree(_ full: String, _ sha: String) async throws(GitHubError) -> (
        blobs: [GitHubCache.TreeBlob], isWhole: Bool
    ) {
        let response = try await client.get("/repos/\(full)/git/trees/\(sha)?recursive=1")
        guard response.status == 200 else {
            throw GitHubError(.badResponse, "\(full): cannot read its tree: \(Self.explain(response))")
        }
        let tree = try Self.decode(GitHubPayload.Tree.self, response)
        if tree.truncated != true { return (Self.blobs(tree, prefix: ""), true) }
        var blobs: [GitHubCache.TreeBlob] = []
        var isWhole = true
        var folders: [(sha: String, prefix: String)] = [(sha, "")]
        while let folder = folders.popLast() {
            let response = try await client.get("/repos/\(full)/git/trees/\(folder.sha)")
            guard response.status == 200 else {
                throw GitHubError(.badResponse, "\(full): cannot read a folder's tree: \(Self.explain(response))")
            }
            let level = try Self.decode(GitHubPayload.Tree.self, response)
            if level.truncated == true { isWhole = false }
            blobs += Self.blobs(level, prefix: folder.prefix)
            for entry in level.tree where entry.type == "tree" {
                folders.append((entry.sha, folder.prefix + entry.path + "/"))
            }
        }
        return (blobs, isWhole)
    }

    /// A tree's blobs; links (mode 120000) hold a target, not text, and are left out.
    private static func blobs(_ tree: GitHubPayload.Tree, prefix: String) -> [GitHubCache.TreeBlob] {
        tree.tree.filter { $0.type == "blob" && $0.mode != "120000" }.map {
            GitHubCache.TreeBlob(path: prefix + $0.path, sha: $0.sha, size: $0.size ?? 0)
        }
    }

    /// Fetches blobs into the cache, ``Configuration/concurrentFetches`` at a time (a crawl waits on the
    /// network, not on the processor); returns the problems by path.
    private func fetchBlobs(_ full: String, _ blobs: [GitHubCache.TreeBlob]) async throws(GitHubError)
        -> [String: FileDiagnostic]
    {
        var problems: [String: FileDiagnostic] = [:]
        do {
            try await withThrowingTaskGroup(of: (String, FileDiagnostic?).self) { group in
                var next = 0
                func submit() {
                    let blob = blobs[next]
                    next += 1
                    group.addTask { (blob.path, try await fetchBlob(full, blob)) }
                }
                while next < min(configuration.concurrentFetches, blobs.count) { submit() }
                while let (path, problem) = try await group.next() {
                    if let problem { problems[path] = problem }
                    if next < blobs.count { submit() }
                }
            }
        } catch let error as GitHubError {
            throw error
        } catch {
            throw GitHubError(.badResponse, "\(full): fetching blobs failed: \(error)")
        }
        return problems
    }

    /// Fetches one blob into the cache; returns the problem instead when it cannot.
    private func fetchBlob(_ full: String, _ blob: GitHubCache.TreeBlob) async throws(GitHubError)
        -> FileDiagnostic?
    {
        let path = "\(full)/\(blob.path)"
        let response = try await client.get("/repos/\(full)/git/blobs/\(blob.sha)")
        guard response.status == 200 else { return Self.problem(path, .unreadable, Self.explain(response)) }
        let payload = try Self.decode(GitHubPayload.Blob.self, response)
        let bytes: [UInt8]
        switch payload.encoding {
        case "base64":
            guard let data = Data(base64Encoded: payload.content, options: .ignoreUnknownCharacters) else {
                return Self.problem(path, .unreadable, "GitHub's blob is not valid base64")
            }
            bytes = Array(data)
        case "utf-8": bytes = Array(payload.content.utf8)
        default: return Self.problem(path, .unreadable, "GitHub's blob has an unknown encoding \(payload.encoding)")
        }
        guard ObjectID.blob(hashing: bytes)?.description == blob.sha else {
            return Self.problem(path, .unreadable, "the blob GitHub sent does not match its id \(blob.sha)")
        }
        do {
            try cache.save(blob: bytes, as: blob.sha)
        } catch {
            return Self.problem(path, .unreadable, "cannot write the cache at \(cache.root)")
        }
        return nil
    }

    // MARK: Helpers

    private static func decode<T: Decodable>(_ type: T.Type, _ response: GitHubClient.Response)
        throws(GitHubError) -> T
    {
        do {
            return try JSONDecoder().decode(type, from: response.body)
        } catch {
            throw GitHubError(.badResponse, "GitHub's answer from \(response.url) is not the JSON it documents")
        }
    }

    /// "HTTP 403: Resource not accessible by integration".
    private static func explain(_ response: GitHubClient.Response) -> String {
        let message = (try? JSONDecoder().decode(GitHubPayload.Message.self, from: response.body))?.message
        return "HTTP \(response.status)" + (message.map { ": \($0)" } ?? "")
    }

    private static func problem(
        _ path: String, _ code: FileDiagnostic.Code, _ message: String, severity: FileDiagnostic.Severity = .error
    ) -> FileDiagnostic {
        FileDiagnostic(path: path, code: code, severity: severity, message: message)
    }
}
