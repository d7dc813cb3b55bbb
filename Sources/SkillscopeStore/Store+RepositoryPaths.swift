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

extension Store {
    /// The blob holding the analysis version each repository's files were last ingested with.
    static var analysisVersionsBlob: String { "analysis-versions" }

    /// The ``SkillscopeCore/DocumentParser/analysisVersion`` each repository's files were last ingested with; a
    /// repository absent was ingested before versions were kept.
    ///
    /// Kept as one blob (``saveBlob(_:_:)``): a line a repository, its name, a tab and the version.
    /// - Complexity: one blob read.
    public func analysisVersions() throws -> [String: Int] {
        guard let bytes = try blob(Self.analysisVersionsBlob) else { return [:] }
        var versions: [String: Int] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "\t")
            if parts.count == 2, let version = Int(parts[1]) { versions[String(parts[0])] = version }
        }
        return versions
    }

    /// Records `version` for `repositories`, keeping the others'; writes nothing when nothing changes.
    public func saveAnalysisVersion(_ version: Int, of repositories: some Sequence<String>) throws {
        var versions = try analysisVersions()
        var changed = false
        for repository in repositories where versions[repository] != version {
            versions[repository] = version
            changed = true
        }
        guard changed else { return }
        let lines = versions.keys.sorted().map { "\($0)\t\(versions[$0] ?? version)" }
        try saveBlob(Self.analysisVersionsBlob, Array(lines.joined(separator: "\n").utf8))
    }
}
