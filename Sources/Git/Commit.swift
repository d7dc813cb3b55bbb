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
