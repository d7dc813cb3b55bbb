internal import FoundationEssentials
public import SkillscopeCore
public import YAML

/// A repository as the registry knows it.
public struct RepositoryRecord: Sendable, Hashable, Codable {
    /// `owner/name`.
    public var fullName: String
    public var stars: Int?
    /// An SPDX licence id, such as `MIT`.
    public var license: String?
    public var topics: [String]
    public var defaultBranch: String?
    /// ISO 8601, UTC.
    public var pushedAt: String?
    /// The commit the files were read at.
    public var commit: String?

    public init(
        fullName: String, stars: Int? = nil, license: String? = nil, topics: [String] = [],
        defaultBranch: String? = nil, pushedAt: String? = nil, commit: String? = nil
    ) {
        self.fullName = fullName
        self.stars = stars
        self.license = license
        self.topics = topics
        self.defaultBranch = defaultBranch
        self.pushedAt = pushedAt
        self.commit = commit
    }

    /// The part before the slash.
    public var owner: String { String(fullName.split(separator: "/", maxSplits: 1).first ?? "") }
    /// The part after the slash.
    public var name: String { String(fullName.split(separator: "/", maxSplits: 1).dropFirst().first ?? "") }
}

/// Identifies a file: its repository and its path there.
public struct FileKey: Sendable, Hashable, Codable, CustomStringConvertible {
    public var repository: String
    public var path: String
    public init(repository: String, path: String) {
        self.repository = repository
        self.path = path
    }
    /// `owner/repo/path`.
    public var description: String { "\(repository)/\(path)" }
}

/// One file as an ingest source delivers it, parsed or rejected, ready to be written.
public struct FileRecord: Sendable {
    public var key: FileKey
    public var kind: FileKind
    public var commit: String?
    /// ISO 8601, UTC: the first commit that added the file.
    public var firstCommitAt: String?
    /// ISO 8601, UTC: the last commit that changed it.
    public var lastCommitAt: String?
    public var sha256: String
    public var bytes: Int
    /// The git blob id (SHA-1, hexadecimal) when the file came from a git tree.
    public var blobSHA: String?
    /// The parse result; setting it re-encodes ``encoded``.
    public var outcome: FileOutcome {
        didSet { encoded = EncodedFile(outcome, findings: findings, security: security) }
    }
    /// What the spec check found (``SkillscopeCore/SpecCheck``), each with its line.
    public var findings: [Finding] {
        didSet { encoded = EncodedFile(outcome, findings: findings, security: security) }
    }
    /// What the security scan found (``SkillscopeCore/SecurityScan``).
    public var security: SecurityReport {
        didSet { encoded = EncodedFile(outcome, findings: findings, security: security) }
    }
    /// The listing record this file was imported from, kept whole (unknown fields too) as JSON text.
    public var listingJSON: String?
    /// Whether the file is rewritten though its stored sha256 matches: it was analysed by an earlier
    /// ``SkillscopeCore/DocumentParser/analysisVersion``.
    public var reanalyzed = false
    /// The columns engines store as text, encoded once where the file was parsed (on a parsing thread), so the
    /// single writer only binds them.
    public private(set) var encoded: EncodedFile

    /// A file ready to write; `sameContent`, the encoded columns of a file with the same bytes, saves encoding again
    /// what depends on the text alone.
    public init(
        key: FileKey, kind: FileKind, commit: String?, firstCommitAt: String?, lastCommitAt: String?, sha256: String,
        bytes: Int, outcome: FileOutcome, findings: [Finding] = [],
        security: SecurityReport = SecurityReport(findings: []),
        listingJSON: String? = nil, blobSHA: String? = nil, sameContent: EncodedFile? = nil
    ) {
        self.key = key
        self.kind = kind
        self.commit = commit
        self.firstCommitAt = firstCommitAt
        self.lastCommitAt = lastCommitAt
        self.sha256 = sha256
        self.bytes = bytes
        self.blobSHA = blobSHA
        self.outcome = outcome
        self.findings = findings
        self.security = security
        self.listingJSON = listingJSON
        self.encoded = EncodedFile(outcome, findings: findings, security: security, sameContent: sameContent)
    }
}

/// A parsed file's stored text columns: JSON for front matter and diagnostics, rules joined for search and their
/// layout (lines, sections, sources, examples) as one compact JSON value.
public struct EncodedFile: Sendable {
    /// The front matter tree as JSON, when there is one.
    public var frontMatterJSON: String?
    public var diagnosticsJSON: String
    /// Every rule's text, one a line (rule texts hold no line breaks): the search index's rules field.
    public var rulesText: String
    /// Everything else about the rules, as ``RulesLayout`` JSON.
    public var rulesLayoutJSON: String
    /// The text the search index reads as the body: the file's text without its rules' lines
    /// (``RulesLayout/searchBody(of:)``); empty for rejected files.
    public var searchBody: String
    /// The sorted phrase hashes, 8 bytes each (``HashCoding``); empty for rejected files.
    public var phrases: [UInt8]
    /// The sorted winnowed fingerprints, 8 bytes each.
    public var fingerprints: [UInt8]
    /// The word-sequence hash as a signed 64-bit value (SQL integers are signed).
    public var sequenceHash: Int64?
    public var wordCount: Int
    /// The name as "their own version" compares it (``NameKey``).
    public var nameKey: String?
    /// The spec check's findings as JSON.
    public var findingsJSON: String
    /// The security report as JSON.
    public var securityJSON: String
    public var securityVerdict: String

    /// Encodes `outcome`'s columns.
    ///
    /// With `sameContent`, the columns of a file with the same text, the ones that depend on the text alone (front
    /// matter, rules, layout, search body, phrases, fingerprints, word counts) are taken from it instead of encoded
    /// again; the ones that depend on the file's path (diagnostics, name, findings, security) are always encoded.
    public init(
        _ outcome: FileOutcome, findings: [Finding] = [], security: SecurityReport = SecurityReport(findings: []),
        sameContent: EncodedFile? = nil
    ) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        func json(_ value: some Encodable) -> String {
            (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
        }
        switch outcome {
        case .parsed(let document):
            if let shared = sameContent {
                frontMatterJSON = shared.frontMatterJSON
                rulesText = shared.rulesText
                rulesLayoutJSON = shared.rulesLayoutJSON
                searchBody = shared.searchBody
                phrases = shared.phrases
                fingerprints = shared.fingerprints
                sequenceHash = shared.sequenceHash
                wordCount = shared.wordCount
            } else {
                frontMatterJSON = document.frontMatter.map(JSONText.yaml)
                rulesText = document.rules.map(\.text).joined(separator: "\n")
                let layout = RulesLayout(document.rules)
                rulesLayoutJSON = layout.json()
                searchBody = layout.searchBody(of: document.lines)
                phrases = HashCoding.encode(document.fingerprint.phrases)
                fingerprints = HashCoding.encode(document.fingerprint.winnowed)
                sequenceHash = Int64(bitPattern: document.fingerprint.sequenceHash)
                wordCount = document.fingerprint.wordCount
            }
            diagnosticsJSON = document.diagnostics.isEmpty ? "[]" : json(document.diagnostics)
            nameKey = NameKey.make(document.name)
            findingsJSON = JSONText.findings(findings)
            securityJSON = security.findings.isEmpty ? "{\"findings\":[],\"verdict\":\"pass\"}" : json(security)
            securityVerdict = security.verdict.rawValue
        case .rejected(let diagnostic):
            frontMatterJSON = nil
            diagnosticsJSON = json([diagnostic])
            rulesText = ""
            rulesLayoutJSON = json(RulesLayout([]))
            searchBody = ""
            phrases = []
            fingerprints = []
            sequenceHash = nil
            wordCount = 0
            nameKey = nil
            findingsJSON = "[]"
            securityJSON = "{\"findings\":[],\"verdict\":\"pass\"}"
            securityVerdict = SecurityReport.Verdict.pass.rawValue
        }
    }
}

/// A file's rules without their texts, column by column: one small value per file instead of a row per rule.
///
/// Rules are read a file at a time, and a registry of 350,000 files holds some 14 million of them: as rows they
/// doubled the write cost of an ingest and a third of the database's size.
public struct RulesLayout: Codable, Sendable, Hashable {
    public var starts: [Int]
    public var ends: [Int]
    /// Distinct heading paths; ``sectionIndex`` points into it.
    public var sections: [[String]]
    public var sectionIndex: [Int]
    public var sources: [String]
    /// Examples per rule, by rule position; absent for rules with none.
    public var examples: [String: [Example]]

    public init(_ rules: [Rule]) {
        starts = rules.map(\.lines.start)
        ends = rules.map(\.lines.end)
        var sections: [[String]] = []
        var index: [[String]: Int] = [:]
        sectionIndex = rules.map { rule in
            // Rules come section by section: most share the one before's.
            if let last = sections.last, last == rule.section { return sections.count - 1 }
            if let known = index[rule.section] { return known }
            index[rule.section] = sections.count
            sections.append(rule.section)
            return sections.count - 1
        }
        self.sections = sections
        sources = rules.map(\.source.rawValue)
        var examples: [String: [Example]] = [:]
        for rule in rules where !rule.examples.isEmpty { examples[String(rule.position)] = rule.examples }
        self.examples = examples
    }

    /// The layout as JSON, written directly (the same shape `JSONEncoder` gives, keys sorted): an ingest writes
    /// one per file, and the generic encoder was a twentieth of its parsing time.
    public func json() -> String {
        var out = JSONWriter()
        out.append("{\"ends\":")
        out.append(integers: ends)
        out.append(",\"examples\":")
        JSONText.appendExamples(examples, to: &out)
        out.append(",\"sectionIndex\":")
        out.append(integers: sectionIndex)
        out.append(",\"sections\":[")
        for (index, section) in sections.enumerated() {
            if index > 0 { out.append(",") }
            out.append(strings: section)
        }
        out.append("],\"sources\":")
        out.append(strings: sources)
        out.append(",\"starts\":")
        out.append(integers: starts)
        out.append("}")
        return out.string
    }

    /// What the search index reads as a file's body beside its rules: `text` without the lines its rules stand on.
    ///
    /// `text` is the file's whole text, lines cut at `\n`. A rule's words are so indexed once, in the rules field.
    /// The lines of the rules' code examples stay; so do headings, front matter and every other block.
    public func searchBody(of text: String) -> String { searchBody(of: TextLines(text)) }

    /// ``searchBody(of:)`` of a text whose lines were found already.
    public func searchBody(of lines: TextLines) -> String {
        let text = lines.text
        guard !starts.isEmpty else { return text }
        let lastLine = max(starts.max() ?? 0, ends.max() ?? 0)
        var dropped = [Bool](repeating: false, count: lastLine + 2)
        for (start, end) in zip(starts, ends) where start >= 1 && start <= end {
            for line in start...min(end, lastLine) { dropped[line] = true }
        }
        for example in examples.values.joined() where example.lines.start >= 1 {
            for line in example.lines.start...max(example.lines.start, example.lines.end)
            where line < dropped.count {
                dropped[line] = false
            }
        }
        // Runs of kept lines are copied whole, line feeds between them included; lines are numbered from 1, as
        // rules number them.
        var kept = ""
        kept.reserveCapacity(text.utf8.count)
        var run: Range<Int>?
        var isFirst = true
        func copy(_ run: Range<Int>) {
            if !isFirst { kept += "\n" }
            kept += text.substring(utf8Offsets: run)
            isFirst = false
        }
        for index in lines.indices {
            let isKept = index + 1 >= dropped.count || !dropped[index + 1]
            if isKept {
                let line = lines.byteRange(index)
                run = run.map { $0.lowerBound..<line.upperBound } ?? line
            } else if let pending = run {
                copy(pending)
                run = nil
            }
        }
        if let pending = run { copy(pending) }
        return kept
    }

    /// The rules again, given their texts in order.
    public func rules(texts: [String]) -> [Rule] {
        let count = min(texts.count, starts.count, ends.count, sectionIndex.count, sources.count)
        return (0..<count).map { position in
            let section = sections.indices.contains(sectionIndex[position]) ? sections[sectionIndex[position]] : []
            return Rule(
                position: position, text: texts[position],
                lines: LineSpan(start: starts[position], end: ends[position]), section: section,
                source: Rule.Source(rawValue: sources[position]) ?? .listItem,
                examples: examples[String(position)] ?? [])
        }
    }
}

/// Whether a stored file was indexed or rejected.
public enum FileStatus: String, Sendable, Hashable, Codable {
    case indexed
    case rejected
}

/// A file read back from the registry.
public struct StoredFile: Sendable, Hashable, Codable {
    public var id: Int64
    public var key: FileKey
    public var kind: FileKind
    public var status: FileStatus
    public var commit: String?
    public var firstCommitAt: String?
    public var lastCommitAt: String?
    public var firstSeen: String
    public var lastSeen: String
    public var sha256: String
    public var bytes: Int
    public var name: String?
    public var title: String?
    public var description: String?
    /// The front matter as JSON text (a ``YAML/YAMLNode`` tree), when the file has one.
    public var frontMatterJSON: String?
    public var diagnostics: [FileDiagnostic]
    /// What the spec check found when the file was stored.
    public var findings: [Finding] = []
    /// What the security scan found when the file was stored.
    public var security = SecurityReport(findings: [])
    /// The listing record the file was imported from, when it was (JSON text, every field kept).
    public var listingJSON: String?
    /// The git blob id (SHA-1, hexadecimal) when the file came from a git tree.
    public var blobSHA: String?
    /// When a crawl found the file gone from its repository (ISO 8601 UTC); `nil` while it is there.
    ///
    /// Removed
    /// files are kept, but search and versions leave them out.
    public var removedAt: String?
    public var lineCount: Int
    public var ruleCount: Int
    /// The decoded text; empty for rejected files.
    public var text: String
    public var repository: RepositoryRecord

    public init(
        id: Int64, key: FileKey, kind: FileKind, status: FileStatus, commit: String?, firstCommitAt: String?,
        lastCommitAt: String?, firstSeen: String, lastSeen: String, sha256: String, bytes: Int, name: String?,
        title: String?, description: String?, frontMatterJSON: String?, diagnostics: [FileDiagnostic],
        lineCount: Int, ruleCount: Int, text: String, repository: RepositoryRecord
    ) {
        self.id = id
        self.key = key
        self.kind = kind
        self.status = status
        self.commit = commit
        self.firstCommitAt = firstCommitAt
        self.lastCommitAt = lastCommitAt
        self.firstSeen = firstSeen
        self.lastSeen = lastSeen
        self.sha256 = sha256
        self.bytes = bytes
        self.name = name
        self.title = title
        self.description = description
        self.frontMatterJSON = frontMatterJSON
        self.diagnostics = diagnostics
        self.lineCount = lineCount
        self.ruleCount = ruleCount
        self.text = text
        self.repository = repository
    }
}

/// How to find one file: by id, or by repository and path.
public enum FileReference: Sendable, Hashable {
    case id(Int64)
    case key(FileKey)
}

/// What one written batch did.
public struct WriteSummary: Sendable, Hashable, Codable {
    /// Files inserted or replaced.
    public var written = 0
    /// Files skipped because their sha256 was already stored.
    public var unchanged = 0
    public var rulesWritten = 0
    public init() {}

    public static func + (lhs: WriteSummary, rhs: WriteSummary) -> WriteSummary {
        var sum = lhs
        sum.written += rhs.written
        sum.unchanged += rhs.unchanged
        sum.rulesWritten += rhs.rulesWritten
        return sum
    }
}

/// Counts over the whole registry.
public struct RegistryStats: Sendable, Hashable, Codable {
    public var repositories = 0
    public var files = 0
    public var indexed = 0
    public var rejected = 0
    /// Files gone from their repository, kept but counted nowhere else.
    public var removed = 0
    public var rules = 0
    public var bytes = 0
    /// Indexed files per kind.
    public var byKind: [String: Int] = [:]
    /// Rejected files per reason.
    public var rejectedByReason: [String: Int] = [:]
    /// Indexed files that carry a diagnostic, per diagnostic code.
    public var diagnosticsByCode: [String: Int] = [:]
    public var schemaVersion = 0
    public var engine = ""
    public init() {}
}

/// A stored file's content hash and whether it was indexed: what incremental ingest compares.
public struct StoredHash: Sendable, Hashable {
    public var sha256: String
    public var status: FileStatus
    public init(sha256: String, status: FileStatus) {
        self.sha256 = sha256
        self.status = status
    }
}

/// What the version measures read of a stored file.
public struct LineageRecord: Sendable, Hashable {
    public var id: Int64
    public var key: FileKey
    public var kind: FileKind
    public var name: String?
    /// When the file first appeared: its first commit where known, else when the registry first saw it (UTC).
    public var firstSeen: String
    public var stars: Int
    public var sequenceHash: UInt64
    public var wordCount: Int
    /// Sorted phrase hashes.
    public var phrases: [UInt64]

    public init(
        id: Int64, key: FileKey, kind: FileKind, name: String?, firstSeen: String, stars: Int, sequenceHash: UInt64,
        wordCount: Int, phrases: [UInt64]
    ) {
        self.id = id
        self.key = key
        self.kind = kind
        self.name = name
        self.firstSeen = firstSeen
        self.stars = stars
        self.sequenceHash = sequenceHash
        self.wordCount = wordCount
        self.phrases = phrases
    }
}

/// A file of a repository, as "other files in this repository" lists it.
public struct RepositoryFile: Sendable, Hashable, Codable {
    public var id: Int64
    public var path: String
    public var kind: FileKind
    public var name: String?
    public init(id: Int64, path: String, kind: FileKind, name: String?) {
        self.id = id
        self.path = path
        self.kind = kind
        self.name = name
    }
}

/// JSON text built as UTF-8 bytes and made a string once: literals, integers and quoted strings appended to it.
///
/// Appending to a string piece by piece went through the string's append path each time: the rules' layout alone
/// was 6% of the instructions an ingest spends on each file (`cachegrind`); a third of that now.
struct JSONWriter {
    private var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(256) }

    var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends JSON written out in the source, such as `,"key":`.
    mutating func append(_ literal: String) { bytes.append(contentsOf: literal.utf8) }

    mutating func append(integer value: Int) {
        if value >= 0, value < 10 {
            bytes.append(0x30 + UInt8(value))
        } else {
            bytes.append(contentsOf: String(value).utf8)
        }
    }

    mutating func append(integers values: [Int]) { append(list: values) { $0.append(integer: $1) } }

    mutating func append(strings values: [String]) { append(list: values) { $0.append(quoted: $1) } }

    /// `[a,b,…]`, each element written by `element`.
    private mutating func append<Element>(list values: [Element], _ element: (inout JSONWriter, Element) -> Void) {
        bytes.append(0x5B)
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(0x2C) }
            element(&self, value)
        }
        bytes.append(0x5D)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// `text` as a JSON string literal: quotes, backslashes and control characters escaped.
    ///
    /// Escapes are found on the UTF-8 bytes: every byte that needs one is ASCII, and no byte of a longer
    /// character is below 0x80. A text with none is copied whole; one with some, a byte at a time from the first.
    mutating func append(quoted text: String) {
        bytes.append(0x22)
        let span = text.utf8.span
        var first = 0
        while first < span.count, !Self.needsEscape(span[first]) { first += 1 }
        if first == span.count {
            bytes.append(contentsOf: text.utf8)
        } else {
            bytes.reserveCapacity(bytes.count + span.count + 16)
            for index in 0..<span.count {
                let byte = span[index]
                guard Self.needsEscape(byte) else {
                    bytes.append(byte)
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""): append("\\\"")
                case UInt8(ascii: "\\"): append("\\\\")
                case UInt8(ascii: "\n"): append("\\n")
                case UInt8(ascii: "\r"): append("\\r")
                case UInt8(ascii: "\t"): append("\\t")
                default:
                    // \u00XX, lower-case hex, as JSONEncoder writes it.
                    append("\\u00")
                    bytes.append(Self.hexDigits[Int(byte >> 4)])
                    bytes.append(Self.hexDigits[Int(byte & 0xF)])
                }
            }
        }
        bytes.append(0x22)
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }
}

/// JSON string literals, written by hand where the generic encoder costs too much.
public enum JSONText {
    /// Examples by rule position, as `JSONEncoder` with sorted keys writes them.
    public static func examples(_ examples: [String: [Example]]) -> String {
        var out = JSONWriter()
        appendExamples(examples, to: &out)
        return out.string
    }

    static func appendExamples(_ examples: [String: [Example]], to out: inout JSONWriter) {
        out.append("{")
        for (index, key) in examples.keys.sorted().enumerated() {
            if index > 0 { out.append(",") }
            out.append(quoted: key)
            out.append(":[")
            for (position, example) in (examples[key] ?? []).enumerated() {
                if position > 0 { out.append(",") }
                out.append("{\"code\":")
                out.append(quoted: example.code)
                out.append(",\"language\":")
                out.append(quoted: example.language)
                out.append(",\"lines\":{\"end\":")
                out.append(integer: example.lines.end)
                out.append(",\"start\":")
                out.append(integer: example.lines.start)
                out.append("}}")
            }
            out.append("]")
        }
        out.append("}")
    }

    /// Findings as `JSONEncoder` with sorted keys writes them (`line` left out when unknown).
    public static func findings(_ findings: [Finding]) -> String {
        var out = JSONWriter()
        out.append("[")
        for (index, finding) in findings.enumerated() {
            if index > 0 { out.append(",") }
            out.append("{\"code\":")
            out.append(quoted: finding.code)
            if let line = finding.line {
                out.append(",\"line\":")
                out.append(integer: line)
            }
            out.append(",\"message\":")
            out.append(quoted: finding.message)
            out.append(",\"severity\":")
            out.append(quoted: finding.severity.rawValue)
            out.append("}")
        }
        out.append("]")
        return out.string
    }

    /// A YAML tree as JSON, written as `JSONEncoder` with sorted keys writes its synthesized `Codable` form.
    ///
    /// The shape is `{"column":…,"line":…,"value":{"mapping":{"_0":[{"key":…,"value":…}]}}}`, so `JSONDecoder`
    /// reads it back as a ``YAML/YAMLNode``. The generic encoder took 3% of an ingest's CPU for front matter alone.
    public static func yaml(_ node: YAMLNode) -> String {
        var out = JSONWriter()
        appendYAML(node, to: &out)
        return out.string
    }

    private static func appendYAML(_ node: YAMLNode, to out: inout JSONWriter) {
        out.append("{\"column\":")
        out.append(integer: node.column)
        out.append(",\"line\":")
        out.append(integer: node.line)
        out.append(",\"value\":{")
        switch node.value {
        case .scalar(let scalar):
            out.append(
                scalar.isPlain
                    ? "\"scalar\":{\"_0\":{\"isPlain\":true,\"text\":"
                    : "\"scalar\":{\"_0\":{\"isPlain\":false,\"text\":")
            out.append(quoted: scalar.text)
            out.append("}}")
        case .sequence(let items):
            out.append("\"sequence\":{\"_0\":[")
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(",") }
                appendYAML(item, to: &out)
            }
            out.append("]}")
        case .mapping(let pairs):
            out.append("\"mapping\":{\"_0\":[")
            for (index, pair) in pairs.enumerated() {
                out.append(index > 0 ? ",{\"key\":" : "{\"key\":")
                appendYAML(pair.key, to: &out)
                out.append(",\"value\":")
                appendYAML(pair.value, to: &out)
                out.append("}")
            }
            out.append("]}")
        }
        out.append("}}")
    }

    /// `text` as a JSON string literal: quotes, backslashes and control characters escaped.
    public static func quoted(_ text: String) -> String {
        var out = JSONWriter()
        out.append(quoted: text)
        return out.string
    }
}
