public import SkillscopeCore

/// The registry: files, their rules and their search index, whatever the engine.
///
/// Every write is a transaction: a batch is written whole or not at all. Methods block; async code reaches
/// them through a blocking pool.
public protocol Store: Sendable {
    /// The engine's name, such as `sqlite`.
    var engine: String { get }

    /// The sha256 and status of the stored files among `keys`, for incremental ingest; a key not stored has no
    /// entry.
    func storedHashes(of keys: [FileKey]) throws -> [FileKey: StoredHash]

    /// Writes repositories and files in one transaction. A file whose sha256 is already stored for its key is
    /// not rewritten: only its last-seen time moves.
    ///
    /// - Parameter seenAt: when the files were seen, ISO 8601 UTC.
    func write(repositories: [RepositoryRecord], files: [FileRecord], seenAt: String) throws -> WriteSummary

    /// Moves the last-seen time of unchanged files, in one transaction. A removed file seen again is restored.
    func markSeen(_ keys: [FileKey], at seenAt: String) throws

    /// Marks the files of `repository` whose paths are not in `present` as removed at `removedAt`, in one
    /// transaction. Files already removed keep their time; nothing is deleted.
    ///
    /// - Returns: how many files were newly marked.
    @discardableResult func markRemoved(repository: String, present: Set<String>, at removedAt: String) throws -> Int

    /// Files `old` under `new` (a renamed GitHub repository), keeping its files, first-seen times and ids. When
    /// `new` is already stored, the files of `old` are marked removed instead (they are listed under `new`).
    /// Nothing happens when `old` is not stored.
    func renameRepository(_ old: String, to new: String, at seenAt: String) throws

    /// One file, or `nil`.
    func file(_ reference: FileReference) throws -> StoredFile?

    /// The stored rules of one file, in order.
    func rules(ofFile id: Int64) throws -> [Rule]

    /// The rules of each of `ids`, read in one query: a file not stored has no entry.
    func rules(ofFiles ids: [Int64]) throws -> [Int64: [Rule]]

    func search(_ query: SearchQuery) throws -> SearchResults

    func stats() throws -> RegistryStats

    /// Every file key with its id, ordered by id.
    func fileKeys() throws -> [(id: Int64, key: FileKey)]

    // MARK: Versions

    /// The passage index over every indexed file's winnowed fingerprints, current with the last write: loaded from
    /// the registry when it was kept there for the current files, else rebuilt and kept.
    func passageIndex() throws -> PassageIndex

    /// Rebuilds and keeps the passage index when files changed since it was built; ingest calls it once at the
    /// end. Returns `true` when it rebuilt.
    @discardableResult func refreshPassageIndex() throws -> Bool

    /// What the version measures need of each file, for the indexed ones among `ids`.
    func lineageRecords(_ ids: [Int64]) throws -> [LineageRecord]

    /// Every current indexed file's phrase set and ranking data, current with the last write: built from the
    /// registry once per files generation and then held in memory, like the passage index.
    func lineageTable() throws -> LineageTable

    /// ``lineageTable()`` when it is held for the current files; otherwise `nil`, and it starts being built in the
    /// background: what a server answers from once it is there, without making a query wait for it.
    func lineageTableIfBuilt() throws -> LineageTable?

    /// The fingerprint stored for an indexed file when it was parsed, or `nil`.
    func fingerprint(ofFile id: Int64) throws -> TextFingerprint?

    /// Indexed files with this word-sequence hash (word-for-word copies).
    func fileIDs(sequenceHash: UInt64) throws -> [Int64]

    /// Indexed files with this name key (``SkillscopeCore/NameKey``).
    func fileIDs(nameKey: String) throws -> [Int64]

    /// The indexed files of one repository.
    func repositoryFiles(_ repository: String) throws -> [RepositoryFile]

    /// How many files are indexed.
    func indexedFileCount() throws -> Int

    // MARK: Rule statistics

    /// The rules of current indexed files after `id`, in id order, at most `limit` files: what grouping reads.
    func fileRules(after id: Int64, limit: Int) throws -> [FileRules]

    /// Replaces the named blob (such as the registry's rule statistics) in one transaction and moves its
    /// generation on.
    func saveBlob(_ name: String, _ bytes: [UInt8]) throws

    /// The named blob, or nil when none was saved.
    func blob(_ name: String) throws -> [UInt8]?

    /// How many times the named blob was saved (0: never), so a reader can tell when its copy is stale.
    func blobGeneration(_ name: String) throws -> Int

    /// Where a file derived from the registry (a memory-mapped index) is kept beside it, by name; nil when the
    /// registry has no place for one (an in-memory registry), and the derived data stays on the heap.
    func derivedFilePath(_ name: String) -> String?

    /// A short text that changes whenever files, reviews or saved blobs change (one cheap query): what a server
    /// keys its kept pages by.
    func changeStamp() throws -> String

    // MARK: Reviews

    /// Stores a review token by the SHA-256 of its secret; returns its id.
    /// - Throws: ``StoreError`` `.conflict` when the name is taken.
    func createToken(name: String, secretSHA256: String, at createdAt: String) throws -> Int64

    /// The token whose secret has this SHA-256, or `nil`.
    func token(secretSHA256: String) throws -> TokenRecord?

    /// Writes a review, replacing the token's earlier review of the same file version, unless the token wrote
    /// `perMinute` reviews in the minute before `review.at`.
    func writeReview(_ review: ReviewRecord, perMinute: Int) throws -> ReviewWrite

    /// A file's reviews that are not hidden, newest first, each with its author.
    func reviews(ofFile id: Int64) throws -> [StoredReview]

    /// Deletes a review if it was written with this token (its author's); whether one was.
    func deleteReview(id: Int64, tokenID: Int64) throws -> Bool

    /// Counts a report of a review by `reporter` (`account:ID` or `address:IP`); at `hideAfter` distinct reporters
    /// the review is hidden until an operator looks, unless an operator showed it before.
    func reportReview(id: Int64, reporter: String, at: String, hideAfter: Int) throws -> ReviewReport

    /// Reviews that were reported or are hidden, newest first, at most `limit`; only hidden ones with `hiddenOnly`.
    func moderatedReviews(hiddenOnly: Bool, limit: Int) throws -> [ModeratedReview]

    /// An operator hides a review (`hidden`), or shows it again and keeps it shown whatever reports come after.
    /// Whether there was such a review.
    func setReviewHidden(id: Int64, hidden: Bool, at: String) throws -> Bool

    // MARK: People signed in with GitHub

    /// The account of this GitHub login (two that differ only in case are one), made with its person token
    /// (``TokenKind/person``) the first time.
    func account(login: String, at createdAt: String) throws -> AccountRecord

    /// Starts a session by the SHA-256 of its secret (the cookie holds the secret), ending at `expiresAt`.
    func createSession(accountID: Int64, secretSHA256: String, at createdAt: String, expiresAt: String) throws

    /// The account of an unexpired session, or `nil`.
    func session(secretSHA256: String, at now: String) throws -> AccountRecord?

    /// Ends a session (signing out), and every session that expired before `now`.
    func deleteSession(secretSHA256: String, at now: String) throws

    /// Stores a token a signed-in person made for their agent (``TokenKind/agent``), named `name` among theirs.
    ///
    /// - Throws: ``StoreError`` `.conflict` when they have a live token of that name.
    func createAgentToken(accountID: Int64, name: String, secretSHA256: String, at createdAt: String) throws -> Int64

    /// A person's agent tokens that are not revoked, oldest first.
    func agentTokens(ofAccount id: Int64) throws -> [TokenRecord]

    /// Revokes one of a person's agent tokens: it writes no more reviews; those it wrote stay. Whether one was.
    func revokeAgentToken(id: Int64, accountID: Int64, at revokedAt: String) throws -> Bool

    /// A file's reviews counted.
    func reviewSummary(ofFile id: Int64) throws -> ReviewSummary

    /// Every token and review as stored, ordered by id, for moving a registry.
    func exportReviews() throws -> ReviewRows

    /// Writes tokens and reviews exported from another registry, ids kept, in one transaction.
    func importReviews(_ rows: ReviewRows) throws
    // MARK: Moving a registry

    /// Every repository as stored, ordered by id.
    func exportRepositories() throws -> [RepositoryRow]

    /// Up to `limit` files as stored, removed ones too, with ids above `id`, ordered by id: one page of a
    /// whole-registry export.
    func exportFiles(after id: Int64, limit: Int) throws -> [FileRow]

    /// Writes rows exported from another registry as they are, ids kept, in one transaction. Used by
    /// ``RegistryMigration`` on an empty registry; it does not rebuild the passage index.
    ///
    /// - Throws: ``StoreError`` `.conflict` when an id or key is already taken.
    func importRows(repositories: [RepositoryRow], files: [FileRow]) throws

    /// Called before the first ``importRows(repositories:files:)`` of a whole-registry copy into this empty
    /// registry: an engine may set aside indexes that are cheaper built once at the end than kept row by row.
    func beginImport() throws

    /// Called after the last page of a copy: builds what ``beginImport()`` set aside and refreshes the planner's
    /// statistics. A registry whose copy stopped between the two builds them when it is next opened.
    func finishImport() throws
}

extension Store {
    public func derivedFilePath(_ name: String) -> String? { nil }
    public func beginImport() throws {}
    public func finishImport() throws {}
}
