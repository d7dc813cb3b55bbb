internal import Foundation
public import JSON
public import SkillscopeCore
public import SkillscopeIngest
public import SkillscopeRating
public import SkillscopeStore
public import SkillscopeVersions
internal import YAML

/// Assembles ``FileReport``s: the one place that reads what a file's report needs and puts it together.
///
/// A stored file costs one read of its rules, one version search, one rating (its edited versions' rules in one
/// query) and one read of its reviews.
public struct Reporter: Sendable {
    /// Rates and finds versions against the registry; nil where there is none (a text or file on disk is still
    /// reported: rated by its words and its project alone, with no versions).
    public var rater: RegistryRater?
    /// The newest reviews a report carries.
    public static let recentReviews = 10
    /// The rules a report rates at most: the rest are listed, not rated, and say why.
    ///
    /// Rating is the analysis's heavy part (each rule embedded and placed among the registry's kinds).
    public static let maximumRatedRules = 2_000
    /// The other files of a repository a report lists at most.
    public static let maximumRepositoryFiles = 1_000
    /// The longest text reported that is not stored, in UTF-8 bytes (the registry's own limit for files).
    public static let maximumTextBytes = 1 << 20

    /// How long one report may take, or nil for no bound (a command the user runs and can interrupt).
    ///
    /// Past it the report stops and throws ``Stopped/overBudget(_:)``.
    public var budget: Duration?
    /// Asked while the report is assembled (a client that went away, an MCP cancellation): true stops it with
    /// ``Stopped/cancelled``.
    public var isCancelled: @Sendable () -> Bool = { false }

    public init(rater: RegistryRater?, budget: Duration? = nil) {
        self.rater = rater
        self.budget = budget
    }

    /// Why a report was not finished.
    public enum Stopped: Error, Equatable, CustomStringConvertible {
        /// It took longer than ``Reporter/budget``.
        case overBudget(Duration)
        /// The one who asked for it no longer wants it.
        case cancelled

        public var description: String {
            switch self {
            case .overBudget(let budget):
                "the analysis took longer than its \(budget.components.seconds) s budget; try a smaller text, or again later"
            case .cancelled: "cancelled"
            }
        }
    }

    /// The clock a report runs against: stop when cancelled or past the budget.
    struct Watch {
        let deadline: ContinuousClock.Instant?
        let isCancelled: @Sendable () -> Bool
        let budget: Duration?

        init(budget: Duration?, isCancelled: @escaping @Sendable () -> Bool) {
            self.budget = budget
            deadline = budget.map { ContinuousClock.now + $0 }
            self.isCancelled = isCancelled
        }

        var shouldStop: Bool { isCancelled() || deadline.map { ContinuousClock.now >= $0 } ?? false }

        func check() throws(Stopped) {
            if isCancelled() { throw .cancelled }
            if let deadline, let budget, ContinuousClock.now >= deadline { throw .overBudget(budget) }
        }
    }

    /// What is wrong with a text given to ``report(text:path:kind:findVersions:)``.
    public enum TextError: Error, Equatable, CustomStringConvertible {
        case empty
        case tooLarge(limit: Int)
        case unknownKind(String)

        public var description: String {
            switch self {
            case .empty: "the text is empty: give the text of a CLAUDE.md, AGENTS.md, SKILL.md or rules file"
            case .tooLarge(let limit): "the text is over \(limit) bytes"
            case .unknownKind(let name):
                "unknown kind '\(name)'; kinds are \(FileKind.allCases.map(\.rawValue).joined(separator: ", "))"
            }
        }
    }

    /// The versions part of a stored file's report (``FileReport/versions``), alone.
    ///
    /// What `/api/v1/files/ID/versions` answers, without rating the rules or running the checks. Nil for a file that
    /// was not indexed.
    public func versions(of file: StoredFile) throws -> VersionReport? {
        guard let rater else { preconditionFailure("a stored file is reported with its registry's rater") }
        guard file.status == .indexed else { return nil }
        let finder = try rater.versionFinder()
        var found = try finder.versions(of: try finder.subject(for: file))
        // The repository's other files, all of them up to a bound (the search keeps the first 50).
        if found.sameRepositoryTotal > found.sameRepository.count {
            found.sameRepository = Array(
                try rater.store.repositoryFiles(file.key.repository).filter { $0.id != file.id }
                    .prefix(Self.maximumRepositoryFiles))
        }
        return found
    }

    /// The whole report of a stored file.
    ///
    /// - Parameter includeText: carry the file's text in ``FileReport/File/text``.
    public func report(_ file: StoredFile, includeText: Bool = true) throws -> FileReport {
        guard let rater else { preconditionFailure("a stored file is reported with its registry's rater") }
        let watch = Watch(budget: budget, isCancelled: isCancelled)
        let store = rater.store
        let rules = try store.rules(ofFile: file.id)
        let versions = try self.versions(of: file)
        try watch.check()
        let rated = try rater.rate(
            Array(rules.prefix(Self.maximumRatedRules)), versions: versions, kind: file.kind,
            shouldStop: { watch.shouldStop })
        try watch.check()
        let reviews = FileReport.Reviews(
            reviews: try store.reviews(ofFile: file.id), currentSHA256: file.sha256, recent: Self.recentReviews)
        let quality = Self.quality(of: file, rules: rules, reviews: reviews, adoption: versions?.otherProjects)
        let frontMatter = file.frontMatterJSON.flatMap {
            try? JSONDecoder().decode(YAMLNode.self, from: Data($0.utf8))
        }
        let branch = file.commit ?? file.repository.defaultBranch ?? "HEAD"
        let described = FileReport.File(
            id: file.id, repository: file.key.repository, path: file.key.path, kind: file.kind,
            status: file.removedAt == nil ? file.status.rawValue : "removed", name: file.name, title: file.title,
            description: file.description, stars: file.repository.stars, license: file.repository.license,
            topics: file.repository.topics, commit: file.commit, firstCommitAt: file.firstCommitAt,
            lastCommitAt: file.lastCommitAt, firstSeen: file.firstSeen, lastSeen: file.lastSeen,
            removedAt: file.removedAt, sha256: file.sha256, blobSHA: file.blobSHA, bytes: file.bytes,
            lines: file.lineCount, ruleCount: rules.count,
            url: "https://github.com/\(file.key.repository)/blob/\(branch)/\(file.key.path)",
            frontMatter: frontMatter.map(PlainJSON.init), text: includeText ? file.text : nil)
        return FileReport(
            file: described, rules: Self.entries(rules, rated), ratings: Self.ratings(rated, of: rules.count),
            checks: FileReport.Checks(
                diagnostics: file.diagnostics, findings: file.findings, security: file.security, quality: quality,
                rationale: quality.rationale),
            versions: versions,
            reviews: reviews,
            stored: file)
    }

    /// A stored file's quality score, from its rules, its reviews and how many other projects use a version of it.
    static func quality(of file: StoredFile, rules: [Rule], reviews: FileReport.Reviews, adoption: Int?)
        -> QualityScore
    {
        QualityScore(
            QualityScore.Inputs(
                kind: file.kind, findings: file.findings, description: file.description, lineCount: file.lineCount,
                ruleCount: rules.count, hasExamples: rules.contains { !$0.examples.isEmpty },
                security: file.security.verdict,
                reviews: QualityScore.Inputs.Reviews(
                    count: reviews.count, worked: reviews.worked, partly: reviews.partly),
                stars: file.repository.stars, adoption: adoption))
    }

    /// The report of a text that is not stored: pasted into the web page, sent to `registry_analyze` or the API.
    ///
    /// Its kind is `kind`, else its path's, else what its front matter says (``FileKind/inferred(path:text:)``).
    /// A text the registry would not index is reported with the reason as an error finding and nothing to rate.
    public func report(
        text: String, path: String? = nil, kind: String? = nil, findVersions: Bool = true
    ) throws -> FileReport {
        guard text.utf8.count <= Self.maximumTextBytes else { throw TextError.tooLarge(limit: Self.maximumTextBytes) }
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw TextError.empty }
        var chosen = path.flatMap(FileKind.ownKind(of:))
        if let kind, !kind.isEmpty {
            guard let given = FileKind(rawValue: kind) else { throw TextError.unknownKind(kind) }
            chosen = given
        }
        let resolved = chosen ?? FileKind.inferred(path: path, text: text.utf8)
        let place = path ?? resolved.placeholderPath
        switch DocumentParser().parse(Array(text.utf8), path: place, kind: resolved) {
        case .parsed(let document):
            // The text is the asker's own: the answer does not send it back.
            return try report(of: document, at: .unknown, findVersions: findVersions, includeText: false)
        case .rejected(let diagnostic):
            let findings = [
                Finding(
                    code: diagnostic.code.rawValue, severity: .error, message: diagnostic.message,
                    line: diagnostic.line)
            ]
            let quality = QualityScore(
                QualityScore.Inputs(
                    kind: resolved, findings: findings, description: nil, lineCount: 0, ruleCount: 0,
                    hasExamples: false, security: .pass))
            let rated = RuleRater().rate([], context: RuleRater.Context())
            return FileReport(
                file: FileReport.File(
                    path: place, kind: resolved, status: FileStatus.rejected.rawValue, topics: [],
                    bytes: text.utf8.count, lines: 0, ruleCount: 0),
                rules: [], ratings: Self.ratings(rated, of: 0),
                checks: FileReport.Checks(
                    diagnostics: [diagnostic], findings: findings, security: SecurityReport(findings: []),
                    quality: quality, rationale: quality.rationale),
                versions: nil, reviews: nil, stored: nil)
        }
    }

    /// The report of a parsed file that is not stored, checked at `place`.
    ///
    /// - Parameters:
    ///   - findVersions: look for its versions in the registry (when there is one).
    ///   - project: the project on disk around it, whose files and skills bind its rules as a stored
    ///     repository's do.
    public func report(
        of document: Document, at place: FileChecks.Place, findVersions: Bool = true, project: LocalProject? = nil,
        includeText: Bool = true
    ) throws -> FileReport {
        let watch = Watch(budget: budget, isCancelled: isCancelled)
        let checks = FileChecks.of(document, at: place)
        var versions: VersionReport?
        let rated: RuleRatingReport
        if let rater {
            if findVersions {
                try watch.check()
                versions = try rater.versionFinder().versions(of: VersionFinder.Subject(document: document))
            }
            try watch.check()
            rated = try rater.rate(
                Array(document.rules.prefix(Self.maximumRatedRules)), versions: versions, kind: document.kind,
                project: project, shouldStop: { watch.shouldStop })
            try watch.check()
        } else {
            var context = RuleRater.Context(fileKind: document.kind)
            context.publicNames = PublicNames.bundled
            if let project { context.describe(project) }
            rated = RuleRater().rate(Array(document.rules.prefix(Self.maximumRatedRules)), context: context)
        }
        let quality = QualityScore(
            document: document, findings: checks.findings, security: checks.security,
            adoption: versions?.otherProjects)
        let file = FileReport.File(
            path: document.path, kind: document.kind, status: FileStatus.indexed.rawValue, name: document.name,
            title: document.title, description: document.description, topics: [], bytes: document.text.utf8.count,
            lines: document.lineCount, ruleCount: document.rules.count,
            frontMatter: document.frontMatter.map(PlainJSON.init), text: includeText ? document.text : nil)
        return FileReport(
            file: file, rules: Self.entries(document.rules, rated),
            ratings: Self.ratings(rated, of: document.rules.count),
            checks: FileReport.Checks(
                diagnostics: document.diagnostics, findings: checks.findings, security: checks.security,
                quality: quality, rationale: quality.rationale),
            versions: versions, reviews: nil, stored: nil)
    }

    /// The listing record of a stored file's report, with its quality and reviews.
    public static func listing(_ report: FileReport) -> JSONValue? {
        guard let file = report.stored else { return nil }
        let reviews = report.reviews.map {
            ReviewSummary(
                count: $0.count, worked: $0.worked, partly: $0.partly, failed: $0.failed,
                costUSDAverage: $0.costUSDAverage, latencyP50Ms: $0.latencyP50Ms)
        }
        return ListingRecord.export(
            file,
            facts: ListingRecord.Facts(
                quality: report.checks.quality, reviews: reviews ?? ReviewSummary(),
                aggregate: report.reviews.map(Self.aggregate)))
    }

    /// A report's review counts as the listing record's `reviews`: the numbers the file page shows.
    static func aggregate(_ reviews: FileReport.Reviews) -> JSONValue {
        func tally(_ tally: FileReport.Reviews.Tally) -> JSONValue {
            .object([
                "count": .integer(Int64(tally.count)), "worked": .integer(Int64(tally.worked)),
                "partly": .integer(Int64(tally.partly)), "failed": .integer(Int64(tally.failed)),
                "share_worked": tally.shareWorked.map(JSONValue.number) ?? .null,
            ])
        }
        func version(_ version: FileReport.Reviews.VersionTally) -> JSONValue {
            // Counts only: the version itself is the registry's (a record moved to another registry keeps them).
            .object(["all": tally(version.all), "people": tally(version.people), "agents": tally(version.agents)])
        }
        return .object([
            "this_version": version(reviews.thisVersion),
            "previous_version": reviews.previous.map(version) ?? .null,
        ])
    }

    static func entries(_ rules: [Rule], _ rated: RuleRatingReport) -> [FileReport.RatedRuleEntry] {
        let ratings = Dictionary(rated.rules.map { ($0.position, $0) }, uniquingKeysWith: { a, _ in a })
        return rules.map { rule in
            let rating = ratings[rule.position]
            return FileReport.RatedRuleEntry(
                position: rule.position, line: rule.lines.start, endLine: rule.lines.end, text: rule.text,
                section: rule.section, source: rule.source.rawValue,
                examples: rule.examples.map {
                    ExampleView(language: $0.language, line: $0.lines.start, endLine: $0.lines.end)
                },
                rating: rating?.rating, isEstimate: rating?.isEstimate ?? false,
                evidence: rating?.evidence
                    ?? "not rated: only the first \(Self.maximumRatedRules.formatted()) rules of a file are rated",
                namedThings: rating?.namedThings ?? [])
        }
    }

    static func ratings(_ rated: RuleRatingReport, of total: Int) -> FileReport.Ratings {
        let notRated = max(0, total - rated.rules.count)
        let note =
            notRated == 0
            ? "" : "; \(notRated.formatted()) more not rated (only the first \(Self.maximumRatedRules.formatted()) are)"
        return FileReport.Ratings(
            summary: rated.summary + note,
            sentence: rated.sentence + (notRated == 0 ? "" : " \(notRated.formatted()) more were not rated."),
            counts: .init(
                common: rated.count(.common), distinctive: rated.count(.distinctive),
                verySpecific: rated.count(.verySpecific)),
            notRated: notRated, editedVersions: rated.editedVersions, registryFiles: rated.registryFiles,
            embedder: rated.embedder, peers: rated.peers)
    }
}
