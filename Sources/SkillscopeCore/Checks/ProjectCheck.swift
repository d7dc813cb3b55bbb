/// The checks that need a file's neighbours: broken links and paths (`broken-link`, `missing-file`), Claude Code's
/// imports (`import-missing`, `import-cycle`, `import-depth`), Codex's AGENTS.md budget (`instruction-budget`), and
/// rules repeated or contradicted across the files an agent reads together (``RuleConflicts``).
public struct ProjectCheck: Sendable {
    /// A checked file: its path in the tree and its parsed text.
    public struct File: Sendable {
        public var path: String
        public var document: Document

        public init(path: String, document: Document) {
            self.path = path
            self.document = document
        }
    }

    /// What the check found: findings by file path, and what it could not check.
    public struct Outcome: Sendable {
        public var findings: [String: [Finding]] = [:]
        /// References left unchecked because the tree holds only instruction files, by form.
        public var unknowable: [ReferenceScan.Reference.Form: Int] = [:]

        public init() {}

        mutating func add(_ finding: Finding, to path: String) { findings[path, default: []].append(finding) }

        /// Takes in what `other` found.
        public mutating func merge(_ other: Outcome) {
            for (path, found) in other.findings { findings[path, default: []] += found }
            for (form, count) in other.unknowable { unknowable[form, default: 0] += count }
        }
    }

    /// Codex's `project_doc_max_bytes`: it stops reading the AGENTS.md chain there.
    public static let codexBudget = 32 * 1024
    /// Claude Code follows imports this many hops deep.
    public static let importDepth = 5
    /// Folders whose files a project's instructions name but which builds make: a missing one is no broken path.
    static let generatedFolders: Set<String> = [
        "dist", "build", "out", "target", "node_modules", ".next", "coverage", "vendor", "tmp", ".build", "DerivedData",
        ".venv", "venv", "__pycache__", "bin", "obj",
    ]
    /// The folders of a skill its instructions name files in.
    static let skillFolders: Set<String> = ["scripts", "references", "assets", "templates", "resources", "examples"]

    public let tree: ProjectTree
    /// The text of a tree file that is not among the checked ones (an imported file, an AGENTS.md of the chain).
    public let text: @Sendable (String) -> String?

    public init(tree: ProjectTree, text: @escaping @Sendable (String) -> String?) {
        self.tree = tree
        self.text = text
    }

    /// Every check on `files`: ``references(of:)`` on each, then ``checkTogether(_:)``.
    public func check(_ files: [File]) -> Outcome {
        var outcome = checkTogether(files)
        for file in files { checkReferences(of: file, into: &outcome) }
        return outcome
    }

    /// The links and paths of one file, on its own (files can be checked on several threads).
    public func references(of file: File) -> Outcome {
        var outcome = Outcome()
        checkReferences(of: file, into: &outcome)
        return outcome
    }

    /// The checks that read files together: imports, the AGENTS.md budget, duplicate and contradicting rules.
    public func checkTogether(_ files: [File]) -> Outcome {
        var outcome = checkChains(files)
        for group in RuleConflicts.groups(files) { outcome.merge(rules(of: group)) }
        return outcome
    }

    /// The chains of files an agent reads: CLAUDE.md imports and the AGENTS.md budget.
    public func checkChains(_ files: [File]) -> Outcome {
        var outcome = Outcome()
        var texts: [String: String] = [:]
        for file in files { texts[file.path] = file.document.text }
        checkImports(files, texts: texts, into: &outcome)
        checkBudget(files, texts: texts, into: &outcome)
        return outcome
    }

    /// Duplicate and contradicting rules among one group of ``RuleConflicts/groups(_:)`` (groups can be checked on
    /// several threads).
    public func rules(of group: [File]) -> Outcome {
        var outcome = Outcome()
        for (path, findings) in RuleConflicts.check(group) {
            outcome.findings[path, default: []] += findings
        }
        return outcome
    }

    /// The folder of the skill `path` belongs to (the nearest folder above holding a SKILL.md), if any.
    func skillRoot(of path: String) -> String? {
        var folder = ProjectTree.folder(of: path)
        while true {
            if tree.files.contains(folder.isEmpty ? "SKILL.md" : folder + "/SKILL.md")
                || tree.files.contains(folder.isEmpty ? "skill.md" : folder + "/skill.md")
            {
                return folder
            }
            if folder.isEmpty { return nil }
            folder = ProjectTree.folder(of: folder)
        }
    }

    private func checkReferences(of file: File, into outcome: inout Outcome) {
        let folder = ProjectTree.folder(of: file.path)
        let skill =
            file.document.kind == .skill || file.document.kind == .skillReference ? skillRoot(of: file.path) : nil
        var seen = Set<String>()
        for reference in ReferenceScan(text: file.document.text).references where reference.form != .import {
            guard seen.insert("\(reference.form)\u{0}\(reference.target)\u{0}\(reference.line)").inserted else {
                continue
            }
            switch reference.form {
            case .link:
                // A skill's links into its own folder are the spec's `missing-reference`; those that leave it
                // (`../../tools/x.md`, `/docs/x`) are checked here.
                guard
                    file.document.kind != .skill || reference.target.hasPrefix("..") || reference.target.hasPrefix("/")
                else { continue }
                let base = reference.target.hasPrefix("/") ? tree.repository(of: folder) : folder
                guard let resolved = ProjectTree.join(base, reference.target), !tree.contains(resolved) else {
                    continue
                }
                guard knowable(resolved, skill: skill) else {
                    outcome.unknowable[.link, default: 0] += 1
                    continue
                }
                outcome.add(
                    Finding(
                        code: "broken-link", severity: .error,
                        message: "the link to '\(reference.target)' leads nowhere: no \(resolved) in the tree",
                        line: reference.line), to: file.path)
            case .inlineCode:
                guard let missing = missingPath(reference.target, from: folder, skill: skill) else { continue }
                guard knowable(missing, skill: skill) else {
                    outcome.unknowable[.inlineCode, default: 0] += 1
                    continue
                }
                let whose =
                    skill.map { $0.isEmpty ? "the skill's folder" : "the skill's folder \($0)" } ?? "the repository"
                outcome.add(
                    Finding(
                        code: "missing-file", severity: .warning,
                        message: "`\(reference.target)` is named as a file of \(whose), which has none at \(missing)",
                        line: reference.line), to: file.path)
            case .import:
                continue
            }
        }
    }

    /// Where a path named in inline code should be and is not, or nil when it exists or names no file of this tree
    /// (a file of the user's project, a build output).
    private func missingPath(_ path: String, from folder: String, skill: String?) -> String? {
        let first = String(path.split(separator: "/").first ?? "")
        if let skill {
            // A skill names the user's project's files too; only its own folders' files are its own.
            let own = ProjectTree.join(skill, first).map { tree.folders.contains($0) } ?? false
            guard Self.skillFolders.contains(first) || own else { return nil }
            let candidates = [ProjectTree.join(skill, path), ProjectTree.join(folder, path)].compactMap { $0 }
            return candidates.contains(where: tree.contains) ? nil : candidates.first
        }
        guard !Self.generatedFolders.contains(first) else { return nil }
        let repository = tree.repository(of: folder)
        let candidates = [ProjectTree.join(folder, path), ProjectTree.join(repository, path)].compactMap { $0 }
        guard !candidates.contains(where: tree.contains) else { return nil }
        // Only a path into a folder the repository has names its layout; `src/x.ts` in a repository without `src/`
        // is an example.
        let layout = [ProjectTree.join(folder, first), ProjectTree.join(repository, first)].compactMap { $0 }
        guard layout.contains(where: { tree.folders.contains($0) }) else { return nil }
        return candidates.last
    }

    /// Whether a missing `path` can be told missing: only in a known tree (a tree of instruction files only, such as a
    /// corpus that kept some files of each repository, cannot tell a file never kept from one missing).
    private func knowable(_ path: String, skill: String?) -> Bool { !tree.isInstructionsOnly }
}
