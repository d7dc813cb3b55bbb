internal import Foundation
internal import SkillscopeCore
internal import SkillscopeStore

/// A folder on disk, walked for instruction files.
///
/// `.git` and `node_modules` are skipped, and so is any link that leads out of the folder.
public struct FolderSource: IngestSource {
    public var root: String
    /// The repository the files are filed under, `owner/name`.
    public var repository: String

    /// - Parameter repository: defaults to `local/<folder name>`.
    public init(root: String, repository: String? = nil) {
        let standardized = URL(fileURLWithPath: root).standardizedFileURL.path
        self.root = standardized
        self.repository = repository ?? "local/\(URL(fileURLWithPath: standardized).lastPathComponent)"
    }

    public var summary: String { "folder \(root)" }

    /// Folders never walked.
    public static let skippedFolders: Set<String> = [".git", "node_modules", ".build", ".venv", "__pycache__"]

    public func list() throws -> SourceListing {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw IngestError(.noInput, "no folder at \(root)")
        }
        let paths = Self.paths(under: root)
        let kinds = FileKind.classify(paths)
        let entries = paths.sorted().compactMap { path -> IngestEntry? in
            guard let kind = kinds[path] else { return nil }
            return IngestEntry(
                key: FileKey(repository: repository, path: path), kind: kind, location: root + "/" + path)
        }
        var listing = SourceListing(repositories: [RepositoryRecord(fullName: repository)], entries: entries)
        listing.keepPaths(paths, of: repository)
        return listing
    }

    /// The files under `root`, as paths in it, walked as an ingest walks a folder (``skippedFolders`` skipped, no
    /// link that leads out of it or into a folder followed); at most `limit`, in walking order.
    public static func paths(under root: String, limit: Int = .max) -> [String] {
        let realRoot = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
        var paths: [String] = []
        walk(root: root, relative: "", realRoot: realRoot, limit: limit, into: &paths)
        return paths
    }

    private static func walk(root: String, relative: String, realRoot: String, limit: Int, into paths: inout [String]) {
        let folder = relative.isEmpty ? root : root + "/" + relative
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names.sorted() where !Self.skippedFolders.contains(name) {
            guard paths.count < limit else { return }
            let path = relative.isEmpty ? name : relative + "/" + name
            let full = root + "/" + path
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: full) else { continue }
            var type = attributes[.type] as? FileAttributeType
            if type == .typeSymbolicLink {
                let target = URL(fileURLWithPath: full).resolvingSymlinksInPath().path
                guard target == realRoot || target.hasPrefix(realRoot + "/") else { continue }
                type = (try? FileManager.default.attributesOfItem(atPath: target))?[.type] as? FileAttributeType
                if type == .typeDirectory { continue }  // no cycles: linked folders are not walked
            }
            if type == .typeDirectory {
                walk(root: root, relative: path, realRoot: realRoot, limit: limit, into: &paths)
            } else if type == .typeRegular {
                paths.append(path)
            }
        }
    }
}
