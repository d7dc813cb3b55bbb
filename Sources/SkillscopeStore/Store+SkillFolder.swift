public import SkillscopeCore

extension Store {
    /// The skill files the registry holds under one folder of a repository (`SKILL.md` and its references, as
    /// indexed: line endings normalised), keyed by their path below `folder`.
    ///
    /// - Parameter folder: a folder of the repository, `""` for its root.
    /// - Returns: the files, with the commit of the first one read; no files when there are none.
    /// - Complexity: one read of the repository's file list, then one per skill file.
    public func skillFolderFiles(repository: String, folder: String) throws -> (
        files: [String: StoredFile], commit: String?
    ) {
        let prefix = folder.isEmpty ? "" : folder + "/"
        var files: [String: StoredFile] = [:]
        var commit: String?
        for file in try repositoryFiles(repository)
        where file.path.hasPrefix(prefix) && (file.kind == .skill || file.kind == .skillReference) {
            guard let stored = try self.file(.id(file.id)) else { continue }
            files[String(file.path.dropFirst(prefix.count))] = stored
            commit = commit ?? stored.commit
        }
        return (files, commit)
    }
}
