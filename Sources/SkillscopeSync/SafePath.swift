internal import FileSystem
internal import Foundation

/// Checks that names and paths from sources stay inside their folder.
///
/// Skill names and archive paths come from other people's repositories: a name like `../../etc` or a path like
/// `/etc/passwd` must never decide where a file is written, and neither may a link that points out of the project.
public enum SafePath {
    /// Checks a skill name used as a folder name: 1–64 characters of letters and digits of any script (技能,
    /// мой-навык, as the Agent Skills reference validator accepts), `.`, `_` and `-`, not starting with `.` or
    /// `-`, in NFC (so one name has one folder).
    ///
    /// - Throws: ``SyncError`` `.unsafePath`.
    public static func checkSkillName(_ name: String) throws(SyncError) {
        let allowed = name.unicodeScalars.allSatisfy { scalar in
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .decimalNumber, .letterNumber, .otherNumber:
                true
            default: "._-".unicodeScalars.contains(scalar)
            }
        }
        let composed = name.precomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual(name.unicodeScalars)
        guard !name.isEmpty, name.count <= 64, allowed, composed, !name.hasPrefix("."), !name.hasPrefix("-") else {
            throw SyncError(
                .unsafePath,
                "refused skill name \"\(name)\": a name is 1-64 letters, digits, '.', '_' or '-' (in NFC) and cannot leave its folder"
            )
        }
    }

    /// Checks a `/`-separated path relative to a skill or project folder: not absolute, no `..`, `.` or empty
    /// component, no backslash or NUL.
    ///
    /// - Throws: ``SyncError`` `.unsafePath`.
    public static func checkRelative(_ path: String) throws(SyncError) {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("\\"), !path.contains("\0"),
            parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." })
        else {
            throw SyncError(.unsafePath, "refused path \"\(path)\": it would leave its folder")
        }
    }

    /// Checks that `path` (which may not exist yet) resolves inside `root` once existing links are followed: a
    /// linked `.agents` folder pointing elsewhere is refused.
    ///
    /// - Throws: ``SyncError`` `.unsafePath`.
    public static func checkInside(_ path: String, root: String) throws(SyncError) {
        let realRoot = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
        var existing = URL(fileURLWithPath: path).standardizedFileURL
        var rest: [String] = []
        while !FileManager.default.fileExists(atPath: existing.path), existing.path != "/" {
            rest.insert(existing.lastPathComponent, at: 0)
            existing.deleteLastPathComponent()
        }
        var resolved = existing.resolvingSymlinksInPath()
        for part in rest { resolved.appendPathComponent(part) }
        let real = resolved.standardizedFileURL.path
        guard real == realRoot || real.hasPrefix(realRoot + "/") else {
            throw SyncError(.unsafePath, "refused \(path): it resolves outside \(root)")
        }
    }
}

extension SafePath {
    /// ``SafePath/checkInside(_:root:)`` for many paths under one root: the root and each folder are resolved once
    /// (`realpath(3)`), where the general check resolves every path through `URL`.
    struct InsideCheck {
        let root: String
        private let realRoot: String
        /// Folders relative to the root, by their real path (links followed).
        private var realFolders: [String: String] = [:]

        init(root: String) {
            self.root = root
            realRoot = FileSystem.realPath(root) ?? URL(fileURLWithPath: root).resolvingSymlinksInPath().path
        }

        /// Checks that `relative` (checked by ``SafePath/checkRelative(_:)`` first), which may not exist yet,
        /// resolves inside the root once existing links are followed.
        ///
        /// - Throws: ``SyncError`` `.unsafePath`.
        mutating func check(_ relative: String) throws(SyncError) {
            let full = root + "/" + relative
            let (folder, name) = Self.split(relative)
            let real =
                FileSystem.isSymbolicLink(full)
                ? FileSystem.realPath(full) ?? realFolder(folder) + "/" + name
                : realFolder(folder) + "/" + name
            guard real == realRoot || real.hasPrefix(realRoot + "/") else {
                throw SyncError(.unsafePath, "refused \(full): it resolves outside \(root)")
            }
        }

        /// The real path of a folder relative to the root; a folder that does not exist yet is its parent's real
        /// path and its name.
        private mutating func realFolder(_ relative: String) -> String {
            if let known = realFolders[relative] { return known }
            let full = relative.isEmpty ? root : root + "/" + relative
            let real: String
            if let resolved = FileSystem.realPath(full) {
                real = resolved
            } else if relative.isEmpty {
                real = realRoot
            } else {
                let (parent, name) = Self.split(relative)
                real = realFolder(parent) + "/" + name
            }
            realFolders[relative] = real
            return real
        }

        private static func split(_ relative: String) -> (folder: String, name: String) {
            guard let slash = relative.lastIndex(of: "/") else { return ("", relative) }
            return (String(relative[..<slash]), String(relative[relative.index(after: slash)...]))
        }
    }
}
