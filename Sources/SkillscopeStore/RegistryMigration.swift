/// Copies a whole registry from one ``Store`` into another, whatever their engines.
///
/// ```swift
/// let summary = try RegistryMigration.copy(from: sqlite, to: postgres)
/// ```
///
/// Rows go across as stored (``RepositoryRow``, ``FileRow``, ``ReviewRows``): ids, first and last seen, checks,
/// listing records, removal marks, review tokens (hashed) and reviews are kept and nothing is parsed again. Files move a page at a time, each page in
/// one transaction, so memory stays bounded; the passage index is rebuilt once at the end.
public enum RegistryMigration {
    /// What a copy moved.
    public struct Summary: Sendable, Hashable, Codable {
        public var repositories = 0
        public var files = 0
        public var removed = 0
        public var tokens = 0
        public var reviews = 0
        public init() {}
    }

    /// Copies every repository and file of `source` into `destination`, which must be empty.
    ///
    /// - Parameter pageSize: files read and written per transaction. The default is 500.
    /// - Throws: ``StoreError`` `.conflict` when `destination` already holds a repository or file; the engines'
    ///   errors otherwise (a failed page leaves the pages before it written: copy again into an empty registry).
    /// - Complexity: O(files); one read and one write transaction per page.
    @discardableResult public static func copy(
        from source: any Store, to destination: any Store, pageSize: Int = 500,
        progress: (Summary) -> Void = { _ in }
    ) throws -> Summary {
        let existing = try destination.stats()
        guard existing.repositories == 0 && existing.files + existing.removed == 0 else {
            throw StoreError(
                .conflict,
                "the destination registry is not empty (\(existing.repositories) repositories, "
                    + "\(existing.files + existing.removed) files); migrate into an empty one")
        }
        var summary = Summary()
        try destination.beginImport()
        let repositories = try source.exportRepositories()
        try destination.importRows(repositories: repositories, files: [])
        summary.repositories = repositories.count
        var after: Int64 = 0
        while true {
            let page = try source.exportFiles(after: after, limit: max(1, pageSize))
            guard let last = page.last else { break }
            try destination.importRows(repositories: [], files: page)
            summary.files += page.count
            summary.removed += page.filter { $0.removedAt != nil }.count
            after = last.id
            progress(summary)
        }
        let reviews = try source.exportReviews()
        try destination.importReviews(reviews)
        summary.tokens = reviews.tokens.count
        summary.reviews = reviews.reviews.count
        try destination.finishImport()
        try destination.refreshPassageIndex()
        return summary
    }
}
