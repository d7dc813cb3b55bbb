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
    public init(files: [String: [UInt8]], commit: String?) {
        self.files = files
        self.commit = commit
    }

    /// The sha256 of every file.
    public var hashes: [String: String] { files.mapValues { SHA256.hex(of: $0) } }
}

/// A skill found in a snapshot: the folder holding a `SKILL.md`.
public struct FoundSkill: Sendable, Hashable {
    public var name: String
    /// Its folder inside the snapshot.
    public var folder: String
    /// Its files, relative to ``folder``.
    public var files: [String: [UInt8]]

    /// Every skill in `snapshot`; one at the root is named after `rootName` when its front matter has no name.
    public static func all(in snapshot: Snapshot, rootName: String) -> [FoundSkill] {
        let skillFiles = snapshot.files.keys.filter { ($0 as NSString).lastPathComponent.lowercased() == "skill.md" }
        return skillFiles.sorted().compactMap { skillPath -> FoundSkill? in
            let folder = FileKind.folder(of: skillPath)
            let prefix = folder.isEmpty ? "" : folder + "/"
            var files: [String: [UInt8]] = [:]
            for (path, bytes) in snapshot.files where path.hasPrefix(prefix) {
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
    /// The files of `source` at `commit` (`nil`: its ref, else `HEAD`, else as it is now).
    func read(_ source: SkillSource, commit: String?) throws(SyncError) -> Snapshot
}

/// Reads folders and git repositories on disk; registry sources go to ``registry``.
///
/// Never touches the network: a URL that is not `file://` is refused.
public struct LocalSourceReader: SourceReader {
    /// Reads a registry source; `nil` when no registry is at hand.
    public var registry: (@Sendable (SkillSource) throws(SyncError) -> Snapshot)?
    /// The most files read from one source.
    ///
    /// The default is 2,000.
    public var maxFiles = 2_000
    /// The most bytes read from one source.
    ///
    /// The default is 32 MiB.
    public var maxBytes = 32 << 20

    public init(registry: (@Sendable (SkillSource) throws(SyncError) -> Snapshot)? = nil) {
        self.registry = registry
    }

    public func read(_ source: SkillSource, commit: String?) throws(SyncError) -> Snapshot {
        switch source.kind {
        case .folder:
            let root = source.path.isEmpty ? source.location : source.location + "/" + source.path
            return Snapshot(files: try readFolder(root, boundary: source.location), commit: nil)
        case .git:
            return try readGit(source, commit: commit)
        case .registry:
            guard let registry else {
                throw SyncError(.unavailable, "\(source) is a registry source and no registry is open")
            }
            return try registry(source)
        }
    }

    private func readFolder(_ root: String, boundary: String) throws(SyncError) -> [String: [UInt8]] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw SyncError(.notFound, "no folder at \(root)")
        }
        let realBoundary = URL(fileURLWithPath: boundary).resolvingSymlinksInPath().path
        var files: [String: [UInt8]] = [:]
        var total = 0
        func walk(_ relative: String) throws(SyncError) {
            let folder = relative.isEmpty ? root : root + "/" + relative
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names.sorted() where name != ".git" && name != "node_modules" {
                let path = relative.isEmpty ? name : relative + "/" + name
                let full = root + "/" + path
                let target = URL(fileURLWithPath: full).resolvingSymlinksInPath().path
                guard target == realBoundary || target.hasPrefix(realBoundary + "/") else {
                    throw SyncError(.unsafePath, "refused \(path): a link pointing out of \(boundary)")
                }
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: target, isDirectory: &isFolder) else { continue }
                if isFolder.boolValue {
                    let isLink = (try? FileManager.default.destinationOfSymbolicLink(atPath: full)) != nil
                    if !isLink { try walk(path) }  // linked folders are not walked: no cycles
                    continue
                }
                guard let data = FileManager.default.contents(atPath: target) else { continue }
                total += data.count
                guard files.count < maxFiles, total <= maxBytes else {
                    throw SyncError(.invalid, "\(root) holds more than \(maxFiles) files or \(maxBytes) bytes")
                }
                files[path] = [UInt8](data)
            }
        }
        try walk("")
        return files
    }

    private func readGit(_ source: SkillSource, commit: String?) throws(SyncError) -> Snapshot {
        do {
            let repository = try Repository(path: source.location)
            let id = try repository.resolveCommit(commit ?? source.ref ?? "HEAD")
            let prefix = source.path.isEmpty ? "" : source.path + "/"
            var files: [String: [UInt8]] = [:]
            var total = 0
            for file in try repository.files(inTree: try repository.commit(id).tree) where file.path.hasPrefix(prefix) {
                let relative = String(file.path.dropFirst(prefix.count))
                try SafePath.checkRelative(relative)
                let bytes = try repository.blob(file.blob)
                total += bytes.count
                guard files.count < maxFiles, total <= maxBytes else {
                    throw SyncError(.invalid, "\(source) holds more than \(maxFiles) files or \(maxBytes) bytes")
                }
                files[relative] = bytes
            }
            return Snapshot(files: files, commit: id.description)
        } catch let error as SyncError {
            throw error
        } catch let error as GitError {
            throw SyncError(
                error.code == .notFound ? .notFound : .io, "cannot read \(source): \(error.message)", underlying: error)
        } catch {
            throw SyncError(.io, "cannot read \(source): \(error)")
        }
    }
}
