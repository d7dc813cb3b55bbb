import BLAS
public import SkillscopeCore
public import SkillscopeEmbeddings
public import SkillscopeStore
public import SkillscopeVersions
import Synchronization

/// Rates a file's rules against the registry: its edited versions' rules, the kinds `skillscope group` found and
/// the repositories naming each thing (see ``SkillscopeCore/RuleRater`` for the definitions).
public struct RegistryRater: Sendable {
    public let store: any Store
    public let cache: StatisticsCache
    /// Makes the model-backed embedder a registry was grouped with, by identifier (lexical ones need nothing);
    /// nil where the model is not installed: rules not in the registry then get no kind.
    public var modelEmbedder: @Sendable (String) -> (any Embedder)?
    /// The edited versions read for "kept by N of M", most-starred first.
    public var maximumVersions = 50
    public var rater = RuleRater()
    /// Names that never tie a rule to a project (``PublicNames/bundled``).
    public var publicNames = PublicNames.bundled
    /// How ``versionFinder()``'s finders cut and measure: a command that asks once measures on the candidates
    /// alone (``VersionFinder/TableScope/candidates``).
    public var versionConfiguration = VersionFinder.Configuration()

    public init(
        store: any Store, cache: StatisticsCache = StatisticsCache(),
        modelEmbedder: @escaping @Sendable (String) -> (any Embedder)? = { _ in nil }
    ) {
        self.store = store
        self.cache = cache
        self.modelEmbedder = modelEmbedder
    }

    /// Rates `rules` (of a stored file or of a text not stored), given the versions report found for it and the
    /// file's kind.
    ///
    /// - Parameters:
    ///   - project: for a text not stored, the project on disk it sits in, if known.
    ///   - shouldStop: asked while rules are placed among the kinds (the heavy part); true leaves the rest without
    ///     a kind, and the caller, which asked to stop, throws the answer away.
    public func rate(
        _ rules: [Rule], versions: VersionReport?, kind: FileKind? = nil, project: LocalProject? = nil,
        shouldStop: () -> Bool = { false }
    ) throws -> RuleRatingReport {
        let statistics = try cache.statistics(store)
        let named = rules.map { NamedThings.of($0.text) }
        let edited = versions?.bands.first { $0.band == .edited }?.versions ?? []
        let versionIDs = edited.prefix(maximumVersions).map(\.id)
        var context = RuleRater.Context(fileKind: kind)
        context.publicNames = publicNames
        if let versions, let repository = versions.subject.repository {
            let subject = versions.subject
            // The versions report holds the repository's other files when there are few; read them only otherwise.
            let files =
                versions.sameRepository.count == versions.sameRepositoryTotal
                ? versions.sameRepository : try store.repositoryFiles(repository)
            context.filePath = subject.path
            context.repositoryName = repository.split(separator: "/").last.map(String.init)
            context.versionRepositories = versions.bands.filter { $0.band != .own }.map(\.total).reduce(0, +)
            // The whole tree where a folder, git or GitHub listing kept it (read only when a rule names a path: it
            // can hold 100,000 of them); the instruction files in any case.
            let namesPath = named.joined().contains(where: \.mayNameAPath)
            let tree = namesPath ? try store.repositoryPaths(repository) : []
            context.repositoryFiles = RepositoryPaths(tree + files.map(\.path) + [subject.path])
            context.repositorySkills = Set(
                files.filter { $0.kind == .skill && $0.path != subject.path }.compactMap { NameKey.make($0.name) })
        } else if let project {
            context.describe(project)
        }
        if let statistics {
            context.registryFiles = statistics.files
            context.registryRepositories = statistics.repositories
            context.embedder = statistics.embedder
            context.kinds = try kinds(of: rules, statistics: statistics, shouldStop: shouldStop)
            for thing in named.joined() {
                context.thingRepositories[thing.key] = statistics.repositories(naming: thing.key)
            }
        } else {
            context.registryFiles = try store.indexedFileCount()
        }
        if let statistics, versionIDs.count < rater.configuration.minimumEditedVersions {
            context.peers = try peers(
                of: rules, kinds: context.kinds, versions: versions, statistics: statistics, shouldStop: shouldStop)
        }
        // The versions' rules in one read, not one a version.
        let versionRules = try store.rules(ofFiles: Array(versionIDs))
        context.editedVersions = versionIDs.map { id in
            let keeping = RuleKeeping.Version(rules: (versionRules[id] ?? []).map(\.text))
            return RuleRater.Context.Version(keys: keeping.keys, phrases: keeping.phrases)
        }
        return rater.rate(rules, context: context)
    }

    /// Each rule's kind: by its words where the registry holds them, else the nearest kind leader within the
    /// threshold (embedded with the registry's embedder, placed by ``KindPlacer``).
    private func kinds(
        of rules: [Rule], statistics: RuleStatistics, shouldStop: () -> Bool
    ) throws -> [Int: RuleRater.Context.Kind] {
        var kinds: [Int: RuleRater.Context.Kind] = [:]
        var unplaced: [Rule] = []
        for rule in rules {
            if let kind = statistics.kind(ofKey: RuleKey.of(rule.text)) {
                kinds[rule.position] = .init(id: Int64(kind), reach: Int(statistics.kindReach[Int(kind)]))
            } else {
                unplaced.append(rule)
            }
        }
        guard !unplaced.isEmpty, let placer = try cache.placer(store), placer.count > 0,
            let embedder = embedder(for: placer)
        else { return kinds }
        let placed = try placer.place(
            unplaced.map(\.text), embedder: embedder, threshold: statistics.threshold, shouldStop: shouldStop)
        for (rule, found) in zip(unplaced, placed) {
            guard let found else { continue }
            kinds[rule.position] = .init(id: Int64(found.kind), reach: Int(statistics.kindReach[found.kind]))
        }
        return kinds
    }

    /// The files most like the rated one (``RulePeers``) and, for each kind of its rules, the peers holding a rule
    /// of it and the first place that does ("owner/repo/path:42"), for the kinds the estimate calls common.
    private func peers(
        of rules: [Rule], kinds: [Int: RuleRater.Context.Kind], versions: VersionReport?, statistics: RuleStatistics,
        shouldStop: () -> Bool
    ) throws -> RuleRater.Context.Peers? {
        guard let fileKinds = try cache.fileKinds(store), let meaning = try cache.meaning(store) else { return nil }
        var vector: ArraySlice<Float>?
        if let id = versions?.subject.id {
            vector = meaning.vector(ofFile: id)
        }
        if vector == nil, !shouldStop(), let placer = try cache.placer(store), let embedder = embedder(for: placer),
            embedder.identifier == meaning.embedder
        {
            let subject = versions?.subject
            var made = try MeaningFinder.vector(
                rules: rules.map(\.text), about: [subject?.name].compactMap { $0 }.joined(), embedder: embedder)[...]
            if made.contains(where: { $0 != 0 }) {
                normalize(&made)
                vector = made
            }
        }
        let found = try RulePeers.find(
            versions: versions, vector: vector, meaning: meaning, fileKinds: fileKinds, store: store)
        let wanted = Array(Set(kinds.values.map { Int32($0.id) })).sorted()
        var related = Dictionary(uniqueKeysWithValues: wanted.map { ($0, Set([$0])) })
        // How near each related kind's leader stands to the rated kind's: the example is the nearest peer rule.
        var nearness: [Int32: [Int32: Float]] = [:]
        // Kinds are leader clusters: a paraphrase can lead a kind of its own. A peer's kind whose leader stands
        // within `peerCosine` of the rule's kind leader counts as the same instruction.
        if let placer = try cache.placer(store), !wanted.isEmpty {
            let held = Array(Set(found.ids.flatMap { fileKinds.kinds(ofFile: $0) })).sorted()
            if !held.isEmpty {
                let dimension = placer.index.dimension
                let scores = BLAS.multiply(
                    placer.vectors(ofKinds: wanted), placer.vectors(ofKinds: held), m: wanted.count, n: held.count,
                    k: dimension, transposeB: true)
                let cosine = peerCosine(for: statistics)
                for (row, kind) in wanted.enumerated() {
                    for (column, other) in held.enumerated() where scores[row * held.count + column] >= cosine {
                        related[kind, default: []].insert(other)
                        nearness[kind, default: [:]][other] = scores[row * held.count + column]
                    }
                }
            }
        }
        let (holding, firstHolder) = found.holding(related, fileKinds: fileKinds)
        var examples: [Int64: String] = [:]
        var peerRules: [Int64: [Rule]] = [:]
        let needed = Double(found.count) * rater.configuration.commonReach
        for (kind, holders) in holding where Double(holders) >= needed {
            guard let peer = firstHolder[kind], let members = related[kind] else { continue }
            if peerRules[peer] == nil { peerRules[peer] = try store.rules(ofFile: peer) }
            // The peer's rule whose kind stands nearest the rated one's (its own kind first), not the first that
            // qualifies: the example is what a reader compares the rule with.
            let near = nearness[kind] ?? [:]
            var example: (rule: Rule, nearness: Float)?
            for rule in peerRules[peer] ?? [] {
                guard let other = statistics.kind(ofKey: RuleKey.of(rule.text)), members.contains(Int32(other))
                else { continue }
                let score = Int32(other) == kind ? 2 : near[Int32(other)] ?? 0
                if example.map({ score > $0.nearness }) ?? true { example = (rule, score) }
            }
            guard let rule = example?.rule, let file = try store.file(.id(peer)) else { continue }
            examples[Int64(kind)] = "\(file.key.repository)/\(file.key.path):\(rule.lines.start)"
        }
        return RuleRater.Context.Peers(
            count: found.count, versions: found.versions,
            holding: Dictionary(uniqueKeysWithValues: holding.map { (Int64($0.key), $0.value) }),
            example: examples)
    }

    /// The cosine between kind leaders from which a peer's rule counts as one of the rated rule's kind.
    ///
    /// 0.4 for
    /// the model embedders, tuned on the tune part of the blind four-class labels
    /// (`bench/truth/rule_classes.py --split tune`; static: 0.65 gave common recall 0.01, 0.45 0.42, 0.4 0.65 at
    /// precision 0.59; MiniLM at 0.4: 0.61 / 0.48); the lexical embedder's kinds are near-identical wordings,
    /// counted as grouped.
    func peerCosine(for statistics: RuleStatistics) -> Float {
        statistics.embedder.hasPrefix("lexical-") ? statistics.threshold : 0.4
    }

    /// A version finder whose "their own version" band also holds files close in meaning (once grouped).
    public func versionFinder() throws -> VersionFinder {
        guard let meaning = try cache.meaning(store) else {
            return VersionFinder(store: store, configuration: versionConfiguration)
        }
        let rater = self
        let finder = MeaningFinder(meaning: meaning) {
            try rater.cache.placer(rater.store).flatMap(rater.embedder(for:))
        }
        return VersionFinder(store: store, configuration: versionConfiguration, meaning: finder)
    }

    private func embedder(for placer: KindPlacer) -> (any Embedder)? {
        if let vocabulary = placer.vocabulary, placer.embedder.hasPrefix("lexical-") {
            return LexicalEmbedder(dimension: placer.index.dimension, vocabulary: vocabulary)
        }
        return modelEmbedder(placer.embedder)
    }
}
