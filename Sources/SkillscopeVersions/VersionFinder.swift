public import SkillscopeCore
public import SkillscopeStore

/// Finds a file's versions across the registry: word-for-word copies, edited versions ("N% same") and their own
/// versions, one per other repository, with adoption and likely origin.
///
/// Candidates come from the passage index (winnowed phrases shared), the word-sequence hash (exact copies, even of
/// boilerplate), the name key and the meaning neighbours; each is then measured exactly on its phrase set, held in
/// memory by the store's ``LineageTable``: the shared phrases of every candidate are counted at once through the
/// table's inverted phrase index, so a candidate costs the phrases it shares, not its whole set. No step scans the
/// corpus, and no row is read from the store per candidate.
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
        /// Files of other repositories that may share the subject's name, without sharing passages or meaning,
        /// for the name to count as evidence of "their own version": a name more unrelated files hold is generic
        /// ("Project Guidelines", "instructions").
        ///
        /// The default is 3.
        public var distinctiveNameHolders = 3
        /// How close in meaning a file of the same name must be.
        ///
        /// The cosine of meaning from which a file of the same name as the subject is their own version: on the
        /// same subject, which a file without the name must be far closer to be (``MeaningNeighbours``, 0.92 with
        /// the MiniLM table). Tuned on the tune half of the labelled own-version pairs (bench/RESULTS.md).
        ///
        /// The default is 0.8: on the tune half, precision 0.78 at 0.6, 0.85 at 0.7, 0.94 at 0.8 and 0.95 at 0.85,
        /// with recall the same down to 0.8 and lower at 0.85.
        public var sameNameCloseness: Float = 0.8
        /// Versions for which "came from" is worked out (pairwise, so bounded).
        ///
        /// The default is 50.
        public var cameFromLimit = 50
        /// What candidates are measured on; both give the same report.
        ///
        /// The default is ``TableScope/whole``.
        public var tableScope = TableScope.whole
        public init() {}
    }

    /// What a finder measures its candidates on.
    public enum TableScope: Sendable {
        /// The store's ``LineageTable`` of every current indexed file, built once per files generation and held for
        /// the queries that follow: what a server answers many queries from. Building it reads every phrase set in
        /// the registry (3.2 GB at 350,000 files).
        case whole
        /// A table of the candidates alone, read for the query: what a command that asks once needs.
        case candidates
        /// The whole table once it is built; until then (at the first query, and after each write) the candidates
        /// alone, while the whole table is built in the background: what a server needs, so that no query waits
        /// for the build (63 s at 350,000 files).
        case wholeOnceBuilt
    }

    /// The file to find versions of: one in the registry, or a text that is compared and not stored.
    public struct Subject: Sendable {
        public var id: Int64?
        public var key: FileKey?
        public var name: String?
        /// The subject's kind, where known: kinds without a name of their own (CLAUDE.md, AGENTS.md, cursor rules)
        /// find their own versions by meaning alone.
        public var kind: FileKind?
        public var firstSeen: String?
        /// Its repository's stars (0 when unknown): what breaks a tie between copies that share a first commit.
        public var stars = 0
        public var fingerprint: TextFingerprint
        /// For a text not stored: its description and rules, which its meaning is embedded from.
        public var description: String?
        public var rules: [String] = []

        /// A text that is compared and not stored.
        public init(document: Document) {
            self.init(id: nil, key: nil, name: document.name, firstSeen: nil, fingerprint: document.fingerprint)
            kind = document.kind
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
        var subject = Subject(
            id: file.id, key: file.key, name: file.name, firstSeen: file.firstCommitAt ?? file.firstSeen,
            fingerprint: try store.fingerprint(ofFile: file.id) ?? TextFingerprint(text: file.text))
        subject.kind = file.kind
        subject.stars = file.repository.stars ?? 0
        return subject
    }

    /// The versions of `subject`.
    ///
    /// Every candidate is measured exactly on the in-memory ``LineageTable``, which also holds what a version shows:
    /// no row is read from the store per candidate or per version.
    ///
    /// - Complexity: O(f log H + Σs) for f fingerprints, H indexed hashes and Σs postings of the subject's phrases.
    public func versions(of subject: Subject) throws -> VersionReport {
        let measured = try measure(subject)
        let table = measured.table
        let subjectRepository = subject.key.flatMap { table.repository(named: $0.repository) }
        // One version per repository: its best hit (a position in `hits`).
        var best = [Int](repeating: -1, count: table.repositoryNames.count)
        var repositories: [Int32] = []
        for position in measured.hits.indices {
            let repository = table.repositories[measured.hits[position].row]
            guard repository != subjectRepository else { continue }
            let current = best[Int(repository)]
            if current < 0 {
                repositories.append(repository)
            } else if !isBetter(measured.hits[position], than: measured.hits[current], in: table) {
                continue
            }
            best[Int(repository)] = position
        }
        // Bands ranked by stars, then first seen, then repository (one file per repository, so the path never
        // decides), as ``byStars`` ranks the versions shown.
        var members: [VersionBand: [Int]] = [:]
        for repository in repositories {
            let position = best[Int(repository)]
            members[measured.hits[position].band, default: []].append(position)
        }
        var shown: [VersionBand: [Int]] = [:]
        for (band, positions) in members {
            let ranked = positions.map { position in
                let row = measured.hits[position].row
                let repository = Int(table.repositories[row])
                return (
                    key: (
                        -table.repositoryStars[repository], table.firstSeenRanks[row],
                        table.repositoryNameRanks[repository]
                    ), position: position
                )
            }
            shown[band] = ranked.sorted { $0.key < $1.key }.prefix(configuration.bandLimit).map(\.position)
        }
        var bands: [VersionReport.Band] = []
        var hitByID: [Int64: Hit] = [:]
        for band in VersionBand.allCases {
            let versions = (shown[band] ?? []).map { position -> VersionMatch in
                let hit = measured.hits[position]
                hitByID[table.ids[hit.row]] = hit
                return match(hit, record: table.record(hit.row))
            }.sorted(by: Self.byStars)
            bands.append(VersionReport.Band(band: band, total: members[band]?.count ?? 0, versions: versions))
        }
        // The origin is chosen among every word-for-word and edited file, shown or not, the subject's own
        // repository's included, so that each copy of a group chooses among the same files.
        let cluster = measured.hits.filter { $0.band != .own && table.ids[$0.row] != subject.id }.map { hit in
            let record = table.record(hit.row)
            return VersionReport.Origin(
                repository: record.key.repository, path: record.key.path, firstSeen: record.firstSeen,
                stars: record.stars, isSubject: false)
        }
        let origin = markOrigin(&bands, subject: subject, cluster: cluster, table: table, hits: hitByID)
        return try report(
            subject: subject, otherProjects: repositories.count, bands: bands, origin: origin,
            threshold: measured.threshold)
    }

    /// Every file measured as a version of `subject`, before one is chosen per repository (files of the subject's
    /// own repository included): what recall is measured on.
    public func matches(of subject: Subject) throws -> [VersionMatch] {
        let measured = try measure(subject)
        return measured.hits.map { match($0, record: measured.table.record($0.row)) }
    }

    private func report(
        subject: Subject, otherProjects: Int, bands: [VersionReport.Band], origin: VersionReport.Origin?,
        threshold: Int
    ) throws -> VersionReport {
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
            otherProjects: otherProjects, bands: bands, sameRepository: Array(sameRepository.prefix(50)),
            sameRepositoryTotal: sameRepository.count, adoptedBy: adopted.count,
            mostRecentlyTakenUpBy: Array(adopted.prefix(6)), likelyOrigin: origin,
            method: """
                Word for word: the same words. Edited: shares passages (N% same = the share of its five-word phrases \
                that also stand in this file; \(configuration.editedThreshold)% or more counts). Their own version: the \
                same name and close in meaning (cosine \(configuration.sameNameCloseness) or more), or much closer in \
                meaning alone; where meanings are not known (the registry is not grouped), the same name when at most \
                \(configuration.distinctiveNameHolders) unrelated files hold it. A CLAUDE.md, AGENTS.md, GEMINI.md or \
                rule file by meaning alone. Candidates share a passage of at least \(Winnowing.defaultWindow + 4) words; phrases in \
                more than \(threshold) files propose none. One version per repository; each band lists the \
                \(configuration.bandLimit) most-starred.
                """)
    }

    private func match(_ hit: Hit, record: LineageRecord) -> VersionMatch {
        let reason =
            switch hit.band {
            case .wordForWord: "same words"
            case .edited: "shares passages"
            case .own:
                hit.isSameName && hit.nameHolders == 0
                    ? "same name, close in meaning"
                    : hit.isSameName
                        ? "same name (\(hit.nameHolders) other \(hit.nameHolders == 1 ? "file holds" : "files hold") it)"
                        : "similar meaning"
            }
        return VersionMatch(
            id: record.id, repository: record.key.repository, path: record.key.path, kind: record.kind,
            name: record.name, stars: record.stars, firstSeen: record.firstSeen, band: hit.band,
            percentSame: hit.percent, reason: reason, isLikelyOrigin: false, cameFrom: nil)
    }

    /// A repository's version is its file most like the subject: word for word, else the highest N%, else the
    /// same name; ties go to the earliest, then the lowest id.
    private func isBetter(_ candidate: Hit, than current: Hit, in table: LineageTable) -> Bool {
        (candidate.band, -candidate.percent, table.firstSeenRanks[candidate.row], candidate.row)
            < (current.band, -current.percent, table.firstSeenRanks[current.row], current.row)
    }

    static func byStars(_ a: VersionMatch, _ b: VersionMatch) -> Bool {
        (-a.stars, a.firstSeen, a.repository, a.path) < (-b.stars, b.firstSeen, b.repository, b.path)
    }
}
