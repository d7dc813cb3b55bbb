internal import Foundation
internal import SkillscopeCore
internal import SkillscopeIngest
internal import SkillscopeRating

/// Reads the project around a file on disk for `analyze`: the repository it is in (the nearest folder up that
/// holds `.git`), else the file's own folder; its files, walked as `ingest` walks a folder
/// (``SkillscopeIngest/FolderSource/paths(under:limit:)``).
enum LocalProjectReader {
    /// The project around `file`, when one of `rules` names a path (a project's tree can hold 100,000 files: it
    /// is read only when it can decide something); nil otherwise.
    ///
    /// The walk stops at the bound of files a listing keeps (``SkillscopeIngest/SourceListing/maxRepositoryPaths``),
    /// so that a file in a home folder reads no more than a repository would.
    static func project(around file: String, rules: [Rule]) -> LocalProject? {
        guard rules.lazy.flatMap({ NamedThings.of($0.text) }).contains(where: \.mayNameAPath) else { return nil }
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
        guard fileURL.path.hasPrefix(root.path + "/") else { return nil }
        let paths = FolderSource.paths(under: root.path, limit: SourceListing.maxRepositoryPaths)
        let relative = String(fileURL.path.dropFirst(root.path.count + 1))
        let kinds = FileKind.classify(paths)
        let skills = paths.filter { kinds[$0] == .skill && $0 != relative }.compactMap { path in
            NameKey.make(URL(fileURLWithPath: path).deletingLastPathComponent().lastPathComponent)
        }
        return LocalProject(name: root.lastPathComponent, filePath: relative, paths: paths, skills: Set(skills))
    }
}
