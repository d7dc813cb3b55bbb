internal import Foundation
internal import Hashing
internal import JSON
internal import SkillscopeCore
internal import SkillscopeStore
internal import YAML

/// The registry's skills as the MCP Skills extension serves them: `skill://<owner>/<repo>/<name>/SKILL.md`, each
/// with its verbatim front matter and every file of its folder with a `sha256:` digest of the bytes served.
///
/// Related documentation: <https://github.com/modelcontextprotocol/ext-skills> (SEP-2640).
struct SkillCatalog: Sendable {
    /// Skills per `skills/list` or `resources/list` page.
    static let pageSize = 50
    static let scheme = "skill://"

    let store: any Store

    /// One skill: its `SKILL.md`, the files of its folder by path, and its URI.
    struct Skill {
        var uri: String
        var file: StoredFile
        var files: [String: StoredFile]
        var prefix: String { String(uri.dropLast("SKILL.md".count)) }
    }

    /// The URI of a repository's skill, when its name may end a skill path (the Agent Skills naming rules).
    static func uri(repository: String, name: String?) -> String? {
        guard let name, isSkillName(name), repository.split(separator: "/").count == 2 else { return nil }
        return scheme + repository + "/" + name + "/SKILL.md"
    }

    static func isSkillName(_ name: String) -> Bool {
        (1...64).contains(name.count) && !name.hasPrefix("-") && !name.hasSuffix("-") && !name.contains("--")
            && name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    /// The skill a `SKILL.md` file is, or `nil` when it cannot be served (no valid name, not indexed).
    func skill(_ file: StoredFile) throws -> Skill? {
        guard file.kind == .skill, file.status == .indexed, file.removedAt == nil,
            let uri = Self.uri(repository: file.key.repository, name: file.name)
        else { return nil }
        let folder = FileKind.folder(of: file.key.path)
        return Skill(
            uri: uri, file: file,
            files: try store.skillFolderFiles(repository: file.key.repository, folder: folder).files)
    }

    /// The skill whose files live under `uri`, and the path of `uri` inside it; `nil` when it names none.
    func resolve(_ uri: String) throws -> (skill: Skill, path: String)? {
        guard uri.hasPrefix(Self.scheme) else { return nil }
        let parts = uri.dropFirst(Self.scheme.count).split(
            separator: "/", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, !parts[3].isEmpty else { return nil }
        let repository = parts[0] + "/" + parts[1]
        let name = String(parts[2])
        for candidate in try store.repositoryFiles(String(repository))
        where candidate.kind == .skill && candidate.name == name {
            guard let file = try store.file(.id(candidate.id)), let skill = try skill(file) else { continue }
            return (skill, String(parts[3]))
        }
        return nil
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
        return ["uri": .string(skill.uri), "frontmatter": frontMatter, "resources": .array(resources)]
    }

    /// A page of skills, in id order; the cursor is the position to go on from.
    func page(cursor: String?) throws(RPCError) -> (skills: [Skill], next: String?) {
        let start: Int
        if let cursor {
            guard let position = Int(cursor), position >= 0 else { throw RPCError(.invalidParams, "invalid cursor") }
            start = position
        } else {
            start = 0
        }
        do {
            let keys = try store.fileKeys().filter { FileKind.ownKind(of: $0.key.path) == .skill }
            let slice = keys.dropFirst(start).prefix(Self.pageSize)
            let skills = try slice.compactMap { key -> Skill? in try store.file(.id(key.id)).flatMap(skill) }
            let end = start + slice.count
            return (skills, end < keys.count ? String(end) : nil)
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
