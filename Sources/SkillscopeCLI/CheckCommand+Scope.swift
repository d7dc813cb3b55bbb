internal import Foundation
internal import SkillscopeCore
internal import SkillscopeIngest
internal import SkillscopeRating

/// The tree a checked path's references resolve in: a folder as given, or, for a single file or skill, its git
/// work tree (else the folder around it).
struct CheckScope: Sendable {
    /// The tree's root as the user named it (relative paths stay relative in the output).
    let root: String
    let tree: ProjectTree
    /// The tree's files in walking order.
    let walked: [String]

    /// The most files walked for one tree: a larger tree is checked on its first files and says so.
    static let fileLimit = 500_000

    /// A folder given to `check`.
    init(folder: String, complete: Bool = false) {
        let root = folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder
        self.init(root: root, isWorkTree: complete || Self.workTree(above: root) != nil)
    }

    /// The tree around a single file or skill: the git work tree holding it, else its own folder.
    init(around folder: String, complete: Bool = false) {
        let folder = folder.isEmpty ? "." : folder
        if let top = Self.workTree(above: folder) {
            self.init(root: top, isWorkTree: true)
        } else {
            self.init(root: folder, isWorkTree: complete)
        }
    }

    private init(root: String, isWorkTree: Bool) {
        self.root = root
        // Skillscope's own backups, base copies and staging are no instruction files of the project.
        let files = FolderSource.paths(under: root, limit: Self.fileLimit).filter { !Self.isSkillscopeOwn($0) }
        walked = files
        var repositories = Set<String>()
        var folders = Set<String>([""])
        for file in files {
            var folder = ProjectTree.folder(of: file)
            while folders.insert(folder).inserted, !folder.isEmpty { folder = ProjectTree.folder(of: folder) }
        }
        // One stat a folder: on two threads, as a corpus has thousands.
        let candidates = Array(folders)
        let isRepository = candidates.concurrentMap { folder in
            FileManager.default.fileExists(atPath: Self.join(root, folder) + "/.git")
        }
        for (folder, found) in zip(candidates, isRepository) where found { repositories.insert(folder) }
        if isWorkTree { repositories.insert("") }
        tree = ProjectTree(files: files, repositories: repositories, isWorkTree: isWorkTree)
    }

    /// The folder at or above `folder` that holds `.git`, if any.
    static func workTree(above folder: String) -> String? {
        var current = URL(fileURLWithPath: folder).standardizedFileURL
        while true {
            if FileManager.default.fileExists(atPath: current.appendingPathComponent(".git").path) {
                // Keep the user's spelling when the folder itself is the top.
                return current.path == URL(fileURLWithPath: folder).standardizedFileURL.path ? folder : current.path
            }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { return nil }
            current = parent
        }
    }

    private static func join(_ root: String, _ relative: String) -> String {
        relative.isEmpty ? root : root + "/" + relative
    }

    /// Whether a path holds `/./`, `/../` or `//`, which only a URL standardises (a byte scan: it runs for every
    /// checked file).
    static func hasDotSegments(_ path: String) -> Bool {
        // The three bytes before this one, the nearest last.
        var (third, second, first): (UInt8, UInt8, UInt8) = (0, 0, 0)
        for byte in path.utf8 {
            if byte == 0x2F {
                if first == 0x2F { return true }
                if first == 0x2E, second == 0x2F { return true }
                if first == 0x2E, second == 0x2E, third == 0x2F { return true }
            }
            (third, second, first) = (second, first, byte)
        }
        return false
    }

    /// A checked file's path in the tree, when it lies inside it.
    func relative(_ path: String) -> String? {
        // The files of a folder are listed under its root as given: the common case needs no URL.
        let prefix = root.hasSuffix("/") ? root : root + "/"
        if path.hasPrefix(prefix), !Self.hasDotSegments(path) {
            return String(path.dropFirst(prefix.count))
        }
        let standardRoot = URL(fileURLWithPath: root).standardizedFileURL.path
        let standard = URL(fileURLWithPath: path).standardizedFileURL.path
        guard standard.hasPrefix(standardRoot + "/") else { return nil }
        return String(standard.dropFirst(standardRoot.count + 1))
    }

    /// A tree path as the output shows files: under the root as given.
    func shown(_ relative: String) -> String { Self.join(root, relative) }

    /// How a note names the tree.
    var rootDescription: String { root }

    /// Runs the project checks on the checked files of this tree on two threads: each file's references and each
    /// group of files read together (``RuleConflicts/groups(_:)``) are a task of their own.
    func check(_ files: [ProjectCheck.File]) -> ProjectCheck.Outcome {
        let root = self.root
        let check = ProjectCheck(tree: tree) { relative in
            FileManager.default.contents(atPath: Self.join(root, relative)).map { String(decoding: $0, as: UTF8.self) }
        }
        enum Task: Sendable {
            case chains
            case rules([ProjectCheck.File])
            case references(ProjectCheck.File)
        }
        // The longest first, so that neither thread is left with a big group at the end.
        let groups = RuleConflicts.groups(files).sorted { $0.count > $1.count }
        let tasks = [Task.chains] + groups.map(Task.rules) + files.map(Task.references)
        var outcome = ProjectCheck.Outcome()
        let found = tasks.concurrentMap { task in
            switch task {
            case .chains: check.checkChains(files)
            case .rules(let group): check.rules(of: group)
            case .references(let file): check.references(of: file)
            }
        }
        for part in found { outcome.merge(part) }
        return outcome
    }

    /// The instruction files of the tree, as an ingest of the folder lists them (walked once, with the tree).
    ///
    /// A file that is a link to another listed file (CLAUDE.md → AGENTS.md) is one file, checked once as its
    /// target: agents reading either read the same rules.
    func entries() -> [(location: String, kind: FileKind)] {
        let kinds = FileKind.classify(walked)
        let listed = walked.sorted().compactMap { path in kinds[path].map { (path, $0) } }
        // One `readlink` a file; only links (rare) are resolved, against the listed files under the real root.
        let isLink = listed.map {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: Self.join(root, $0.0))) != nil
        }
        var kept = listed
        if isLink.contains(true) {
            let realRoot = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
            let files = Set(zip(listed, isLink).filter { !$0.1 }.map { realRoot + "/" + $0.0.0 })
            kept = zip(listed, isLink).filter { entry, link in
                !link || !files.contains(URL(fileURLWithPath: Self.join(root, entry.0)).resolvingSymlinksInPath().path)
            }.map(\.0)
        }
        return kept.map { (Self.join(root, $0.0), $0.1) }
    }

    /// Whether a tree path lies in a `.skillscope` folder (backups, base copies, staging).
    static func isSkillscopeOwn(_ path: String) -> Bool {
        path.hasPrefix(".skillscope/") || path.contains("/.skillscope/")
    }
}
