internal import Foundation
public import SkillscopeCore

/// What a skill's folder bundles beside its `SKILL.md`, read for the security scan.
public enum SkillFolder {
    /// Scripts larger than this are not read.
    public static let maximumScriptBytes = 256 * 1024
    /// At most this many scripts are read from one skill.
    public static let maximumScripts = 64

    /// The scripts in `folder` and its subfolders, by path relative to `folder`.
    ///
    /// Three levels down, `.git` and `node_modules` skipped, links not followed. Files that are not UTF-8 text
    /// are skipped.
    public static func scripts(in folder: String) -> [BundledFile] {
        var found: [BundledFile] = []
        walk(folder: folder, relative: "", depth: 0, into: &found)
        return found
    }

    private static func walk(folder: String, relative: String, depth: Int, into found: inout [BundledFile]) {
        let path = relative.isEmpty ? folder : folder + "/" + relative
        guard depth <= 3, let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
        for name in names.sorted() where !FolderSource.skippedFolders.contains(name) {
            guard found.count < maximumScripts else { return }
            let child = relative.isEmpty ? name : relative + "/" + name
            // lstat, not attributesOfItem: that also looks up the owner's and group's names, which made this walk
            // 3% of the parsing threads' CPU. Links are not followed.
            var status = stat()
            guard lstat(folder + "/" + child, &status) == 0 else { continue }
            switch status.st_mode & S_IFMT {
            case S_IFDIR:
                walk(folder: folder, relative: child, depth: depth + 1, into: &found)
            case S_IFREG:
                let fileExtension = (name as NSString).pathExtension.lowercased()
                guard BundledFile.scriptExtensions.contains(fileExtension), Int(status.st_size) <= maximumScriptBytes,
                    let data = FileManager.default.contents(atPath: folder + "/" + child),
                    let text = String(validating: data, as: UTF8.self)
                else { continue }
                found.append(BundledFile(path: child, text: text))
            default:
                continue
            }
        }
    }
}
