internal import Foundation
internal import Hashing
internal import JSON
internal import SkillscopeCore
internal import SkillscopeStore
internal import YAML

/// The registry's skills as the MCP Skills extension serves them, each with its verbatim front matter and every
/// file of its folder with a `sha256:` digest of the bytes served.
///
/// A skill's path is `<owner>/<repo>/<its folder in the repository>`, and the extension's rule that the path ends
/// in the skill's `name` decides the last segment: a folder already named so ends it
/// (`skill://acme/kit/skills/review/SKILL.md`), any other folder is followed by the name
/// (`skill://acme/kit/tools/v2/review/SKILL.md` for `tools/v2/SKILL.md` named `review`). Two skills of one
/// repository never share a path, whatever their names.
///
/// Related documentation: <https://github.com/modelcontextprotocol/ext-skills> (SEP-2640).
struct SkillCatalog: Sendable {
    /// Skills per `skills/list` or `resources/list` page.
    static let pageSize = 50
    static let scheme = "skill://"

    let store: any Store

    /// One skill: its `SKILL.md`, the files of its folder by the path each is served under, and its URI.
    ///
    /// The skill file itself is served as `SKILL.md` whatever its case in the repository (`skill.md`), so the
    /// manifest lists the skill's own URI once, as the extension asks.
    struct Skill {
        var uri: String
        var file: StoredFile
        var files: [String: StoredFile]
        var prefix: String { String(uri.dropLast("SKILL.md".count)) }

        init(uri: String, file: StoredFile, folderFiles: [String: StoredFile]) {
            self.uri = uri
            self.file = file
            var files = folderFiles
            let own = String(file.key.path.split(separator: "/").last ?? "")
            if own != "SKILL.md", files[own]?.id == file.id, files["SKILL.md"] == nil {
                files[own] = nil
                files["SKILL.md"] = file
            }
            self.files = files
        }
    }

    /// The URI of the skill whose `SKILL.md` is at `path` in `repository`, when its name may end a skill path
    /// (the Agent Skills naming rules).
    static func uri(repository: String, path: String, name: String?) -> String? {
        guard let skillPath = skillPath(repository: repository, path: path, name: name) else { return nil }
        return scheme + skillPath + "/SKILL.md"
    }

    /// `<owner>/<repo>/<folder>`, with the name after the folder unless the folder's last segment is the name.
    static func skillPath(repository: String, path: String, name: String?) -> String? {
        guard let name, isSkillName(name), repository.split(separator: "/").count == 2 else { return nil }
        let folder = FileKind.folder(of: path)
        let last = folder.split(separator: "/").last.map(String.init)
        if last == name { return repository + "/" + folder }
        return repository + (folder.isEmpty ? "" : "/" + folder) + "/" + name
    }

    static func isSkillName(_ name: String) -> Bool {
        (1...64).contains(name.count) && !name.hasPrefix("-") && !name.hasSuffix("-") && !name.contains("--")
            && name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    /// The skill a `SKILL.md` file is, or `nil` when it cannot be served (no valid name, not indexed).
    func skill(_ file: StoredFile) throws -> Skill? {
        guard file.kind == .skill, file.status == .indexed, file.removedAt == nil,
            let uri = Self.uri(repository: file.key.repository, path: file.key.path, name: file.name)
        else { return nil }
        let folder = FileKind.folder(of: file.key.path)
        return Skill(
            uri: uri, file: file,
            folderFiles: try store.skillFolderFiles(repository: file.key.repository, folder: folder).files)
    }

    /// The skill whose files live under `uri`, and the path of `uri` inside it; `nil` when it names none.
    func resolve(_ uri: String) throws -> (skill: Skill, path: String)? {
        guard uri.hasPrefix(Self.scheme) else { return nil }
        let rest = String(uri.dropFirst(Self.scheme.count))
        let parts = rest.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[2].isEmpty else { return nil }
        let repository = parts[0] + "/" + parts[1]
        // The skill whose path is the longest that `uri` goes on from (skills can nest).
        var best: (id: Int64, length: Int)?
        for candidate in try store.repositoryFiles(String(repository)) where candidate.kind == .skill {
            guard let path = Self.skillPath(repository: String(repository), path: candidate.path, name: candidate.name),
                rest.hasPrefix(path + "/"), path.count > (best?.length ?? -1)
            else { continue }
            best = (candidate.id, path.count)
        }
        if let best, let file = try store.file(.id(best.id)), let skill = try skill(file) {
            return (skill, String(rest.dropFirst(best.length + 1)))
        }
        return try resolveByName(repository: String(repository), rest: String(parts[2]))
    }

    /// The template filled with a skill's name alone (`skill://owner/repo/NAME/PATH`) for a skill nested deeper
    /// (`plugins/git/skills/NAME/SKILL.md`): the repository's one servable skill of that name, else `nil`.
    private func resolveByName(repository: String, rest: String) throws -> (skill: Skill, path: String)? {
        let segments = rest.split(separator: "/", maxSplits: 1)
        guard segments.count == 2 else { return nil }
        let name = String(segments[0])
        let named = try store.repositoryFiles(repository).filter { $0.kind == .skill && $0.name == name }
        guard named.count == 1, let file = try store.file(.id(named[0].id)), let skill = try skill(file) else {
            return nil
        }
        return (skill, String(segments[1]))
    }

    /// The extension's `Skill` entry, or `nil` when the front matter lacks `name` or `description`.
    func entry(_ skill: Skill) -> JSONValue? {
        // The front matter as stored, not a second parse of the stored text.
        let stored = skill.file.frontMatterJSON.flatMap {
            try? JSONDecoder().decode(YAMLNode.self, from: Data($0.utf8))
        }
        guard let frontMatter = stored.map(Self.json), frontMatter["name"]?.string != nil,
            frontMatter["description"]?.string != nil
        else { return nil }
        let resources = skill.files.keys.sorted().compactMap { path -> JSONValue? in
            guard let file = skill.files[path] else { return nil }
            let bytes = Array(file.text.utf8)
            return [
                "uri": .string(skill.prefix + path), "digest": .string("sha256:" + SHA256.hex(of: bytes)),
                "size": .integer(Int64(bytes.count)),
            ]
        }
        // The registry keeps only instruction files: a skill whose SKILL.md names a file it does not hold (a script,
        // an asset) has more files than it could list, so its list is "dynamic" (read files through the template),
        // and the files named but not held are said in `_meta`.
        let notHeld = SkillReferences.missing(in: skill.file.text, files: Set(skill.files.keys))
        guard notHeld.isEmpty else {
            return [
                "uri": .string(skill.uri), "frontmatter": frontMatter, "resources": "dynamic",
                "_meta": [Self.notHeldKey: .array(notHeld.map(JSONValue.string))],
            ]
        }
        return ["uri": .string(skill.uri), "frontmatter": frontMatter, "resources": .array(resources)]
    }

    /// The `_meta` key of the files a skill's SKILL.md names that the registry does not hold.
    static let notHeldKey = "dev.skillscope/notHeld"

    /// The Skills extension's bounds on one skill: its files, and their bytes in all.
    static let maximumFiles = 512
    static let maximumBytes = 16 << 20

    /// A skill file of the registry that `skills/list` does not list, and why.
    struct LeftOut {
        var repository: String
        var path: String
        var name: String?
        var reason: String

        var json: JSONValue {
            var fields: [String: JSONValue] = [
                "repository": .string(repository), "path": .string(path), "reason": .string(reason),
            ]
            if let name { fields["name"] = .string(name) }
            return .object(fields)
        }
    }

    /// Why an indexed `SKILL.md` cannot be listed, or nil when it can.
    func reasonLeftOut(_ file: StoredFile, skill: Skill?) -> String? {
        guard let name = file.name, !name.isEmpty else { return "its front matter has no name" }
        guard Self.isSkillName(name) else {
            return "its name \"\(name.prefix(80))\" breaks the Agent Skills naming rules (1 to 64 lowercase letters, "
                + "digits and single hyphens, not at either end), and a skill URI must end in the name"
        }
        guard file.key.repository.split(separator: "/").count == 2 else {
            return "its repository \(file.key.repository) is not owner/name"
        }
        if let broken = file.diagnostics.first(where: {
            $0.code == .invalidFrontMatter || $0.code == .unclosedFrontMatter
        }) {
            // The registry reads such a header as plain `key: value` lines; a client's YAML parser would not.
            return "its front matter does not parse as YAML (line \(broken.line ?? 1): \(broken.message))"
        }
        guard let skill else { return "it is not indexed" }
        if skill.files.count > Self.maximumFiles {
            return "it has \(skill.files.count) files, over the extension's \(Self.maximumFiles)"
        }
        let bytes = skill.files.values.reduce(0) { $0 + $1.text.utf8.count }
        if bytes > Self.maximumBytes { return "its files hold \(bytes) bytes, over the extension's 16 MiB" }
        if entry(skill) == nil { return "its front matter has no description" }
        return nil
    }

    /// A page of skills, in id order: ``pageSize`` servable skills (files that cannot be served are passed over,
    /// not counted, and listed in `leftOut` with the reason), and the cursor is the position in the registry's
    /// skill files to go on from.
    func page(cursor: String?) throws(RPCError) -> (skills: [Skill], leftOut: [LeftOut], next: String?) {
        let start: Int
        if let cursor {
            guard let position = Int(cursor), position >= 0 else { throw RPCError(.invalidParams, "invalid cursor") }
            start = position
        } else {
            start = 0
        }
        do {
            let keys = try store.fileKeys().filter { FileKind.ownKind(of: $0.key.path) == .skill }
            var skills: [Skill] = []
            var leftOut: [LeftOut] = []
            var position = start
            while position < keys.count, skills.count < Self.pageSize {
                defer { position += 1 }
                guard let file = try store.file(.id(keys[position].id)), file.kind == .skill,
                    file.status == .indexed, file.removedAt == nil
                else { continue }
                let found = try skill(file)
                if let reason = reasonLeftOut(file, skill: found) {
                    leftOut.append(
                        LeftOut(
                            repository: file.key.repository, path: file.key.path, name: file.name, reason: reason))
                } else if let found {
                    skills.append(found)
                }
            }
            return (skills, leftOut, position < keys.count ? String(position) : nil)
        } catch {
            throw RPCError(.internalError, "the registry could not be read")
        }
    }

    /// YAML front matter as JSON: plain scalars typed as YAML's core schema reads them, quoted ones as strings.
    static func json(_ node: YAMLNode) -> JSONValue {
        switch node.value {
        case .mapping(let pairs):
            var object: [String: JSONValue] = [:]
            for pair in pairs { object[pair.key.string ?? ""] = json(pair.value) }
            return .object(object)
        case .sequence(let items):
            return .array(items.map(json))
        case .scalar(let scalar):
            guard scalar.isPlain else { return .string(scalar.text) }
            switch scalar.text {
            case "", "~", "null", "Null", "NULL": return .null
            case "true", "True", "TRUE": return .bool(true)
            case "false", "False", "FALSE": return .bool(false)
            default:
                if let integer = Int64(scalar.text) { return .integer(integer) }
                if scalar.text.contains("."), let number = Double(scalar.text), number.isFinite {
                    return .number(number)
                }
                return .string(scalar.text)
            }
        }
    }
}
