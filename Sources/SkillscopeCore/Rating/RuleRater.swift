/// Rates each rule of a file common, distinctive or very specific, with its evidence.
///
/// The definitions are those of the file page:
///
/// - *very specific*: the rule names something of one project: a file of its repository, a file of its skill's
///   own folders, a skill of its repository, the project itself, or a thing (``NamedThings``) that only a few
///   repositories of the registry name ("names `scripts/release.sh`, seen in 1 repository"); where the registry
///   holds too few repositories for that to mean anything, the thing's shape decides. Public names never bind by
///   rarity or shape (``PublicNames``). See `projectBound` for the order of the signals.
/// - *common*, measured: the file has at least `minimumEditedVersions` edited versions and at least 6 in 10 of
///   them keep the rule (``RuleKeeping``: the same words, or most of its phrases): "kept by 7 of 9 edited versions".
///   *≈ common*, estimated where there are fewer: at least 1 in 5 of the files most like it (its peers: its
///   versions, then the nearest in meaning; `RulePeers`) hold a rule of its kind.
/// - *distinctive*: the rest, the author's own choice.
///
/// Very specific is decided first: a project's path stays project-bound however many copies keep it. So does a
/// skill's pointer into its own `scripts/`, `references/` and `assets/` folders (the Agent Skills layout): copied
/// into a user's own file, such a rule points at nothing.
public struct RuleRater: Sendable {
    public struct Configuration: Sendable {
        public var minimumEditedVersions = 5
        /// The share of edited versions that must keep a rule for it to be common.
        public var keptShare = 0.6
        /// The share of the file's peers (the files most like it) holding a rule of the kind for ≈ common.
        public var commonReach = 0.2
        /// The fewest peers an estimate is made from (fewer say too little); the default is 20.
        public var minimumPeers = 20
        /// A path, command, setting, environment variable or host named in at most this many repositories (beyond
        /// those holding a copy of the file) is project-bound; a bare inline name never is by rarity alone.
        public var boundRepositories = 3
        /// Below this many repositories the registry is too small for statistics on named things.
        public var minimumRepositories = 50
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

        /// One edited version's rules: the keys of their words (``RuleKey``) and their three-word phrases
        /// (``RuleKeeping``).
        public struct Version: Sendable {
            public var keys: Set<UInt64>
            public var phrases: Set<UInt64>
            public init(keys: Set<UInt64>, phrases: Set<UInt64> = []) {
                self.keys = keys
                self.phrases = phrases
            }
        }

        /// The files most like the rated file, which ≈ common is estimated against (see `RulePeers` in
        /// SkillscopeRating): how many, how many of them are its versions, and per kind the peers holding a rule of
        /// it and one place that holds it ("obra/superpowers/skills/tdd/SKILL.md:42").
        public struct Peers: Sendable {
            public var count: Int
            public var versions: Int
            public var holding: [Int64: Int]
            public var example: [Int64: String]
            public init(count: Int, versions: Int, holding: [Int64: Int], example: [Int64: String]) {
                self.count = count
                self.versions = versions
                self.holding = holding
                self.example = example
            }
        }

        public var registryFiles: Int
        public var registryRepositories: Int
        /// The peers, where the registry was grouped and the file's meaning is known.
        public var peers: Peers?
        /// The embedder that grouped the registry's rules into kinds, if they were grouped.
        public var embedder: String?
        /// The kind of each rule of the file, by position; absent where the rule has none.
        public var kinds: [Int: Kind]
        public var editedVersions: [Version]
        /// Repositories naming each thing, by ``NamedThing/key``; absent is none.
        public var thingRepositories: [String: Int]
        /// The rated file's kind, where known.
        public var fileKind: FileKind?
        /// The rated file's path in its repository, where known: where its relative paths start.
        public var filePath: String?
        /// The files of the rated file's repository that the registry knows, as paths in the repository: a path a
        /// rule names that is one of them binds the rule to the project, however small the registry.
        public var repositoryFiles: RepositoryPaths = RepositoryPaths([])
        /// The names of the skills of the rated file's repository, as ``NameKey`` makes them.
        public var repositorySkills: Set<String> = []
        /// Names known to be public (libraries, standard APIs, tools): never evidence of one project.
        public var publicNames: PublicNames = PublicNames()
        /// The rated file's repository's name (`aiida-core` of `aiidateam/aiida-core`): a rule naming the project
        /// itself is bound to it.
        public var repositoryName: String?
        /// Other repositories holding a copy or an edited version of the rated file: its paths travel with it
        /// there, so that many more repositories name them without making them public.
        public var versionRepositories = 0

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
            embedder: context.embedder, peers: measured ? nil : context.peers?.count)
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
        if let evidence = projectBound(countedThings, rule: rule, context: context, counted: counted) {
            rated.rating = .verySpecific
            rated.evidence = evidence
            return rated
        }
        let kind = context.kinds[rule.position]
        if measured {
            // Kept as a reader means it (``RuleKeeping``): word for word, or edited with most of its phrases; the
            // same notion compare uses, so "kept by k of n" counts the versions compare marks kept.
            let kept = context.editedVersions.filter { version in
                RuleKeeping.keeps(rule.text, in: .init(keys: version.keys, phrases: version.phrases))
            }.count
            let total = context.editedVersions.count
            rated.rating = Double(kept) >= configuration.keptShare * Double(total) ? .common : .distinctive
            rated.evidence = "kept by \(kept) of \(total) edited versions"
            return rated
        }
        guard context.embedder != nil, let peers = context.peers, peers.count >= configuration.minimumPeers else {
            rated.evidence =
                "too few edited versions to measure, and too few files like this one"
                + (context.embedder == nil ? " (the registry's rules are not grouped)" : "") + " for an estimate"
            return rated
        }
        let reach = kind.flatMap { peers.holding[$0.id] } ?? 0
        let files = "of the \(peers.count) files most like this one"
        if Double(reach) >= configuration.commonReach * Double(peers.count), let kind {
            rated.rating = .common
            rated.isEstimate = true
            let example = peers.example[kind.id].map { ", e.g. \($0)" } ?? ""
            rated.evidence = "≈ held by \(reach) \(files)\(example)"
        } else {
            rated.evidence =
                reach == 0 ? "no rule of its kind in any \(files)" : "held by only \(reach) \(files)"
        }
        return rated
    }

    /// The evidence that a rule is bound to one project, or nil.
    ///
    /// In order, the signals that decide:
    /// 1. a path (or a script a command runs) that is a file or folder of the rule's own repository: "names
    ///    `scripts/release.sh`, a file of this repository"; a path into a skill's own folders points at that
    ///    skill's file ("points only at this skill's `references/x.md`"), which a copy of the rule elsewhere lacks;
    /// 2. the name of a skill of the same repository: "names `writing-plans`, a skill of this repository";
    /// 3. a public name (``PublicNames``: a library, a standard API, a tool) never binds by the signals below;
    /// 4. the project's own name, the repository's ("names `rulesync`, the project itself");
    /// 5. in a registry large enough for statistics, a path, command, setting, environment variable or host that
    ///    at most ``Configuration/boundRepositories`` repositories name beyond those holding a copy of the file
    ///    ("seen in 1 repository"); a bare inline name never, by rarity alone;
    /// 6. in a smaller registry, the shape of a path, project command, setting, environment variable or host.
    private func projectBound(
        _ things: [RatedRule.CountedThing], rule: Rule, context: Context, counted: Bool
    ) -> String? {
        let text = rule.text
        let isSkill = context.fileKind == .skill || context.fileKind == .skillReference
        for thing in things where thing.kind == .path || thing.kind == .command || thing.kind == .code {
            for path in Self.paths(in: thing) {
                if isSkill, Self.isSkillOwnPath(path) {
                    return "points at this skill's `\(path)`"
                }
                // A toolchain's own file (`manage.py`, `lib.rs`) is in the tree because the toolchain asks for it.
                if !Self.everyProjectHas(NamedThing(text: path, kind: .path).key),
                    !context.publicNames.contains(path),
                    context.repositoryFiles.contains(path, from: context.filePath)
                {
                    // The path as the rule writes it (`bun build.ts` names `build.ts`).
                    return "names `\(text.contains(thing.text) ? thing.text : path)`, a file of this repository"
                }
            }
        }
        for thing in things {
            if let key = NameKey.make(thing.text.trimmingCharacters(in: "/`")), context.repositorySkills.contains(key) {
                return "names `\(thing.text)`, a skill of this repository"
            }
        }
        if let place = Self.privatePlace(in: text) { return place }
        if let word = Self.skillWord(in: text, skills: context.repositorySkills) {
            return "names `\(Self.spelling(of: word, in: text))`, a skill of this repository"
        }
        if let skill = Self.namedSkill(in: text, things: things) {
            return "names the skill `\(skill)`"
        }
        if let name = Self.projectName(in: text, context: context) {
            return "names \(name), the project itself"
        }
        // A project's own instruction file: its CLAUDE.md, AGENTS.md and the like, and its editor's rules where the
        // editor reads them (not a collection of rules to copy).
        let projectFile =
            context.fileKind.map { kind in
                kind == .cursor
                    ? context.filePath.map { $0.hasPrefix(".cursor/") || $0.contains("/.cursor/") } ?? false
                    : !kind.hasOwnName
            } ?? false
        for thing in things {
            if context.publicNames.contains(thing.text, isCommand: thing.kind == .command) { continue }
            if thing.kind == .code {
                // A bare inline name (`storeToRefs`, `logger.exception()`) in a skill is an API far more often than
                // a project's own: rarity is no evidence there. A project's own instruction file (CLAUDE.md,
                // AGENTS.md, its editor rules) is another matter: an identifier of code that no other repository
                // names is its own code's (`WrapperToolset`, `provider_details`).
                // Rarity alone never binds it (`IntoResponse`, `MutexGuard` are rare in a registry of a hundred
                // repositories): a file or folder of the project carrying its name, or a definition in the rule's
                // own example, must say it is the project's.
                if projectFile, counted, Self.isIdentifierShaped(thing.text),
                    let repositories = thing.repositories, repositories <= 1 + context.versionRepositories
                {
                    if context.repositoryFiles.namesFile(like: Self.baseName(thing.text)) {
                        return "names `\(thing.text)`, a name of this project's code (a file of this repository "
                            + "carries it; no other repository names it)"
                    }
                    if Self.defines(Self.baseName(thing.text), in: rule.examples) {
                        return "names `\(thing.text)`, a name of this project's code (its example defines it; no "
                            + "other repository names it)"
                    }
                }
                continue
            }
            // An upper-case name the text does not call a variable (a tool's name such as `SEARCH_TOOLS`, a
            // constant) is a bare name.
            if thing.kind == .environmentVariable, !thing.text.hasPrefix("$"), !thing.text.contains("="),
                !Self.speaksOfVariables(text)
            {
                continue
            }
            // A public site (`drupal.org`, `https://rube.app/mcp`) is a service many use, and a file-name pattern
            // (`.yml`, `.spec.ts`) or one generic folder (`/src`, `./venv`) names no file: rarity in a registry says
            // nothing of them.
            let pathLike = thing.kind == .path || (thing.kind == .command && !thing.text.contains(" "))
            if thing.kind == .url || (pathLike && !Self.namesOneFile(thing.text)) { continue }
            // Names every project has joined by a slash ("`package.json/requirements.txt`") are a choice of two.
            let parts = thing.text.lowercased().split(separator: "/").map(String.init)
            if parts.count > 1, parts.allSatisfy(Self.everyProjectHas) { continue }
            if let repositories = thing.repositories {
                // Copies of this file carry its paths into other repositories: those are no sign of a public name.
                guard repositories <= configuration.boundRepositories + context.versionRepositories else { continue }
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

    /// Suffixes of hosts that only a private network resolves (RFC 6762's `.local`, RFC 8375's `.home.arpa`, and
    /// the names companies give their own: `.internal`, `.corp`, `.lan`, `.intranet`).
    static let privateHostSuffixes = [".internal", ".local", ".corp", ".lan", ".intranet", ".home.arpa"]

    /// The evidence of a place only one project's machines have, or nil: a host of a private network
    /// (`api.billing.internal`, `build01.corp`) or a Windows path (`C:\Projects\shop`, `\\fileserver\builds`),
    /// quoted as the rule writes it.
    static func privatePlace(in text: String) -> String? {
        let separators: Set<Character> = [" ", "\t", "\n", "`", "(", ")", "<", ">", "\"", "'", ",", ";", "[", "]"]
        for token in text.split(whereSeparator: { separators.contains($0) }) {
            var word = Substring(token)
            while let last = word.last, ".:!?".contains(last) { word = word.dropLast() }
            guard word.count >= 4, !word.contains("*") else { continue }
            let characters = Array(word)
            if characters.count >= 4, characters[0].isLetter, characters[0].isASCII, characters[1] == ":",
                characters[2] == "\\", characters[3].isLetter || characters[3].isNumber
            {
                return "names `\(word)`, a path on one Windows machine"
            }
            if word.hasPrefix("\\\\"), word.dropFirst(2).contains("\\") {
                return "names `\(word)`, a share on one Windows network"
            }
            var host = word
            if let scheme = host.firstRange(of: "://") { host = host[scheme.upperBound...] }
            host = host.prefix { $0 != "/" && $0 != ":" && $0 != "?" }
            let lowered = host.lowercased()
            guard lowered.contains("."), !lowered.hasPrefix("."),
                lowered.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }),
                privateHostSuffixes.contains(where: { lowered.hasSuffix($0) && lowered.count > $0.count })
            else { continue }
            return "names `\(host)`, a host of a private network"
        }
        return nil
    }

    /// A word of `text` that is the name of a skill of the same repository: a hyphenated name
    /// (`writing-plans`, `test-driven-development`), or any name right before "skill" or "技能".
    static func skillWord(in text: String, skills: Set<String>) -> String? {
        guard !skills.isEmpty else { return nil }
        let words = InstructionHeuristics.lowercaseWords(text, limit: 400)
        for (index, word) in words.enumerated() {
            guard let key = NameKey.make(word), skills.contains(key) else { continue }
            let next = index + 1 < words.count ? words[index + 1] : ""
            // Hyphenated, before "skill", or the label a rule opens with ("brainstorming: use it before …").
            if word.contains("-") || next == "skill" || next == "skills" || next.hasPrefix("技能")
                || (index == 0 && text.dropFirst(word.count).hasPrefix(":"))
            {
                return word
            }
        }
        return nil
    }

    /// An inline name that `text` calls a skill ("use the `plan` skill", "`writing-plans` skill"): a skill or a
    /// marketplace's name is one installation's, whatever repository holds it.
    static func namedSkill(in text: String, things: [RatedRule.CountedThing]) -> String? {
        for thing in things where thing.kind == .code {
            guard let range = text.firstRange(of: "`\(thing.text)`") else { continue }
            let after = InstructionHeuristics.lowercaseWords(String(text[range.upperBound...]), limit: 1)
            if let next = after.first, next == "skill" || next == "skills" || next.hasPrefix("技能") { return thing.text }
        }
        return nil
    }

    /// The project's own name where `text` names it: the repository's name (`aiida-core`, "Rulesync"), or its
    /// first part when that is five letters or more and no public name (`aiida`, not `python` of `python-sdk`).
    static func projectName(in text: String, context: Context) -> String? {
        guard let repository = context.repositoryName?.lowercased(), !repository.isEmpty else { return nil }
        let whole = NameKey.make(repository) ?? repository
        let parts = repository.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == "." }).map(String.init)
        var names = [whole]
        if let first = parts.first, parts.count > 1, first.count >= 5, !context.publicNames.contains(first),
            !InstructionHeuristics.isCommonWord(first)
        {
            names.append(first)
        }
        // Whole words only: "aiida-core" and "AiiDA core" name `aiida-core`; "score" names no `core`.
        let joined = "-" + InstructionHeuristics.lowercaseWords(text, limit: 400).joined(separator: "-") + "-"
        // Written as a name (`Azazel-Gadget`, "AiiDA core"), not as a path's parts (`~/.claude/skills/` is no
        // `claude-skills`).
        return names.filter { joined.contains("-\($0)-") }.lazy.compactMap { written(as: $0, in: text) }.first
            .map { "`\($0)`" }
    }

    /// `key` as `text` writes it: `Azazel-Gadget` for `azazel-gadget`, `PPTX` for `pptx` (letters in any case,
    /// `-`, `_`, `.` or a space between words), so that evidence quotes the rule's own words; `key` when the text
    /// writes it no such way.
    static func spelling(of key: String, in text: String) -> String { written(as: key, in: text) ?? key }

    /// `key` as `text` writes it (see ``spelling(of:in:)``), or nil.
    static func written(as key: String, in text: String) -> String? {
        let characters = Array(text)
        let folded: [Character] = characters.map { character in
            if character == "-" || character == "_" || character == "." || character == " " { return "-" }
            let lower = character.lowercased()
            return lower.count == 1 ? Character(lower) : character
        }
        let target = Array(key)
        guard !target.isEmpty, folded.count >= target.count else { return nil }
        func isWordCharacter(_ index: Int) -> Bool {
            index >= 0 && index < folded.count && (folded[index].isLetter || folded[index].isNumber)
        }
        for start in 0...(folded.count - target.count)
        where folded[start] == target[0] && !isWordCharacter(start - 1) && !isWordCharacter(start + target.count)
            && Array(folded[start..<(start + target.count)]) == target
        {
            return String(characters[start..<(start + target.count)])
        }
        return nil
    }

    /// An identifier without its call parentheses and its receiver: `Provider.model_profile()` gives `model_profile`.
    static func baseName(_ identifier: String) -> String {
        var name = Substring(identifier)
        if name.hasSuffix("()") { name = name.dropLast(2) }
        if let dot = name.lastIndex(of: ".") { name = name[name.index(after: dot)...] }
        return String(name)
    }

    /// Whether one of `examples` defines `name`: a declaration keyword of a common language right before it
    /// (`struct AppState`, `def build_index`, `class WrapperToolset`, `fn handler`, `type Props`).
    static func defines(_ name: String, in examples: [Example]) -> Bool {
        let keywords = [
            "struct", "class", "enum", "protocol", "interface", "type", "fn", "def", "func", "trait", "const", "let",
            "var", "function", "actor", "record", "object",
        ]
        for example in examples {
            let words = example.code.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
            for (index, word) in words.enumerated().dropFirst() where word == name {
                if keywords.contains(String(words[index - 1])) { return true }
            }
        }
        return false
    }

    /// Whether a path names one file or folder of a project: two parts or more (`deploy/staging.yml`,
    /// `libs/shared-types`), or a file name with its extension (`web_scraper.py`); not a bare extension or suffix
    /// (`.yml`, `.spec.ts`) or a single folder (`/src`, `./venv`, `tools/`).
    static func namesOneFile(_ path: String) -> Bool {
        var trimmed = Substring(path)
        while trimmed.hasPrefix("./") { trimmed = trimmed.dropFirst(2) }
        while trimmed.hasPrefix("/") { trimmed = trimmed.dropFirst() }
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        let parts = trimmed.split(separator: "/")
        // Words joined by slashes (`letters/numbers/hyphens`, `write/update/delete`, `Critical/High/Low`) are a
        // list, not a path, unless one of them is a folder projects use.
        if parts.count >= 3, parts.allSatisfy({ $0.allSatisfy(\.isLetter) }),
            !parts.contains(where: Self.projectFolders.contains)
        {
            return false
        }
        if path.contains("“") || path.contains("”") { return false }
        if parts.count >= 2 { return true }
        guard let name = parts.first else { return false }
        if name.hasPrefix(".") {
            // `.env.local` and `.prettierrc` are files; `.yml` and `.spec.ts` are what file names end with.
            let parts = name.dropFirst().split(separator: ".")
            return name.hasPrefix(".env") || (parts.count == 1 && !Self.fileExtensions.contains(parts[0]))
        }
        return name.contains(".")
    }

    /// Folders projects use, which keep slash-joined words a path (`src/server/api`).
    static let projectFolders: Set<Substring> = [
        "src", "lib", "libs", "app", "apps", "packages", "docs", "test", "tests", "scripts", "tools", "config",
        "components", "pages", "api", "server", "client", "internal", "cmd", "pkg", "plugins", "skills", "modules",
    ]

    /// Extensions a file name ends with, which alone (`.yml`) name no file.
    static let fileExtensions: Set<Substring> = [
        "yml", "yaml", "json", "ts", "tsx", "js", "jsx", "md", "mdc", "py", "swift", "go", "rs", "toml", "sh", "rb",
        "java", "kt", "css", "html", "txt", "sql", "vue", "php",
    ]

    /// Words that make an upper-case name a variable.
    static let variableCues: Set<String> = [
        "env", "environment", "variable", "variables", "var", "vars", "export", "secret", "secrets", "token", "key",
        "keys", "set", "unset", "config", "configure", "configuration", "setting", "settings", "flag",
    ]

    /// Whether `text` speaks of environment variables, settings or secrets: what makes an upper-case name one.
    static func speaksOfVariables(_ text: String) -> Bool {
        InstructionHeuristics.lowercaseWords(text, limit: 200).contains { variableCues.contains($0) }
            || text.contains(".env")
    }

    /// Whether `text` is one identifier of code that no prose word looks like: snake_case (`provider_details`),
    /// camelCase or PascalCase with a capital inside (`outputRoot`, `WrapperToolset`), or a member of a type
    /// (`Provider.model_profile()`, never `vi.useFakeTimers()`); one word, at least six letters.
    static func isIdentifierShaped(_ text: String) -> Bool {
        var name = Substring(text)
        if name.hasSuffix("()") { name = name.dropLast(2) }
        // A tool of an MCP server as Claude Code names it (`mcp__tavily__search`) is the server's.
        guard name.count >= 6, name.count <= 64, !name.hasPrefix("mcp__"),
            name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") }),
            name.first?.isLetter == true, !name.hasSuffix(".")
        else { return false }
        // A file name (`config.yaml`) is a path, decided above; a version or a host is no identifier either.
        if let dot = name.lastIndex(of: "."), name[name.index(after: dot)...].count <= 4,
            name[name.index(after: dot)...].allSatisfy({ $0.isLowercase })
        {
            return false
        }
        // A member of a lower-case receiver is a library's call (`vi.useFakeTimers()`, `z.looseObject()`); of a
        // type, the type's.
        if let dot = name.firstIndex(of: "."),
            name.first?.isUppercase != true || name[..<dot].count < 3 || name[..<dot] == "Self"
        {
            return false
        }
        let letters = Array(name)
        if letters.indices.dropFirst().dropLast().contains(where: {
            letters[$0] == "_" && letters[$0 - 1].isLetter && letters[$0 + 1].isLetter
        }) {
            return !name.allSatisfy { $0.isUppercase || $0 == "_" || $0.isNumber }
        }
        return letters.indices.dropFirst().contains { letters[$0].isUppercase && letters[$0 - 1].isLowercase }
    }

    /// The paths a thing may name: itself for a path, the script a command runs, the words of a code span that
    /// look like a path or a module path (`ui/pages`, `libs/shared-types`), which only the repository's own tree
    /// can confirm.
    static func paths(in thing: RatedRule.CountedThing) -> [String] {
        switch thing.kind {
        case .path: return [thing.text]
        case .command:
            return thing.text.split(separator: " ").map(String.init).filter { NamedThings.isPath($0) }
        case .code:
            return thing.text.split(separator: " ").map(String.init).filter {
                NamedThings.isPath($0) || ($0.contains("/") && !$0.contains("://"))
            }
        default: return []
        }
    }

    /// The folders of a skill that the Agent Skills specification names; a path into one is the skill's own file.
    static let skillFolders = ["scripts/", "references/", "assets/"]

    /// Whether `path` is a file in one of a skill's own folders (`references/forms.md`, `./scripts/check.sh`).
    static func isSkillOwnPath(_ path: String) -> Bool {
        var path = Substring(path.lowercased())
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        return skillFolders.contains { path.hasPrefix($0) } && !path.contains("..") && path.count > 8
    }

    /// Names every project has, which never tie a rule to one: `package.json`, `README.md`, `.env`, `src/`.
    static func everyProjectHas(_ key: String) -> Bool {
        let common: Set<String> = [
            "package.json", "readme.md", ".env", ".gitignore", "tsconfig.json", "claude.md", "agents.md", "skill.md",
            "src/", "tests/", "test/", "docs/", "node_modules/", "dockerfile", "makefile", "cargo.toml",
            "pyproject.toml", "requirements.txt", "go.mod", "package-lock.json", ".env.example", "changelog.md",
            "contributing.md", "license", "github.com", "localhost", "gemini.md", "claude.local.md", ".cursorrules",
            ".windsurfrules", "copilot-instructions.md", ".github/copilot-instructions.md", "agent.md",
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
