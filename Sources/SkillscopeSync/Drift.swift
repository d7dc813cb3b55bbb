/// Something on disk that no longer matches what Skillscope wrote or locked, for `status`.
public struct Drift: Sendable, Hashable, Codable {
    public struct Kind: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A generated block was edited by hand.
        public static let blockEdited = Kind(rawValue: "block-edited")
        /// The canonical file changed since the block was written.
        public static let blockStale = Kind(rawValue: "block-stale")
        /// An agent's file, or its block, is missing.
        public static let blockMissing = Kind(rawValue: "block-missing")
        /// An installed skill was edited locally.
        public static let skillEdited = Kind(rawValue: "skill-edited")
        /// A locked skill, or one of its files or links, is missing.
        public static let skillMissing = Kind(rawValue: "skill-missing")
        /// The skill's source has a newer version than the lock.
        public static let upstreamChanged = Kind(rawValue: "upstream-changed")
        /// A file of an installed skill holds conflict markers, or a conflict `update` wrote is not yet resolved.
        public static let conflict = Kind(rawValue: "conflict")
        /// The skill's source no longer holds it.
        public static let upstreamDeleted = Kind(rawValue: "upstream-deleted")
        /// An agent's file has a marker without its pair, or nested markers: sync leaves it alone.
        public static let blockMalformed = Kind(rawValue: "block-malformed")
        /// The source could not be read to look for changes.
        public static let sourceUnavailable = Kind(rawValue: "source-unavailable")
        /// An agent's folder for a skill is not what Skillscope made: a link elsewhere, a folder of another origin,
        /// or a copy whose bytes differ.
        public static let agentFolder = Kind(rawValue: "agent-folder")
        /// An installed skill's security scan fails, and the lock accepts none of it for what it records.
        public static let risk = Kind(rawValue: "risk")
        /// Fail-level findings of an installed skill the lock records as accepted (`--allow-risk`): said, never
        /// drift.
        public static let riskAccepted = Kind(rawValue: "risk-accepted")
        public var description: String { rawValue }

        /// Said for the reader, never drift: `status --check` never fails on it.
        public var isNotice: Bool { self == .riskAccepted }

        /// News from upstream (a newer version, a deletion, a source that cannot be read), not drift in the
        /// project: `status --check` fails on it only with `--upstream`.
        public var isUpstreamNews: Bool {
            self == .upstreamChanged || self == .upstreamDeleted || self == .sourceUnavailable
        }
    }
    public var kind: Kind
    /// The file (relative to the project) or the skill's name.
    public var subject: String
    public var message: String
    /// Rule by rule, where the text is at hand.
    public var changes: [RuleChange]

    public init(_ kind: Kind, _ subject: String, _ message: String, changes: [RuleChange] = []) {
        self.kind = kind
        self.subject = subject
        self.message = message
        self.changes = changes
    }
}
