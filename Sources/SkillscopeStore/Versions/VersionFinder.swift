public import SkillscopeCore

/// Finds a file's versions across the registry: word-for-word copies, edited versions ("N% same") and their own
/// versions, one per other repository, with adoption and likely origin.
///
/// Candidates come from the passage index (winnowed phrases shared), the word-sequence hash (exact copies, even of
/// boilerplate) and the name key; each is then measured exactly on its phrase set. No step scans the corpus.
public struct VersionFinder: Sendable {
    /// Cuts and thresholds.
    public struct Configuration: Sendable {
        /// Versions listed per band, the most-starred first.
        ///
        /// The default is 200, as the seed page says.
        public var bandLimit = 200
        /// N% same from which a version counts as edited.
        ///
        /// The default is 10.
        public var editedThreshold = 10
        /// N% same from which a version is close enough to be the cluster's likely origin.
        ///
        /// The default is 50.
        public var originThreshold = 50
        /// Versions for which "came from" is worked out (pairwise, so bounded).
        ///
        /// The default is 50.
        public var cameFromLimit = 50
        public init() {}
    }

    /// The file to find versions of: one in the registry, or a text that is compared and not stored.
    public struct Subject: Sendable {
        public var id: Int64?
        public var key: FileKey?
        public var name: String?
        public var firstSeen: String?
        public var fingerprint: TextFingerprint
        /// For a text not stored: its description and rules, which its meaning is embedded from.
        public var description: String?
        public var rules: [String] = []

        /// A text that is compared and not stored.
        public init(document: Document) {
            self.init(id: nil, key: nil, name: document.name, firstSeen: nil, fingerprint: document.fingerprint)
            description = document.description
            rules = document.rules.map(\.text)
        }

        public init(id: Int64?, key: FileKey?, name: String?, firstSeen: String?, fingerprint: TextFingerprint) {
            self.id = id
            self.key = key
            self.name = name
            self.firstSeen = firstSeen
            self.fingerprint = fingerprint
        }
    }

    public let store: any Store
    public var configuration: Configuration
    /// Files close in meaning, for the "their own version" band; without it only the same name counts there.
    public var meaning: (any MeaningNeighbours)?

    public init(
        store: any Store, configuration: Configuration = Configuration(), meaning: (any MeaningNeighbours)? = nil
    ) {
        self.store = store
        self.configuration = configuration
        self.meaning = meaning
    }

    /// The subject for a stored file, with the fingerprint stored when it was parsed (computed again only for a
    /// file stored without one).
    public func subject(for file: StoredFile) throws -> Subject {
        Subject(
            id: file.id, key: file.key, name: file.name, firstSeen: file.firstCommitAt ?? file.firstSeen,
            fingerprint: try store.fingerprint(ofFile: file.id) ?? TextFingerprint(text: file.text))
    }

    /// The versions of `subject`.
    ///
    /// - Complexity: O(f log H + c × p) for f fingerprints, H indexed hashes, c candidates of p phrases each.
    public func versions(of subject: Subject) throws -> VersionReport {
        let (matches, records, threshold) = try measuredMatches(of: subject)
        var best: [String: VersionMatch] = [:]
        for match in matches where match.repository != subject.key?.repository {
            if let current = best[match.repository], !isBetter(match, than: current) { continue }
            best[match.repository] = match
        }
        return try report(subject: subject, best: best, records: records, threshold: threshold)
    }

    /// Every file measured as a version of `subject`, before one is chosen per repository (files of the subject's
    /// own repository included): what recall is measured on.
    public func matches(of subject: Subject) throws -> [VersionMatch] {
        try measuredMatches(of: subject).matches
    }

    private func measuredMatches(of subject: Subject) throws -> (
        matches: [VersionMatch], records: [Int64: LineageRecord], threshold: Int
    ) {
        let index = try store.passageIndex()
        let fileCount = try store.indexedFileCount()
        let threshold = PassageIndex.stopThreshold(fileCount: fileCount)
        var ids = Set(index.candidates(for: subject.fingerprint.winnowed, maxPostings: threshold).keys)
        if subject.fingerprint.wordCount > 0 {
            ids.formUnion(try store.fileIDs(sequenceHash: subject.fingerprint.sequenceHash))
        }
        let nameKey = NameKey.make(subject.name)
        if let nameKey { ids.formUnion(try store.fileIDs(nameKey: nameKey)) }
        let close = Set(try meaning?.neighbours(of: subject) ?? [])
        ids.formUnion(close)
        if let id = subject.id { ids.remove(id) }
        let records = try store.lineageRecords(ids.sorted())

        var matches: [VersionMatch] = []
        var recordByID: [Int64: LineageRecord] = [:]
        for record in records {
            recordByID[record.id] = record
            if let match = measure(record, against: subject, nameKey: nameKey, close: close) { matches.append(match) }
        }
        return (matches, recordByID, threshold)
    }

    private func report(
        subject: Subject, best: [String: VersionMatch], records recordByID: [Int64: LineageRecord], threshold: Int
    ) throws -> VersionReport {
        let all = Array(best.values)
        var bands: [VersionReport.Band] = []
        for band in VersionBand.allCases {
            let members = all.filter { $0.band == band }.sorted(by: Self.byStars)
            bands.append(
                VersionReport.Band(
                    band: band, total: members.count, versions: Array(members.prefix(configuration.bandLimit))))
        }
        let origin = markOrigin(&bands, subject: subject, records: recordByID)

        var sameRepository: [RepositoryFile] = []
        if let key = subject.key {
            sameRepository = try store.repositoryFiles(key.repository).filter { $0.id != subject.id }
        }
        let shown = bands.flatMap(\.versions)
        let adopted = shown.filter { version in subject.firstSeen.map { version.firstSeen > $0 } ?? true }
            .sorted { ($0.firstSeen, $0.repository) > ($1.firstSeen, $1.repository) }
        return VersionReport(
            subject: VersionReport.Subject(
                id: subject.id, repository: subject.key?.repository, path: subject.key?.path ?? "",
                name: subject.name, firstSeen: subject.firstSeen, phrases: subject.fingerprint.phrases.count),
            otherProjects: all.count, bands: bands, sameRepository: Array(sameRepository.prefix(50)),
            sameRepositoryTotal: sameRepository.count, adoptedBy: adopted.count,
            mostRecentlyTakenUpBy: Array(adopted.prefix(6)), likelyOrigin: origin,
            method: """
                Word for word: the same words. Edited: shares passages (N% same = the share of its five-word phrases \
                that also stand in this file; \(configuration.editedThreshold)% or more counts). Their own version: the \
                same name. Candidates share a passage of at least \(Winnowing.defaultWindow + 4) words; phrases in \
                more than \(threshold) files propose none. One version per repository; each band lists the \
                \(configuration.bandLimit) most-starred.
                """)
    }

    private func measure(
        _ record: LineageRecord, against subject: Subject, nameKey: String?, close: Set<Int64>
    ) -> VersionMatch? {
        let fingerprint = subject.fingerprint
        let wordForWord =
            fingerprint.wordCount > 0 && record.wordCount == fingerprint.wordCount
            && record.sequenceHash == fingerprint.sequenceHash
        let percent = PhraseSet.percentSame(of: record.phrases, on: fingerprint.phrases)
        let band: VersionBand
        let reason: String
        if wordForWord {
            (band, reason) = (.wordForWord, "same words")
        } else if percent >= configuration.editedThreshold {
            (band, reason) = (.edited, "shares passages")
        } else if let nameKey, NameKey.make(record.name) == nameKey {
            (band, reason) = (.own, "same name")
        } else if close.contains(record.id) {
            (band, reason) = (.own, "similar meaning")
        } else {
            return nil
        }
        return VersionMatch(
            id: record.id, repository: record.key.repository, path: record.key.path, kind: record.kind,
            name: record.name, stars: record.stars, firstSeen: record.firstSeen, band: band,
            percentSame: wordForWord ? 100 : percent, reason: reason, isLikelyOrigin: false, cameFrom: nil)
    }

    /// A repository's version is its file most like the subject: word for word, else the highest N%, else the
    /// same name; ties go to the earliest, then the lowest id.
    private func isBetter(_ candidate: VersionMatch, than current: VersionMatch) -> Bool {
        (candidate.band, -candidate.percentSame, candidate.firstSeen, candidate.id)
            < (current.band, -current.percentSame, current.firstSeen, current.id)
    }

    static func byStars(_ a: VersionMatch, _ b: VersionMatch) -> Bool {
        (-a.stars, a.firstSeen, a.repository, a.path) < (-b.stars, b.firstSeen, b.repository, b.path)
    }

    /// Marks the earliest member of the subject's cluster (word-for-word and edited versions) as the likely origin,
    /// and for the first versions shown, the earlier member that holds most of each.
    private func markOrigin(
        _ bands: inout [VersionReport.Band], subject: Subject, records: [Int64: LineageRecord]
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
        // Came from: among earlier members (the subject included), the one holding most of this version.
        var pool: [(key: FileKey, firstSeen: String, phrases: [UInt64])] = members.compactMap { member in
            records[member.id].map {
                (FileKey(repository: member.repository, path: member.path), member.firstSeen, $0.phrases)
            }
        }
        if let key = subject.key, let firstSeen = subject.firstSeen {
            pool.append((key, firstSeen, subject.fingerprint.phrases))
        }
        var budget = configuration.cameFromLimit
        for bandIndex in clusterBands {
            for index in bands[bandIndex].versions.indices {
                guard budget > 0 else { return origin }
                budget -= 1
                let version = bands[bandIndex].versions[index]
                guard let phrases = records[version.id]?.phrases else { continue }
                var bestSource: (percent: Int, firstSeen: String, key: FileKey)?
                for source in pool where source.firstSeen < version.firstSeen {
                    let percent = PhraseSet.percentSame(of: phrases, on: source.phrases)
                    guard percent >= configuration.editedThreshold else { continue }
                    if let current = bestSource, (percent, current.firstSeen) <= (current.percent, source.firstSeen) {
                        continue
                    }
                    bestSource = (percent, source.firstSeen, source.key)
                }
                bands[bandIndex].versions[index].cameFrom = bestSource?.key
            }
        }
        return origin
    }
}

extension QualityScore {
    /// The score of a stored file: checks as stored, stars from its repository, adoption from its versions.
    ///
    /// - Parameter knownAdoption: the file's other projects when the caller already found its versions.
    public static func of(_ file: StoredFile, rules: [Rule], store: any Store, knownAdoption: Int? = nil) throws
        -> QualityScore
    {
        var adoption = knownAdoption
        if adoption == nil, file.status == .indexed {
            let finder = VersionFinder(store: store)
            adoption = try finder.versions(of: try finder.subject(for: file)).otherProjects
        }
        let reviews = try store.reviewSummary(ofFile: file.id)
        return QualityScore(
            QualityScore.Inputs(
                kind: file.kind, findings: file.findings, description: file.description, lineCount: file.lineCount,
                ruleCount: rules.count, hasExamples: rules.contains { !$0.examples.isEmpty },
                security: file.security.verdict,
                reviews: QualityScore.Inputs.Reviews(
                    count: reviews.count, worked: reviews.worked, partly: reviews.partly),
                stars: file.repository.stars, adoption: adoption))
    }
}
