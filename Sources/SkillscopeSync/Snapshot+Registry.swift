internal import SkillscopeCore
public import SkillscopeStore

extension Snapshot {
    /// The skill files the registry holds for a registry source (`SKILL.md` and its references, as indexed: line
    /// endings normalised): the folder of file `location` when it is an id, else `path` in repository `location`.
    ///
    /// - Throws: ``SyncError`` `.notFound` when there is no such file or no skill file there, `.unavailable` when
    ///   the store fails.
    public static func registry(_ source: SkillSource, store: any Store) throws(SyncError) -> Snapshot {
        do {
            var repository = source.location
            var folder = source.path
            if let id = Int64(source.location) {
                guard let file = try store.file(.id(id)) else {
                    throw SyncError(.notFound, "no file \(id) in the registry")
                }
                repository = file.key.repository
                folder = FileKind.folder(of: file.key.path)
            }
            let found = try store.skillFolderFiles(repository: repository, folder: folder)
            guard !found.files.isEmpty else {
                throw SyncError(.notFound, "the registry has no skill files under \(repository)/\(folder)")
            }
            return Snapshot(files: found.files.mapValues { Array($0.text.utf8) }, commit: found.commit)
        } catch let error as SyncError {
            throw error
        } catch {
            throw SyncError(.unavailable, "cannot read the registry: \(error)", underlying: error)
        }
    }
}
