/// The files of one repository, as paths in it, asked whether a path a rule names is one of them.
///
/// A named path matches a file or folder of the repository read from the rule's own folder (`references/x.md` in
/// `skills/pdf/SKILL.md` is `skills/pdf/references/x.md`), from the repository's root, or as the end of a longer
/// path (`lib/db.ts` for `src/lib/db.ts`). A pattern (`plugins/<name>/`, `src/**/*.ts`) matches through the
/// folder before its first placeholder.
public struct RepositoryPaths: Sendable {
    private var files: Set<String> = []
    private var folders: Set<String> = []
    private var endings: Set<String> = []
    /// Every file and folder name's stem as ``RepositoryPaths/nameKey(_:)`` makes it: `app_state.rs`, `AppState/`
    /// and `app-state.ts` all give `appstate`.
    private var stems: Set<String> = []

    /// - Complexity: O(n·d) for n paths of at most d parts.
    public init(_ paths: [String]) {
        for path in paths {
            let parts = path.split(separator: "/")
            guard !parts.isEmpty else { continue }
            for part in parts {
                let stem = part.split(separator: ".").first.map(String.init) ?? String(part)
                stems.insert(Self.nameKey(stem))
            }
            files.insert(parts.joined(separator: "/"))
            for end in 1..<parts.count {
                folders.insert(parts[..<end].joined(separator: "/"))
                endings.insert(parts[end...].joined(separator: "/"))
            }
        }
    }

    /// Whether `path` (as a rule names it) is a file or folder of the repository, read from `filePath`'s folder.
    public func contains(_ path: String, from filePath: String?) -> Bool {
        guard !files.isEmpty, let named = Self.normalized(path) else { return false }
        var base = filePath.map { Array($0.split(separator: "/").dropLast().map(String.init)) } ?? []
        var relative = named.split(separator: "/").map(String.init)
        while let first = relative.first, first == ".." {
            relative.removeFirst()
            if base.isEmpty { return false }
            base.removeLast()
        }
        // `../`, `../..`, `../<name>`: a folder above, no file of the tree.
        guard !relative.isEmpty else { return false }
        let fromFolder = (base + relative).joined(separator: "/")
        let asNamed = relative.joined(separator: "/")
        for candidate in [fromFolder, asNamed] where files.contains(candidate) || folders.contains(candidate) {
            return true
        }
        // The end of a longer path, when it says more than a bare file name.
        return relative.count >= 2 && endings.contains(asNamed)
    }

    /// Whether a file or folder of the repository carries `identifier`'s name (`AppState` in `src/app_state.rs`,
    /// `IntoResponse` nowhere in a project that only uses axum's): what lets a rare identifier count as the
    /// project's own code.
    public func namesFile(like identifier: String) -> Bool {
        let key = Self.nameKey(identifier)
        return key.count >= 4 && stems.contains(key)
    }

    /// Lower-case letters and digits only: `app_state`, `AppState` and `app-state` are one name.
    static func nameKey(_ name: some StringProtocol) -> String {
        String(name.lowercased().filter { $0.isLetter || $0.isNumber })
    }

    /// A named path without `./`, a leading `/`, a trailing `/` and anything from its first placeholder or glob;
    /// nil for a home folder's path, a URL or nothing left.
    static func normalized(_ path: String) -> String? {
        guard !path.hasPrefix("~"), !path.contains("://"), !path.hasPrefix("$") else { return nil }
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part.contains(where: { "*{}<>[]$".contains($0) }) { break }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        return joined.isEmpty ? nil : joined
    }
}
