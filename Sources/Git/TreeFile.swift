/// A file (a blob) in a tree: its path from the tree's root, its blob id and its mode.
public struct TreeFile: Sendable, Hashable {
    /// The `/`-separated path from the root of the tree.
    public var path: String
    public var blob: ObjectID
    /// Git's mode 100755: the file is executable.
    public var isExecutable: Bool
    /// Git's mode 120000: the blob holds the target of a symbolic link, not a file's bytes.
    public var isLink: Bool

    public init(path: String, blob: ObjectID, isExecutable: Bool = false, isLink: Bool = false) {
        self.path = path
        self.blob = blob
        self.isExecutable = isExecutable
        self.isLink = isLink
    }
}
