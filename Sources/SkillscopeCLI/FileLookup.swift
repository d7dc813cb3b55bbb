internal import Foundation
internal import SkillscopeCore
internal import SkillscopeIngest
internal import SkillscopeRating
internal import SkillscopeReport
internal import SkillscopeStore

/// Finds what a FILE argument names: a file on disk (parsed on the spot, nothing stored), or a registry file
/// by id or `owner/repo/path`.
enum FileLookup {
    enum Found {
        case local(Document)
        case stored(StoredFile, [Rule])
    }

    /// - Parameter registryOnly: never read a file on disk, only the registry.
    static func find(
        _ argument: String, kind: FileKind?, context: Context, command: String, registryOnly: Bool = false
    ) throws -> Found {
        var isDirectory: ObjCBool = false
        if !registryOnly, FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) {
            var path = argument
            if isDirectory.boolValue {
                let skill = ["SKILL.md", "skill.md"].map { argument + "/" + $0 }
                    .first { FileManager.default.fileExists(atPath: $0) }
                guard let skill else {
                    throw CLIError("\(argument) is a folder without a SKILL.md", exitCode: .noInput)
                }
                path = skill
            }
            guard let data = FileManager.default.contents(atPath: path) else {
                throw CLIError("cannot read \(path)", exitCode: .noInput)
            }
            let bytes = [UInt8](data)
            let relative = URL(fileURLWithPath: path).standardizedFileURL.path
            let chosen = kind ?? FileKind.inferred(path: relative, text: bytes)
            switch DocumentParser().parse(bytes, path: path, kind: chosen) {
            case .parsed(let document): return .local(document)
            case .rejected(let diagnostic):
                throw CLIError("cannot split \(diagnostic)", exitCode: .dataError)
            }
        }
        let store = try context.openExistingStore()
        let reference: FileReference
        if let id = Int64(argument) {
            reference = .id(id)
        } else {
            let parts = argument.split(separator: "/", maxSplits: 2).map(String.init)
            guard parts.count == 3 else {
                throw CLIError(
                    "no file at \(argument), and it is not a registry id or owner/repo/path", exitCode: .noInput)
            }
            reference = .key(FileKey(repository: parts[0] + "/" + parts[1], path: parts[2]))
        }
        guard let file = try store.file(reference) else {
            throw CLIError("no file \(argument) in the registry at \(context.registry.displayName)", exitCode: .noInput)
        }
        return .stored(file, try store.rules(ofFile: file.id))
    }

    static func parseKind(_ text: String?, command: String) throws(CLIError) -> FileKind? {
        guard let text else { return nil }
        guard let kind = FileKind(rawValue: text) else {
            throw .usage(
                "unknown kind \(text); kinds are \(FileKind.allCases.map(\.rawValue).joined(separator: ", "))",
                command: command)
        }
        return kind
    }
}

extension FileLookup {
    /// The report of what a FILE argument names: a registry file's whole report, or a file on disk checked in its
    /// folder, rated in its project and against the registry when there is one.
    static func report(
        _ argument: String, kind: FileKind?, context: Context, command: String, registryOnly: Bool = false
    ) throws -> FileReport {
        switch try find(argument, kind: kind, context: context, command: command, registryOnly: registryOnly) {
        case .local(let document):
            // A registry named by mistake is said, never taken for an empty one.
            let store = context.isRegistryNamed ? try context.openExistingStore() : try? context.openExistingStore()
            let reporter = Reporter(rater: store.map { RegistryRater.forOneQuery(store: $0, context: context) })
            let folder = URL(fileURLWithPath: document.path).deletingLastPathComponent().path
            return try reporter.report(
                of: document, at: .disk(folder: folder),
                project: LocalProjectReader.project(around: document.path, rules: document.rules))
        case .stored(let file, _):
            let store = try context.openExistingStore()
            return try Reporter(rater: RegistryRater.forOneQuery(store: store, context: context)).report(file)
        }
    }
}
