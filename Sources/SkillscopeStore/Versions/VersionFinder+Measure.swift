internal import Dispatch
public import SkillscopeCore
internal import Synchronization

extension VersionFinder {
    /// A candidate measured as a version: its ``LineageTable`` row, band, exact N% same, and how many of its
    /// phrases stand in the subject; for an edited version known only to reach the threshold, both are -1 until
    /// ``Measured/resolve(_:)``.
    struct Hit: Sendable {
        var row: Int
        var band: VersionBand
        var percent: Int
        var shared: Int
    }

    /// Every version found, with the table they were measured on, the subject's probe and the stop threshold used.
    struct Measured {
        var table: LineageTable
        var hits: [Hit]
        var probe: PhraseProbe
        var threshold: Int

        /// Counts the shared phrases of `hits[position]` exactly, when they are not yet.
        mutating func resolve(_ position: Int) {
            guard hits[position].percent < 0 else { return }
            let row = hits[position].row
            let shared = probe.sharedCount(row, in: table.phrases)
            hits[position].shared = shared
            hits[position].percent = 100 * shared / max(1, table.phrases.count(row))
        }
    }

    /// Candidate work (phrases read) above which the candidates are measured on two threads.
    static let parallelWork = 200_000

    /// Finds the candidates of `subject` and measures each exactly.
    ///
    /// Candidates come from the passage index, the sequence hash and the name key. Two upper bounds on the shared
    /// phrases rule out, without counting them exactly, candidates that cannot reach the edited threshold (unless
    /// word for word or of the same name, whose N% is shown): the subject's phrase count (a candidate with more than
    /// 100 / editedThreshold times as many phrases is dropped unread) and the phrases that pass the subject's bitmap
    /// (``SkillscopeCore/PhraseProbe/passingCount(_:in:)``). Both are sound: every version is still measured
    /// exactly.
    func measure(_ subject: Subject) throws -> Measured {
        let index = try store.passageIndex()
        let table = try store.lineageTable()
        let threshold = PassageIndex.stopThreshold(fileCount: table.count)
        let fingerprint = subject.fingerprint
        // Per row: 1 when proposed, 2 when also of the same name.
        var marked = [UInt8](repeating: 0, count: table.count)
        index.forEachCandidate(for: fingerprint.winnowed, maxPostings: threshold) { id in
            if let row = table.row(of: Int64(id)) { marked[row] = 1 }
        }
        if fingerprint.wordCount > 0 {
            for id in try store.fileIDs(sequenceHash: fingerprint.sequenceHash) {
                if let row = table.row(of: id) { marked[row] = 1 }
            }
        }
        if let nameKey = NameKey.make(subject.name) {
            for id in try store.fileIDs(nameKey: nameKey) {
                if let row = table.row(of: id) { marked[row] = 2 }
            }
        }
        if let id = subject.id, let row = table.row(of: id) { marked[row] = 0 }
        let rows = marked.indices.filter { marked[$0] != 0 }
        let flags = marked

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
                if let hit = measure(row, table: table, probe: probe, subject: fingerprint, isSameName: flags[row] == 2)
                {
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
        return Measured(
            table: table, hits: found.withLock { $0.flatMap { $0 } }, probe: probe, threshold: threshold)
    }

    private func measure(
        _ row: Int, table: LineageTable, probe: PhraseProbe, subject: TextFingerprint, isSameName: Bool
    ) -> Hit? {
        let count = table.phrases.count(row)
        if subject.wordCount > 0, Int(table.wordCounts[row]) == subject.wordCount,
            table.sequenceHashes[row] == subject.sequenceHash
        {
            return Hit(row: row, band: .wordForWord, percent: 100, shared: count)
        }
        guard count > 0 else { return isSameName ? Hit(row: row, band: .own, percent: 0, shared: 0) : nil }
        if isSameName {
            // Shown in one band or the other: measured exactly.
            let shared = probe.sharedCount(row, in: table.phrases)
            let percent = 100 * shared / count
            return Hit(
                row: row, band: percent >= configuration.editedThreshold ? .edited : .own, percent: percent,
                shared: shared)
        }
        // At most `probe.count` of the row's phrases stand in the subject, and at most those passing its bitmap.
        let threshold = configuration.editedThreshold
        guard 100 * min(count, probe.count) >= threshold * count,
            100 * probe.passingCount(row, in: table.phrases) >= threshold * count
        else { return nil }
        // The fewest shared phrases that make an edited version: counted up to there, the N% is left for later.
        let needed = (threshold * count + 99) / 100
        guard needed == 0 || probe.sharedCount(row, in: table.phrases, upTo: needed) == needed else { return nil }
        return Hit(row: row, band: .edited, percent: -1, shared: -1)
    }
}
