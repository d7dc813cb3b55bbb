public import SkillscopeCore

extension VersionFinder {
    /// Marks the earliest member of the subject's cluster (word-for-word and edited versions) as the likely origin,
    /// and for the first versions shown, the earlier member that holds most of each.
    ///
    /// A word-for-word version has the subject's phrases, so its overlap with any member is that member's shared
    /// count, already measured; only two edited versions are intersected, on the table.
    func markOrigin(
        _ bands: inout [VersionReport.Band], subject: Subject, table: LineageTable, hits: [Int64: Hit]
    ) -> VersionReport.Origin? {
        let clusterBands = bands.indices.filter { bands[$0].band != .own }
        let members = clusterBands.flatMap { bands[$0].versions }
        guard !members.isEmpty else { return nil }
        // The origin is a close copy: most of its phrases stand in the file (a version that only shares a
        // passage or two is related, not the source).
        let close = members.filter { $0.percentSame >= configuration.originThreshold }
        let earliest = close.min { ($0.firstSeen, $0.id) < ($1.firstSeen, $1.id) }
        var origin: VersionReport.Origin
        if let earliest, subject.firstSeen.map({ earliest.firstSeen < $0 }) ?? true {
            origin = VersionReport.Origin(
                repository: earliest.repository, path: earliest.path, firstSeen: earliest.firstSeen, isSubject: false)
            for bandIndex in clusterBands {
                for index in bands[bandIndex].versions.indices where bands[bandIndex].versions[index].id == earliest.id
                {
                    bands[bandIndex].versions[index].isLikelyOrigin = true
                }
            }
        } else {
            origin = VersionReport.Origin(
                repository: subject.key?.repository, path: subject.key?.path ?? "", firstSeen: subject.firstSeen,
                isSubject: true)
        }
        // Came from: among earlier members (the subject included), the one holding most of this version. A source
        // without a hit is the subject.
        var pool: [(key: FileKey, firstSeen: String, hit: Hit?)] = members.compactMap { member in
            hits[member.id].map { (FileKey(repository: member.repository, path: member.path), member.firstSeen, $0) }
        }
        if let key = subject.key, let firstSeen = subject.firstSeen { pool.append((key, firstSeen, nil)) }
        let subjectCount = subject.fingerprint.phrases.count
        var budget = configuration.cameFromLimit
        for bandIndex in clusterBands {
            for index in bands[bandIndex].versions.indices {
                guard budget > 0 else { return origin }
                budget -= 1
                let version = bands[bandIndex].versions[index]
                guard let hit = hits[version.id] else { continue }
                let isSubjectCopy = hit.band == .wordForWord
                let count = isSubjectCopy ? subjectCount : table.phrases.count(hit.row)
                guard count > 0 else { continue }
                var probe: PhraseProbe?
                // Each earlier source's N% of this version, exact where the shared count is known, else bounded
                // from above by the bitmap; sources are then measured exactly from the highest bound down, until
                // no bound can reach the best found.
                var sources: [(percent: Int, isExact: Bool, index: Int)] = []
                for (position, source) in pool.enumerated() where source.firstSeen < version.firstSeen {
                    switch (isSubjectCopy, source.hit) {
                    case (true, nil): sources.append((100, true, position))
                    case (true, let other?):
                        sources.append(
                            (100 * (other.band == .wordForWord ? count : other.shared) / count, true, position))
                    case (false, nil): sources.append((100 * hit.shared / count, true, position))
                    case (false, let other?) where other.band == .wordForWord:
                        sources.append((100 * hit.shared / count, true, position))
                    case (false, let other?):
                        if probe == nil { probe = PhraseProbe(table.phrases.phrases(hit.row)) }
                        let passing = probe?.passingCount(other.row, in: table.phrases) ?? 0
                        sources.append((100 * passing / count, false, position))
                    }
                }
                sources.sort {
                    ($0.percent, pool[$1.index].firstSeen, $1.index) > ($1.percent, pool[$0.index].firstSeen, $0.index)
                }
                // The best: the highest N%, then the earliest, then the first in the pool.
                var bestSource: (percent: Int, firstSeen: String, index: Int, key: FileKey)?
                for candidate in sources {
                    guard candidate.percent >= max(configuration.editedThreshold, bestSource?.percent ?? 0) else {
                        break
                    }
                    let source = pool[candidate.index]
                    var percent = candidate.percent
                    if !candidate.isExact, let other = source.hit {
                        percent = 100 * (probe?.sharedCount(other.row, in: table.phrases) ?? 0) / count
                    }
                    guard percent >= configuration.editedThreshold else { continue }
                    if let current = bestSource,
                        (current.percent, source.firstSeen, candidate.index) >= (
                            percent, current.firstSeen, current.index
                        )
                    {
                        continue
                    }
                    bestSource = (percent, source.firstSeen, candidate.index, source.key)
                }
                bands[bandIndex].versions[index].cameFrom = bestSource?.key
            }
        }
        return origin
    }
}
