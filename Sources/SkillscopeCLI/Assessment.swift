internal import Foundation
internal import SkillscopeCore
internal import SkillscopeIngest
internal import SkillscopeStore

/// A file's checks put together: spec findings, security report and quality score, for a registry file or one on
/// disk.
struct Assessment: Encodable {
    var findings: [Finding]
    var security: SecurityReport
    var quality: QualityScore

    /// A stored file: checks as stored, stars from its repository, adoption from its versions (measured on the
    /// candidates alone: a command asks once).
    init(stored file: StoredFile, rules: [Rule], store: any Store) throws {
        findings = file.findings
        security = file.security
        quality = try QualityScore.of(file, rules: rules, store: store, tableScope: .candidates)
    }

    /// A file on disk, not stored: scripts beside a skill are scanned with it; stars and adoption are unknown.
    init(local document: Document) {
        let url = URL(fileURLWithPath: document.path)
        let folder = url.deletingLastPathComponent()
        findings = SpecCheck.check(
            document, folderName: document.kind == .skill ? folder.lastPathComponent : nil,
            fileExists: { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) })
        security = SecurityScan.scan(
            document, bundled: document.kind == .skill ? SkillFolder.scripts(in: folder.path) : [])
        quality = QualityScore(document: document, findings: findings, security: security)
    }

    /// Prints the security verdict with its evidence and the quality score with its rationale.
    static func print(security: SecurityReport, quality: QualityScore, to output: Output) {
        output.print("  security      \(security.verdict.rawValue)")
        for finding in security.findings {
            let place = (finding.file.map { "\($0):" } ?? "line ") + String(finding.line)
            output.print("    \(finding.level.rawValue): \(place): \(finding.message) [\(finding.category.rawValue)]")
            output.print("      \(finding.evidence)")
        }
        output.print("  quality       \(String(format: "%.3f", quality.score))")
        for line in quality.rationaleLines { output.print("    \(line)") }
    }
}
