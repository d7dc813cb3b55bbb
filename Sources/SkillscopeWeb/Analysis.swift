internal import Foundation
internal import SkillscopeCore
internal import SkillscopeRating
internal import SkillscopeStore

/// The file page's analysis of a text that is not stored: its rules, checks, quality and the versions of it the
/// registry holds.
///
/// Nothing is written.
struct Analysis: Encodable {
    struct Band: Encodable {
        var band: String
        var total: Int
    }

    var kind: String
    var name: String?
    var rules: [RuleView]
    /// Each rule rated against the registry, and the summary counts.
    var ratings: RuleRatingReport
    var findings: [Finding]
    var security: SecurityReport
    var quality: QualityScore
    var otherProjects: Int
    var bands: [Band]

    /// Texts over this many bytes are refused (the registry's own limit for files).
    static let maximumBytes = 1 << 20

    init(text: String, kind requested: String?, store: any Store, rater: RegistryRater) throws {
        guard text.utf8.count <= Self.maximumBytes else {
            throw WebError(413, "too_large", "the text is over \(Self.maximumBytes) bytes")
        }
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw WebError(400, "bad_request", "give the text of a CLAUDE.md, AGENTS.md or SKILL.md")
        }
        let kind: FileKind
        if let requested, !requested.isEmpty {
            guard let chosen = FileKind(rawValue: requested) else {
                throw WebError(400, "bad_request", "unknown kind '\(requested)'")
            }
            kind = chosen
        } else {
            kind = FileKind.inferred(path: nil, text: text.utf8)
        }
        let path = kind.placeholderPath
        let document: Document
        switch DocumentParser().parse(Array(text.utf8), path: path, kind: kind) {
        case .parsed(let parsed):
            document = parsed
        case .rejected(let diagnostic):
            // The registry would not index it: say why, as an error finding, with nothing else to rate.
            self.kind = kind.rawValue
            name = nil
            rules = []
            ratings = RuleRater().rate([], context: RuleRater.Context())
            findings = [
                Finding(
                    code: diagnostic.code.rawValue, severity: .error, message: diagnostic.message,
                    line: diagnostic.line)
            ]
            security = SecurityReport(findings: [])
            quality = QualityScore(
                QualityScore.Inputs(
                    kind: kind, findings: findings, description: nil, lineCount: 0, ruleCount: 0, hasExamples: false,
                    security: .pass))
            otherProjects = 0
            bands = []
            return
        }
        self.kind = kind.rawValue
        name = document.name
        rules = document.rules.map(RuleView.init)
        findings = SpecCheck.check(document, folderName: nil)
        security = SecurityScan.scan(document)
        quality = QualityScore(
            QualityScore.Inputs(
                kind: kind, findings: findings, description: document.description, lineCount: document.lineCount,
                ruleCount: document.rules.count, hasExamples: document.rules.contains { !$0.examples.isEmpty },
                security: security.verdict))
        let finder = try rater.versionFinder()
        let report = try finder.versions(
            of: VersionFinder.Subject(document: document))
        otherProjects = report.otherProjects
        ratings = try rater.rate(document.rules, versions: report, kind: kind)
        bands = report.bands.map { Band(band: $0.band.title, total: $0.total) }
    }
}
