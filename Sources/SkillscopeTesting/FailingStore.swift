public import SkillscopeCore
public import SkillscopeStore

/// A store whose every read and write fails with one error, as a broken disk or a lost database server would:
/// for the tests of what each surface shows and logs then.
public struct FailingStore: Store {
    public var error: StoreError
    public var engine: String { "failing" }

    /// - Parameter error: what every call throws.
    public init(_ error: StoreError) { self.error = error }

    public func storedHashes(of keys: [FileKey]) throws -> [FileKey: StoredHash] { throw error }
    public func write(repositories: [RepositoryRecord], files: [FileRecord], seenAt: String) throws -> WriteSummary {
        throw error
    }
    public func markSeen(_ keys: [FileKey], at seenAt: String) throws { throw error }
    public func markRemoved(repository: String, present: Set<String>, at removedAt: String) throws -> Int {
        throw error
    }
    public func renameRepository(_ old: String, to new: String, at seenAt: String) throws { throw error }
    public func file(_ reference: FileReference) throws -> StoredFile? { throw error }
    public func rules(ofFile id: Int64) throws -> [Rule] { throw error }
    public func rules(ofFiles ids: [Int64]) throws -> [Int64: [Rule]] { throw error }
    public func search(_ query: SearchQuery) throws -> SearchResults { throw error }
    public func stats() throws -> RegistryStats { throw error }
    public func fileKeys() throws -> [(id: Int64, key: FileKey)] { throw error }
    public func passageIndex() throws -> PassageIndex { throw error }
    public func refreshPassageIndex() throws -> Bool { throw error }
    public func lineageRecords(_ ids: [Int64]) throws -> [LineageRecord] { throw error }
    public func lineageTable() throws -> LineageTable { throw error }
    public func lineageTableIfBuilt() throws -> LineageTable? { throw error }
    public func fingerprint(ofFile id: Int64) throws -> TextFingerprint? { throw error }
    public func fileIDs(sequenceHash: UInt64) throws -> [Int64] { throw error }
    public func fileIDs(nameKey: String) throws -> [Int64] { throw error }
    public func repositoryFiles(_ repository: String) throws -> [RepositoryFile] { throw error }
    public func indexedFileCount() throws -> Int { throw error }
    public func fileRules(after id: Int64, limit: Int) throws -> [FileRules] { throw error }
    public func saveBlob(_ name: String, _ bytes: [UInt8]) throws { throw error }
    public func blob(_ name: String) throws -> [UInt8]? { throw error }
    public func blobGeneration(_ name: String) throws -> Int { throw error }
    public func changeStamp() throws -> String { throw error }
    public func createToken(name: String, secretSHA256: String, at createdAt: String) throws -> Int64 { throw error }
    public func token(secretSHA256: String) throws -> TokenRecord? { throw error }
    public func writeReview(_ review: ReviewRecord, perMinute: Int) throws -> ReviewWrite { throw error }
    public func reviews(ofFile id: Int64) throws -> [StoredReview] { throw error }
    public func deleteReview(id: Int64, tokenID: Int64) throws -> Bool { throw error }
    public func reportReview(id: Int64, reporter: String, at: String, hideAfter: Int) throws -> ReviewReport {
        throw error
    }
    public func moderatedReviews(hiddenOnly: Bool, limit: Int) throws -> [ModeratedReview] { throw error }
    public func setReviewHidden(id: Int64, hidden: Bool, at: String) throws -> Bool { throw error }
    public func account(login: String, at createdAt: String) throws -> AccountRecord { throw error }
    public func createSession(accountID: Int64, secretSHA256: String, at createdAt: String, expiresAt: String) throws {
        throw error
    }
    public func session(secretSHA256: String, at now: String) throws -> AccountRecord? { throw error }
    public func deleteSession(secretSHA256: String, at now: String) throws { throw error }
    public func createAgentToken(accountID: Int64, name: String, secretSHA256: String, at createdAt: String) throws
        -> Int64
    { throw error }
    public func agentTokens(ofAccount id: Int64) throws -> [TokenRecord] { throw error }
    public func revokeAgentToken(id: Int64, accountID: Int64, at revokedAt: String) throws -> Bool { throw error }
    public func reviewSummary(ofFile id: Int64) throws -> ReviewSummary { throw error }
    public func exportReviews() throws -> ReviewRows { throw error }
    public func importReviews(_ rows: ReviewRows) throws { throw error }
    public func exportRepositories() throws -> [RepositoryRow] { throw error }
    public func exportFiles(after id: Int64, limit: Int) throws -> [FileRow] { throw error }
    public func importRows(repositories: [RepositoryRow], files: [FileRow]) throws { throw error }
}
