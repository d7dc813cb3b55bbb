internal import Foundation
internal import YAML

/// One problem a spec check found, with the line it is on.
public struct Finding: Sendable, Hashable, Codable {
    public enum Severity: String, Sendable, Hashable, Codable {
        case error
        case warning
    }
    /// A stable name for the rule broken, such as `name-format`.
    public var code: String
    public var severity: Severity
    public var message: String
    public var line: Int?
    /// Other places the finding names (the rule a contradiction or duplicate stands against), paths as the
    /// report shows its files.
    public var related: [Place]?

    /// A line of a file.
    public struct Place: Sendable, Hashable, Codable {
        public var path: String
        public var line: Int

        public init(path: String, line: Int) {
            self.path = path
            self.line = line
        }
    }

    public init(code: String, severity: Severity, message: String, line: Int?, related: [Place]? = nil) {
        self.code = code
        self.severity = severity
        self.message = message
        self.line = line
        self.related = related
    }
}

/// Checks a parsed file against its format's specification: Agent Skills for `SKILL.md`, Cursor's `.mdc` front
/// matter, Copilot's `.instructions.md`, and no front matter for the plain kinds.
///
/// Lenient by design: client extensions (Claude Code's `argument-hint`, …) and YAML lists in `allowed-tools`
/// are warnings naming the client, never a reason to drop the file.
///
/// Related documentation: <https://agentskills.io/specification>.
public enum SpecCheck {
    /// The top-level keys the Agent Skills specification allows.
    static let skillKeys: Set<String> = [
        "name", "description", "license", "compatibility", "metadata", "allowed-tools",
    ]

    /// Keys real clients add to SKILL.md, by client.
    static let clientKeys: [String: String] = [
        "disable-model-invocation": "Claude Code", "user-invocable": "Claude Code", "argument-hint": "Claude Code",
        "model": "Claude Code", "effort": "Claude Code", "context": "Claude Code", "agent": "Claude Code",
        "hooks": "Claude Code", "when_to_use": "Claude Code", "version": "several clients",
    ]

    /// Checks `document`.
    ///
    /// - Parameters:
    ///   - folderName: the name of the folder holding a skill, which its `name` must equal; `nil` skips that test.
    ///   - fileExists: whether a path relative to the file's folder exists, for links to bundled references;
    ///     `nil` skips that test.
    public static func check(
        _ document: Document, folderName: String?, fileExists: ((String) -> Bool)? = nil
    ) -> [Finding] {
        var findings: [Finding] = []
        for diagnostic in document.diagnostics
        where [.invalidFrontMatter, .unclosedFrontMatter, .invalidUTF8].contains(diagnostic.code) {
            findings.append(
                Finding(
                    code: diagnostic.code.rawValue, severity: diagnostic.severity == .error ? .error : .warning,
                    message: diagnostic.message, line: diagnostic.line))
        }
        switch document.kind {
        case .skill:
            findings += checkSkill(document, folderName: folderName, fileExists: fileExists)
        case .cursor:
            findings += checkCursor(document)
        case .copilot:
            findings += checkCopilot(document)
        case .claude, .agents, .gemini, .windsurf, .skillReference:
            if let frontMatter = document.frontMatter, !document.path.contains(".claude/rules/"),
                !document.path.contains(".windsurf/rules/"), document.kind != .skillReference
            {
                findings.append(
                    Finding(
                        code: "unexpected-front-matter", severity: .warning,
                        message: "\(document.kind) files take no front matter; agents may show it as text",
                        line: frontMatter.line))
            }
        }
        return findings.sorted { ($0.line ?? 0, $0.code) < ($1.line ?? 0, $1.code) }
    }

    private static func checkSkill(_ document: Document, folderName: String?, fileExists: ((String) -> Bool)?)
        -> [Finding]
    {
        var findings: [Finding] = []
        guard let frontMatter = document.frontMatter, let pairs = frontMatter.pairs else {
            if !document.diagnostics.contains(where: {
                $0.code == .invalidFrontMatter || $0.code == .unclosedFrontMatter
            }) {
                findings.append(
                    Finding(
                        code: "missing-front-matter", severity: .error,
                        message: "SKILL.md must start with YAML front matter (---)", line: 1))
            }
            return findings
        }
        for pair in pairs {
            guard let key = pair.key.string, !skillKeys.contains(key) else { continue }
            if let client = clientKeys[key] {
                findings.append(
                    Finding(
                        code: "client-extension", severity: .warning,
                        message: "'\(key)' is an extension of \(client), not part of the Agent Skills spec",
                        line: pair.key.line))
            } else {
                findings.append(
                    Finding(
                        code: "unexpected-field", severity: .error,
                        message:
                            "unexpected field '\(key)': the spec allows only \(skillKeys.sorted().joined(separator: ", "))",
                        line: pair.key.line))
            }
        }
        findings += checkName(frontMatter["name"], folderName: folderName, line: frontMatter.line)
        switch frontMatter["description"] {
        case nil:
            findings.append(
                Finding(
                    code: "missing-description", severity: .error,
                    message: "missing required field 'description'", line: frontMatter.line))
        case let node?:
            if let text = node.string, !text.isEmpty {
                if text.count > 1024 {
                    findings.append(
                        Finding(
                            code: "description-length", severity: .error,
                            message: "description is \(text.count) characters, over the 1024 limit", line: node.line))
                }
            } else {
                findings.append(
                    Finding(
                        code: "description-type", severity: .error,
                        message: "'description' must be a non-empty string", line: node.line))
            }
        }
        if let node = frontMatter["compatibility"] {
            if let text = node.string {
                if text.isEmpty || text.count > 500 {
                    findings.append(
                        Finding(
                            code: "compatibility-length", severity: .error,
                            message: "compatibility must be 1–500 characters, not \(text.count)", line: node.line))
                }
            } else {
                findings.append(
                    Finding(
                        code: "compatibility-type", severity: .error, message: "'compatibility' must be a string",
                        line: node.line))
            }
        }
        if let node = frontMatter["metadata"] {
            if let metadata = node.pairs {
                for pair in metadata where pair.value.string == nil {
                    findings.append(
                        Finding(
                            code: "metadata-type", severity: .error,
                            message: "metadata '\(pair.key.string ?? "?")' must map to a string", line: pair.value.line)
                    )
                }
            } else {
                findings.append(
                    Finding(
                        code: "metadata-type", severity: .error, message: "'metadata' must be a map of strings",
                        line: node.line))
            }
        }
        if let node = frontMatter["allowed-tools"] {
            // As the reference validator reads YAML: `123` or `true` is no string, in a list or alone.
            if let bad = firstNonString(node) {
                findings.append(
                    Finding(
                        code: "allowed-tools-type", severity: .error,
                        message:
                            "'allowed-tools' must be a string or a list of strings; \(bad.string.map { "'\($0)' is not a string" } ?? "an item is a map or a list")",
                        line: bad.line))
            }
        }
        if let node = frontMatter["allowed-tools"], node.string == nil {
            findings.append(
                Finding(
                    code: "allowed-tools-list", severity: .warning,
                    message:
                        "'allowed-tools' is a YAML list (Claude Code reads it); the spec wants a space-separated string",
                    line: node.line))
        }
        let bodyLines = document.lineCount - (document.frontMatterLines?.end ?? 0)
        if bodyLines > 500 {
            findings.append(
                Finding(
                    code: "body-length", severity: .warning,
                    message: "the body is \(bodyLines) lines; the spec recommends under 500", line: nil))
        }
        if let fileExists { findings += checkReferences(document, fileExists: fileExists) }
        return findings
    }

    /// Whether a plain scalar is one YAML 1.2's core schema reads as a number, a Boolean or null, not a string.
    static func isTypedScalar(_ node: YAMLNode) -> Bool {
        guard case .scalar(let scalar) = node.value, scalar.isPlain else { return false }
        let text = scalar.text
        if node.isNull || ["true", "True", "TRUE", "false", "False", "FALSE"].contains(text) { return true }
        if [".inf", ".Inf", ".INF", "-.inf", "+.inf", ".nan", ".NaN", ".NAN"].contains(text) { return true }
        let patterns = [
            "^[-+]?[0-9]+$", "^0o[0-7]+$", "^0x[0-9a-fA-F]+$",
            "^[-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?$",
        ]
        return patterns.contains { text.range(of: $0, options: .regularExpression) != nil }
    }

    /// The first of a value (or of a list's items) that is no string: a number, a Boolean, null, a map or a list.
    static func firstNonString(_ node: YAMLNode) -> YAMLNode? {
        (node.items ?? [node]).first { $0.string == nil || isTypedScalar($0) }
    }

    /// What a typed plain scalar is, for a message: a number, a Boolean or null.
    static func typeName(of text: String) -> String {
        if ["true", "True", "TRUE", "false", "False", "FALSE"].contains(text) { return "Boolean" }
        if ["", "~", "null", "Null", "NULL"].contains(text) { return "null" }
        return "number"
    }

    private static func checkName(_ node: YAMLNode?, folderName: String?, line: Int) -> [Finding] {
        guard let node else {
            return [
                Finding(code: "missing-name", severity: .error, message: "missing required field 'name'", line: line)
            ]
        }
        guard let name = node.string, !name.isEmpty else {
            return [
                Finding(
                    code: "name-type", severity: .error, message: "'name' must be a non-empty string", line: node.line)
            ]
        }
        // As the reference validator (skills-ref) reads a name: NFKC, so "café" is one form; letters and digits of
        // any script, so 技能 and мой-навык are names; lower case wherever case exists.
        let normal = name.trimmingCharacters(in: .whitespaces).precomposedStringWithCompatibilityMapping
        var findings: [Finding] = []
        if normal.unicodeScalars.count > 64 {
            findings.append(
                Finding(
                    code: "name-length", severity: .error, message: "name '\(name)' is over 64 characters",
                    line: node.line))
        }
        let lettersAndDigits = normal.unicodeScalars.allSatisfy { scalar in
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .decimalNumber, .letterNumber, .otherNumber:
                true
            default: scalar == "-"
            }
        }
        if !lettersAndDigits || normal != normal.lowercased() {
            findings.append(
                Finding(
                    code: "name-format", severity: .error,
                    message: "name '\(name)' may hold only lower-case letters, digits and hyphens", line: node.line))
        }
        if normal.hasPrefix("-") || normal.hasSuffix("-") || normal.contains("--") {
            findings.append(
                Finding(
                    code: "name-hyphens", severity: .error,
                    message: "name '\(name)' may not start or end with a hyphen or hold two in a row", line: node.line))
        }
        if let folderName,
            folderName.precomposedStringWithCompatibilityMapping.unicodeScalars.elementsEqual(
                normal.unicodeScalars)
                == false
        {
            findings.append(
                Finding(
                    code: "name-folder", severity: .error,
                    message: "name '\(name)' must equal its folder's name '\(folderName)'", line: node.line))
        }
        return findings
    }

    /// Links to bundled files (`references/api.md`) must exist and stand at most one folder deep.
    ///
    /// One pass over the UTF-8 bytes finds each `](target)`, counting lines on the way.
    private static func checkReferences(_ document: Document, fileExists: (String) -> Bool) -> [Finding] {
        var findings: [Finding] = []
        let bytes = Array(document.text.utf8)
        var line = 1
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
            } else if byte == UInt8(ascii: "]"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "(") {
                var end = index + 2
                while end < bytes.count, bytes[end] != UInt8(ascii: ")"), bytes[end] != UInt8(ascii: "\n") { end += 1 }
                if end < bytes.count, bytes[end] == UInt8(ascii: ")") {
                    let raw = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
                    if let finding = checkLink(raw, line: line, fileExists: fileExists) { findings.append(finding) }
                    index = end
                    continue
                }
            }
            index += 1
        }
        return findings
    }

    private static func checkLink(_ raw: String, line: Int, fileExists: (String) -> Bool) -> Finding? {
        var target = Substring(raw)
        if let hash = target.firstIndex(of: "#") { target = target[..<hash] }
        if let space = target.firstIndex(of: " ") { target = target[..<space] }
        guard !target.isEmpty, !target.contains(":"), !target.hasPrefix("/"), !target.hasPrefix("..") else {
            return nil
        }
        let path = target.hasPrefix("./") ? String(target.dropFirst(2)) : String(target)
        if !fileExists(path) {
            return Finding(
                code: "missing-reference", severity: .error, message: "linked file '\(path)' is missing", line: line)
        }
        if path.split(separator: "/").count > 2 {
            return Finding(
                code: "deep-reference", severity: .warning,
                message: "'\(path)' is more than one folder deep; the spec keeps references one level deep", line: line)
        }
        return nil
    }

    private static func checkCursor(_ document: Document) -> [Finding] {
        guard document.path.hasSuffix(".mdc") else { return [] }
        guard let frontMatter = document.frontMatter, let pairs = frontMatter.pairs else {
            return [
                Finding(
                    code: "missing-front-matter", severity: .warning,
                    message:
                        "a .mdc rule without front matter (description, globs, alwaysApply) is never attached automatically",
                    line: 1)
            ]
        }
        var findings: [Finding] = []
        for pair in pairs {
            guard let key = pair.key.string, !["description", "globs", "alwaysApply"].contains(key) else { continue }
            findings.append(
                Finding(
                    code: "unexpected-field", severity: .warning,
                    message: "Cursor reads description, globs and alwaysApply; '\(key)' is ignored", line: pair.key.line
                ))
        }
        if let node = frontMatter["alwaysApply"], !["true", "false"].contains(node.string ?? "") {
            findings.append(
                Finding(
                    code: "always-apply-type", severity: .error, message: "alwaysApply must be true or false",
                    line: node.line))
        }
        if let node = frontMatter["globs"], !node.isNull {
            if let bad = firstNonString(node) {
                findings.append(
                    Finding(
                        code: "globs-type", severity: .error,
                        message:
                            "globs must be glob patterns (comma-separated, or a list); \(bad.string.map { "'\($0)' is not a pattern but a \(typeName(of: $0))" } ?? "an item is a map or a list")",
                        line: bad.line))
            }
        }
        if let node = frontMatter["description"], (node.string ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
            findings.append(
                Finding(
                    code: "empty-description", severity: .warning,
                    message:
                        "description is empty: Cursor's agent reads it to decide when to attach the rule; say what the rule is for, or remove the key",
                    line: node.line))
        }
        let always = frontMatter["alwaysApply"]?.string == "true"
        let globs =
            frontMatter["globs"].map { ($0.string ?? "x").isEmpty == false || $0.items?.isEmpty == false } ?? false
        let description = !(frontMatter["description"]?.string ?? "").isEmpty
        if !always && !globs && !description {
            findings.append(
                Finding(
                    code: "never-applied", severity: .warning,
                    message:
                        "no description, no globs and alwaysApply false: Cursor never applies this rule on its own",
                    line: frontMatter.line))
        }
        return findings
    }

    private static func checkCopilot(_ document: Document) -> [Finding] {
        guard document.path.hasSuffix(".instructions.md") else {
            if let frontMatter = document.frontMatter {
                return [
                    Finding(
                        code: "unexpected-front-matter", severity: .warning,
                        message: "copilot-instructions.md takes no front matter", line: frontMatter.line)
                ]
            }
            return []
        }
        guard let frontMatter = document.frontMatter, let pairs = frontMatter.pairs else {
            return [
                Finding(
                    code: "missing-apply-to", severity: .error,
                    message: "an .instructions.md file needs front matter with applyTo", line: 1)
            ]
        }
        var findings: [Finding] = []
        if frontMatter["applyTo"]?.string?.isEmpty != false {
            findings.append(
                Finding(
                    code: "missing-apply-to", severity: .error, message: "applyTo must be a non-empty glob string",
                    line: frontMatter["applyTo"]?.line ?? frontMatter.line))
        }
        for pair in pairs {
            guard let key = pair.key.string, !["applyTo", "name", "description", "excludeAgent"].contains(key) else {
                continue
            }
            findings.append(
                Finding(
                    code: "unexpected-field", severity: .warning,
                    message: "Copilot reads applyTo, name, description and excludeAgent; '\(key)' is ignored",
                    line: pair.key.line))
        }
        return findings
    }
}
