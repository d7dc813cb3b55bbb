extension Store {
    /// The blob holding a repository's file list.
    static func repositoryPathsBlob(_ repository: String) -> String { "repository-paths/" + repository }

    /// Every file path of `repository` as its last whole listing gave it (a folder walked, a git or GitHub tree),
    /// not only its instruction files: what tells a path a rule names as one of the project's own.
    ///
    /// Kept as one blob per repository (``saveBlob(_:_:)``): the paths, one a line. Empty where no whole listing
    /// was ingested (a corpus gives only its instruction files, which ``repositoryFiles(_:)`` lists).
    /// - Complexity: one blob read.
    public func repositoryPaths(_ repository: String) throws -> [String] {
        guard let bytes = try blob(Self.repositoryPathsBlob(repository)), !bytes.isEmpty else { return [] }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Keeps `paths` as `repository`'s file list, replacing the one kept; writes nothing when it is the same.
    ///
    /// - Returns: whether anything was written.
    @discardableResult public func saveRepositoryPaths(_ repository: String, _ paths: [String]) throws -> Bool {
        let bytes = Array(paths.sorted().joined(separator: "\n").utf8)
        guard try blob(Self.repositoryPathsBlob(repository)) != bytes else { return false }
        try saveBlob(Self.repositoryPathsBlob(repository), bytes)
        return true
    }
}
