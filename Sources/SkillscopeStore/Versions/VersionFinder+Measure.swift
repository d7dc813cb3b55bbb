internal import Dispatch
public import SkillscopeCore
internal import Synchronization

extension VersionFinder {
    /// A candidate measured as a version: its ``LineageTable`` row, band, exact N% same, and how many of its
    /// phrases stand in the subject.
    struct Hit: Sendable {
        var row: Int
        var band: VersionBand
        var percent: Int
        var shared: Int
    }

    /// Every version found, with the table they were measured on and the stop threshold used.
    struct Measured {
        var table: LineageTable
        var hits: [Hit]
        var threshold: Int
    }

    /// Candidate work (phrases read) above which the candidates are measured on two threads.
    static let parallelWork = 200_000

    /// Finds the candidates of `subject` and measures each exactly.
    ///
    /// Candidates come from the passage index, the sequence hash and the name key. A candidate with more than
    /// 100 / editedThreshold times the subject's phrases cannot reach the edited threshold (at most all of the
    /// subject's phrases stand in it), so unless it is word for word or of the same name it is dropped unread.
    func measure(_ subject: Subject) throws -> Measured {
        let index = try store.passageIndex()
        let table = try store.lineageTable()
        let threshold = PassageIndex.stopThreshold(fileCount: table.count)
        let fingerprint = subject.fingerprint
        var marked = [Bool](repeating: false, count: table.count)
        index.forEachCandidate(for: fingerprint.winnowed, maxPostings: threshold) { id in
            if let row = table.row(of: Int64(id)) { marked[row] = true }
        }
        if fingerprint.wordCount > 0 {
            for id in try store.fileIDs(sequenceHash: fingerprint.sequenceHash) {
                if let row = table.row(of: id) { marked[row] = true }
            }
        }
        var names = Set<Int>()
        if let nameKey = NameKey.make(subject.name) {
            for id in try store.fileIDs(nameKey: nameKey) {
                if let row = table.row(of: id) {
                    marked[row] = true
                    names.insert(row)
                }
            }
        }
        if let id = subject.id, let row = table.row(of: id) { marked[row] = false }
        let rows = marked.indices.filter { marked[$0] }
        let sameName = names

        let probe = PhraseProbe(fingerprint.phrases)
        let work = rows.reduce(0) { $0 + table.phrases.count($1) }
        let parts = work > Self.parallelWork ? 2 : 1
        // Split the rows where half the work is done.
        var bounds = [0]
        if parts == 2 {
            var done = 0
            for (position, row) in rows.enumerated() {
                done += table.phrases.count(row)
                if done * 2 >= work {
                    bounds.append(position + 1)
                    break
                }
            }
        }
        bounds.append(rows.count)
        let partBounds = bounds
        let found = Mutex([[Hit]](repeating: [], count: parts))
        let measureRows = { @Sendable (part: Int) in
            var hits: [Hit] = []
            for row in rows[partBounds[part]..<partBounds[part + 1]] {
                if let hit = measure(row, table: table, probe: probe, subject: fingerprint, sameName: sameName) {
                    hits.append(hit)
                }
            }
            found.withLock { $0[part] = hits }
        }
        if parts == 1 {
            measureRows(0)
        } else {
            DispatchQueue.concurrentPerform(iterations: parts) { measureRows($0) }
        }
        return Measured(table: table, hits: found.withLock { $0.flatMap { $0 } }, threshold: threshold)
    }

    private func measure(
        _ row: Int, table: LineageTable, probe: PhraseProbe, subject: TextFingerprint, sameName: Set<Int>
    ) -> Hit? {
        let count = table.phrases.count(row)
        if subject.wordCount > 0, Int(table.wordCounts[row]) == subject.wordCount,
            table.sequenceHashes[row] == subject.sequenceHash
        {
            return Hit(row: row, band: .wordForWord, percent: 100, shared: count)
        }
        let isSameName = sameName.contains(row)
        // At most `probe.count` of the row's phrases can stand in the subject.
        guard isSameName || 100 * min(count, probe.count) >= configuration.editedThreshold * count, count > 0 else {
            return isSameName ? Hit(row: row, band: .own, percent: 0, shared: 0) : nil
        }
        let shared = probe.sharedCount(row, in: table.phrases)
        let percent = 100 * shared / count
        if percent >= configuration.editedThreshold {
            return Hit(row: row, band: .edited, percent: percent, shared: shared)
        }
        return isSameName ? Hit(row: row, band: .own, percent: percent, shared: shared) : nil
    }
}
