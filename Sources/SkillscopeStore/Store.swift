public import SkillscopeCore

/// The registry: files, their rules and their search index, whatever the engine.
///
/// Every write is a transaction: a batch is written whole or not at all. Methods block; async code reaches
/// them through a blocking pool.
public protocol Store: Sendable {
    /// The engine's name, such as `sqlite`.
    var engine: String { get }

    /// The sha256 and status of every stored file, for incremental ingest.
    func storedHashes() throws -> [FileKey: StoredHash]

    /// Writes repositories and files in one transaction. A file whose sha256 is already stored for its key is
    /// not rewritten: only its last-seen time moves.
    ///
    /// - Parameter seenAt: when the files were seen, ISO 8601 UTC.
    func write(repositories: [RepositoryRecord], files: [FileRecord], seenAt: String) throws -> WriteSummary

    /// Moves the last-seen time of unchanged files, in one transaction.
    func markSeen(_ keys: [FileKey], at seenAt: String) throws

    /// One file, or `nil`.
    func file(_ reference: FileReference) throws -> StoredFile?

    /// The stored rules of one file, in order.
    func rules(ofFile id: Int64) throws -> [Rule]

    func search(_ query: SearchQuery) throws -> SearchResults

    func stats() throws -> RegistryStats

    /// Every file key with its id, ordered by id.
    func fileKeys() throws -> [(id: Int64, key: FileKey)]
}
