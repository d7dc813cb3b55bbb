public import SkillscopeCore
public import SkillscopeStore

/// One file a source offers: where it is in the registry and where its bytes are on disk.
public struct IngestEntry: Sendable, Hashable {
    public var key: FileKey
    public var kind: FileKind
    /// The file's location on disk.
    public var location: String
    public var commit: String?
    public var firstCommitAt: String?
    public var lastCommitAt: String?
    /// The file's bytes when the source holds them itself (a listing record); `nil` reads ``location``.
    public var content: [UInt8]?
    /// The listing record the file came from, kept whole as JSON text.
    public var listingJSON: String?

    public init(
        key: FileKey, kind: FileKind, location: String, commit: String? = nil, firstCommitAt: String? = nil,
        lastCommitAt: String? = nil
    ) {
        self.key = key
        self.kind = kind
        self.location = location
        self.commit = commit
        self.firstCommitAt = firstCommitAt
        self.lastCommitAt = lastCommitAt
    }
}

/// What a source lists before any file is read.
public struct SourceListing: Sendable {
    public var repositories: [RepositoryRecord]
    public var entries: [IngestEntry]
    /// Problems with the listing itself (a bad manifest line, a missing file), one per file or line.
    public var problems: [FileDiagnostic]

    public init(repositories: [RepositoryRecord], entries: [IngestEntry], problems: [FileDiagnostic] = []) {
        self.repositories = repositories
        self.entries = entries
        self.problems = problems
    }
}

/// Somewhere files come from: a folder, a corpus, later git and GitHub.
public protocol IngestSource: Sendable {
    /// A few words for messages: "corpus examples/".
    var summary: String { get }
    /// Lists the repositories and files; reads no file contents.
    func list() throws -> SourceListing
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
    }
    public var code: Code
    public var message: String
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
    public var description: String { message }
}
