internal import Dispatch
public import SkillscopeCore
public import SkillscopeStore
internal import Synchronization

extension VersionFinder {
    /// A candidate measured as a version: its ``LineageTable`` row, band, exact N% same, and how many of its
    /// phrases stand in the subject.
    struct Hit: Sendable {
        var row: Int
        var band: VersionBand
        var percent: Int
        var shared: Int
        /// Of the same name as the subject (else, in the own band, close in meaning).
        var isSameName = false
        /// Files of other repositories that hold the subject's name without sharing passages or meaning.
        var nameHolders = 0
    }

    /// Every version found, with the table they were measured on and the stop threshold used.
    struct Measured {
        var table: LineageTable
        var hits: [Hit]
        var threshold: Int
    }

    /// Finds the candidates of `subject` and measures each exactly.
    ///
    /// Candidates come from the passage index, the sequence hash, the name key and the meaning neighbours. Their
    /// shared phrases are counted all at once through the table's ``SkillscopeCore/PhraseIndex``: each of the
    /// subject's phrases adds one to every row that holds it (a phrase held by many more rows than there are
    /// candidates is looked up in each candidate's postings instead). The counts are exact, so every N% is. The
    /// stop threshold is taken on the table's files (the current indexed ones).
    ///
    /// - Complexity: O(Σ min(postings, c log postings)) over the subject's phrases, for c candidates.
    ///
    /// With ``TableScope/candidates`` (and ``TableScope/wholeOnceBuilt`` until the whole table is built) the table
    /// holds the proposed files alone, read for this query; the stop threshold is still taken on the count of all
    /// current indexed files, so the candidates and every measure are those of the whole table.
    func measure(_ subject: Subject) throws -> Measured {
        let index = try store.passageIndex()
        let whole: LineageTable? =
            switch configuration.tableScope {
            case .whole: try store.lineageTable()
            case .candidates: nil
            case .wholeOnceBuilt: try store.lineageTableIfBuilt()
            }
        let threshold = PassageIndex.stopThreshold(fileCount: try whole?.count ?? store.indexedFileCount())
        let fingerprint = subject.fingerprint
        // Proposed files: by passages, by the word sequence, by name (bits 1 | 2), by meaning (bits 1 | 4).
        let sequence = fingerprint.wordCount > 0 ? try store.fileIDs(sequenceHash: fingerprint.sequenceHash) : []
        // A kind whose files carry no name of their own (a CLAUDE.md is named by its first heading, if at all)
        // finds its own versions by meaning alone.
        let usesName = subject.kind?.hasOwnName ?? true
        let sameName = usesName ? try NameKey.make(subject.name).map { try store.fileIDs(nameKey: $0) } ?? [] : []
        let close = try meaning?.neighbours(of: subject) ?? []
        let table: LineageTable
        if let whole {
            table = whole
        } else {
            // The postings are walked again below rather than kept: with the whole table they go straight to rows,
            // and a subject's can number millions.
            var ids = Set(sequence).union(sameName).union(close)
            index.forEachCandidate(for: fingerprint.winnowed, maxPostings: threshold) { ids.insert(Int64($0)) }
            table = LineageTable(records: try store.lineageRecords(ids.sorted()))
        }
        // Per row: 1 when proposed, 2 when of the same name, 4 when close in meaning (bits).
        var marked = [UInt8](repeating: 0, count: table.count)
        index.forEachCandidate(for: fingerprint.winnowed, maxPostings: threshold) { id in
            if let row = table.row(of: Int64(id)) { marked[row] |= 1 }
        }
        for id in sequence {
            if let row = table.row(of: id) { marked[row] |= 1 }
        }
        for id in sameName {
            if let row = table.row(of: id) { marked[row] |= 3 }
        }
        for id in close {
            if let row = table.row(of: id) { marked[row] |= 5 }
        }
        // A file of the same name needs less: on the same subject, not a rewrite (``Configuration/sameNameCloseness``).
        if let meaning, !sameName.isEmpty {
            for (id, cosine) in try meaning.closeness(of: subject, to: sameName)
            where cosine >= configuration.sameNameCloseness {
                if let row = table.row(of: id) { marked[row] |= 5 }
            }
        }
        if let id = subject.id, let row = table.row(of: id) { marked[row] = 0 }
        let rows = marked.indices.filter { marked[$0] != 0 }
        let shared = sharedCounts(of: fingerprint.phrases, rows: rows, in: table)

        var hits: [Hit] = []
        for (position, row) in rows.enumerated() {
            let count = table.phrases.count(row)
            if fingerprint.wordCount > 0, Int(table.wordCounts[row]) == fingerprint.wordCount,
                table.sequenceHashes[row] == fingerprint.sequenceHash
            {
                hits.append(Hit(row: row, band: .wordForWord, percent: 100, shared: count))
                continue
            }
            let percent = count == 0 ? 0 : 100 * shared[position] / count
            if percent >= configuration.editedThreshold {
                hits.append(Hit(row: row, band: .edited, percent: percent, shared: shared[position]))
            } else if marked[row] & 6 != 0 {
                hits.append(
                    Hit(
                        row: row, band: .own, percent: percent, shared: shared[position],
                        isSameName: marked[row] & 2 != 0))
            }
        }
        dropGenericName(&hits, marked: marked, table: table, subject: subject)
        return Measured(table: table, hits: hits, threshold: threshold)
    }

    /// Drops the own versions found by name alone where the name is no evidence; else records on each how many
    /// unrelated files hold the name, for its evidence.
    ///
    /// A name is no evidence where the registry's meaning is known (the name must agree with it), or where more
    /// unrelated files of other repositories hold it than ``Configuration/distinctiveNameHolders``: it is generic.
    private func dropGenericName(_ hits: inout [Hit], marked: [UInt8], table: LineageTable, subject: Subject) {
        let subjectRepository = subject.key.flatMap { table.repository(named: $0.repository) }
        let byNameAlone = hits.indices.filter { hits[$0].band == .own && marked[hits[$0].row] & 4 == 0 }
        let holders = byNameAlone.filter { table.repositories[hits[$0].row] != subjectRepository }.count
        // Where the registry's meaning is known, a name must agree with it: two skills named "judge" or
        // "brand-guidelines" often do different jobs (the labelled pairs: bench/RESULTS.md).
        if meaning != nil || holders > configuration.distinctiveNameHolders {
            let dropped = Set(byNameAlone)
            hits = hits.indices.filter { !dropped.contains($0) }.map { hits[$0] }
            return
        }
        for position in byNameAlone { hits[position].nameHolders = holders }
    }

    /// Subject phrases above which their postings are walked on two threads.
    static let parallelPhrases = 1024

    /// `|phrases(row) ∩ phrases|` for each of `rows` (ascending), from the table's phrase index.
    private func sharedCounts(of phrases: [UInt64], rows: [Int], in table: LineageTable) -> [Int] {
        guard !rows.isEmpty else { return [] }
        let parts = phrases.count > Self.parallelPhrases ? 2 : 1
        let totals = Mutex([Int](repeating: 0, count: rows.count))
        let countPart = { @Sendable (part: Int) in
            var counts = [UInt32](repeating: 0, count: table.count)
            var looked = [Int](repeating: 0, count: rows.count)
            counts.withUnsafeMutableBufferPointer { counts in
                for phrase in phrases[(phrases.count * part / parts)..<(phrases.count * (part + 1) / parts)] {
                    table.phraseIndex.withRows(holding: phrase) { holders in
                        if holders.count <= rows.count * (Int.bitWidth - holders.count.leadingZeroBitCount) {
                            for row in holders { counts[Int(row)] &+= 1 }
                            return
                        }
                        // Held by far more rows than there are candidates: look each candidate up in the postings.
                        for (position, row) in rows.enumerated() where Self.contains(holders, UInt32(row)) {
                            looked[position] += 1
                        }
                    }
                }
            }
            totals.withLock { totals in
                for position in rows.indices { totals[position] += Int(counts[rows[position]]) + looked[position] }
            }
        }
        if parts == 1 {
            countPart(0)
        } else {
            DispatchQueue.concurrentPerform(iterations: parts) { countPart($0) }
        }
        return totals.withLock { $0 }
    }

    /// Whether the ascending `postings` hold `row`.
    private static func contains(_ postings: UnsafeBufferPointer<UInt32>, _ row: UInt32) -> Bool {
        var low = postings.startIndex
        var high = postings.endIndex
        while low < high {
            let middle = (low + high) / 2
            if postings[middle] < row { low = middle + 1 } else { high = middle }
        }
        return low < postings.endIndex && postings[low] == row
    }
}
