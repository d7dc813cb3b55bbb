/// The files of a checked folder, as paths in it: what references are resolved against.
///
/// A tree is *known* when it is a git work tree or holds other files than instructions; a folder holding only
/// instruction files below its top level (a corpus of them, such as ../shared/corpus) cannot tell a missing script
/// from one it never kept, so references to other files are counted there, not reported.
public struct ProjectTree: Sendable {
    /// Every file, `/`-separated, relative to the tree's root.
    public let files: Set<String>
    /// Every folder holding a file, `""` for the root.
    public let folders: Set<String>
    /// Folders that are repositories of their own (they hold `.git`): a root-relative link and Codex's AGENTS.md
    /// chain start at the nearest one.
    public let repositories: Set<String>
    /// Whether the tree holds only instruction files below its top level and is no git work tree.
    public let isInstructionsOnly: Bool

    /// - Parameters:
    ///   - files: the tree's files (a walk of it).
    ///   - repositories: the folders holding `.git`.
    ///   - isWorkTree: whether the root lies in a git work tree (a `.git` at or above it).
    public init(files: some Sequence<String>, repositories: Set<String> = [], isWorkTree: Bool = false) {
        let files = Set(files)
        var folders: Set<String> = [""]
        for file in files {
            var folder = Self.folder(of: file)
            while folders.insert(folder).inserted, !folder.isEmpty { folder = Self.folder(of: folder) }
        }
        self.files = files
        self.folders = folders
        self.repositories = repositories
        isInstructionsOnly =
            !isWorkTree && repositories.isEmpty && !files.isEmpty
            && files.allSatisfy { !$0.contains("/") || Self.isInstructionFile($0) }
    }

    /// Whether a file or a folder stands at `path`.
    public func contains(_ path: String) -> Bool { files.contains(path) || folders.contains(path) }

    /// The folder of `path`, `""` at the root.
    public static func folder(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(path[..<slash])
    }

    /// `path` joined to `folder` with `.` and `..` resolved; nil when it leaves the tree.
    public static func join(_ folder: String, _ path: String) -> String? {
        var parts = folder.isEmpty ? [] : folder.split(separator: "/").map(String.init)
        for part in path.split(separator: "/") {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }

    /// The nearest repository at or above `folder`, else the root.
    public func repository(of folder: String) -> String {
        var current = folder
        while true {
            if repositories.contains(current) { return current }
            if current.isEmpty { return "" }
            current = Self.folder(of: current)
        }
    }

    /// Markdown and the rule files agents read (`.cursorrules`, `.windsurfrules`, `.clinerules`).
    public static func isInstructionFile(_ path: String) -> Bool {
        let base = path.split(separator: "/").last.map { $0.lowercased() } ?? ""
        return base.hasSuffix(".md") || base.hasSuffix(".mdc") || base.hasSuffix(".markdown")
            || [".cursorrules", ".windsurfrules", ".clinerules"].contains(base)
    }
}
