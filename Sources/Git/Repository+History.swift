internal import CGit2

extension Repository {
    /// When each of `paths` (files of `head`'s tree) was first added and last changed, following renames.
    ///
    /// libgit2 has no path-limited log, so this walks every commit reachable from `head`, children before
    /// parents, carrying each file's name from a commit to its parents:
    /// - a parent holding a blob at the same name carries the name; one that does not is diffed against the
    ///   commit with `git_diff_find_similar` (`GIT_DIFF_FIND_RENAMES`, libgit2's default 50% similarity), and
    ///   a rename found there carries the old name into that parent (`git log --follow`'s idea, on every
    ///   parent rather than only the first);
    /// - a commit **changed** the file when its blob differs from the one in every parent (so a merge that
    ///   took one side's version changed nothing, as git's history simplification says), counting a rename as
    ///   a change;
    /// - a commit **added** it when no parent holds it under either name. The name still goes on into older
    ///   commits, which lack the file until one holds it again: a file deleted and added again was added twice,
    ///   and the earliest addition is the first (`git log --diff-filter=A` lists both).
    ///
    /// Dates are committer times; the first is the earliest adding commit, the last the newest changing one.
    ///
    /// - Returns: a history per path found in `head`'s tree; paths not there are left out.
    /// - Complexity: O(commits × paths) tree lookups, plus one tree diff where a path is missing from a parent.
    public func history(of paths: [String], from head: ObjectID) throws(GitError) -> [String: FileHistory] {
        var pending: [ObjectID: [Int: String]] = [
            head: Dictionary(uniqueKeysWithValues: paths.enumerated().map { ($0, $1) })
        ]
        var added: [Int: (id: ObjectID, time: Int64)] = [:]
        var changed: [Int: (id: ObjectID, time: Int64)] = [:]
        for id in try commits(from: head) {
            guard let names = pending.removeValue(forKey: id), !names.isEmpty else { continue }
            let commit = try self.commit(id)
            let (changedHere, addedHere, carried) = try withTree(commit.tree) { tree throws(GitError) in
                try compare(commit, tree: tree, names: names)
            }
            for (parent, parentNames) in carried {
                pending[parent, default: [:]].merge(parentNames) { kept, _ in kept }
            }
            for file in changedHere where changed[file].map({ $0.time < commit.time }) ?? true {
                changed[file] = (id, commit.time)
            }
            for file in addedHere where added[file].map({ commit.time < $0.time }) ?? true {
                added[file] = (id, commit.time)
            }
        }
        var histories: [String: FileHistory] = [:]
        for (file, path) in paths.enumerated() {
            guard let first = added[file], let last = changed[file] else { continue }
            histories[path] = FileHistory(added: first.id, addedAt: first.time, changed: last.id, changedAt: last.time)
        }
        return histories
    }

    /// One commit against its parents: which files it changed, which it added, and each file's name in each
    /// parent that holds it.
    private func compare(_ commit: Commit, tree: OpaquePointer, names: [Int: String]) throws(GitError) -> (
        changed: Set<Int>, added: Set<Int>, carried: [(ObjectID, [Int: String])]
    ) {
        var blobs: [Int: ObjectID] = [:]
        for (file, name) in names {
            if let blob = blobID(at: name, in: tree) { blobs[file] = blob }
        }
        var changed = Set(blobs.keys)
        var added = Set(blobs.keys)
        var carried: [(ObjectID, [Int: String])] = []
        for parentID in commit.parents {
            let parent = try self.commit(parentID)
            if parent.tree == commit.tree {
                changed.removeAll()
                added.removeAll()
                carried.append((parentID, names))
                continue
            }
            let parentNames = try withTree(parent.tree) { parentTree throws(GitError) -> [Int: String] in
                var parentNames: [Int: String] = [:]
                var renames: [String: String]?
                var present: Set<Int> = []
                for (file, name) in names {
                    // A file absent here goes on under its name, to find an earlier life in older commits.
                    parentNames[file] = name
                    guard let blob = blobs[file] else { continue }
                    if let parentBlob = blobID(at: name, in: parentTree) {
                        present.insert(file)
                        if parentBlob == blob { changed.remove(file) }
                        continue
                    }
                    if renames == nil { renames = try self.renames(from: parentTree, to: tree) }
                    if let old = renames?[name], blobID(at: old, in: parentTree) != nil {
                        parentNames[file] = old
                        present.insert(file)
                    }
                }
                added.subtract(present)
                return parentNames
            }
            carried.append((parentID, parentNames))
        }
        return (changed, added, carried)
    }
}
