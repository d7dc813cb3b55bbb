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
