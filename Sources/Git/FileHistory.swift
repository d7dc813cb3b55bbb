/// When a file was first added and last changed, as the history walk found them.
public struct FileHistory: Sendable, Hashable {
    /// The commit that first added the file, under the name it then had.
    public var added: ObjectID
    /// Its committer time, seconds since 1970 UTC.
    public var addedAt: Int64
    /// The newest commit that changed the file's content or renamed it.
    public var changed: ObjectID
    /// Its committer time, seconds since 1970 UTC.
    public var changedAt: Int64

    public init(added: ObjectID, addedAt: Int64, changed: ObjectID, changedAt: Int64) {
        self.added = added
        self.addedAt = addedAt
        self.changed = changed
        self.changedAt = changedAt
    }
}
