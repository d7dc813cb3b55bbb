import Dispatch
import SkillscopeCore
public import SkillscopeEmbeddings
public import SkillscopeStore

/// Groups every rule of the registry into kinds and counts what rating needs (`skillscope group`).
///
/// In order, it:
///
/// 1. reads each current indexed file's rules a page at a time; rules with the same words (``RuleKey``) are one
///    distinct rule, embedded once;
/// 2. orders distinct rules by the files holding them, most first (then by key), so the most widely held
///    wording leads its kind;
/// 3. embeds them a chunk at a time and groups them with ``RuleGrouper`` (leader clustering over an IVF index);
/// 4. counts each kind's reach (files holding at least one rule of it) and the repositories naming each thing;
/// 5. saves ``RuleStatistics``, ``KindVectors``, each file's meaning (``FileMeaning``) and kinds (``FileKinds``) as
///    store blobs, replacing the previous ones.
public struct RuleKindBuilder: Sendable {
    public struct Configuration: Sendable {
        /// The embedder; a lexical one is rebuilt with the vocabulary counted over the registry's rules.
        public var embedder: any Embedder
        /// The cosine at or above which rules are of one kind; nil takes ``RuleKindBuilder/threshold(for:)``.
        public var threshold: Float?
        public var pageSize = 5000
        public var chunk = 4096

        public init(embedder: any Embedder, threshold: Float? = nil) {
            self.embedder = embedder
            self.threshold = threshold
        }
    }

    /// What a build found.
    public struct Summary: Sendable, Encodable {
        public var embedder: String
        public var threshold: Float
        public var files: Int
        public var repositories: Int
        public var rules: Int
        public var distinctRules: Int
        public var kinds: Int
        public var namedThings: Int
    }

    /// The grouping threshold per embedder, tuned on the labelled rule pairs
    /// (`Tests/SkillscopeEmbeddingsTests/Fixtures/rule-pairs.jsonl`, `skillscope group --evaluate`): the best F1
    /// with precision at least 0.6 — MiniLM 0.55 (precision 0.604, recall 0.633), the static embedder 0.65
    /// (0.601, 0.400).
    ///
    /// The lexical embedder reaches that precision at no threshold (word overlap cannot tell
    /// synonyms from hard negatives), so it groups only near-identical wording, at 0.5.
    public static func threshold(for embedder: String) -> Float {
        if embedder.hasPrefix("lexical-") { return 0.5 }
        if embedder == "all-MiniLM-L6-v2" { return 0.55 }
        return 0.65
    }

    /// A thing named by more repositories than this is counted as "many" without keeping every repository.
    static let thingCap = 1000

    public let store: any Store
    public var configuration: Configuration

    public init(store: any Store, configuration: Configuration) {
        self.store = store
        self.configuration = configuration
    }

    public func build(at builtAt: String, progress: (String) -> Void = { _ in }) throws -> Summary {
        var indexOfKey: [UInt64: Int32] = [:]
        var texts: [String] = []
        var keys: [UInt64] = []
        var holders: [Int32] = []
        var thingKeys: [[String]] = []
        var fileRules: [[Int32]] = []
        var fileIDs: [Int64] = []
        var abouts: [String] = []
        var repositoriesNaming: [String: Set<Int64>] = [:]
        var repositories = Set<Int64>()
        var rules = 0
        var after: Int64 = 0
        while true {
            let page = try store.fileRules(after: after, limit: configuration.pageSize)
            // The words of every rule are hashed on both cores; new distinct rules are then numbered in file
            // order (so the result never depends on timing), and their named things found on both cores.
            let pageKeys = page.concurrentMap { file in file.rules.filter { !$0.isEmpty }.map(RuleKey.of) }
            var fresh: [Int] = []
            var pageIndexes: [[Int32]] = []
            for (file, fileKeys) in zip(page, pageKeys) {
                repositories.insert(file.repositoryID)
                var distinct: [Int32] = []
                var seen = Set<Int32>()
                rules += fileKeys.count
                for (key, text) in zip(fileKeys, file.rules.filter { !$0.isEmpty }) {
                    let index: Int32
                    if let known = indexOfKey[key] {
                        index = known
                    } else {
                        index = Int32(texts.count)
                        indexOfKey[key] = index
                        texts.append(text)
                        keys.append(key)
                        holders.append(0)
                        fresh.append(Int(index))
                    }
                    if seen.insert(index).inserted { distinct.append(index) }
                }
                pageIndexes.append(distinct)
            }
            let freshTexts = fresh.map { texts[$0] }
            thingKeys += freshTexts.concurrentMap { NamedThings.of($0).map(\.key) }
            for (file, distinct) in zip(page, pageIndexes) {
                var named = Set<String>()
                for index in distinct {
                    holders[Int(index)] += 1
                    named.formUnion(thingKeys[Int(index)])
                }
                for thing in named where repositoriesNaming[thing, default: []].count <= Self.thingCap {
                    repositoriesNaming[thing, default: []].insert(file.repositoryID)
                }
                fileRules.append(distinct)
                fileIDs.append(file.id)
                abouts.append([file.name, file.description].compactMap { $0 }.joined(separator: ". "))
            }
            guard let last = page.last else { break }
            after = last.id
            progress("read \(fileRules.count) files, \(texts.count) distinct rules")
        }

        // Most widely held first; ties by key, so the order never depends on reading order.
        let order = (0..<texts.count).sorted { a, b in
            holders[a] != holders[b] ? holders[a] > holders[b] : keys[a] < keys[b]
        }
        let embedder = try resolvedEmbedder(texts: texts)
        let threshold = configuration.threshold ?? Self.threshold(for: embedder.identifier)
        var grouperConfiguration = RuleGrouper.Configuration(threshold: threshold)
        grouperConfiguration.chunk = configuration.chunk
        var embedded = 0
        let grouping = try RuleGrouper(configuration: grouperConfiguration).group(
            rows: order.count, dimension: embedder.dimension
        ) { rows in
            embedded += rows.count
            if embedded % (configuration.chunk * 25) < rows.count { progress("embedded \(embedded) rules") }
            return try embedder.embed(rows.map { texts[order[$0]] }).values
        }

        // Dense kind ids in order of their leaders.
        var kindOfLeader: [Int32: Int32] = [:]
        var kindOfRule = [Int32](repeating: 0, count: texts.count)
        for (position, leader) in grouping.leaderOf.enumerated() {
            let kind: Int32
            if let known = kindOfLeader[leader] {
                kind = known
            } else {
                kind = Int32(kindOfLeader.count)
                kindOfLeader[leader] = kind
            }
            kindOfRule[order[position]] = kind
        }
        var reach = [Int32](repeating: 0, count: kindOfLeader.count)
        for distinct in fileRules {
            for kind in Set(distinct.map { kindOfRule[Int($0)] }) { reach[Int(kind)] += 1 }
        }
        let sortedRules = (0..<texts.count).sorted { keys[$0] < keys[$1] }
        let sortedThings = repositoriesNaming.keys.sorted()
        let statistics = RuleStatistics(
            embedder: embedder.identifier, threshold: threshold, files: fileRules.count,
            repositories: repositories.count, builtAt: builtAt, ruleKeys: sortedRules.map { keys[$0] },
            ruleKinds: sortedRules.map { kindOfRule[$0] }, kindReach: reach, things: sortedThings,
            thingRepositories: sortedThings.map { Int32(repositoriesNaming[$0, default: []].count) })
        let vectors = leaderVectors(grouping, kindOfLeader: kindOfLeader, embedder: embedder)
        progress("embedding each file's meaning")
        let meaning = try fileMeaning(
            fileIDs: fileIDs, fileRules: fileRules, abouts: abouts, kindOfRule: kindOfRule, leaders: vectors,
            embedder: embedder)
        try store.saveBlob(FileMeaning.blobName, meaning.encoded())
        let fileKinds = FileKinds(
            files: zip(fileIDs, fileRules).map { id, distinct in (id, distinct.map { kindOfRule[Int($0)] }) })
        try store.saveBlob(FileKinds.blobName, fileKinds.encoded())
        let encoded = vectors.encoded()
        let tag = KindVectors.tag(of: encoded)
        // The index file first, so that a reader finding the new tag finds its file too.
        if let path = store.derivedFilePath(KindVectors.indexFileName) {
            progress("writing the kinds' index beside the registry")
            do {
                try KindPlacer.writeFile(of: vectors, path: path, tag: tag)
            } catch {
                progress("the kinds' index was not written (\(error)): readers build it on first use")
            }
        }
        try store.saveBlob(KindVectors.blobName, encoded)
        try store.saveBlob(KindVectors.tagBlobName, tag)
        try store.saveBlob(RuleStatistics.blobName, statistics.encoded())
        return Summary(
            embedder: embedder.identifier, threshold: threshold, files: fileRules.count,
            repositories: repositories.count, rules: rules, distinctRules: texts.count, kinds: reach.count,
            namedThings: sortedThings.count)
    }

    /// Each file's meaning: the mean of its rules' kind leaders and its embedded name and description (each part
    /// unit length), indexed.
    private func fileMeaning(
        fileIDs: [Int64], fileRules: [[Int32]], abouts: [String], kindOfRule: [Int32], leaders: KindVectors,
        embedder: any Embedder
    ) throws -> FileMeaning {
        let dimension = embedder.dimension
        var values = [Float](repeating: 0, count: fileIDs.count * dimension)
        for start in stride(from: 0, to: fileIDs.count, by: configuration.chunk) {
            let end = min(fileIDs.count, start + configuration.chunk)
            let picked = (start..<end).filter { !abouts[$0].isEmpty }
            let about = try embedder.embed(picked.map { abouts[$0] })
            for file in start..<end {
                var rules = [Float](repeating: 0, count: dimension)
                for rule in fileRules[file] {
                    let kind = Int(kindOfRule[Int(rule)])
                    for d in 0..<dimension { rules[d] += leaders.values[kind * dimension + d] }
                }
                var slice = rules[...]
                normalize(&slice)
                for d in 0..<dimension { values[file * dimension + d] = slice[d] }
            }
            for (row, file) in picked.enumerated() {
                for (d, value) in about.row(row).enumerated() { values[file * dimension + d] += value }
            }
            for file in start..<end {
                var slice = values[file * dimension..<(file + 1) * dimension]
                normalize(&slice)
                values.replaceSubrange(file * dimension..<(file + 1) * dimension, with: slice)
            }
        }
        return FileMeaning.build(
            embedder: embedder.identifier, fileIDs: fileIDs, vectors: values, dimension: dimension)
    }

    /// The configured embedder; a lexical one weighted by the registry's distinct rules.
    private func resolvedEmbedder(texts: [String]) throws -> any Embedder {
        guard let lexical = configuration.embedder as? LexicalEmbedder else { return configuration.embedder }
        var vocabulary = LexicalEmbedder.Vocabulary(counting: texts)
        vocabulary.prune(below: 2)
        return LexicalEmbedder(dimension: lexical.dimension, vocabulary: vocabulary)
    }

    private func leaderVectors(
        _ grouping: RuleGrouper.Grouping, kindOfLeader: [Int32: Int32], embedder: any Embedder
    ) -> KindVectors {
        let dimension = embedder.dimension
        var values = [Float](repeating: 0, count: kindOfLeader.count * dimension)
        var listOfKind = [Int32](repeating: 0, count: kindOfLeader.count)
        for list in 0..<grouping.index.listCount {
            grouping.index.withList(list) { ids, vectors in
                for (offset, leader) in ids.enumerated() {
                    guard let kind = kindOfLeader[leader] else { continue }
                    let source = vectors[offset * dimension..<(offset + 1) * dimension]
                    values.replaceSubrange(Int(kind) * dimension..<(Int(kind) + 1) * dimension, with: source)
                    listOfKind[Int(kind)] = Int32(list)
                }
            }
        }
        // The lists go with the leaders: placing a rule later reads the same lists the grouping would.
        return KindVectors(
            embedder: embedder.identifier, dimension: dimension, values: values,
            vocabulary: (embedder as? LexicalEmbedder)?.vocabulary, centroids: grouping.index.centroids,
            listOfKind: listOfKind)
    }
}
