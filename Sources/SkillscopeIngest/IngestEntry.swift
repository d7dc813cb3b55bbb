public import SkillscopeCore
public import SkillscopeStore

/// One file a source offers: where it is in the registry and where its bytes are.
public struct IngestEntry: Sendable, Hashable {
    public var key: FileKey
    public var kind: FileKind
    /// The file's location on disk, or, for ``contents`` held in memory, where they came from (for messages).
    public var location: String
    public var commit: String?
    /// ISO 8601, UTC.
    public var firstCommitAt: String?
    /// ISO 8601, UTC.
    public var lastCommitAt: String?
    /// The git blob id, for files read from a git tree.
    public var blobSHA: String?
    /// The bytes, when the source read them already (a git blob, a listing record); `nil` to read ``location``.
    public var contents: [UInt8]?
    /// The listing record the file came from, kept whole as JSON text.
    public var listingJSON: String?
    /// What the source says the content is before it is read: the first 64 bits of its sha256 as a manifest gives
    /// it, or of its git blob id.
    ///
    /// Only a forecast: the ingest plans with it which parses to keep for copies later in the listing, and still
    /// checks each file's own sha256 before reusing one.
    public var expectedContent: UInt64?

    public init(
        key: FileKey, kind: FileKind, location: String, commit: String? = nil, firstCommitAt: String? = nil,
        lastCommitAt: String? = nil, blobSHA: String? = nil, contents: [UInt8]? = nil
    ) {
        self.key = key
        self.kind = kind
        self.location = location
        self.commit = commit
        self.firstCommitAt = firstCommitAt
        self.lastCommitAt = lastCommitAt
        self.blobSHA = blobSHA
        self.contents = contents
        self.expectedContent = blobSHA.flatMap(Self.contentHint(hex:))
    }

    /// The first 64 bits of a hexadecimal digest, for ``expectedContent``; `nil` when it is not hexadecimal.
    public static func contentHint(hex: String) -> UInt64? {
        hex.utf8.count >= 16 ? UInt64(hex.prefix(16), radix: 16) : nil
    }
}

/// What a source lists before its files are parsed.
public struct SourceListing: Sendable {
    public var repositories: [RepositoryRecord]
    public var entries: [IngestEntry]
    /// Problems with the listing itself (a bad manifest line, a missing file), one per file or line.
    public var problems: [FileDiagnostic]
    /// Repositories listed whole, each with every instruction path it holds now (skipped ones included):
    /// stored files of these repositories at other paths are marked removed once the listing is written.
    public var present: [String: Set<String>] = [:]
    /// Every file and folder path of repositories read from a git tree, for the spec check's links (the files
    /// are not on disk).
    public var trees: [String: Set<String>] = [:]
    /// Every file path of repositories listed whole (a folder walked, a git or GitHub tree).
    ///
    /// Not only the instruction files: kept in the registry (``SkillscopeStore/Store/saveRepositoryPaths(_:_:)``), so that a rule
    /// naming one of them is known to name a file of its own project. At most ``maxRepositoryPaths`` a repository.
    public var repositoryPaths: [String: [String]] = [:]
    /// Paths kept per repository in ``repositoryPaths``; a larger tree keeps its first ones in path order.
    public static let maxRepositoryPaths = 100_000
    /// Repositories found under a new name (`old` → `new`), renamed in the registry before anything is written.
    public var renames: [String: String] = [:]
    /// Why the source stopped before listing everything (a used-up rate limit), in one sentence; what it did
    /// list is ingested.
    public var stopped: String?

    public init(repositories: [RepositoryRecord], entries: [IngestEntry], problems: [FileDiagnostic] = []) {
        self.repositories = repositories
        self.entries = entries
        self.problems = problems
    }

    /// Sets ``repositoryPaths`` of `repository`, cut at ``maxRepositoryPaths``.
    public mutating func keepPaths(_ paths: [String], of repository: String) {
        repositoryPaths[repository] = Array(paths.sorted().prefix(Self.maxRepositoryPaths))
    }

    /// `paths` with every folder above them: `a/b/SKILL.md` gives `a`, `a/b` and `a/b/SKILL.md`.
    public static func treePaths(_ paths: some Sequence<String>) -> Set<String> {
        var all = Set<String>()
        for path in paths {
            all.insert(path)
            var folder = FileKind.folder(of: path)
            while !folder.isEmpty, all.insert(folder).inserted { folder = FileKind.folder(of: folder) }
        }
        return all
    }
}

/// Somewhere files come from: a folder, a corpus, a git repository, GitHub.
public protocol IngestSource: Sendable {
    /// A few words for messages: "corpus examples/".
    var summary: String { get }
    /// Lists the repositories and files. Local sources read no file contents here; network sources fetch
    /// what they list into their cache.
    func list() async throws -> SourceListing
}

/// An error that stops a source from being listed at all.
public struct IngestError: Error, Sendable, CustomStringConvertible {
    public struct Code: Hashable, Sendable {
        private let name: String
        private init(_ name: String) { self.name = name }
        /// The path does not exist or cannot be read.
        public static let noInput = Code("noInput")
        /// The source's own files (a manifest) are malformed beyond use.
        public static let badData = Code("badData")
        /// A service the source needs (GitHub) cannot be reached or refuses to answer.
        public static let unavailable = Code("unavailable")
    }
    public var code: Code
    public var message: String
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
    public var description: String { message }
}
