/// A repository exactly as a registry keeps it, for moving a registry between engines.
public struct RepositoryRow: Sendable, Hashable, Codable {
    public var id: Int64
    public var record: RepositoryRecord
    /// ISO 8601 UTC.
    public var firstSeen: String
    public var lastSeen: String
    public init(id: Int64, record: RepositoryRecord, firstSeen: String, lastSeen: String) {
        self.id = id
        self.record = record
        self.firstSeen = firstSeen
        self.lastSeen = lastSeen
    }
}

/// A file exactly as a registry keeps it — its columns as stored, encoded ones included — so that a registry
/// moved to another engine is the same registry, ids, seen times, checks, listing and removal kept, and
/// nothing is parsed again.
public struct FileRow: Sendable, Hashable, Codable {
    public var id: Int64
    public var repositoryID: Int64
    public var path: String
    public var kind: String
    public var status: String
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
    public var frontMatterJSON: String?
    public var diagnosticsJSON: String
    public var lineCount: Int
    public var ruleCount: Int
    public var rulesText: String
    public var rulesLayoutJSON: String
    public var body: String
    public var wordCount: Int
    public var sequenceHash: Int64?
    public var nameKey: String?
    public var findingsJSON: String
    public var securityJSON: String
    public var securityVerdict: String
    public var blobSHA: String?
    /// The listing record the file was imported from.
    public var listingJSON: String?
    /// When the file was marked removed from its repository.
    public var removedAt: String?
    /// The sorted phrase hashes and winnowed fingerprints (``SkillscopeCore/HashCoding``), for indexed files.
    public var phrases: [UInt8]?
    public var fingerprints: [UInt8]?

    public init(
        id: Int64, repositoryID: Int64, path: String, kind: String, status: String, commit: String?,
        firstCommitAt: String?, lastCommitAt: String?, firstSeen: String, lastSeen: String, sha256: String,
        bytes: Int, name: String?, title: String?, description: String?, frontMatterJSON: String?,
        diagnosticsJSON: String, lineCount: Int, ruleCount: Int, rulesText: String, rulesLayoutJSON: String,
        body: String, wordCount: Int, sequenceHash: Int64?, nameKey: String?, findingsJSON: String,
        securityJSON: String, securityVerdict: String, blobSHA: String?, listingJSON: String?, removedAt: String?,
        phrases: [UInt8]?, fingerprints: [UInt8]?
    ) {
        self.id = id
        self.repositoryID = repositoryID
        self.path = path
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
        self.diagnosticsJSON = diagnosticsJSON
        self.lineCount = lineCount
        self.ruleCount = ruleCount
        self.rulesText = rulesText
        self.rulesLayoutJSON = rulesLayoutJSON
        self.body = body
        self.wordCount = wordCount
        self.sequenceHash = sequenceHash
        self.nameKey = nameKey
        self.findingsJSON = findingsJSON
        self.securityJSON = securityJSON
        self.securityVerdict = securityVerdict
        self.blobSHA = blobSHA
        self.listingJSON = listingJSON
        self.removedAt = removedAt
        self.phrases = phrases
        self.fingerprints = fingerprints
    }
}
