internal import Foundation
public import SkillscopeCore
internal import SkillscopeStore

/// The spec check and the security scan of a parsed file, wherever it sits: the one place that knows how a file's
/// folder is read (the ingest, `show` and `analyze` of a file on disk, and a pasted text all come here).
public enum FileChecks {
    /// What is known of the file's surroundings.
    public enum Place: Sendable {
        /// A file on disk: its folder is read for linked files and, for a skill, the scripts bundled beside it.
        case disk(folder: String)
        /// A file of a repository whose tree is known (a git tree or a listing): linked files are looked up in it.
        case tree(Set<String>, repository: String)
        /// A file whose surroundings are unknown (a corpus entry, a pasted text): its path still names its folder.
        case unknown
    }

    /// A file's checks.
    public struct Result: Sendable {
        public var findings: [Finding]
        public var security: SecurityReport
        /// The scripts beside a skill on disk that were scanned with it.
        public var bundledScripts: Int
    }

    /// The spec findings and the security report of `document` at `place`.
    ///
    /// - Parameter scanned: the security report of the same text found before (a shared parse), used when no
    ///   script is bundled beside it.
    public static func of(
        _ document: Document, at place: Place, scanned: SecurityReport? = nil
    ) -> Result {
        let isSkill = document.kind == .skill
        switch place {
        case .disk(let folder):
            let findings = SpecCheck.check(
                document, folderName: isSkill ? (folder as NSString).lastPathComponent : nil,
                fileExists: { FileManager.default.fileExists(atPath: folder + "/" + $0) })
            let scripts = isSkill ? SkillFolder.scripts(in: folder) : []
            return Result(
                findings: findings,
                security: (scripts.isEmpty ? scanned : nil) ?? SecurityScan.scan(document, bundled: scripts),
                bundledScripts: scripts.count)
        case .tree(let tree, let repository):
            let folder = FileKind.folder(of: document.path)
            let folderName = folder.isEmpty ? RepositoryRecord(fullName: repository).name : folder
            let findings = SpecCheck.check(
                document, folderName: isSkill ? String(folderName.split(separator: "/").last ?? "") : nil,
                fileExists: { tree.contains(joined(folder, $0)) })
            return Result(findings: findings, security: scanned ?? SecurityScan.scan(document), bundledScripts: 0)
        case .unknown:
            let folder = FileKind.folder(of: document.path)
            let findings = SpecCheck.check(
                document, folderName: isSkill && !folder.isEmpty ? String(folder.split(separator: "/").last ?? "") : nil
            )
            return Result(findings: findings, security: scanned ?? SecurityScan.scan(document), bundledScripts: 0)
        }
    }

    /// `relative` resolved against `folder`, `.` and `..` taken out.
    public static func joined(_ folder: String, _ relative: String) -> String {
        var parts = folder.split(separator: "/").map(String.init)
        for part in relative.split(separator: "/") where part != "." {
            if part == ".." { _ = parts.popLast() } else { parts.append(String(part)) }
        }
        return parts.joined(separator: "/")
    }
}
