internal import Foundation
internal import Git
internal import Hashing
internal import SkillscopeCore
internal import YAML

/// Where a skill comes from, as kept in the lock.
public struct SkillSource: Sendable, Hashable, Codable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable, Codable {
        /// A folder on disk, read as it is now.
        case folder
        /// A git repository on disk (a work tree or a bare repository), read at a commit through libgit2.
        case git
        /// A file of the Skillscope registry, `owner/repo/path` of its folder.
        case registry
    }
    public var kind: Kind
    /// The folder or repository (absolute), or the registry's `owner/repo`.
    public var location: String
    /// The skill's folder inside the location, `/`-separated; empty for its root.
    public var path: String
    /// The revision asked for (git only); `nil` follows `HEAD`.
    public var ref: String?

    public init(kind: Kind, location: String, path: String = "", ref: String? = nil) {
        self.kind = kind
        self.location = location
        self.path = path
        self.ref = ref
    }

    public var description: String {
        let inner = path.isEmpty ? "" : (kind == .registry ? "/" : "//") + path
        return "\(kind.rawValue):\(location)\(inner)\(ref.map { "#\($0)" } ?? "")"
    }

    /// The same source narrowed to a subfolder.
    public func appending(_ folder: String) -> SkillSource {
        var copy = self
        if !folder.isEmpty { copy.path = path.isEmpty ? folder : path + "/" + folder }
        return copy
    }
}

/// The files of a source at one moment: paths relative to the source's ``SkillSource/path``.
public struct Snapshot: Sendable, Hashable {
    public var files: [String: [UInt8]]
    /// The commit read, for git and registry sources.
    public var commit: String?
    /// The paths whose file is executable (git's mode 100755, or an executable bit in a folder).
    public var executables: Set<String>
    public init(files: [String: [UInt8]], commit: String?, executables: Set<String> = []) {
        self.files = files
        self.commit = commit
        self.executables = executables
    }

    /// The sha256 of every file.
    public var hashes: [String: String] { files.mapValues { SHA256.hex(of: $0) } }

    /// The executable paths as the lock keeps them: sorted, `nil` when there are none.
    public var lockedExecutables: [String]? { executables.isEmpty ? nil : executables.sorted() }
}

/// A skill found in a snapshot: the folder holding a `SKILL.md`.
public struct FoundSkill: Sendable, Hashable {
    public var name: String
    /// Its folder inside the snapshot.
    public var folder: String
    /// Its files, relative to ``folder``.
    public var files: [String: [UInt8]]
    /// Those of ``files`` that are executable.
    public var executables: Set<String> = []
    /// What reading it found worth saying (a link left out, say).
    public var notes: [String] = []

    /// Every skill in `snapshot`; one at the root is named after `rootName` when its front matter has no name.
    public static func all(in snapshot: Snapshot, rootName: String) -> [FoundSkill] {
        let skillFiles = snapshot.files.keys.filter { ($0 as NSString).lastPathComponent.lowercased() == "skill.md" }
        return skillFiles.sorted().compactMap { skillPath -> FoundSkill? in
            let folder = FileKind.folder(of: skillPath)
            let prefix = folder.isEmpty ? "" : folder + "/"
            // A skill's files are its folder's, less the folders of skills nested in it (a root SKILL.md in a
            // monorepo is one skill, not the repository).
            let nested = skillFiles.map { FileKind.folder(of: $0) }.filter { $0 != folder && $0.hasPrefix(prefix) }
            var files: [String: [UInt8]] = [:]
            for (path, bytes) in snapshot.files
            where path.hasPrefix(prefix) && !nested.contains(where: { path.hasPrefix($0 + "/") }) {
                files[String(path.dropFirst(prefix.count))] = bytes
            }
            guard let bytes = snapshot.files[skillPath] else { return nil }
            let text = SourceText(decoding: bytes).text
            let document = DocumentParser().parse(text: text, path: skillPath, kind: .skill)
            let declared = document.frontMatter?["name"]?.string
            let name = declared ?? (folder.isEmpty ? rootName : (folder as NSString).lastPathComponent)
            return FoundSkill(name: name, folder: folder, files: files)
        }
    }
}

/// Reads sources.
public protocol SourceReader: Sendable {
    /// The files of `source` at `commit` (`nil`: its ref, else `HEAD`, else as it is now), less the folders of
    /// skills nested in it; the limits apply to these files alone.
    func read(_ source: SkillSource, commit: String?) throws(SyncError) -> Snapshot
    /// The `SKILL.md` files of `source` at `commit`, wherever they stand in it, and the commit read: what `add`
    /// needs to find the skills before it reads the chosen ones (so one large or broken skill does not stop the
    /// others).
    func skillFiles(_ source: SkillSource, commit: String?) throws(SyncError) -> Snapshot
}

extension SourceReader {
    /// Reads everything and keeps the skill files: for sources that are small anyway (the registry's).
    public func skillFiles(_ source: SkillSource, commit: String?) throws(SyncError) -> Snapshot {
        var snapshot = try read(source, commit: commit)
        snapshot.files = snapshot.files.filter { FileKind.isSkillFileName($0.key) }
        return snapshot
    }
}

/// Reads folders and git repositories on disk; registry sources go to ``registry``.
///
/// Never touches the network: a URL that is not `file://` is refused. The limits apply to one skill's folder at a
/// time, never to the rest of its repository.
public struct LocalSourceReader: SourceReader {
    /// Reads a registry source; `nil` when no registry is at hand.
    public var registry: (@Sendable (SkillSource) throws(SyncError) -> Snapshot)?
    /// The most files read for one skill.
    ///
    /// The default is 2,000.
    public var maxFiles = 2_000
    /// The most bytes read for one skill.
    ///
    /// The default is 32 MiB.
    public var maxBytes = 32 << 20
    /// The most entries of a source walked to find its skills.
    ///
    /// The default is 200,000.
    public var maxEntries = 200_000

    public init(registry: (@Sendable (SkillSource) throws(SyncError) -> Snapshot)? = nil) {
        self.registry = registry
    }

    public func read(_ source: SkillSource, commit: String?) throws(SyncError) -> Snapshot {
        switch source.kind {
        case .folder:
            return try readFolder(source, skillFilesOnly: false)
        case .git:
            return try readGit(source, commit: commit, skillFilesOnly: false)
        case .registry:
            guard let registry else {
                throw SyncError(.unavailable, "\(source) is a registry source and no registry is open")
            }
            return try registry(source)
        }
    }

    public func skillFiles(_ source: SkillSource, commit: String?) throws(SyncError) -> Snapshot {
        switch source.kind {
        case .folder: return try readFolder(source, skillFilesOnly: true)
        case .git: return try readGit(source, commit: commit, skillFilesOnly: true)
        case .registry:
            var snapshot = try read(source, commit: commit)
            snapshot.files = snapshot.files.filter { FileKind.isSkillFileName($0.key) }
            return snapshot
        }
    }

    /// The sentence a skill over the limits gets: what was exceeded and the way forward.
    private func overLimit(_ source: SkillSource) -> SyncError {
        SyncError(
            .invalid,
            "\(source) holds more than \(maxFiles) files or \(maxBytes >> 20) MiB; the limits apply to each skill's own folder, so pass --path (or --skill NAME) to name the skill's folder if this is not one skill"
        )
    }

    /// A folder read: the skill's files (less nested skills' folders), or every skill file under it.
    private func readFolder(_ source: SkillSource, skillFilesOnly: Bool) throws(SyncError) -> Snapshot {
        let root = source.path.isEmpty ? source.location : source.location + "/" + source.path
        let boundary = source.location
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw SyncError(.notFound, "no folder at \(root)")
        }
        let realBoundary = URL(fileURLWithPath: boundary).resolvingSymlinksInPath().path
        var files: [String: [UInt8]] = [:]
        var executables = Set<String>()
        var total = 0
        var entries = 0
        func isSkillFolder(_ folder: String) -> Bool {
            FileManager.default.fileExists(atPath: folder + "/SKILL.md")
                || FileManager.default.fileExists(atPath: folder + "/skill.md")
        }
        func walk(_ relative: String) throws(SyncError) {
            let folder = relative.isEmpty ? root : root + "/" + relative
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names.sorted() where name != ".git" && name != "node_modules" {
                entries += 1
                guard entries <= maxEntries else {
                    throw SyncError(.invalid, "\(root) holds more than \(maxEntries) entries; pass --path")
                }
                let path = relative.isEmpty ? name : relative + "/" + name
                let full = root + "/" + path
                if skillFilesOnly, !FileKind.isSkillFileName(name) {
                    // Only folders are walked, and only files named SKILL.md read: links elsewhere do not matter.
                    var isFolder: ObjCBool = false
                    let isLink = (try? FileManager.default.destinationOfSymbolicLink(atPath: full)) != nil
                    if !isLink, FileManager.default.fileExists(atPath: full, isDirectory: &isFolder),
                        isFolder.boolValue
                    {
                        try walk(path)
                    }
                    continue
                }
                let target = URL(fileURLWithPath: full).resolvingSymlinksInPath().path
                guard target == realBoundary || target.hasPrefix(realBoundary + "/") else {
                    throw SyncError(.unsafePath, "refused \(path): a link pointing out of \(boundary)")
                }
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: target, isDirectory: &isFolder) else { continue }
                if isFolder.boolValue {
                    let isLink = (try? FileManager.default.destinationOfSymbolicLink(atPath: full)) != nil
                    // Linked folders are not walked (no cycles), nor the folders of nested skills.
                    if !isLink, skillFilesOnly || !isSkillFolder(full) { try walk(path) }
                    continue
                }
                guard let data = FileManager.default.contents(atPath: target) else { continue }
                total += data.count
                guard skillFilesOnly || (files.count < maxFiles && total <= maxBytes) else { throw overLimit(source) }
                files[path] = [UInt8](data)
                if FileManager.default.isExecutableFile(atPath: target) { executables.insert(path) }
            }
        }
        try walk("")
        return Snapshot(files: files, commit: nil, executables: executables)
    }

    /// A git read at a commit: the skill's files (less nested skills' folders, links inside it followed, links out
    /// of it refused), or every skill file in the tree.
    private func readGit(_ source: SkillSource, commit: String?, skillFilesOnly: Bool) throws(SyncError) -> Snapshot {
        do {
            let repository = try Repository(path: source.location)
            let id = try repository.resolveCommit(commit ?? source.ref ?? "HEAD")
            let prefix = source.path.isEmpty ? "" : source.path + "/"
            let entries = try repository.entries(inTree: try repository.commit(id).tree, includingLinks: true)
            if skillFilesOnly {
                var files: [String: [UInt8]] = [:]
                for entry in entries
                where !entry.isLink && entry.path.hasPrefix(prefix) && FileKind.isSkillFileName(entry.path) {
                    let relative = String(entry.path.dropFirst(prefix.count))
                    // A skill file at an unsafe path is no skill to install; the others stand.
                    guard (try? SafePath.checkRelative(relative)) != nil else { continue }
                    files[relative] = try repository.blob(entry.blob)
                }
                return Snapshot(files: files, commit: id.description)
            }
            let nested = Set(
                entries.filter { !$0.isLink && $0.path.hasPrefix(prefix) && FileKind.isSkillFileName($0.path) }
                    .map { FileKind.folder(of: $0.path) }
            ).subtracting([source.path])
            let byPath = Dictionary(entries.map { ($0.path, $0) }) { first, _ in first }
            var files: [String: [UInt8]] = [:]
            var executables = Set<String>()
            var total = 0
            for entry in entries where entry.path.hasPrefix(prefix) {
                if nested.contains(where: { entry.path.hasPrefix($0 + "/") }) { continue }
                let relative = String(entry.path.dropFirst(prefix.count))
                try SafePath.checkRelative(relative)
                var file = entry
                if entry.isLink {
                    // A link is followed when it names a file of this skill; one pointing out is refused, as a
                    // folder source refuses it.
                    let target = String(decoding: try repository.blob(entry.blob), as: UTF8.self)
                    let resolved = Self.resolve(target, from: FileKind.folder(of: entry.path))
                    guard let resolved, resolved.hasPrefix(prefix), let linked = byPath[resolved], !linked.isLink
                    else {
                        throw SyncError(
                            .unsafePath, "refused \(relative): a link to \(target), which is not a file of \(source)")
                    }
                    file = linked
                }
                let bytes = try repository.blob(file.blob)
                total += bytes.count
                guard files.count < maxFiles, total <= maxBytes else { throw overLimit(source) }
                files[relative] = bytes
                if file.isExecutable { executables.insert(relative) }
            }
            return Snapshot(files: files, commit: id.description, executables: executables)
        } catch let error as SyncError {
            throw error
        } catch let error as GitError {
            throw SyncError(
                error.code == .notFound ? .notFound : .io, "cannot read \(source): \(error.message)", underlying: error)
        } catch {
            throw SyncError(.io, "cannot read \(source): \(error)")
        }
    }

    /// `target` of a link standing in `folder`, as a path from the tree's root; nil when it leaves the tree.
    static func resolve(_ target: String, from folder: String) -> String? {
        guard !target.hasPrefix("/") else { return nil }
        var parts = folder.isEmpty ? [] : folder.split(separator: "/").map(String.init)
        for part in target.split(separator: "/").map(String.init) {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(part)
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }
}
