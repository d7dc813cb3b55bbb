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
