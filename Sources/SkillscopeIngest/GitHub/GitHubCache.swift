internal import Foundation
internal import SkillscopeStore

/// The crawl's cache on disk, beside the registry: what GitHub answered for each repository (with the ETags to
/// ask again conditionally), trees by id, and blobs by id.
///
/// Trees and blobs are stored under their git ids, so they never go stale. A repository's entry is written
/// last, after its tree and blobs, each file atomically (written aside, then renamed): a crawl killed midway
/// leaves no entry that points at anything missing, and the next crawl asks GitHub again.
///
/// Layout: `repositories/<owner>/<name>.json`, `trees/<sha>.json`, `blobs/<sh>/<sha>`.
public struct GitHubCache: Sendable {
    /// The cache's folder.
    public var root: String

    public init(root: String) {
        self.root = root
    }

    /// A blob of a tree: its path, id and size.
    struct TreeBlob: Codable, Sendable, Hashable {
        var path: String
        var sha: String
        var size: Int
    }

    /// What the last crawl of a repository learned.
    struct RepositoryEntry: Codable, Sendable {
        /// The `ETag` of `GET /repos/{owner}/{repo}`.
        var etag: String?
        /// The repository as GitHub last described it, under its current name.
        var record: RepositoryRecord
        /// The `ETag` of the default branch's `GET …/branches/{branch}`.
        var branchETag: String?
        /// The default branch's head commit, and its tree.
        var commit: String
        var tree: String
    }

    func repository(_ name: String) -> RepositoryEntry? {
        read(RepositoryEntry.self, at: repositoryPath(name))
    }

    func save(_ entry: RepositoryEntry, as name: String) throws {
        try write(entry, at: repositoryPath(name))
    }

    func tree(_ sha: String) -> [TreeBlob]? {
        guard Self.isID(sha) else { return nil }
        return read([TreeBlob].self, at: "\(root)/trees/\(sha).json")
    }

    func save(tree blobs: [TreeBlob], as sha: String) throws {
        guard Self.isID(sha) else { return }
        try write(blobs, at: "\(root)/trees/\(sha).json")
    }

    /// Where a blob's bytes are (or will be).
    func blobPath(_ sha: String) -> String {
        "\(root)/blobs/\(sha.prefix(2))/\(sha)"
    }

    func hasBlob(_ sha: String) -> Bool {
        Self.isID(sha) && FileManager.default.fileExists(atPath: blobPath(sha))
    }

    func save(blob bytes: [UInt8], as sha: String) throws {
        guard Self.isID(sha) else { return }
        try atomically(Data(bytes), at: blobPath(sha))
    }

    /// `owner/name` as a path inside the cache; names GitHub allows hold no `/` or `..` of their own, and
    /// anything else is refused by ``isRepositoryName(_:)`` before it gets here.
    private func repositoryPath(_ name: String) -> String {
        "\(root)/repositories/\(name.lowercased()).json"
    }

    /// Whether `text` is `owner/name` with GitHub's characters only (letters, digits, `-`, `_`, `.`), so
    /// it can name a URL path and a cache file safely.
    public static func isRepositoryName(_ text: String) -> Bool {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 2
            && parts.allSatisfy { part in
                part != "." && part != ".."
                    && !part.isEmpty
                    && part.utf8.allSatisfy { byte in
                        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
                            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
                            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
                    }
            }
    }

    /// Whether `text` is a 40-digit lower-case hexadecimal git id.
    static func isID(_ text: String) -> Bool {
        text.utf8.count == 40
            && text.utf8.allSatisfy {
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                    || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
            }
    }

    private func read<T: Decodable>(_ type: T.Type, at path: String) -> T? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(type, from: data)
    }

    private func write(_ value: some Encodable, at path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try atomically(try encoder.encode(value), at: path)
    }

    private func atomically(_ data: Data, at path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
