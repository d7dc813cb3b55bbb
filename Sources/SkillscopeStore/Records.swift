internal import FoundationEssentials
public import SkillscopeCore

/// A repository as the registry knows it.
public struct RepositoryRecord: Sendable, Hashable, Codable {
    /// `owner/name`.
    public var fullName: String
    public var stars: Int?
    /// An SPDX licence id, such as `MIT`.
    public var license: String?
    public var topics: [String]
    public var defaultBranch: String?
    /// ISO 8601, UTC.
    public var pushedAt: String?
    /// The commit the files were read at.
    public var commit: String?

    public init(
        fullName: String, stars: Int? = nil, license: String? = nil, topics: [String] = [],
        defaultBranch: String? = nil, pushedAt: String? = nil, commit: String? = nil
    ) {
        self.fullName = fullName
        self.stars = stars
        self.license = license
        self.topics = topics
        self.defaultBranch = defaultBranch
        self.pushedAt = pushedAt
        self.commit = commit
    }

    /// The part before the slash.
    public var owner: String { String(fullName.split(separator: "/", maxSplits: 1).first ?? "") }
    /// The part after the slash.
    public var name: String { String(fullName.split(separator: "/", maxSplits: 1).dropFirst().first ?? "") }
}

/// Identifies a file: its repository and its path there.
public struct FileKey: Sendable, Hashable, Codable, CustomStringConvertible {
    public var repository: String
    public var path: String
    public init(repository: String, path: String) {
        self.repository = repository
        self.path = path
    }
    /// `owner/repo/path`.
    public var description: String { "\(repository)/\(path)" }
}

/// Whether a stored file was indexed or rejected.
public enum FileStatus: String, Sendable, Hashable, Codable {
    case indexed
    case rejected
}

/// A file read back from the registry.
public struct StoredFile: Sendable, Hashable, Codable {
    public var id: Int64
    public var key: FileKey
    public var kind: FileKind
    public var status: FileStatus
    public var commit: String?
    public var firstCommitAt: String?
    public var lastCommitAt: String?
    public var firstSeen: String
    public var lastSeen: String
    public var sha256: String
    public var bytes: Int
    public var name: String?
    public var title: String?
    public var description: String?
    /// The front matter as JSON text (a ``YAML/YAMLNode`` tree), when the file has one.
    public var frontMatterJSON: String?
    public var diagnostics: [FileDiagnostic]
    /// What the spec check found when the file was stored.
    public var findings: [Finding] = []
    /// What the security scan found when the file was stored.
    public var security = SecurityReport(findings: [])
    /// The listing record the file was imported from, when it was (JSON text, every field kept).
    public var listingJSON: String?
    /// The git blob id (SHA-1, hexadecimal) when the file came from a git tree.
    public var blobSHA: String?
    /// When a crawl found the file gone from its repository (ISO 8601 UTC); `nil` while it is there.
    ///
    /// Removed
    /// files are kept, but search and versions leave them out.
    public var removedAt: String?
    public var lineCount: Int
    public var ruleCount: Int
    /// The decoded text; empty for rejected files.
    public var text: String
    public var repository: RepositoryRecord

    public init(
        id: Int64, key: FileKey, kind: FileKind, status: FileStatus, commit: String?, firstCommitAt: String?,
        lastCommitAt: String?, firstSeen: String, lastSeen: String, sha256: String, bytes: Int, name: String?,
        title: String?, description: String?, frontMatterJSON: String?, diagnostics: [FileDiagnostic],
        lineCount: Int, ruleCount: Int, text: String, repository: RepositoryRecord
    ) {
        self.id = id
        self.key = key
        self.kind = kind
        self.status = status
        self.commit = commit
        self.firstCommitAt = firstCommitAt
        self.lastCommitAt = lastCommitAt
        self.firstSeen = firstSeen
        self.lastSeen = lastSeen
        self.sha256 = sha256
        self.bytes = bytes
        self.name = name
        self.title = title
        self.description = description
        self.frontMatterJSON = frontMatterJSON
        self.diagnostics = diagnostics
        self.lineCount = lineCount
        self.ruleCount = ruleCount
        self.text = text
        self.repository = repository
    }
}

/// How to find one file: by id, or by repository and path.
public enum FileReference: Sendable, Hashable {
    case id(Int64)
    case key(FileKey)
}
