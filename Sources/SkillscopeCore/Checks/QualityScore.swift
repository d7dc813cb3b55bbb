internal import Foundation

/// A file's quality from 0 to 1, deterministic, with the reason for every part of it.
///
/// The score is the points earned over the points that apply, each signal with a fixed weight:
///
/// | signal | weight | full marks |
/// |---|---|---|
/// | spec validity | 0.20 | no spec error (warnings only: 0.15) |
/// | description | 0.15 | 40–1024 characters that say what it does (0.08) and when to use it (0.07) |
/// | size | 0.10 | 10–500 lines; longer files lose in proportion |
/// | rules | 0.10 | five rules or more, in proportion below |
/// | examples | 0.05 | at least one rule with a code example |
/// | security | 0.15 | verdict pass (warn: 0.05; fail: 0, and the score is capped at 0.30) |
/// | reviews | 0.10 | the share of reviews that say it worked (a partial success counts half) |
/// | stars | 0.10 | log10(stars + 1) / 3, so 999 stars or more earn all |
/// | adoption | 0.05 | log10(projects + 1), so ten other projects using a version earn all |
///
/// A signal that does not apply is left out of both sums: a description for kinds that have none (CLAUDE.md,
/// AGENTS.md), reviews before anyone reviewed, stars and adoption for a file outside the registry. The score is
/// rounded to three decimals.
public struct QualityScore: Sendable, Hashable, Codable {
    /// What the score reads.
    public struct Inputs: Sendable, Hashable {
        /// Reviews of a file: how many, and how many said it worked or partly worked.
        public struct Reviews: Sendable, Hashable {
            public var count: Int
            public var worked: Int
            public var partly: Int
            public init(count: Int, worked: Int, partly: Int) {
                self.count = count
                self.worked = worked
                self.partly = partly
            }
        }

        public var kind: FileKind
        public var findings: [Finding]
        public var description: String?
        public var lineCount: Int
        public var ruleCount: Int
        public var hasExamples: Bool
        public var security: SecurityReport.Verdict
        /// `nil` counts as none.
        public var reviews: Reviews?
        public var stars: Int?
        /// Other projects that use a version of the file; `nil` when not known.
        public var adoption: Int?

        public init(
            kind: FileKind, findings: [Finding], description: String?, lineCount: Int, ruleCount: Int,
            hasExamples: Bool, security: SecurityReport.Verdict, reviews: Reviews? = nil,
            stars: Int? = nil, adoption: Int? = nil
        ) {
            self.kind = kind
            self.findings = findings
            self.description = description
            self.lineCount = lineCount
            self.ruleCount = ruleCount
            self.hasExamples = hasExamples
            self.security = security
            self.reviews = reviews
            self.stars = stars
            self.adoption = adoption
        }
    }

    /// One signal's part of the score.
    public struct Part: Sendable, Hashable, Codable {
        public var signal: String
        public var earned: Double
        public var weight: Double
        public var reason: String
    }

    public var score: Double
    /// The signals that applied, in the order of the table above.
    public var parts: [Part]
    /// The signals left out, each with why.
    public var notApplicable: [String]

    /// "deterministic score 0.78 from registry signals: · spec valid (+0.20 of 0.20) · …", the seed record's
    /// `qualityRationale` form.
    public var rationale: String {
        "deterministic score \(Self.format(score, digits: 2)) from registry signals: · "
            + rationaleLines.joined(separator: " · ")
    }

    /// One line per signal: "spec: valid (+0.20 of 0.20)".
    public var rationaleLines: [String] {
        parts.map {
            "\($0.signal): \($0.reason) (+\(Self.format($0.earned, digits: 2)) of \(Self.format($0.weight, digits: 2)))"
        }
            + notApplicable
    }

    static func format(_ value: Double, digits: Int) -> String { String(format: "%.\(digits)f", value) }

    public init(_ inputs: Inputs) {
        var parts: [Part] = []
        var skipped: [String] = []
        func add(_ signal: String, _ earned: Double, _ weight: Double, _ reason: String) {
            parts.append(Part(signal: signal, earned: min(weight, max(0, earned)), weight: weight, reason: reason))
        }

        let errors = inputs.findings.filter { $0.severity == .error }.count
        let warnings = inputs.findings.count - errors
        if errors > 0 {
            add("spec", 0, 0.20, "\(errors) spec error\(errors == 1 ? "" : "s")")
        } else if warnings > 0 {
            add("spec", 0.15, 0.20, "valid, \(warnings) warning\(warnings == 1 ? "" : "s")")
        } else {
            add("spec", 0.20, 0.20, "valid")
        }

        let describedKinds: Set<FileKind> = [.skill, .cursor, .copilot]
        if describedKinds.contains(inputs.kind) {
            let text = (inputs.description ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            if text.isEmpty {
                add("description", 0, 0.15, "missing")
            } else {
                let length = text.count
                let saysWhat = length >= 40 && length <= 1024
                let saysWhen = Self.saysWhen(text)
                let earned = (saysWhat ? 0.08 : 0.03) + (saysWhen ? 0.07 : 0)
                let what = saysWhat ? "says what it does" : (length < 40 ? "too short" : "too long")
                add(
                    "description", earned, 0.15,
                    "\(what)\(saysWhen ? " and when to use it" : ", not when to use it"), \(length) characters")
            }
        } else {
            skipped.append("description: not used by \(inputs.kind.rawValue) files")
        }

        let lines = inputs.lineCount
        if lines < 10 {
            add("size", 0.03, 0.10, "\(lines) lines, very short")
        } else if lines <= 500 {
            add("size", 0.10, 0.10, "\(lines) lines")
        } else {
            add("size", 0.10 * 500 / Double(lines), 0.10, "\(lines) lines, over the 500 recommended")
        }

        add(
            "rules", 0.10 * min(1, Double(inputs.ruleCount) / 5), 0.10,
            "\(inputs.ruleCount) rule\(inputs.ruleCount == 1 ? "" : "s")")
        add(
            "examples", inputs.hasExamples ? 0.05 : 0, 0.05,
            inputs.hasExamples ? "rules with code examples" : "no code examples")

        switch inputs.security {
        case .pass, .note: add("security", 0.15, 0.15, "scan passed")
        case .warn: add("security", 0.05, 0.15, "scan warned")
        case .fail: add("security", 0, 0.15, "scan failed (score capped at 0.30)")
        }

        if let reviews = inputs.reviews, reviews.count > 0 {
            let rate = (Double(reviews.worked) + 0.5 * Double(reviews.partly)) / Double(reviews.count)
            add("reviews", 0.10 * rate, 0.10, "\(reviews.worked) of \(reviews.count) said it worked")
        } else {
            skipped.append("reviews: none yet")
        }

        if let stars = inputs.stars {
            add("stars", 0.10 * min(1, log10(Double(max(0, stars)) + 1) / 3), 0.10, "\(stars) github stars")
        } else {
            skipped.append("stars: not known")
        }

        if let adoption = inputs.adoption {
            add(
                "adoption", 0.05 * min(1, log10(Double(max(0, adoption)) + 1)), 0.05,
                "\(adoption) other project\(adoption == 1 ? "" : "s") use a version")
        } else {
            skipped.append("adoption: not known")
        }

        let earned = parts.reduce(0) { $0 + $1.earned }
        let possible = parts.reduce(0) { $0 + $1.weight }
        var score = possible > 0 ? earned / possible : 0
        if inputs.security == .fail { score = min(score, 0.30) }
        self.score = (score * 1000).rounded() / 1000
        self.parts = parts
        self.notApplicable = skipped
    }

    /// Whether a description says when to use the file ("Use when …", "for …ing").
    static func saysWhen(_ text: String) -> Bool {
        let lowered = text.lowercased()
        let cues = [
            "use when", "use this when", "use it when", "when the user", "when you", "when working", "when asked",
            "use for", "use this for", "use this skill", "triggers", "trigger when", "invoke when", "apply when",
            "applies when", "when writing", "when building", "when creating", "when reviewing", "whenever",
        ]
        return cues.contains { lowered.contains($0) }
    }
}

extension QualityScore {
    /// The score of a file that is not stored (on disk, or pasted): no reviews or stars; adoption when the caller
    /// looked its versions up.
    public init(document: Document, findings: [Finding], security: SecurityReport, adoption: Int? = nil) {
        self.init(
            Inputs(
                kind: document.kind, findings: findings, description: document.description,
                lineCount: document.lineCount, ruleCount: document.rules.count,
                hasExamples: document.rules.contains { !$0.examples.isEmpty }, security: security.verdict,
                adoption: adoption))
    }
}
