internal import Dispatch
public import SkillscopeCore
public import SkillscopeStore
internal import Synchronization

extension VersionFinder {
    /// Marks the likely origin of the subject's cluster (word-for-word and edited versions, `cluster`, shown or not)
    /// and for the first versions shown, the earlier member that holds most of each.
    ///
    /// The origin is the earliest first commit, the subject included; a file earlier than the subject in its Edited
    /// band makes the subject no origin. Copies that share the earliest commit (forks of one repository share their
    /// history) are ordered by stars, then repository and path (``VersionReport/Origin/precedes(_:)``), so each copy
    /// of a group names the same one, and the reason says so.
    ///
    /// A word-for-word version has the subject's phrases, so its overlap with any member is that member's shared
    /// count, already measured; only two edited versions are intersected, on the table.
    func markOrigin(
        _ bands: inout [VersionReport.Band], subject: Subject, cluster: [VersionReport.Origin], table: LineageTable,
        hits: [Int64: Hit]
    ) -> VersionReport.Origin? {
        let clusterBands = bands.indices.filter { bands[$0].band != .own }
        let members = clusterBands.flatMap { bands[$0].versions }
        guard !cluster.isEmpty else { return nil }
        var candidates = cluster
        if subject.key != nil, subject.firstSeen != nil {
            candidates.append(
                VersionReport.Origin(
                    repository: subject.key?.repository, path: subject.key?.path ?? "", firstSeen: subject.firstSeen,
                    stars: subject.stars, isSubject: true))
        }
        guard var origin = candidates.min(by: { $0.precedes($1) }) else { return nil }
        let tied = candidates.filter { $0.firstSeen == origin.firstSeen }.count
        origin.reason =
            tied > 1
            ? "\(tied) copies share the earliest first commit (forks of one repository, most likely); the one whose "
                + "repository has the most stars, then the first by name, is taken as the origin"
            : "the earliest first commit among this file and the \(cluster.count) "
                + (cluster.count == 1 ? "file that holds" : "files that hold") + " it word for word or edited"
        if !origin.isSubject {
            for bandIndex in clusterBands {
                for index in bands[bandIndex].versions.indices {
                    let version = bands[bandIndex].versions[index]
                    if version.repository == origin.repository, version.path == origin.path {
                        bands[bandIndex].versions[index].isLikelyOrigin = true
                    }
                }
            }
        }
        // Came from: among earlier members (the subject included), the one holding most of this version. A source
        // without a hit is the subject.
        var pool: [(key: FileKey, firstSeen: String, hit: Hit?)] = members.compactMap { member in
            hits[member.id].map { (FileKey(repository: member.repository, path: member.path), member.firstSeen, $0) }
        }
        if let key = subject.key, let firstSeen = subject.firstSeen { pool.append((key, firstSeen, nil)) }
        let subjectCount = subject.fingerprint.phrases.count
        // The first versions shown, up to the budget, each measured on its own (on two threads).
        var examined: [(band: Int, index: Int)] = []
        for bandIndex in clusterBands {
            for index in bands[bandIndex].versions.indices where examined.count < configuration.cameFromLimit {
                examined.append((bandIndex, index))
            }
        }
        let versions = examined.map { bands[$0.band].versions[$0.index] }
        let sourcePool = pool
        var ranks = [Int](repeating: 0, count: pool.count)
        let byFirstSeen = pool.indices.sorted { pool[$0].firstSeen < pool[$1].firstSeen }
        for (order, position) in byFirstSeen.enumerated() where order > 0 {
            let previous = byFirstSeen[order - 1]
            ranks[position] = ranks[previous] + (pool[previous].firstSeen < pool[position].firstSeen ? 1 : 0)
        }
        let poolRanks = ranks
        let found = Mutex([FileKey?](repeating: nil, count: versions.count))
        let parts = versions.count > 4 ? 2 : 1
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            for position in stride(from: part, to: versions.count, by: parts) {
                let key = cameFrom(
                    versions[position], pool: sourcePool, ranks: poolRanks, table: table, hits: hits,
                    subjectCount: subjectCount)
                found.withLock { $0[position] = key }
            }
        }
        let keys = found.withLock { $0 }
        for (position, (bandIndex, index)) in examined.enumerated() {
            bands[bandIndex].versions[index].cameFrom = keys[position]
        }
        return origin
    }

    /// The earlier member of `pool` (the subject included) that holds most of `version`, as ``markOrigin`` says;
    /// `ranks` orders the pool by first seen (equal times, equal ranks).
    private func cameFrom(
        _ version: VersionMatch, pool: [(key: FileKey, firstSeen: String, hit: Hit?)], ranks: [Int],
        table: LineageTable, hits: [Int64: Hit], subjectCount: Int
    ) -> FileKey? {
        guard let hit = hits[version.id] else { return nil }
        let isSubjectCopy = hit.band == .wordForWord
        let count = isSubjectCopy ? subjectCount : table.phrases.count(hit.row)
        guard count > 0 else { return nil }
        // Each earlier source's N% of this version: exact where the subject's shared counts give it (a word-for-word
        // copy has the subject's phrases), else bounded from above through the subject (shared within it, plus
        // at most the smaller rest outside it). Sources are measured from the highest bound down, each first
        // against the bitmap bound and then exactly, until no bound can reach the best found.
        var sources: [(percent: Int, isExact: Bool, index: Int)] = []
        for (position, source) in pool.enumerated() where source.firstSeen < version.firstSeen {
            switch (isSubjectCopy, source.hit) {
            case (true, nil): sources.append((100, true, position))
            case (true, let other?):
                sources.append((100 * (other.band == .wordForWord ? count : other.shared) / count, true, position))
            case (false, nil): sources.append((100 * hit.shared / count, true, position))
            case (false, let other?) where other.band == .wordForWord:
                sources.append((100 * hit.shared / count, true, position))
            case (false, let other?):
                let outside = min(count - hit.shared, table.phrases.count(other.row) - other.shared)
                sources.append((100 * (min(hit.shared, other.shared) + outside) / count, false, position))
            }
        }
        sources.sort { ($0.percent, ranks[$1.index], $1.index) > ($1.percent, ranks[$0.index], $0.index) }
        // The best: the highest N%, then the earliest, then the first in the pool.
        var probe: PhraseProbe?
        var bestSource: (percent: Int, rank: Int, index: Int)?
        for candidate in sources {
            let floor = max(configuration.editedThreshold, bestSource?.percent ?? 0)
            guard candidate.percent >= floor else { break }
            var percent = candidate.percent
            if !candidate.isExact, let other = pool[candidate.index].hit {
                if probe == nil { probe = PhraseProbe(table.phrases.phrases(hit.row)) }
                guard let probe, 100 * probe.passingCount(other.row, in: table.phrases) / count >= floor else {
                    continue
                }
                percent = 100 * probe.sharedCount(other.row, in: table.phrases) / count
            }
            guard percent >= configuration.editedThreshold else { continue }
            let rank = ranks[candidate.index]
            if let current = bestSource,
                (current.percent, rank, candidate.index) >= (percent, current.rank, current.index)
            {
                continue
            }
            bestSource = (percent, rank, candidate.index)
        }
        return bestSource.map { pool[$0.index].key }
    }
}
