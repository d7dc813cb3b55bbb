internal import FileSystem
internal import Foundation
internal import SkillscopeCore

/// Writes one canonical rules file into every agent's instruction file, inside a ``MarkedBlock``.
///
/// The canonical file is `AGENTS.md` at the root by default; files of the same name in subfolders are synced to
/// the same subfolders (monorepos), or, for agents that read no nested files (Copilot, Cline), to a scoped rule
/// for `folder/**`. Sections only for some agents and sections for some globs (``CanonicalRules``) map to each
/// format: Cursor `.mdc` `globs`, Copilot `applyTo`, Claude Code and Cline `paths`, Windsurf `trigger: glob`, and
/// inline text for formats without globs. Text outside the block is never changed; a block edited by hand is
/// reported and left alone unless forced; every write is atomic with a backup under `.skillscope/backup/`.
public struct RuleSync: Sendable {
    /// What to sync and how.
    public struct Configuration: Sendable {
        /// The canonical file, relative to the root.
        ///
        /// The default is `AGENTS.md`.
        public var canonical = "AGENTS.md"
        /// The agents written for.
        ///
        /// The default is none (the CLI fills in the detected ones).
        public var agents: [Agent] = []
        /// Overwrite blocks edited by hand.
        ///
        /// The default is `false`.
        public var force = false
        /// User scope: the root is the home folder and each agent's user instruction file is written (scoped
        /// sections go inline, subfolders are not searched).
        ///
        /// The default is `false`.
        public var isGlobal = false
        /// Where previous versions of written files are kept, relative to the root.
        ///
        /// The default is
        /// `.skillscope/backup`.
        public var backupFolder = ".skillscope/backup"
        public var atomic = AtomicFile.Configuration()
        public init() {}
    }

    /// One file to write: where, the block's content, and the header a new file starts with.
    public struct Target: Sendable, Hashable {
        public var path: String
        public var agent: String
        public var from: String
        public var content: String
        public var header: String
    }

    /// What happened to one target.
    public struct Outcome: Sendable, Hashable, Codable {
        public enum Action: String, Sendable, Hashable, Codable {
            case created, updated, unchanged
            /// A hand-written file got the block appended; all its text kept.
            case added
            /// The block was edited by hand, or its markers are malformed: left alone.
            case refused
            /// The file is a link to the canonical file, which the agent then reads: nothing to write.
            case linked
        }
        public var path: String
        public var agents: [String]
        public var action: Action
        /// Why a file was refused or left alone, with its line where there is one.
        public var reason: String?
        /// Where the text went, when the file is a link to another file of the project.
        public var writtenTo: String?
    }

    /// Where `target` (relative to the root) really is: itself, or the file its links lead to, relative to the root.
    ///
    /// - Throws: ``SyncError`` `.unsafePath` for a link that leads out of the project.
    func resolvedPath(_ target: String) throws(SyncError) -> String {
        let full = root + "/" + target
        guard FileSystem.isSymbolicLink(full) else { return target }
        let real = URL(fileURLWithPath: full).resolvingSymlinksInPath().standardizedFileURL.path
        let realRoot = URL(fileURLWithPath: root).resolvingSymlinksInPath().standardizedFileURL.path
        guard real.hasPrefix(realRoot + "/") else {
            throw SyncError(.unsafePath, "refused \(target): a link to \(real), outside \(root)")
        }
        return String(real.dropFirst(realRoot.count + 1))
    }

    public var root: String
    public var configuration: Configuration

    public init(root: String, configuration: Configuration = Configuration()) {
        self.root = URL(fileURLWithPath: root).standardizedFileURL.path
        self.configuration = configuration
    }

    /// The canonical files: the configured one and those of the same name in subfolders (`.git`, `node_modules`
    /// and hidden folders skipped, eight levels deep), relative to the root.
    public func canonicalFiles() -> [String] {
        var found: [String] = []
        if FileManager.default.fileExists(atPath: root + "/" + configuration.canonical) {
            found.append(configuration.canonical)
        }
        guard !configuration.isGlobal else { return found }
        let name = (configuration.canonical as NSString).lastPathComponent
        // Folders come with their kind from `readdir`: no `stat` a name, and links are never followed.
        func walk(_ relative: String, depth: Int) {
            guard depth <= 8 else { return }
            let folder = relative.isEmpty ? root : root + "/" + relative
            let children = (FileSystem.entries(ofDirectory: folder) ?? [])
                .filter { $0.kind == .directory && !$0.name.hasPrefix(".") && $0.name != "node_modules" }
                .map(\.name).sorted()
            for child in children {
                let path = relative.isEmpty ? child : relative + "/" + child
                if FileSystem.mode(atPath: root + "/" + path + "/" + name) != nil,
                    path + "/" + name != configuration.canonical
                {
                    found.append(path + "/" + name)
                }
                walk(path, depth: depth + 1)
            }
        }
        walk("", depth: 1)
        return found
    }

    /// Every file to write, in a stable order.
    ///
    /// - Throws: ``SyncError`` `.notFound` without a canonical file, `.invalid` for a malformed section.
    public func plan() throws(SyncError) -> [Target] {
        try plan(canonicals: canonicalFiles())
    }

    /// Every file to write for `canonicals` (what ``canonicalFiles()`` found), in a stable order.
    func plan(canonicals: [String]) throws(SyncError) -> [Target] {
        guard !canonicals.isEmpty else {
            throw SyncError(.notFound, "no canonical rules file \(configuration.canonical) in \(root)")
        }
        var targets: [Target] = []
        for canonical in canonicals {
            guard let bytes = AtomicFile.read(root + "/" + canonical) else {
                throw SyncError(.io, "cannot read \(canonical)")
            }
            let rules = try CanonicalRules(text: SourceText(decoding: bytes).text, path: canonical)
            let folder = canonical == configuration.canonical ? "" : FileKind.folder(of: canonical)
            for agent in configuration.agents {
                targets += Self.targets(
                    for: agent, rules: rules, folder: folder, from: canonical, isGlobal: configuration.isGlobal)
            }
        }
        var seen = Set<String>()
        return targets.filter { seen.insert($0.path).inserted }
    }

    static func targets(for agent: Agent, rules: CanonicalRules, folder: String, from: String, isGlobal: Bool)
        -> [Target]
    {
        var agent = agent
        if isGlobal { (agent.rules, agent.scopedRules) = (agent.userRules, nil) }
        guard let always = agent.rules else { return [] }
        let (text, scoped) = rules.rules(for: agent.id)
        let prefix = folder.isEmpty ? "" : folder + "/"
        var targets: [Target] = []
        func scopedTarget(_ globs: [String], _ raw: String) {
            let content = tidy(raw)
            guard let file = agent.scopedRules, !content.isEmpty else { return }
            let slug = Self.slug(globs.joined(separator: "-"))
            targets.append(
                Target(
                    path: file.path.replacingOccurrences(of: "{slug}", with: slug), agent: agent.id, from: from,
                    content: content, header: header(file.header, globs: globs, from: from)))
        }
        var main = text
        let inline = agent.scopedRules == nil
        for (globs, content) in scoped {
            let fullGlobs = globs.map { prefix + $0 }
            if inline {
                let list = fullGlobs.map { "`\($0)`" }.joined(separator: ", ")
                main +=
                    (main.isEmpty || main.hasSuffix("\n\n") ? "" : "\n") + "When working on files matching \(list):\n\n"
                    + content
            } else {
                scopedTarget(fullGlobs, content)
            }
        }
        main = tidy(main)
        if folder.isEmpty || agent.readsNestedFiles {
            if !main.isEmpty {
                targets.insert(
                    Target(
                        path: prefix + always.path, agent: agent.id, from: from, content: main,
                        header: header(always.header, globs: nil, from: from)), at: 0)
            }
        } else {
            scopedTarget([prefix + "**"], main)
        }
        return targets
    }

    /// `text` with the blank lines that removed marker lines leave behind collapsed: no leading blank lines, at
    /// most one blank line in a row, one final `\n`; empty when nothing but blank lines is left.
    static func tidy(_ text: String) -> String {
        var lines: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let blank = line.trimmingWhitespace().isEmpty
            if blank && (lines.isEmpty || lines.last?.trimmingWhitespace().isEmpty == true) { continue }
            lines.append(line)
        }
        while let last = lines.last, last.trimmingWhitespace().isEmpty { lines.removeLast() }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// The front matter a new file of this format starts with (then a blank line), for `globs` or every file.
    static func header(_ style: Agent.Header, globs: [String]?, from: String) -> String {
        let quoted = (globs ?? []).map { "\"\($0.replacingOccurrences(of: "\"", with: "\\\""))\"" }
        switch (style, globs) {
        case (.none, _), (.paths, nil), (.copilot, nil): return ""
        case (.cursor, nil):
            return "---\ndescription: Project rules synced by skillscope from \(from)\nalwaysApply: true\n---\n\n"
        case (.cursor, let globs?):
            return "---\ndescription: Rules for \(globs.joined(separator: ", ")), synced by skillscope from \(from)\n"
                + "globs: \(globs.joined(separator: ","))\nalwaysApply: false\n---\n\n"
        case (.windsurf, nil): return "---\ntrigger: always_on\n---\n\n"
        case (.windsurf, let globs?): return "---\ntrigger: glob\nglobs: \(globs.joined(separator: ","))\n---\n\n"
        case (.paths, _?): return "---\npaths:\n" + quoted.map { "  - \($0)\n" }.joined() + "---\n\n"
        case (.copilot, let globs?):
            return
                "---\napplyTo: \"\((globs).joined(separator: ",").replacingOccurrences(of: "\"", with: "\\\""))\"\n---\n\n"
        }
    }

    /// A file-name part for a glob set: lower-case letters and digits joined by `-`, at most 48 characters.
    static func slug(_ text: String) -> String {
        var slug = ""
        for character in text.lowercased() {
            if character.isASCII && (character.isLetter || character.isNumber) {
                slug.append(character)
            } else if !slug.isEmpty && !slug.hasSuffix("-") {
                slug.append("-")
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug.isEmpty ? "all" : String(slug.prefix(48))
    }

    // MARK: Writing

    /// How many targets one ``AtomicFile/Batch`` writes: the disk is waited for twice a batch.
    static let batchSize = 1024

    /// Writes every target whose text would change.
    ///
    /// Targets are decided and staged a batch at a time (``AtomicFile/Batch``), then each is renamed into place and
    /// reported in order: a kill at any moment leaves each file old or new, and what was reported is in place.
    ///
    /// - Parameters:
    ///   - dryRun: decide, write nothing.
    ///   - progress: called after each target with how many are done, of how many, and its outcome, so a large
    ///     project shows its progress (and a killed run what it did).
    public func run(
        dryRun: Bool = false, progress: ((_ done: Int, _ total: Int, _ outcome: Outcome) -> Void)? = nil
    ) throws(SyncError) -> [Outcome] {
        let found = canonicalFiles()
        let canonicals = Set(found)
        let targets = try plan(canonicals: found)
        var outcomes: [Outcome] = []
        var written = Set<String>()
        var inside = SafePath.InsideCheck(root: root)
        var start = 0
        while start < targets.count {
            let batch = AtomicFile.Batch(configuration: configuration.atomic)
            // Each target's outcome, and its index in the batch when it is written.
            var decided: [(outcome: Outcome, staged: Int?)] = []
            var said = 0
            func say(upTo end: Int) {
                while said < end {
                    outcomes.append(decided[said].outcome)
                    progress?(outcomes.count, targets.count, decided[said].outcome)
                    said += 1
                }
            }
            var failure: SyncError?
            for target in targets[start..<min(start + Self.batchSize, targets.count)] {
                do {
                    let (outcome, text, previous) = try decide(
                        target, canonicals: canonicals, written: &written, inside: &inside)
                    guard let text, !dryRun else {
                        decided.append((outcome, nil))
                        continue
                    }
                    let real = outcome.writtenTo ?? target.path
                    let backup = previous == nil ? nil : root + "/" + configuration.backupFolder + "/" + real
                    try batch.stage(Array(text.utf8), to: root + "/" + real, backup: backup, previous: previous)
                    decided.append((outcome, batch.count - 1))
                } catch {
                    failure = error  // what was decided before still gets written
                    break
                }
            }
            let positions = decided.enumerated().compactMap { $0.element.staged == nil ? nil : $0.offset }
            try batch.commit { index in say(upTo: positions[index] + 1) }
            say(upTo: decided.count)
            if let failure { throw failure }
            start += Self.batchSize
        }
        return outcomes
    }

    /// What to do with one target: its outcome, the file's new text when it changes, and its bytes now.
    private func decide(
        _ target: Target, canonicals: Set<String>, written: inout Set<String>, inside: inout SafePath.InsideCheck
    ) throws(SyncError) -> (Outcome, text: String?, previous: [UInt8]?) {
        try SafePath.checkRelative(target.path)
        try inside.check(target.path)
        // A link is followed to its file inside the project, and stays a link; one to a canonical file needs
        // nothing (the agent reads the rules there); two links to one file get one block.
        let real = try resolvedPath(target.path)
        let via = real == target.path ? nil : real
        if via != nil, canonicals.contains(real) {
            let outcome = Outcome(
                path: target.path, agents: [target.agent], action: .linked,
                reason: "a link to \(real): the rules stand there once", writtenTo: real)
            return (outcome, nil, nil)
        }
        guard written.insert(real).inserted else {
            let outcome = Outcome(
                path: target.path, agents: [target.agent], action: .unchanged,
                reason: "a link to \(real), written once", writtenTo: real)
            return (outcome, nil, nil)
        }
        let block = MarkedBlock.render(content: target.content, from: target.from)
        guard let bytes = AtomicFile.read(root + "/" + real) else {
            let outcome = Outcome(path: target.path, agents: [target.agent], action: .created, writtenTo: via)
            return (outcome, target.header + block, nil)
        }
        let existing = String(decoding: bytes, as: UTF8.self)
        let current: MarkedBlock?
        switch MarkedBlock.scan(existing) {
        case .failure(let malformed):
            // Never forced: replacing would remove text the markers do not bound.
            let outcome = Outcome(
                path: target.path, agents: [target.agent], action: .refused,
                reason: "\(real):\(malformed.line): \(malformed.message); fix the markers by hand", writtenTo: via)
            return (outcome, nil, nil)
        case .success(let block): current = block
        }
        if let current, current.isEditedByHand, !configuration.force {
            let outcome = Outcome(
                path: target.path, agents: [target.agent], action: .refused,
                reason: "\(real):\(current.line): the generated block was edited by hand; --force replaces it",
                writtenTo: via)
            return (outcome, nil, nil)
        }
        let text = MarkedBlock.splice(block, into: existing, replacing: current)
        let action: Outcome.Action = text == existing ? .unchanged : (current == nil ? .added : .updated)
        let outcome = Outcome(path: target.path, agents: [target.agent], action: action, writtenTo: via)
        return (outcome, action == .unchanged ? nil : text, bytes)
    }

    /// Drift of the agents' files from the canonical file, rule by rule: blocks edited by hand, blocks older than
    /// the canonical file, files or blocks missing.
    ///
    /// - Parameter progress: called after each agent's file with how many are done, of how many, and the drift
    ///   found in it.
    public func status(progress: ((_ done: Int, _ total: Int, _ found: [Drift]) -> Void)? = nil) throws(SyncError)
        -> [Drift]
    {
        var drifts: [Drift] = []
        let found = canonicalFiles()
        let canonicals = Set(found)
        let targets = try plan(canonicals: found)
        for (index, target) in targets.enumerated() {
            let before = drifts.count
            defer { progress?(index + 1, targets.count, Array(drifts[before...])) }
            let real = try resolvedPath(target.path)
            if real != target.path, canonicals.contains(real) { continue }  // the agent reads the canonical file
            let full = root + "/" + real
            guard let bytes = AtomicFile.read(full) else {
                drifts.append(Drift(.blockMissing, target.path, "not written yet; run `skillscope sync`"))
                continue
            }
            let text = String(decoding: bytes, as: UTF8.self)
            let scanned: MarkedBlock?
            switch MarkedBlock.scan(text) {
            case .failure(let malformed):
                drifts.append(Drift(.blockMalformed, target.path, "line \(malformed.line): \(malformed.message)"))
                continue
            case .success(let block): scanned = block
            }
            guard let block = scanned else {
                drifts.append(Drift(.blockMissing, target.path, "has no skillscope block; run `skillscope sync`"))
                continue
            }
            // The rule-by-rule changes are worked out only for a block that drifted: most are in step.
            let expectedContent = MarkedBlock.renderedContent(target.content)
            if block.isEditedByHand {
                let changes = RuleDiff.changes(from: expectedContent, to: block.content, path: "AGENTS.md")
                drifts.append(
                    Drift(
                        .blockEdited, target.path, "the generated block was edited by hand (line \(block.line))",
                        changes: changes))
            } else if block.content != expectedContent {
                let reversed = RuleDiff.changes(from: block.content, to: expectedContent, path: "AGENTS.md")
                drifts.append(
                    Drift(.blockStale, target.path, "\(target.from) changed since the last sync", changes: reversed))
            }
        }
        return drifts
    }
}
