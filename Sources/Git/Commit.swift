/// What the history walk needs of a commit: its tree, its parents and when it was committed.
public struct Commit: Sendable, Hashable {
    public var id: ObjectID
    public var tree: ObjectID
    /// The parents in order; the first is the branch the commit was made on.
    public var parents: [ObjectID]
    /// The committer time in seconds since 1970 UTC (`git_commit_time`; the author date is not used).
    public var time: Int64

    public init(id: ObjectID, tree: ObjectID, parents: [ObjectID], time: Int64) {
        self.id = id
        self.tree = tree
        self.parents = parents
        self.time = time
    }
}

/// A file (a blob) in a tree: its path from the tree's root and its blob id.
public struct TreeFile: Sendable, Hashable {
    /// The `/`-separated path from the root of the tree.
    public var path: String
    public var blob: ObjectID

    public init(path: String, blob: ObjectID) {
        self.path = path
        self.blob = blob
    }
}
