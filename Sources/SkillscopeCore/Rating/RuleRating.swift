/// How widely a rule is held: by most versions of its file, by this author alone, or by one project only.
public enum RuleRating: String, Sendable, Hashable, Codable, CaseIterable {
    /// Kept by most edited versions of the file (measured), or held by 1 in 5 of the files most like it (≈, estimated).
    case common
    /// The author's own choice.
    case distinctive
    /// Tied to one project: names its paths, scripts, settings, environment, hosts.
    case verySpecific = "very-specific"

    /// The rating's name as the pages print it.
    public var title: String {
        switch self {
        case .common: "Common"
        case .distinctive: "Distinctive"
        case .verySpecific: "Very specific"
        }
    }
}

/// One rule with its rating and the evidence for it.
public struct RatedRule: Sendable, Hashable, Codable {
    public var position: Int
    public var line: Int
    public var endLine: Int
    public var text: String
    public var rating: RuleRating
    /// True for ≈ common: estimated from the registry, where the file has too few edited versions to measure.
    public var isEstimate: Bool
    /// Why: "kept by 7 of 9 edited versions", "≈ 23% of 7,892 files", "names `scripts/release.sh`, seen in 1
    /// repository".
    public var evidence: String
    /// The things the rule names, each with the repositories of the registry that name it (nil: not counted).
    public var namedThings: [CountedThing]

    /// A named thing and how many repositories of the registry name it.
    public struct CountedThing: Sendable, Hashable, Codable {
        public var text: String
        public var kind: NamedThing.Kind
        public var repositories: Int?
    }
}

/// A file's rules, rated, and the counts the file page's summary line gives.
public struct RuleRatingReport: Sendable, Codable {
    public var rules: [RatedRule]
    /// The edited versions the "common" measure read (0 when there were too few and it was estimated).
    public var editedVersions: Int
    /// The registry the statistics were counted over, and the embedder that grouped rules into kinds.
    public var registryFiles: Int
    public var registryRepositories: Int
    public var embedder: String?
    /// The files most like this one that ≈ common was estimated against (nil: no estimate was made).
    public var peers: Int?

    public init(
        rules: [RatedRule], editedVersions: Int, registryFiles: Int, registryRepositories: Int, embedder: String?,
        peers: Int? = nil
    ) {
        self.peers = peers
        self.rules = rules
        self.editedVersions = editedVersions
        self.registryFiles = registryFiles
        self.registryRepositories = registryRepositories
        self.embedder = embedder
    }

    public func count(_ rating: RuleRating) -> Int { rules.filter { $0.rating == rating }.count }

    /// "11 rules: 0 common, 6 distinctive, 5 very specific".
    public var summary: String {
        "\(rules.count) \(rules.count == 1 ? "rule" : "rules"): \(count(.common)) common, "
            + "\(count(.distinctive)) distinctive, \(count(.verySpecific)) very specific"
    }

    /// The seed page's sentence: "4 rules. About 0 are common, 2 are distinctive, and 2 are very specific to this
    /// project." ("About" when any rating was estimated.)
    public var sentence: String {
        let about = rules.contains { $0.isEstimate } || editedVersions == 0 ? "About " : ""
        func are(_ count: Int) -> String { "\(count) \(count == 1 ? "is" : "are")" }
        return "\(rules.count) \(rules.count == 1 ? "rule" : "rules"). \(about)\(are(count(.common))) common, "
            + "\(are(count(.distinctive))) distinctive, and \(are(count(.verySpecific))) very specific to this project."
    }
}
