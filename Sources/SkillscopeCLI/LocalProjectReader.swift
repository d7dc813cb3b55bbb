internal import Foundation
internal import SkillscopeCore
internal import SkillscopeRating

/// Reads the project around a file on disk for `analyze`: the repository it is in (the nearest folder up that
/// holds `.git`), else the file's own folder; its files, walked as `ingest` walks a folder.
enum LocalProjectReader {
    /// Folders never walked, as a folder ingest skips them.
    static let skippedFolders: Set<String> = [".git", "node_modules", ".build", ".venv", "__pycache__"]

    /// The project around `file`, when one of `rules` names a path (a project's tree can hold 100,000 files: it
    /// is read only when it can decide something); nil otherwise.
    ///
    /// The walk stops at ``SkillscopeCore/RepositoryPaths``' bound of files, so that a file in a home folder
    /// reads no more than a repository would.
    static func project(around file: String, rules: [Rule]) -> LocalProject? {
        let names = rules.lazy.flatMap { NamedThings.of($0.text) }
        guard names.contains(where: { $0.kind == .path || $0.kind == .command || $0.text.contains("/") }) else {
            return nil
        }
        let fileURL = URL(fileURLWithPath: file).standardizedFileURL.resolvingSymlinksInPath()
        let folder = fileURL.deletingLastPathComponent()
        var root = folder
        var probe = folder
        while true {
            if FileManager.default.fileExists(atPath: probe.appendingPathComponent(".git").path) {
                root = probe
                break
            }
            let parent = probe.deletingLastPathComponent()
            if parent.path == probe.path { break }
            probe = parent
        }
        let paths = walk(root.path, limit: maxPaths)
        guard fileURL.path.hasPrefix(root.path + "/") else { return nil }
        let relative = String(fileURL.path.dropFirst(root.path.count + 1))
        let kinds = FileKind.classify(paths)
        let skills = paths.filter { kinds[$0] == .skill && $0 != relative }.compactMap { path in
            NameKey.make(URL(fileURLWithPath: path).deletingLastPathComponent().lastPathComponent)
        }
        return LocalProject(name: root.lastPathComponent, filePath: relative, paths: paths, skills: Set(skills))
    }

    /// Files walked at most.
    static let maxPaths = 100_000

    /// The regular files under `root`, as paths in it, in no order; at most `limit`. Links are not followed.
    static func walk(_ root: String, limit: Int) -> [String] {
        var paths: [String] = []
        var folders = [""]
        while let relative = folders.popLast(), paths.count < limit {
            let folder = relative.isEmpty ? root : root + "/" + relative
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for name in names where !skippedFolders.contains(name) {
                let path = relative.isEmpty ? name : relative + "/" + name
                var isFolder: ObjCBool = false
                let full = root + "/" + path
                guard
                    (try? FileManager.default.destinationOfSymbolicLink(atPath: full)) == nil,
                    FileManager.default.fileExists(atPath: full, isDirectory: &isFolder)
                else { continue }
                if isFolder.boolValue {
                    folders.append(path)
                } else {
                    paths.append(path)
                    if paths.count >= limit { break }
                }
            }
        }
        return paths
    }
}
