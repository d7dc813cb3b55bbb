internal import Foundation
internal import SkillscopeCore
internal import SkillscopeStore

/// A folder on disk, walked for instruction files. `.git` and `node_modules` are skipped, and so is any link
/// that leads out of the folder.
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

    static let skippedFolders: Set<String> = [".git", "node_modules", ".build", ".venv", "__pycache__"]

    public func list() throws -> SourceListing {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw IngestError(.noInput, "no folder at \(root)")
        }
        let realRoot = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
        var paths: [String] = []
        walk(relative: "", realRoot: realRoot, into: &paths)
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

    private func walk(relative: String, realRoot: String, into paths: inout [String]) {
        let folder = relative.isEmpty ? root : root + "/" + relative
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names.sorted() where !Self.skippedFolders.contains(name) {
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
                walk(relative: path, realRoot: realRoot, into: &paths)
            } else if type == .typeRegular {
                paths.append(path)
            }
        }
    }
}
