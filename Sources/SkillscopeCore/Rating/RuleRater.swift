/// Rates each rule of a file common, distinctive or very specific, with its evidence.
///
/// The definitions are those of the file page:
///
/// - *very specific*: the rule names a thing (``NamedThings``) that only a few repositories of the registry name
///   ("names `scripts/release.sh`, seen in 1 repository"). Where the registry holds too few repositories for that
///   to mean anything, the words decide: a path, a project command, a setting, an environment variable or a host.
/// - *common*, measured: the file has at least `minimumEditedVersions` edited versions and at least 6 in 10 of
///   them keep the rule (the same words, or a rule of the same kind): "kept by 7 of 9 edited versions".
///   *≈ common*, estimated where there are fewer: at least 1 in 5 files of the registry hold a rule of its kind.
/// - *distinctive*: the rest, the author's own choice.
///
/// Very specific is decided first: a project's path stays project-bound however many copies keep it. A skill's
/// paths into its own `scripts/`, `references/` and `assets/` folders (the Agent Skills layout) are not: those
/// files travel with the skill wherever it is installed.
public struct RuleRater: Sendable {
    public struct Configuration: Sendable {
        public var minimumEditedVersions = 5
        /// The share of edited versions that must keep a rule for it to be common.
        public var keptShare = 0.6
        /// The share of the registry's files holding a rule of the kind for ≈ common.
        public var commonReach = 0.2
        /// A path, command, setting, environment variable or host named in at most this many repositories is
        /// project-bound; a bare inline name only when no other repository names it (API names are rarer).
        public var boundRepositories = 3
        public var boundNameRepositories = 1
        /// Below this many repositories (or files, for ≈ common) the registry is too small for statistics.
        public var minimumRepositories = 50
        public var minimumFiles = 50
        public init() {}
    }

    /// What the registry knows about a file's rules.
    public struct Context: Sendable {
        /// A rule kind and the files holding a rule of it.
        public struct Kind: Sendable, Hashable {
            public var id: Int64
            public var reach: Int
            public init(id: Int64, reach: Int) {
                self.id = id
                self.reach = reach
            }
        }

        /// One edited version's rules: the keys of their words (``RuleKey``) and their kinds.
        public struct Version: Sendable {
            public var keys: Set<UInt64>
            public var kinds: Set<Int64>
            public init(keys: Set<UInt64>, kinds: Set<Int64>) {
                self.keys = keys
                self.kinds = kinds
            }
        }

        public var registryFiles: Int
        public var registryRepositories: Int
        /// The embedder that grouped the registry's rules into kinds, if they were grouped.
        public var embedder: String?
        /// The kind of each rule of the file, by position; absent where the rule has none.
        public var kinds: [Int: Kind]
        public var editedVersions: [Version]
        /// Repositories naming each thing, by ``NamedThing/key``; absent is none.
        public var thingRepositories: [String: Int]
        /// The rated file's kind, where known: a skill's paths into its own folders bind it to no project.
        public var fileKind: FileKind?

        public init(
            registryFiles: Int = 0, registryRepositories: Int = 0, embedder: String? = nil, kinds: [Int: Kind] = [:],
            editedVersions: [Version] = [], thingRepositories: [String: Int] = [:], fileKind: FileKind? = nil
        ) {
            self.registryFiles = registryFiles
            self.registryRepositories = registryRepositories
            self.embedder = embedder
            self.kinds = kinds
            self.editedVersions = editedVersions
            self.thingRepositories = thingRepositories
            self.fileKind = fileKind
        }
    }

    public var configuration: Configuration

    public init(configuration: Configuration = Configuration()) { self.configuration = configuration }

    public func rate(_ rules: [Rule], context: Context) -> RuleRatingReport {
        let measured = context.editedVersions.count >= configuration.minimumEditedVersions
        let rated = rules.map { rule in rate(rule, context: context, measured: measured) }
        return RuleRatingReport(
            rules: rated, editedVersions: measured ? context.editedVersions.count : 0,
            registryFiles: context.registryFiles, registryRepositories: context.registryRepositories,
            embedder: context.embedder)
    }

    private func rate(_ rule: Rule, context: Context, measured: Bool) -> RatedRule {
        let counted = context.registryRepositories >= configuration.minimumRepositories
        let things = NamedThings.of(rule.text)
        let countedThings = things.map { thing in
            RatedRule.CountedThing(
                text: thing.text, kind: thing.kind,
                repositories: counted ? context.thingRepositories[thing.key] ?? 0 : nil)
        }
        var rated = RatedRule(
            position: rule.position, line: rule.lines.start, endLine: rule.lines.end, text: rule.text,
            rating: .distinctive, isEstimate: false, evidence: "", namedThings: countedThings)
        let isSkill = context.fileKind == .skill || context.fileKind == .skillReference
        let bindingThings = countedThings.filter { !(isSkill && Self.isSkillOwnPath($0)) }
        if let evidence = projectBound(bindingThings, counted: counted) {
            rated.rating = .verySpecific
            rated.evidence = evidence
            return rated
        }
        let kind = context.kinds[rule.position]
        if measured {
            let key = RuleKey.of(rule.text)
            let kept = context.editedVersions.filter { version in
                version.keys.contains(key) || kind.map { version.kinds.contains($0.id) } == true
            }.count
            let total = context.editedVersions.count
            rated.rating = Double(kept) >= configuration.keptShare * Double(total) ? .common : .distinctive
            rated.evidence = "kept by \(kept) of \(total) edited versions"
            return rated
        }
        guard context.registryFiles >= configuration.minimumFiles, context.embedder != nil else {
            rated.evidence =
                "too few edited versions to measure, and the registry (\(context.registryFiles) files) is too small "
                + "or not grouped for an estimate"
            return rated
        }
        let reach = kind?.reach ?? 0
        let share = Double(reach) / Double(context.registryFiles)
        let percent = Int((share * 100).rounded())
        let files = context.registryFiles.formatted
        if share >= configuration.commonReach {
            rated.rating = .common
            rated.isEstimate = true
            rated.evidence = "≈ \(percent)% of \(files) files hold a rule of its kind"
        } else {
            rated.evidence =
                reach <= 1
                ? "no other file of \(files) holds a rule of its kind"
                : "\(reach.formatted) of \(files) files (≈ \(percent < 1 ? "<1" : String(percent))%) hold a rule of its kind"
        }
        return rated
    }

    /// The evidence that a rule is bound to one project, or nil.
    private func projectBound(_ things: [RatedRule.CountedThing], counted: Bool) -> String? {
        for thing in things {
            if let repositories = thing.repositories {
                let bound = thing.kind == .code ? configuration.boundNameRepositories : configuration.boundRepositories
                guard repositories <= bound else { continue }
                let seen =
                    repositories == 0
                    ? "named in no repository of the registry"
                    : "seen in \(repositories) \(repositories == 1 ? "repository" : "repositories")"
                return "names `\(thing.text)`, \(seen)"
            }
            let shaped = NamedThing(text: thing.text, kind: thing.kind)
            if shaped.isProjectShaped, !Self.everyProjectHas(shaped.key) {
                return "names `\(thing.text)`, \(shaped.kindPhrase) (too few repositories for statistics)"
            }
        }
        return nil
    }

    /// The folders of a skill that the Agent Skills specification names; a path into one is the skill's own file.
    static let skillFolders = ["scripts/", "references/", "assets/"]

    /// Whether `thing` is a path into one of a skill's own folders (`references/forms.md`), or a command that
    /// runs one of its scripts (`python scripts/fill.py`, `./scripts/check.sh`).
    static func isSkillOwnPath(_ thing: RatedRule.CountedThing) -> Bool {
        func isOwn(_ token: Substring) -> Bool {
            var path = Substring(token.lowercased())
            while path.hasPrefix("./") { path = path.dropFirst(2) }
            return skillFolders.contains { path.hasPrefix($0) } && !path.contains("..")
        }
        switch thing.kind {
        case .path: return isOwn(Substring(thing.text))
        case .command: return thing.text.split(separator: " ").contains(where: isOwn)
        default: return false
        }
    }

    /// Names every project has, which never tie a rule to one: `package.json`, `README.md`, `.env`, `src/`.
    static func everyProjectHas(_ key: String) -> Bool {
        let common: Set<String> = [
            "package.json", "readme.md", ".env", ".gitignore", "tsconfig.json", "claude.md", "agents.md", "skill.md",
            "src/", "tests/", "test/", "docs/", "node_modules/", "dockerfile", "makefile", "cargo.toml",
            "pyproject.toml", "requirements.txt", "go.mod", "package-lock.json", ".env.example", "changelog.md",
            "contributing.md", "license", "github.com", "localhost",
        ]
        return common.contains(key)
    }
}

extension Int {
    /// 7892 → "7,892".
    var formatted: String {
        let digits = String(Swift.abs(self))
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return (self < 0 ? "-" : "") + out
    }
}
