internal import Foundation
internal import Hashing
internal import SkillscopeCore

/// One finding of the security scan in a skill, as an install prints it and the lock records an accepted one.
///
/// Two findings are the same risk when their file, category and evidence line agree: the line number is kept for
/// the reader, but an edit above the line does not make an accepted finding new.
public struct RiskFinding: Sendable, Hashable, Codable {
    /// The file, relative to the skill's folder (`SKILL.md`, `scripts/setup.sh`).
    public var file: String
    /// 1-based.
    public var line: Int
    /// The scan's category, such as `pipe-to-shell`.
    public var category: String
    /// The scan's reason.
    public var message: String
    /// The line itself, as the scan quotes it.
    public var evidence: String

    public init(file: String, line: Int, category: String, message: String, evidence: String) {
        (self.file, self.line, self.category, self.message, self.evidence) = (file, line, category, message, evidence)
    }

    /// Whether `other` is the same risk: the same file, category and evidence.
    func isSame(as other: RiskFinding) -> Bool {
        file == other.file && category == other.category && evidence == other.evidence
    }

    /// `name/file:line: category: message`, then the evidence on its own line.
    public func described(skill: String) -> String {
        "\(skill)/\(file):\(line): \(category): \(message)\n      \(evidence)"
    }
}

/// The security scan's verdict on the files an install would write for one skill, set against what the lock
/// accepts: fail-level findings refuse the install unless the lock accepted them (or `--allow-risk` accepts them
/// now); warnings are said and never refuse.
public struct RiskVerdict: Sendable, Hashable, Codable {
    /// The scan's worst level: `pass`, `warn` or `fail`.
    public var verdict: String
    /// Fail-level findings nobody accepted before this command: they refuse it without `--allow-risk`.
    public var failures: [RiskFinding] = []
    /// Fail-level findings the lock already accepts for this skill.
    public var accepted: [RiskFinding] = []
    /// Warn-level findings: printed, never refusing.
    public var warnings: [RiskFinding] = []

    /// The verdict on `files` (a skill's files, by path in its folder) given the findings accepted before.
    ///
    /// - Parameter acceptance: the acceptance the lock records for the skill, when it still holds (the same
    ///   source, and for `install` the content it was recorded at).
    init(files: [String: [UInt8]], acceptance: SkillLock.AcceptedRisk?) {
        let report = SkillScan.report(of: files)
        verdict = report.verdict.rawValue
        let skillFile = files.keys.first { FileKind.isSkillFileName($0) && !$0.contains("/") } ?? "SKILL.md"
        for finding in report.findings where finding.level == .fail || finding.level == .warn {
            let risk = RiskFinding(
                file: finding.file ?? skillFile, line: finding.line, category: finding.category.rawValue,
                message: finding.message, evidence: finding.evidence)
            if finding.level == .warn {
                warnings.append(risk)
            } else if acceptance?.findings.contains(where: risk.isSame(as:)) == true {
                accepted.append(risk)
            } else {
                failures.append(risk)
            }
        }
    }

    /// The acceptance to record for content of sha256 `contentHash`: every fail-level finding, when `allowsRisk`
    /// or when all were accepted before; `nil` when none fails.
    func acceptance(at contentHash: String, allowsRisk: Bool) -> SkillLock.AcceptedRisk? {
        let all = (accepted + failures).sorted { ($0.file, $0.line, $0.category) < ($1.file, $1.line, $1.category) }
        guard !all.isEmpty, allowsRisk || failures.isEmpty else { return nil }
        return SkillLock.AcceptedRisk(sha256: contentHash, findings: all)
    }

    /// The findings accepted before that the content still holds, as the acceptance for content of sha256
    /// `contentHash`; `nil` when it holds none.
    func carried(at contentHash: String) -> SkillLock.AcceptedRisk? {
        accepted.isEmpty ? nil : SkillLock.AcceptedRisk(sha256: contentHash, findings: accepted)
    }

    /// Refuses the skills whose scan fails, naming each finding's file, line and reason; does nothing when none is.
    ///
    /// A function that throws rather than an error to throw, so a `do` block calling it keeps `SyncError` as its
    /// thrown type.
    ///
    /// - Parameter notes: lines said after the findings (an acceptance made for other content).
    /// - Throws: ``SyncError`` `.risk`.
    static func refuse(_ refused: [(name: String, verdict: RiskVerdict)], doing: String, notes: [String] = [])
        throws(SyncError)
    {
        guard !refused.isEmpty else { return }
        var lines = [
            "refused to \(doing) \(refused.map { $0.name }.joined(separator: ", ")): the security scan fails, and nothing was written"
        ]
        for (name, verdict) in refused {
            lines += verdict.failures.map { "  " + $0.described(skill: name) }
        }
        lines += notes.map { "  " + $0 }
        lines.append(
            "read the lines above; to \(doing) anyway, pass --allow-risk (the lock then records the accepted findings)")
        throw SyncError(.risk, lines.joined(separator: "\n"))
    }
}

/// The security scan of a skill's files as an install would write them, read from memory: `SKILL.md` is the
/// document, and every other text file the scan reads (``BundledFile/isScanned(_:)``: scripts, Markdown,
/// configuration) is bundled with it, as `skillscope check` reads a skill's folder.
///
/// Unlike `check`, which reads 64 files of up to 256 KiB three folders down, every file the install writes is read
/// (the readers leave out `.git` and `node_modules`, and bound a skill to 2,000 files and 32 MiB): an install must
/// not be passed by a payload in the 65th script, a large one, or a folder `check` skips. A file that is not valid
/// UTF-8 is read with its bad bytes replaced, where `check` skips it: a payload in a Latin-1 script is still ASCII.
enum SkillScan {
    /// The report on `files`; a skill without a `SKILL.md` passes (nothing an agent loads).
    static func report(of files: [String: [UInt8]]) -> SecurityReport {
        guard let path = files.keys.sorted().first(where: { FileKind.isSkillFileName($0) && !$0.contains("/") }),
            let bytes = files[path]
        else { return SecurityReport(findings: []) }
        var configuration = DocumentParser.Configuration()
        configuration.fingerprints = false
        configuration.rules = false  // the scan reads lines and front matter, never rules
        let document = DocumentParser(configuration: configuration)
            .parse(text: SourceText(decoding: bytes).text, path: path, kind: .skill)
        let bundled = files.filter { $0.key != path && BundledFile.isScanned($0.key) }.sorted { $0.key < $1.key }
            .map { BundledFile(path: $0.key, text: String(decoding: $0.value, as: UTF8.self)) }
        return SecurityScan.scan(document, bundled: bundled)
    }
}

extension SkillLock {
    /// Fail-level findings of the security scan a user accepted with `--allow-risk`, and the content they were
    /// accepted for.
    ///
    /// The acceptance holds for that content only (``SkillLock/Entry/contentHash``): `install` refuses a skill whose
    /// locked content changed since without a new acceptance. `update` carries it to merged content while every
    /// fail-level finding is one accepted before; a new one needs `--allow-risk` again.
    public struct AcceptedRisk: Sendable, Hashable, Codable {
        /// ``SkillLock/Entry/contentHash`` when the findings were accepted.
        public var sha256: String
        public var findings: [RiskFinding]
    }
}

extension SkillLock.Entry {
    /// The sha256 of what the lock says the project holds: over each locked path and the hash the lock accepts for
    /// it (the kept version where there is one, else upstream's), in path order.
    public var contentHash: String {
        let lines = lockedPaths.sorted().map { path in "\(modified?[path] ?? files[path] ?? "")  \(path)\n" }
        return SHA256.hex(of: Array(lines.joined().utf8))
    }

    /// The recorded acceptance when it was made for the content the lock now records; `nil` otherwise.
    var currentAcceptance: SkillLock.AcceptedRisk? {
        acceptedRisk.flatMap { $0.sha256 == contentHash ? $0 : nil }
    }
}

extension SkillManager {
    /// What `status` says of an installed skill's scan: the findings the lock accepts, and those it does not.
    func riskDrifts(_ name: String, entry: SkillLock.Entry, installed: [String: [UInt8]]) -> [Drift] {
        guard !installed.isEmpty else { return [] }
        let scan = RiskVerdict(files: installed, acceptance: entry.currentAcceptance)
        func listed(_ findings: [RiskFinding]) -> String {
            findings.map { "\($0.file):\($0.line) \($0.category)" }.joined(separator: "; ")
        }
        var drifts: [Drift] = []
        if !scan.accepted.isEmpty {
            let count = scan.accepted.count
            drifts.append(
                Drift(
                    .riskAccepted, name,
                    "\(count) fail-level finding\(count == 1 ? "" : "s") of the security scan accepted with --allow-risk for this content (sha256 \(entry.contentHash.prefix(12))…): \(listed(scan.accepted))"
                ))
        }
        if !scan.failures.isEmpty {
            drifts.append(
                Drift(
                    .risk, name,
                    "the security scan fails and the lock accepts none of it: \(listed(scan.failures)); `skillscope install --frozen` refuses it, `skillscope install --allow-risk` records an acceptance"
                ))
        }
        return drifts
    }
}
