internal import CGit2

/// A git repository opened through libgit2, bare or with a work tree: references, commits, trees and blobs.
///
/// Not `Sendable`: libgit2 allows one thread at a time per repository object, so a `Repository` stays with the
/// code that opened it and is freed with it. Open one per thread when several threads read a repository.
public final class Repository {
    private let raw: OpaquePointer

    /// libgit2's global state, set up once per process and never torn down.
    static let libgit2: Int32 = git_libgit2_init()

    /// Opens the repository at `path`: a work tree (the folder holding `.git`) or a bare repository.
    ///
    /// Parent folders are not searched: `path` must be the repository itself.
    ///
    /// - Throws: ``GitError`` `.notFound` when `path` is no git repository.
    public init(path: String) throws(GitError) {
        _ = Self.libgit2
        var repository: OpaquePointer?
        let result = git_repository_open_ext(&repository, path, GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue, nil)
        guard result == 0, let repository else {
            throw GitError.last(result, "cannot open a git repository at \(path)")
        }
        raw = repository
    }

    deinit { git_repository_free(raw) }

    /// Whether `path` is itself a git repository (a work tree's root or a bare repository).
    public static func exists(at path: String) -> Bool {
        (try? Repository(path: path)) != nil
    }

    /// Whether the repository has no work tree.
    public var isBare: Bool { git_repository_is_bare(raw) == 1 }

    /// The commit a revision names: `HEAD` (the default), a branch, a tag, an id or any `git rev-parse` form.
    ///
    /// - Throws: ``GitError`` `.notFound` when nothing has that name (an empty repository has no `HEAD`),
    ///   `.invalid` when it names no commit.
    public func resolveCommit(_ revision: String = "HEAD") throws(GitError) -> ObjectID {
        var object: OpaquePointer?
        let result = git_revparse_single(&object, raw, revision)
        guard result == 0, let object else { throw GitError.last(result, "cannot resolve \(revision)") }
        defer { git_object_free(object) }
        var commit: OpaquePointer?
        let peeled = git_object_peel(&commit, object, GIT_OBJECT_COMMIT)
        guard peeled == 0, let commit else { throw GitError.last(peeled, "\(revision) names no commit") }
        defer { git_object_free(commit) }
        return ObjectID(git_object_id(commit))
    }

    /// The commit with this id.
    public func commit(_ id: ObjectID) throws(GitError) -> Commit {
        var oid = id.oid
        var commit: OpaquePointer?
        let result = git_commit_lookup(&commit, raw, &oid)
        guard result == 0, let commit else { throw GitError.last(result, "cannot read commit \(id)") }
        defer { git_commit_free(commit) }
        let parents = (0..<git_commit_parentcount(commit)).map { ObjectID(git_commit_parent_id(commit, $0)) }
        return Commit(
            id: id, tree: ObjectID(git_commit_tree_id(commit)), parents: parents, time: Int64(git_commit_time(commit)))
    }

    /// Every file of a tree, depth first in git's order.
    ///
    /// Links and submodules are left out: a link's blob
    /// holds its target, not a file's text, and a submodule's files live in another repository.
    public func files(inTree id: ObjectID) throws(GitError) -> [TreeFile] {
        try entries(inTree: id, includingLinks: false)
    }

    /// Every file of a tree, depth first in git's order, with the links among them when `includingLinks`
    /// (``TreeFile/isLink``: the blob holds the link's target); submodules are left out.
    public func entries(inTree id: ObjectID, includingLinks: Bool) throws(GitError) -> [TreeFile] {
        var files: [TreeFile] = []
        try withTree(id) { tree throws(GitError) in
            try collect(tree, prefix: "", includingLinks: includingLinks, into: &files)
        }
        return files
    }

    private func collect(_ tree: OpaquePointer, prefix: String, includingLinks: Bool, into files: inout [TreeFile])
        throws(GitError)
    {
        for index in 0..<git_tree_entrycount(tree) {
            guard let entry = git_tree_entry_byindex(tree, index), let name = git_tree_entry_name(entry) else {
                continue
            }
            let path = prefix + String(cString: name)
            let id = ObjectID(git_tree_entry_id(entry))
            switch git_tree_entry_type(entry) {
            case GIT_OBJECT_TREE:
                try withTree(id) { subtree throws(GitError) in
                    try collect(subtree, prefix: path + "/", includingLinks: includingLinks, into: &files)
                }
            case GIT_OBJECT_BLOB:
                let mode = git_tree_entry_filemode(entry)
                let isLink = mode == GIT_FILEMODE_LINK
                guard includingLinks || !isLink else { continue }
                files.append(
                    TreeFile(path: path, blob: id, isExecutable: mode == GIT_FILEMODE_BLOB_EXECUTABLE, isLink: isLink))
            default:
                continue
            }
        }
    }

    /// The bytes of a blob.
    public func blob(_ id: ObjectID) throws(GitError) -> [UInt8] {
        var oid = id.oid
        var blob: OpaquePointer?
        let result = git_blob_lookup(&blob, raw, &oid)
        guard result == 0, let blob else { throw GitError.last(result, "cannot read blob \(id)") }
        defer { git_blob_free(blob) }
        let size = Int(git_blob_rawsize(blob))
        guard size > 0, let content = git_blob_rawcontent(blob) else { return [] }
        return Array(UnsafeRawBufferPointer(start: content, count: size))
    }

    /// The commits reachable from `start`, children before parents (topological, ties by time, newest first).
    public func commits(from start: ObjectID) throws(GitError) -> [ObjectID] {
        var walk: OpaquePointer?
        let created = git_revwalk_new(&walk, raw)
        guard created == 0, let walk else { throw GitError.last(created, "cannot walk the history") }
        defer { git_revwalk_free(walk) }
        _ = git_revwalk_sorting(walk, GIT_SORT_TOPOLOGICAL.rawValue | GIT_SORT_TIME.rawValue)
        var oid = start.oid
        let pushed = git_revwalk_push(walk, &oid)
        guard pushed == 0 else { throw GitError.last(pushed, "cannot walk the history from \(start)") }
        var ids: [ObjectID] = []
        var next = git_oid()
        while true {
            let result = git_revwalk_next(&next, walk)
            if result == GIT_ITEROVER.rawValue { break }
            guard result == 0 else { throw GitError.last(result, "cannot walk the history from \(start)") }
            ids.append(ObjectID(next))
        }
        return ids
    }

    /// Runs `body` with a looked-up tree, freed afterwards.
    func withTree<T>(_ id: ObjectID, _ body: (OpaquePointer) throws(GitError) -> T) throws(GitError) -> T {
        var oid = id.oid
        var tree: OpaquePointer?
        let result = git_tree_lookup(&tree, raw, &oid)
        guard result == 0, let tree else { throw GitError.last(result, "cannot read tree \(id)") }
        defer { git_tree_free(tree) }
        return try body(tree)
    }

    /// The blob id at `path` in a tree, or `nil` when the path holds no blob there.
    func blobID(at path: String, in tree: OpaquePointer) -> ObjectID? {
        var entry: OpaquePointer?
        guard git_tree_entry_bypath(&entry, tree, path) == 0, let entry else { return nil }
        defer { git_tree_entry_free(entry) }
        guard git_tree_entry_type(entry) == GIT_OBJECT_BLOB else { return nil }
        return ObjectID(git_tree_entry_id(entry))
    }

    /// Renames between two trees as libgit2's similarity detection finds them (`git_diff_find_similar` with
    /// `GIT_DIFF_FIND_RENAMES`, at its default 50% similarity): new path → old path.
    func renames(from old: OpaquePointer, to new: OpaquePointer) throws(GitError) -> [String: String] {
        var diff: OpaquePointer?
        let result = git_diff_tree_to_tree(&diff, raw, old, new, nil)
        guard result == 0, let diff else { throw GitError.last(result, "cannot compare two trees") }
        defer { git_diff_free(diff) }
        var options = git_diff_find_options()
        _ = git_diff_find_options_init(&options, UInt32(GIT_DIFF_FIND_OPTIONS_VERSION))
        options.flags = GIT_DIFF_FIND_RENAMES.rawValue
        let found = git_diff_find_similar(diff, &options)
        guard found == 0 else { throw GitError.last(found, "cannot find renames between two trees") }
        var renames: [String: String] = [:]
        for index in 0..<git_diff_num_deltas(diff) {
            guard let delta = git_diff_get_delta(diff, index), delta.pointee.status == GIT_DELTA_RENAMED,
                let newPath = delta.pointee.new_file.path, let oldPath = delta.pointee.old_file.path
            else { continue }
            renames[String(cString: newPath)] = String(cString: oldPath)
        }
        return renames
    }
}
