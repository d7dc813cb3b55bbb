internal import FoundationEssentials
public import SkillscopeCore

/// One file as an ingest source delivers it, parsed or rejected, ready to be written.
public struct FileRecord: Sendable {
    public var key: FileKey
    public var kind: FileKind
    public var commit: String?
    /// ISO 8601, UTC: the first commit that added the file.
    public var firstCommitAt: String?
    /// ISO 8601, UTC: the last commit that changed it.
    public var lastCommitAt: String?
    public var sha256: String
    public var bytes: Int
    /// The git blob id (SHA-1, hexadecimal) when the file came from a git tree.
    public var blobSHA: String?
    /// The parse result; setting it re-encodes ``encoded``.
    public var outcome: FileOutcome {
        didSet { encoded = EncodedFile(outcome, findings: findings, security: security) }
    }
    /// What the spec check found (``SkillscopeCore/SpecCheck``), each with its line.
    public var findings: [Finding] {
        didSet { encoded = EncodedFile(outcome, findings: findings, security: security) }
    }
    /// What the security scan found (``SkillscopeCore/SecurityScan``).
    public var security: SecurityReport {
        didSet { encoded = EncodedFile(outcome, findings: findings, security: security) }
    }
    /// The listing record this file was imported from, kept whole (unknown fields too) as JSON text.
    public var listingJSON: String?
    /// Whether the file is rewritten though its stored sha256 matches: it was analysed by an earlier
    /// ``SkillscopeCore/DocumentParser/analysisVersion``.
    public var reanalyzed = false
    /// The columns engines store as text, encoded once where the file was parsed (on a parsing thread), so the
    /// single writer only binds them.
    public private(set) var encoded: EncodedFile

    /// A file ready to write; `sameContent`, the encoded columns of a file with the same bytes, saves encoding again
    /// what depends on the text alone.
    public init(
        key: FileKey, kind: FileKind, commit: String?, firstCommitAt: String?, lastCommitAt: String?, sha256: String,
        bytes: Int, outcome: FileOutcome, findings: [Finding] = [],
        security: SecurityReport = SecurityReport(findings: []),
        listingJSON: String? = nil, blobSHA: String? = nil, sameContent: EncodedFile? = nil
    ) {
        self.key = key
        self.kind = kind
        self.commit = commit
        self.firstCommitAt = firstCommitAt
        self.lastCommitAt = lastCommitAt
        self.sha256 = sha256
        self.bytes = bytes
        self.blobSHA = blobSHA
        self.outcome = outcome
        self.findings = findings
        self.security = security
        self.listingJSON = listingJSON
        self.encoded = EncodedFile(outcome, findings: findings, security: security, sameContent: sameContent)
    }
}
