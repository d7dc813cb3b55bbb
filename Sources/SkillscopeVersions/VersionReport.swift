public import SkillscopeCore
public import SkillscopeStore

/// The three bands of versions a file page shows.
public enum VersionBand: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// The same sequence of words.
    case wordForWord = "word-for-word"
    /// Shares passages: N% same is at least 10.
    case edited
    /// Neither, but the same name or a similar meaning (``MeaningNeighbours``).
    case own

    public static func < (lhs: VersionBand, rhs: VersionBand) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }

    /// The band's heading, as the file page words it.
    public var title: String {
        switch self {
        case .wordForWord: "Word for word"
        case .edited: "Edited"
        case .own: "Wrote their own version"
        }
    }
}

/// One version of a file: another repository's file most like it.
public struct VersionMatch: Sendable, Hashable, Codable {
    public var id: Int64
    public var repository: String
    public var path: String
    public var kind: FileKind
    public var name: String?
    public var stars: Int
    /// ISO 8601 UTC: first commit where known, else first seen by the registry.
    public var firstSeen: String
    public var band: VersionBand
    /// N% same: the share of this version's five-word phrases that also stand in the file.
    public var percentSame: Int
    /// Why it is a version: "same words", "shares passages", "same name" or "similar meaning".
    public var reason: String
    /// The earliest of the file's cluster of word-for-word and edited versions.
    public var isLikelyOrigin: Bool
    /// The earlier file (a version or the file itself) that holds most of this one: where it likely came from.
    public var cameFrom: FileKey?
}

/// Everything the "Other versions" and "Adoption" parts of a file page say.
public struct VersionReport: Sendable, Codable {
    /// One band's versions, cut at ``VersionFinder/Configuration/bandLimit``, and its total before the cut.
    public struct Band: Sendable, Codable {
        public var band: VersionBand
        public var total: Int
        public var versions: [VersionMatch]
    }

    /// The file asked about.
    public struct Subject: Sendable, Codable {
        public var id: Int64?
        public var repository: String?
        public var path: String
        public var name: String?
        public var firstSeen: String?
        public var phrases: Int
    }

    /// An earlier file marked as the likely origin of the cluster.
    ///
    /// The earliest first commit among the file and its word-for-word and edited versions; copies that share it
    /// (forks of one repository) are ordered by their repository's stars, then by repository and path, so every
    /// copy names the same origin.
    public struct Origin: Sendable, Codable {
        public var repository: String?
        public var path: String
        public var firstSeen: String?
        /// Its repository's stars (0 when unknown).
        public var stars: Int
        /// Whether the file asked about is itself the likely origin.
        public var isSubject: Bool
        /// Why it was chosen: "the earliest first commit of 4 files", or how a tie was broken.
        public var reason: String

        public init(
            repository: String?, path: String, firstSeen: String?, stars: Int, isSubject: Bool, reason: String = ""
        ) {
            self.repository = repository
            self.path = path
            self.firstSeen = firstSeen
            self.stars = stars
            self.isSubject = isSubject
            self.reason = reason
        }

        /// The order origins are chosen in: first commit, then most stars, then repository and path.
        func precedes(_ other: Origin) -> Bool {
            (firstSeen ?? "~", -stars, repository ?? "", path) < (
                other.firstSeen ?? "~", -other.stars, other.repository ?? "", other.path
            )
        }
    }

    public var subject: Subject
    /// Other repositories with a version, in every band, before any cut.
    public var otherProjects: Int
    public var bands: [Band]
    /// The other indexed files of the subject's repository (at most 50), and how many there are.
    public var sameRepository: [RepositoryFile]
    public var sameRepositoryTotal: Int
    /// Repositories whose version appeared after the subject did, latest first.
    public var adoptedBy: Int
    public var mostRecentlyTakenUpBy: [VersionMatch]
    public var likelyOrigin: Origin?
    /// How candidates were found, for the page's "How matches are found".
    public var method: String
}
