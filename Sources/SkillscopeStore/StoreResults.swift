internal import FoundationEssentials
public import SkillscopeCore

/// What one written batch did.
public struct WriteSummary: Sendable, Hashable, Codable {
    /// Files inserted or replaced.
    public var written = 0
    /// Files skipped because their sha256 was already stored.
    public var unchanged = 0
    public var rulesWritten = 0
    public init() {}

    public static func + (lhs: WriteSummary, rhs: WriteSummary) -> WriteSummary {
        var sum = lhs
        sum.written += rhs.written
        sum.unchanged += rhs.unchanged
        sum.rulesWritten += rhs.rulesWritten
        return sum
    }
}

/// Counts over the whole registry.
public struct RegistryStats: Sendable, Hashable, Codable {
    public var repositories = 0
    public var files = 0
    public var indexed = 0
    public var rejected = 0
    /// Files gone from their repository, kept but counted nowhere else.
    public var removed = 0
    public var rules = 0
    public var bytes = 0
    /// Indexed files per kind.
    public var byKind: [String: Int] = [:]
    /// Rejected files per reason.
    public var rejectedByReason: [String: Int] = [:]
    /// Indexed files that carry a diagnostic, per diagnostic code.
    public var diagnosticsByCode: [String: Int] = [:]
    public var schemaVersion = 0
    public var engine = ""
    public init() {}
}

/// A stored file's content hash and whether it was indexed: what incremental ingest compares.
public struct StoredHash: Sendable, Hashable {
    public var sha256: String
    public var status: FileStatus
    public init(sha256: String, status: FileStatus) {
        self.sha256 = sha256
        self.status = status
    }
}

/// What the version measures read of a stored file.
public struct LineageRecord: Sendable, Hashable {
    public var id: Int64
    public var key: FileKey
    public var kind: FileKind
    public var name: String?
    /// When the file first appeared: its first commit where known, else when the registry first saw it (UTC).
    public var firstSeen: String
    public var stars: Int
    public var sequenceHash: UInt64
    public var wordCount: Int
    /// Sorted phrase hashes.
    public var phrases: [UInt64]

    public init(
        id: Int64, key: FileKey, kind: FileKind, name: String?, firstSeen: String, stars: Int, sequenceHash: UInt64,
        wordCount: Int, phrases: [UInt64]
    ) {
        self.id = id
        self.key = key
        self.kind = kind
        self.name = name
        self.firstSeen = firstSeen
        self.stars = stars
        self.sequenceHash = sequenceHash
        self.wordCount = wordCount
        self.phrases = phrases
    }
}

/// A file of a repository, as "other files in this repository" lists it.
public struct RepositoryFile: Sendable, Hashable, Codable {
    public var id: Int64
    public var path: String
    public var kind: FileKind
    public var name: String?
    public init(id: Int64, path: String, kind: FileKind, name: String?) {
        self.id = id
        self.path = path
        self.kind = kind
        self.name = name
    }
}
