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
        walk(folder: folder, relative: "", depth: 0) { child, kind in
            guard found.count < maximumScripts else { return false }
            guard kind == .regularFile else { return true }
            guard BundledFile.isScanned(child),
                let bytes = FileSystem.contents(atPath: folder + "/" + child, maximumBytes: maximumScriptBytes),
                let text = String(validating: bytes, as: UTF8.self)
            else { return true }
            found.append(BundledFile(path: child, text: text))
            return true
        }
        return found
    }

    /// The links in `folder` (three levels down, as ``scripts(in:)`` walks) that lead out of it, with where they
    /// point: an agent reading `secret` → `/etc/passwd` reads that file.
    public static func linksOut(of folder: String) -> [(path: String, destination: String)] {
        let root = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        var found: [(path: String, destination: String)] = []
        walk(folder: folder, relative: "", depth: 0) { child, kind in
            guard kind == .symbolicLink, found.count < maximumScripts else { return found.count < maximumScripts }
            let full = folder + "/" + child
            let resolved = URL(fileURLWithPath: full).resolvingSymlinksInPath().path
            if !resolved.hasPrefix(root + "/") {
                let destination = (try? FileManager.default.destinationOfSymbolicLink(atPath: full)) ?? resolved
                found.append((child, destination))
            }
            return true
        }
        return found
    }

    /// Calls `visit` with each entry's path relative to `folder` and its kind, folders first entered; stops when
    /// `visit` returns false.
    ///
    /// Three levels down, `.git` and `node_modules` skipped, links not followed.
    @discardableResult
    private static func walk(
        folder: String, relative: String, depth: Int, visit: (String, FileSystem.EntryKind) -> Bool
    ) -> Bool {
        let path = relative.isEmpty ? folder : folder + "/" + relative
        // The folder's own record of each entry's kind: no `stat` a name (`attributesOfItem` also looked up the
        // owner's and group's names, and a plain listing needed an `lstat` a name to tell folders from files).
        guard depth <= 3, let entries = FileSystem.entries(ofDirectory: path) else { return true }
        for entry in entries.sorted(by: { $0.name < $1.name })
        where !FolderSource.skippedFolders.contains(entry.name) {
            let child = relative.isEmpty ? entry.name : relative + "/" + entry.name
            if entry.kind == .directory {
                guard walk(folder: folder, relative: child, depth: depth + 1, visit: visit) else { return false }
            } else if !visit(child, entry.kind) {
                return false
            }
        }
        return true
    }
}
