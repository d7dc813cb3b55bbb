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
    /// Install skills whose security scan fails, recording the accepted findings in the lock (`--allow-risk`).
    ///
    /// The default is `false`: `add`, `update` and `install` refuse such a skill, naming each finding's file, line
    /// and reason, and write nothing.
    public var allowsRisk = false
    /// Seconds to wait after each step of a change: a test hook, so a kill can land between any two steps.
    ///
    /// The default is none.
    public var stepDelay = 0.0

    /// The canonical copies, relative to ``root``.
    public static let skillsFolder = ".agents/skills"
    /// The locked upstream versions, relative to ``root``.
    public static let baseFolder = ".skillscope/base"
    /// Where `remove --force` keeps an edited skill, relative to ``root``.
    public static let backupFolder = ".skillscope/backup"

    public init(root: String, isGlobal: Bool = false, reader: any SourceReader) {
        self.root = URL(fileURLWithPath: root).standardizedFileURL.path
        self.isGlobal = isGlobal
        self.reader = reader
    }

    public var lockPath: String { root + (isGlobal ? "/.agents/skillscope.lock" : "/skillscope.lock") }
    public var vercelLockPath: String { root + "/skills-lock.json" }

    /// The lock, after finishing (or clearing away) a change a killed process left (``Transaction``).
    public func readLock() throws(SyncError) -> SkillLock {
        recover()
        return try SkillLock.read(at: lockPath) ?? SkillLock()
    }

    /// Finishes a journaled change a killed or failed command left, and removes staging it left without a
    /// journal; never fails, so nothing left behind blocks a later command.
    ///
    /// - Returns: a sentence for the user about each change finished or cleared.
    @discardableResult public func recover() -> [String] { Transaction.recover(root: root) }

    func transaction() -> Transaction { Transaction(root: root, stepDelay: stepDelay) }

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
        /// The security scan of the installed files.
        public var scan: RiskVerdict
    }

    // MARK: add

    /// Installs the skills of `source` (those named in `only`, else all) for `agents`, all or nothing: every skill
    /// is read and checked, and everything staged, before anything is moved into place.
    ///
    /// - Parameter alias: the name to install the one chosen skill under (`--as`), when another skill has its name.
    /// - Throws: ``SyncError``: `.notFound` when the source holds no such skill, `.unsafePath` for a name or path
    ///   that would leave its folder, `.mismatch` when a different or edited skill of that name is installed.
    public func add(_ source: SkillSource, only: [String] = [], agents: [Agent], as alias: String? = nil)
        throws(SyncError) -> [Installed]
    {
        var lock = try readLock()
        let (commit, found) = try skills(of: source, only: only)
        if let alias {
            guard found.count == 1 else {
                throw SyncError(
                    .invalid,
                    "--as names one skill, and \(source) holds \(found.count) (\(found.map(\.name).joined(separator: ", "))); pass --skill NAME too"
                )
            }
            try SafePath.checkSkillName(alias)
        }
        var byName: [String: [String]] = [:]
        for skill in found {
            byName[alias ?? skill.name, default: []].append(skill.folder.isEmpty ? "." : skill.folder)
        }
        for (name, folders) in byName.sorted(by: { $0.key < $1.key }) where folders.count > 1 {
            throw SyncError(
                .mismatch,
                "\(source) holds \(folders.count) skills named \(name) (in \(folders.joined(separator: ", "))); pass --path FOLDER to choose one, and --as NAME to install it under another name"
            )
        }
        var staging = transaction()
        var installed: [Installed] = []
        var refused: [(name: String, verdict: RiskVerdict)] = []
        do {
            for skill in found {
                let name = alias ?? skill.name
                let skillSource = source.appending(skill.folder)
                try checkReplaceable(name, by: skillSource, lock: lock)
                // Under another name, SKILL.md's `name:` says so too (agents would see two skills of one name), as an
                // edit the lock keeps, so `update` merges upstream into it.
                var files = skill.files
                var renamed: [String: [UInt8]] = [:]
                if name != skill.name {
                    for path in ["SKILL.md", "skill.md"] {
                        if let bytes = files[path], let rewritten = Self.renaming(bytes, to: name) {
                            (files[path], renamed[path]) = (rewritten, rewritten)
                        }
                    }
                }
                try staging.stage(files, executables: skill.executables, at: Self.skillsFolder + "/" + name)
                try staging.stage(skill.files, executables: skill.executables, at: Self.baseFolder + "/" + name)
                var placements: [String: Placement] = [:]
                var notes: [String] = skill.notes
                for agent in agents {
                    let (placement, note) = try plan(
                        name, for: agent, files: files, executables: skill.executables, previous: nil, into: &staging)
                    placements[agent.id] = placement
                    if let note { notes.append(note) }
                }
                if name != skill.name {
                    notes.append(
                        renamed.isEmpty
                            ? "installed as \(name); its SKILL.md has no `name:` to rename, so agents may still call it \(skill.name)"
                            : "installed as \(name); its SKILL.md's `name:` now says \(name) (an edit the lock keeps)")
                }
                let copied = placements.filter { $0.value == .copied }.map(\.key).sorted()
                var entry = SkillLock.Entry(
                    source: skillSource, commit: commit, files: skill.files.mapValues { SHA256.hex(of: $0) },
                    agents: agents.map(\.id), copied: copied.isEmpty ? nil : copied,
                    executables: skill.executables.isEmpty ? nil : skill.executables.sorted())
                entry.keep(renamed)
                // Findings accepted for this skill before (a re-add from the same source) stay accepted.
                let previous = lock.skills[name].flatMap { $0.source == skillSource ? $0.acceptedRisk : nil }
                let scan = RiskVerdict(files: files, acceptance: previous)
                if !scan.failures.isEmpty, !allowsRisk { refused.append((name, scan)) }
                entry.acceptedRisk = scan.acceptance(at: entry.contentHash, allowsRisk: allowsRisk)
                lock.skills[name] = entry
                notes += Self.specNotes(files)
                installed.append(
                    Installed(
                        name: name, source: skillSource.description, commit: commit, files: skill.files.count,
                        agents: placements, notes: notes, scan: scan))
            }
            try RiskVerdict.refuse(refused, doing: "install")
        } catch {
            staging.abandon()
            throw error
        }
        try staging.commit(lock: lock, lockPath: lockPath)
        return installed
    }

    /// The skills `add` would install from `source` (those named in `only`, else all) and the commit read: the
    /// skill files are found first, then only the chosen skills are read, each within the reader's limits.
    func skills(of source: SkillSource, only: [String]) throws(SyncError) -> (String?, [FoundSkill]) {
        let index = try reader.skillFiles(source, commit: nil)
        let rootName = ((source.path.isEmpty ? source.location : source.path) as NSString).lastPathComponent
        let cleanRoot = rootName.hasSuffix(".git") ? String(rootName.dropLast(4)) : rootName
        var found = FoundSkill.all(in: index, rootName: cleanRoot)
        let names = found.map(\.name)
        if !only.isEmpty { found = found.filter { only.contains($0.name) || only.contains($0.folder) } }
        guard !found.isEmpty else {
            throw SyncError(
                .notFound,
                names.isEmpty
                    ? "\(source) holds no SKILL.md"
                    : "\(source) has no skill \(only.joined(separator: ", ")); it has \(names.joined(separator: ", "))")
        }
        var skills: [FoundSkill] = []
        for var skill in found {
            try SafePath.checkSkillName(skill.name)
            let snapshot = try reader.read(source.appending(skill.folder), commit: index.commit)
            for path in snapshot.files.keys { try SafePath.checkRelative(path) }
            // An agent reads SKILL.md as text: a binary or oversized one is refused, never installed.
            for path in ["SKILL.md", "skill.md"] {
                guard let bytes = snapshot.files[path],
                    case .rejected(let diagnostic) = DocumentParser().parse(bytes, path: path, kind: .skill)
                else { continue }
                let folder = skill.folder.isEmpty ? "" : skill.folder + "/"
                throw SyncError(.invalid, "refused \(source) \(folder)\(path): \(diagnostic.message)")
            }
            skill.files = snapshot.files
            skill.executables = snapshot.executables
            skills.append(skill)
        }
        return (index.commit, skills)
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
                    "a skill named \(name) from \(entry.source) is installed; pass --as NAME to install this one under another name, remove it first, or pass --force to replace it"
                )
            }
            let edited = unrecordedEdits(entry: entry, files: readFiles(folder))
            if !edited.isEmpty {
                throw SyncError(
                    .mismatch,
                    "\(name) was edited locally (\(edited.joined(separator: ", "))); use `skillscope update \(name)` to keep the edits, or --force"
                )
            }
            if let kept = entry.modified, !kept.isEmpty {
                throw SyncError(
                    .mismatch,
                    "\(name) has local edits the lock keeps (\(kept.keys.sorted().joined(separator: ", "))); use `skillscope update \(name)` to merge upstream into them, or --force to replace them with the source's version"
                )
            }
        } else if (try? FileManager.default.attributesOfItem(atPath: folder)) != nil {
            throw SyncError(
                .mismatch,
                "\(Self.skillsFolder)/\(name) exists and was not installed by skillscope; pass --as NAME to install under another name, or --force to replace it"
            )
        }
    }

    /// Plans how `agent` gets skill `name`: shared, a link to the canonical copy, or a copy (staged), checking
    /// first that nothing not Skillscope's is in the way.
    ///
    /// - Parameters:
    ///   - previous: how it was placed before, so a copy of ours may be replaced.
    ///   - retry: the command to run again once the way is cleared (`install`, `update`), for commands without
    ///     `--as` and `--force`; `nil` for `add`, whose refusals name those options.
    /// - Returns: the placement and, for a copy, a sentence saying why.
    func plan(
        _ name: String, for agent: Agent, files: [String: [UInt8]], executables: Set<String>, previous: Placement?,
        retry: String? = nil, into staging: inout Transaction
    ) throws(SyncError) -> (Placement, String?) {
        let folder = agent.skillFolder(global: isGlobal)
        if folder == Self.skillsFolder { return (.shared, nil) }
        let path = root + "/" + folder + "/" + name
        if !isGlobal { try SafePath.checkInside(root + "/" + folder, root: root) }
        let destination = Self.linkDestination(folder: folder, name: name)
        let manager = FileManager.default
        if let existing = try? manager.destinationOfSymbolicLink(atPath: path) {
            if existing == destination, !copiesInsteadOfLinks { return (.linked, nil) }
            guard force || existing == destination else {
                throw SyncError(
                    .mismatch,
                    "\(folder)/\(name) links elsewhere (\(existing)); "
                        + (retry.map { "remove the link, then run `skillscope \($0)` again" }
                            ?? "pass --force to replace the link (what it points to is left alone)"))
            }
        } else if (try? manager.attributesOfItem(atPath: path)) != nil {
            guard previous == .copied || force else {
                throw SyncError(
                    .mismatch,
                    "\(folder)/\(name) exists and is not Skillscope's; "
                        + (retry.map { "move it away, then run `skillscope \($0)` again" }
                            ?? "pass --as NAME to install under another name, or --force to replace it (it is moved to .skillscope/backup)")
                )
            }
        }
        if !copiesInsteadOfLinks {
            try staging.link(folder + "/" + name, to: destination)
            return (.linked, nil)
        }
        try staging.stage(files, executables: executables, at: folder + "/" + name)
        return (
            .copied,
            "\(agent.name): copied into \(folder)/\(name) because copies were asked for; `skillscope update` refreshes the copy"
        )
    }

    /// Removes the empty folders above `path`, up to the root (never the root, never one holding anything).
    func removeEmptyParents(of path: String) {
        var folder = (path as NSString).deletingLastPathComponent
        while folder.count > root.count, folder.hasPrefix(root + "/"),
            (try? FileManager.default.contentsOfDirectory(atPath: folder))?.isEmpty == true,
            (try? FileManager.default.removeItem(atPath: folder)) != nil
        {
            folder = (folder as NSString).deletingLastPathComponent
        }
    }

    /// Every file under `folder`, by relative path; links are not followed out (their targets are read only when
    /// inside the folder).
    func readFiles(_ folder: String) -> [String: [UInt8]] { readFolder(folder).files }

    /// The files under `folder` and which are executable, as ``readFiles(_:)`` reads them.
    func readFolder(_ folder: String) -> Snapshot {
        guard FileManager.default.fileExists(atPath: folder) else { return Snapshot(files: [:], commit: nil) }
        return (try? LocalSourceReader().read(SkillSource(kind: .folder, location: folder), commit: nil))
            ?? Snapshot(files: [:], commit: nil)
    }

    /// What `list` says of an installed skill: `conflict` (markers, or a conflict `update` recorded),
    /// `missing` (a locked file is gone), `edited` (a file differs from the lock) or `ok`.
    public func state(of name: String, entry: SkillLock.Entry) -> String {
        let files = readFiles(root + "/" + Self.skillsFolder + "/" + name)
        if !conflicts(name, entry: entry, files: files).isEmpty { return "conflict" }
        if entry.lockedPaths.contains(where: { files[$0] == nil }) { return "missing" }
        let edited = !unrecordedEdits(entry: entry, files: files).isEmpty
        return edited ? "edited" : "ok"
    }

    /// The files of an installed skill that differ from what the lock records (edited, or added by hand), sorted;
    /// a conflict `update` recorded is not among them.
    func unrecordedEdits(entry: SkillLock.Entry, files: [String: [UInt8]]) -> [String] {
        files.filter { path, bytes in
            !(entry.conflicts ?? []).contains(path)
                && (!entry.lockedPaths.contains(path) || !entry.accepts(SHA256.hex(of: bytes), at: path))
        }.keys.sorted()
    }

    /// A `SKILL.md` whose front matter's top-level `name:` says `name`, each other byte kept; `nil` when it has
    /// no front matter or no `name:` line.
    static func renaming(_ bytes: [UInt8], to name: String) -> [UInt8]? {
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let body = lines.first.map { $0.hasSuffix("\r") ? String($0.dropLast()) : $0 }
        guard body == "---" else { return nil }
        for index in lines.indices.dropFirst() {
            let line = lines[index]
            let content = line.hasSuffix("\r") ? String(line.dropLast()) : line
            if content == "---" || content == "..." { return nil }
            guard content.hasPrefix("name:") else { continue }
            lines[index] = "name: " + name + (line.hasSuffix("\r") ? "\r" : "")
            return Array(lines.joined(separator: "\n").utf8)
        }
        return nil
    }

    /// Spec problems of a skill's `SKILL.md`, as notes (installing never depends on them).
    static func specNotes(_ files: [String: [UInt8]]) -> [String] {
        guard let bytes = files["SKILL.md"] ?? files["skill.md"] else { return [] }
        let document = DocumentParser().parse(text: SourceText(decoding: bytes).text, path: "SKILL.md", kind: .skill)
        return SpecCheck.check(document, folderName: nil).filter { $0.severity == .error }
            .map { "SKILL.md" + ($0.line.map { ":\($0)" } ?? "") + ": \($0.message)" }
    }
}
