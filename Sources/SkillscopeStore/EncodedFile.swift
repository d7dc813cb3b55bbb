internal import FoundationEssentials
public import SkillscopeCore
internal import YAML

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
