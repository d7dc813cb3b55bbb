internal import FoundationEssentials
internal import Git
internal import SkillscopeCore
internal import SkillscopeStore

/// A local git repository, bare or with a work tree, read through libgit2 at `HEAD` or a given revision.
///
/// The instruction files of the commit's tree are listed with their blob ids and bytes, the commit, and the
/// committer dates of the commit that first added each file and of the last that changed it, renames followed
/// (``Git/Repository/history(of:from:)``). Uncommitted changes in a work tree are not read. The repository is
/// listed whole: stored files it no longer holds are marked removed.
public struct GitSource: IngestSource {
    /// The repository's folder.
    public var root: String
    /// The revision read; `nil` for `HEAD`.
    public var revision: String?
    /// The repository the files are filed under, `owner/name`.
    public var repository: String

    /// - Parameter repository: defaults to `local/<folder name>`, without a bare repository's `.git`.
    public init(root: String, revision: String? = nil, repository: String? = nil) {
        let standardized = URL(fileURLWithPath: root).standardizedFileURL.path
        self.root = standardized
        self.revision = revision
        var name = URL(fileURLWithPath: standardized).lastPathComponent
        if name.hasSuffix(".git") && name.count > 4 { name.removeLast(4) }
        self.repository = repository ?? "local/\(name)"
    }

    public var summary: String { "git repository \(root)" }

    /// Whether `path` is itself a git repository (not a folder inside one).
    public static func isRepository(_ path: String) -> Bool {
        Repository.exists(at: path)
    }

    public func list() throws -> SourceListing {
        do throws(GitError) {
            let git = try Repository(path: root)
            let revision = self.revision ?? "HEAD"
            let head = try git.resolveCommit(revision)
            let files = try git.files(inTree: try git.commit(head).tree)
            let kinds = FileKind.classify(files.map(\.path))
            let listed = files.filter { kinds[$0.path] != nil }
            let histories = try git.history(of: listed.map(\.path), from: head)
            var entries: [IngestEntry] = []
            for file in listed {
                guard let kind = kinds[file.path] else { continue }
                let history = histories[file.path]
                entries.append(
                    IngestEntry(
                        key: FileKey(repository: repository, path: file.path), kind: kind,
                        location: "\(root)@\(revision):\(file.path)", commit: head.description,
                        firstCommitAt: history.map { Dates.utc(seconds: $0.addedAt) },
                        lastCommitAt: history.map { Dates.utc(seconds: $0.changedAt) }, blobSHA: file.blob.description,
                        contents: try git.blob(file.blob)))
            }
            var listing = SourceListing(
                repositories: [RepositoryRecord(fullName: repository, commit: head.description)], entries: entries)
            listing.present = [repository: Set(listed.map(\.path))]
            listing.trees = [repository: SourceListing.treePaths(files.map(\.path))]
            listing.keepPaths(files.map(\.path), of: repository)
            return listing
        } catch {
            switch error.code {
            case .notFound where Repository.exists(at: root):
                throw IngestError(.noInput, "\(root) has no revision \(revision ?? "HEAD") (\(error.message))")
            case .notFound: throw IngestError(.noInput, "no git repository at \(root)")
            default: throw IngestError(.badData, "cannot read the git repository at \(root): \(error.message)")
            }
        }
    }
}
