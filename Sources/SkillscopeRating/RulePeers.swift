public import SkillscopeCore
internal import SkillscopeEmbeddings
public import SkillscopeStore
public import SkillscopeVersions

/// The files most like a file, which "≈ common" is estimated against: its own versions (same subject, written
/// apart) first, then the files nearest it in meaning, one a repository, up to ``RulePeers/limit``.
///
/// A rule the whole registry holds once in five files does not exist: no SwiftUI or pytest rule reaches that. So
/// "common practice" is asked of the files on the same subject: at least 1 in 5 of them hold a rule of its kind.
/// The peers leave out the file's own repository (a collection's siblings share their author's habits, which is
/// the author's choice, not common practice), its word-for-word copies and edited versions (they hold its rules by
/// descent and say nothing of practice; measured "common" reads them), and count one text once.
public struct RulePeers: Sendable {
    /// The most peers read: 100.
    public static let limit = 100

    /// The peer files, most like the file first.
    public var ids: [Int64]
    /// How many of the peers are versions of the file (the rest are nearest in meaning).
    public var versions: Int

    public var count: Int { ids.count }

    /// Finds the peers of a file.
    ///
    /// - Parameters:
    ///   - versions: the file's versions report, if it has one (its edited and own bands come first).
    ///   - vector: the file's meaning (``FileMeaning``), if known.
    /// - Complexity: one nearest-neighbour query over the probed lists and one lookup per candidate.
    public static func find(
        versions: VersionReport?, vector: ArraySlice<Float>?, meaning: FileMeaning?, fileKinds: FileKinds,
        store: any Store
    ) throws -> RulePeers {
        let subjectID = versions?.subject.id
        let ownRepository = versions?.subject.repository
        var candidates: [Int64] = []
        var fromVersions = Set<Int64>()
        // Copies and edited versions hold its rules because they came from it (or it from them): they say nothing
        // of practice, and a fork's file nearest in meaning is left out with them. Their own versions, written
        // apart, come first.
        var derived = Set<Int64>()
        for band in versions?.bands ?? [] {
            for version in band.versions where version.repository != ownRepository {
                if band.band == .own {
                    candidates.append(version.id)
                    fromVersions.insert(version.id)
                } else {
                    derived.insert(version.id)
                }
            }
        }
        if let vector, let meaning {
            // Three times the bound: copies and the file's own repository are left out below.
            candidates += meaning.nearest(to: vector, limit: 3 * limit)
        }
        var seen = Set<Int64>()
        candidates = candidates.filter { $0 != subjectID && !derived.contains($0) && seen.insert($0).inserted }
        let records = try Self.records(of: candidates + [subjectID].compactMap { $0 }, store: store)
        var texts = Set<UInt64>()
        if let subjectID, let subject = records[subjectID] { texts.insert(subject.sequenceHash) }
        var peers: [Int64] = []
        var repositories = Set<String>()
        for id in candidates where peers.count < limit {
            guard let record = records[id], record.key.repository != ownRepository,
                texts.insert(record.sequenceHash).inserted, !fileKinds.kinds(ofFile: id).isEmpty,
                // One a repository: a collection generated from one template (800 skills of one vendor) otherwise
                // makes its boilerplate "common" (tune part: precision 0.45 → 0.57 at cosine 0.45).
                repositories.insert(record.key.repository).inserted
            else { continue }
            peers.append(id)
        }
        return RulePeers(ids: peers, versions: peers.filter(fromVersions.contains).count)
    }

    /// For each kind of `related` (a kind and the kinds close enough to count as it), the peers holding a rule of
    /// one of them, and the first such peer.
    public func holding(
        _ related: [Int32: Set<Int32>], fileKinds: FileKinds
    ) -> (counts: [Int32: Int], first: [Int32: Int64]) {
        var counts: [Int32: Int] = [:]
        var first: [Int32: Int64] = [:]
        for peer in ids {
            let held = fileKinds.kinds(ofFile: peer)
            for (kind, members) in related where held.contains(where: members.contains) {
                counts[kind, default: 0] += 1
                if first[kind] == nil { first[kind] = peer }
            }
        }
        return (counts, first)
    }

    /// Each candidate's repository and text hash: from the lineage table where a server keeps one, else read.
    private static func records(of ids: [Int64], store: any Store) throws -> [Int64: LineageRecord] {
        if let table = try store.lineageTableIfBuilt() {
            var found: [Int64: LineageRecord] = [:]
            for id in ids { if let row = table.row(of: id) { found[id] = table.record(row) } }
            return found
        }
        return Dictionary(try store.lineageRecords(ids).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    }
}

extension FileMeaning {
    /// The files nearest `vector` in meaning, whatever their distance, best first, at most `limit`, among the
    /// lists the index probes.
    public func nearest(to vector: ArraySlice<Float>, limit: Int) -> [Int64] {
        index.within(vector, threshold: -2).prefix(limit).map { fileIDs[Int($0.id)] }
    }
}
