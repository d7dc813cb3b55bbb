internal import Foundation
internal import Hashing
internal import SkillscopeCore

/// Installs skills into a project (or the user's home, for `--global`): one copy under `.agents/skills/<name>/`,
/// linked into each agent's skill folder, copied where a link cannot be made; a pristine copy of the locked
/// upstream version under `.skillscope/base/<name>/` for three-way updates; and `skillscope.lock`.
///
/// Nothing outside ``root`` is written. Names and paths from sources are checked with ``SafePath``.
public struct SkillManager: Sendable {
    /// The project root, or the home folder in user scope.
    public var root: String
    /// User scope (`--global`): agents' user folders, the lock at `.agents/skillscope.lock`.
    public var isGlobal: Bool
    public var reader: any SourceReader
    /// Copy into agents' folders instead of linking.
    ///
    /// The default is `false`.
    public var copiesInsteadOfLinks = false
    /// Replace what exists even when it was edited or is not Skillscope's.
    ///
    /// The default is `false`.
    public var force = false

    /// The canonical copies, relative to ``root``.
    public static let skillsFolder = ".agents/skills"
    /// The locked upstream versions, relative to ``root``.
    public static let baseFolder = ".skillscope/base"

    public init(root: String, isGlobal: Bool = false, reader: any SourceReader) {
        self.root = URL(fileURLWithPath: root).standardizedFileURL.path
        self.isGlobal = isGlobal
        self.reader = reader
    }

    public var lockPath: String { root + (isGlobal ? "/.agents/skillscope.lock" : "/skillscope.lock") }
    public var vercelLockPath: String { root + "/skills-lock.json" }

    public func readLock() throws(SyncError) -> SkillLock { try SkillLock.read(at: lockPath) ?? SkillLock() }

    /// How an agent got a skill.
    public enum Placement: String, Sendable, Hashable, Codable {
        /// The agent reads `.agents/skills` itself.
        case shared
        case linked
        /// A copy, because a link could not be made (or copies were asked for).
        case copied
    }

    /// What `add` did for one skill.
    public struct Installed: Sendable, Hashable, Codable {
        public var name: String
        public var source: String
        public var commit: String?
        public var files: Int
        public var agents: [String: Placement]
        public var notes: [String]
    }

    // MARK: add

    /// Installs the skills of `source` (those named in `only`, else all) for `agents`.
    ///
    /// - Throws: ``SyncError``: `.notFound` when the source holds no such skill, `.unsafePath` for a name or path
    ///   that would leave its folder, `.mismatch` when a different or edited skill of that name is installed.
    public func add(_ source: SkillSource, only: [String] = [], agents: [Agent]) throws(SyncError) -> [Installed] {
        let (snapshot, found) = try skills(of: source, only: only)
        var lock = try readLock()
        var installed: [Installed] = []
        for skill in found {
            let skillSource = source.appending(skill.folder)
            try checkReplaceable(skill.name, by: skillSource, lock: lock)
            try place(skill.files, name: skill.name, in: Self.skillsFolder)
            try place(skill.files, name: skill.name, in: Self.baseFolder)
            var placements: [String: Placement] = [:]
            var notes: [String] = []
            for agent in agents {
                let (placement, note) = try attach(skill.name, to: agent, files: skill.files, previous: nil)
                placements[agent.id] = placement
                if let note { notes.append(note) }
            }
            let copied = placements.filter { $0.value == .copied }.map(\.key).sorted()
            lock.skills[skill.name] = SkillLock.Entry(
                source: skillSource, commit: snapshot.commit, files: skill.files.mapValues { SHA256.hex(of: $0) },
                agents: agents.map(\.id), copied: copied.isEmpty ? nil : copied)
            notes += Self.specNotes(skill.files)
            installed.append(
                Installed(
                    name: skill.name, source: skillSource.description, commit: snapshot.commit,
                    files: skill.files.count, agents: placements, notes: notes))
        }
        try lock.write(to: lockPath)
        return installed
    }

    /// The skills `add` would install from `source` (those named in `only`, else all), their names and paths
    /// checked.
    func skills(of source: SkillSource, only: [String]) throws(SyncError) -> (Snapshot, [FoundSkill]) {
        let snapshot = try reader.read(source, commit: nil)
        let rootName = ((source.path.isEmpty ? source.location : source.path) as NSString).lastPathComponent
        var found = FoundSkill.all(
            in: snapshot, rootName: rootName.hasSuffix(".git") ? String(rootName.dropLast(4)) : rootName)
        if !only.isEmpty { found = found.filter { only.contains($0.name) || only.contains($0.folder) } }
        guard !found.isEmpty else {
            let names = FoundSkill.all(in: snapshot, rootName: rootName).map(\.name)
            throw SyncError(
                .notFound,
                names.isEmpty
                    ? "\(source) holds no SKILL.md"
                    : "\(source) has no skill \(only.joined(separator: ", ")); it has \(names.joined(separator: ", "))")
        }
        for skill in found {
            try SafePath.checkSkillName(skill.name)
            for path in skill.files.keys { try SafePath.checkRelative(path) }
        }
        return (snapshot, found)
    }

    /// Where an agent's link to the canonical copy points, relative to the link: `../../.agents/skills/NAME`.
    static func linkDestination(folder: String, name: String) -> String {
        String(repeating: "../", count: folder.split(separator: "/").count) + skillsFolder + "/" + name
    }

    /// Refuses to replace a skill of the same name from another source, one edited locally, or a folder that is not
    /// Skillscope's, unless ``force``.
    private func checkReplaceable(_ name: String, by source: SkillSource, lock: SkillLock) throws(SyncError) {
        guard !force else { return }
        let folder = root + "/" + Self.skillsFolder + "/" + name
        if let entry = lock.skills[name] {
            if entry.source != source {
                throw SyncError(
                    .mismatch,
                    "a skill named \(name) from \(entry.source) is installed; remove it first or pass --force")
            }
            let edited = readFiles(folder).filter { !entry.accepts(SHA256.hex(of: $0.value), at: $0.key) }
            if !edited.isEmpty {
                throw SyncError(
                    .mismatch,
                    "\(name) was edited locally (\(edited.keys.sorted().joined(separator: ", "))); use `skillscope update \(name)` to keep the edits, or --force"
                )
            }
        } else if FileManager.default.fileExists(atPath: folder) {
            throw SyncError(
                .mismatch,
                "\(Self.skillsFolder)/\(name) exists and was not installed by skillscope; pass --force to replace it")
        }
    }

    /// Writes a skill folder whole: into a temporary sibling first, then renamed into place.
    func place(_ files: [String: [UInt8]], name: String, in folder: String) throws(SyncError) {
        try SafePath.checkSkillName(name)
        let parent = root + "/" + folder
        let target = parent + "/" + name
        try SafePath.checkInside(target, root: root)
        let manager = FileManager.default
        let temporary = parent + "/.\(name).skillscope-\(UUID().uuidString.prefix(8))"
        do {
            try manager.createDirectory(atPath: temporary, withIntermediateDirectories: true)
            for (path, bytes) in files.sorted(by: { $0.key < $1.key }) {
                try SafePath.checkRelative(path)
                let full = temporary + "/" + path
                try manager.createDirectory(
                    atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try Data(bytes).write(to: URL(fileURLWithPath: full))
            }
            let old = parent + "/.\(name).skillscope-old-\(UUID().uuidString.prefix(8))"
            let exists = (try? manager.attributesOfItem(atPath: target)) != nil
            if exists { try manager.moveItem(atPath: target, toPath: old) }
            try manager.moveItem(atPath: temporary, toPath: target)
            if exists { try? manager.removeItem(atPath: old) }
        } catch let error as SyncError {
            try? manager.removeItem(atPath: temporary)
            throw error
        } catch {
            try? manager.removeItem(atPath: temporary)
            throw SyncError(.io, "cannot write \(folder)/\(name): \(error.localizedDescription)", underlying: error)
        }
    }

    /// Links (or copies) the canonical copy into `agent`'s skill folder.
    ///
    /// - Parameter previous: how it was placed before, so a copy of ours may be replaced.
    /// - Returns: the placement and, for a copy, a sentence saying why.
    func attach(_ name: String, to agent: Agent, files: [String: [UInt8]], previous: Placement?) throws(SyncError)
        -> (Placement, String?)
    {
        let folder = agent.skillFolder(global: isGlobal)
        if folder == Self.skillsFolder { return (.shared, nil) }
        let path = root + "/" + folder + "/" + name
        if !isGlobal { try SafePath.checkInside(root + "/" + folder, root: root) }
        let destination = Self.linkDestination(folder: folder, name: name)
        let manager = FileManager.default
        if let existing = try? manager.destinationOfSymbolicLink(atPath: path) {
            if existing == destination { return (.linked, nil) }
            guard force else {
                throw SyncError(
                    .mismatch, "\(folder)/\(name) links elsewhere (\(existing)); pass --force to replace it")
            }
            try? manager.removeItem(atPath: path)
        } else if (try? manager.attributesOfItem(atPath: path)) != nil {
            guard previous == .copied || force else {
                throw SyncError(
                    .mismatch, "\(folder)/\(name) exists and is not Skillscope's; pass --force to replace it")
            }
            if !copiesInsteadOfLinks { try? manager.removeItem(atPath: path) }
        }
        var reason = "copies were asked for"
        if !copiesInsteadOfLinks {
            do {
                try manager.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
                try manager.createSymbolicLink(atPath: path, withDestinationPath: destination)
                return (.linked, nil)
            } catch {
                reason = "a link could not be made (\(error.localizedDescription))"
            }
        }
        try place(files, name: name, in: folder)
        return (
            .copied,
            "\(agent.name): copied into \(folder)/\(name) because \(reason); `skillscope update` refreshes the copy"
        )
    }

    /// Removes a skill: its links and copies, its canonical and base copies and its lock entry.
    ///
    /// - Returns: the paths removed, relative to the root.
    public func remove(_ name: String) throws(SyncError) -> [String] {
        try SafePath.checkSkillName(name)
        var lock = try readLock()
        guard let entry = lock.skills[name] else { throw SyncError(.notFound, "no skill \(name) in \(lockPath)") }
        var removed: [String] = []
        let manager = FileManager.default
        for agent in try Agent.parse(entry.agents) {
            let folder = agent.skillFolder(global: isGlobal)
            guard folder != Self.skillsFolder else { continue }
            let path = root + "/" + folder + "/" + name
            let isLink = (try? manager.destinationOfSymbolicLink(atPath: path)) != nil
            if isLink || (entry.copied ?? []).contains(agent.id), (try? manager.removeItem(atPath: path)) != nil {
                removed.append(folder + "/" + name)
            }
        }
        for folder in [Self.skillsFolder, Self.baseFolder]
        where (try? manager.removeItem(atPath: root + "/" + folder + "/" + name)) != nil {
            removed.append(folder + "/" + name)
        }
        lock.skills[name] = nil
        try lock.write(to: lockPath)
        return removed
    }

    /// Every file under `folder`, by relative path; links are not followed out (their targets are read only when
    /// inside the folder).
    func readFiles(_ folder: String) -> [String: [UInt8]] {
        guard FileManager.default.fileExists(atPath: folder) else { return [:] }
        return (try? LocalSourceReader().read(SkillSource(kind: .folder, location: folder), commit: nil).files) ?? [:]
    }

    /// Spec problems of a skill's `SKILL.md`, as notes (installing never depends on them).
    static func specNotes(_ files: [String: [UInt8]]) -> [String] {
        guard let bytes = files["SKILL.md"] ?? files["skill.md"] else { return [] }
        let document = DocumentParser().parse(text: SourceText(decoding: bytes).text, path: "SKILL.md", kind: .skill)
        return SpecCheck.check(document, folderName: nil).filter { $0.severity == .error }
            .map { "SKILL.md:\($0.line.map(String.init) ?? "-"): \($0.message)" }
    }
}
