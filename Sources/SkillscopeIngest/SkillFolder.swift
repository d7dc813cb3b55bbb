internal import FileSystem
internal import Foundation
public import SkillscopeCore

/// What a skill's folder bundles beside its `SKILL.md`, read for the security scan.
public enum SkillFolder {
    /// Scripts larger than this are not read.
    public static let maximumScriptBytes = 256 * 1024
    /// At most this many scripts are read from one skill.
    public static let maximumScripts = 64

    /// The files the scan reads in `folder` and its subfolders (scripts, Markdown, configuration; see
    /// `BundledFile.isScanned`), by path relative to `folder`.
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
        // The folder's own record of each entry's kind: no `stat` a name (`attributesOfItem` also looked up the
        // owner's and group's names, and a plain listing needed an `lstat` a name to tell folders from files).
        guard depth <= 3, let entries = FileSystem.entries(ofDirectory: path) else { return }
        for entry in entries.sorted(by: { $0.name < $1.name })
        where !FolderSource.skippedFolders.contains(entry.name) {
            guard found.count < maximumScripts else { return }
            let child = relative.isEmpty ? entry.name : relative + "/" + entry.name
            switch entry.kind {
            case .directory:
                walk(folder: folder, relative: child, depth: depth + 1, into: &found)
            case .regularFile:
                guard BundledFile.isScanned(child),
                    let bytes = FileSystem.contents(atPath: folder + "/" + child, maximumBytes: maximumScriptBytes),
                    let text = String(validating: bytes, as: UTF8.self)
                else { continue }
                found.append(BundledFile(path: child, text: text))
            case .symbolicLink, .other:
                continue
            }
        }
    }
}
