import Foundation
import SkillscopeCore
import Testing

/// The extractor against files of `../shared/corpus` whose every rule was labelled blind.
///
/// The labels were written without reading the extractor or its output (`Fixtures/truth/rules.jsonl`: the file's
/// path, its split, and each rule's start line). Skips when the corpus is absent.
///
/// The floors are the measured figures (bench/RESULTS.md, "Rules and ratings against labelled truth"), so that a
/// change which loses rules fails here; the tune half was tuned on, the held-back half never read.
@Suite struct RuleTruthTests {
    struct LabelledFile: Decodable {
        struct LabelledRule: Decodable {
            var start: Int
            var doubtful: Bool?
        }
        var file: String
        var kind: String
        var split: String
        var rules: [LabelledRule]
    }

    static let corpus: String? = {
        let candidates = [
            ProcessInfo.processInfo.environment["SKILLSCOPE_CORPUS"],
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../shared/corpus")
                .standardizedFileURL.path,
        ].compactMap { $0 }
        return candidates.first { FileManager.default.fileExists(atPath: "\($0)/manifest.jsonl") }
    }()

    static func labelledFiles() throws -> [LabelledFile] {
        let url = try #require(Bundle.module.url(forResource: "rules", withExtension: "jsonl", subdirectory: "truth"))
        let text = try String(contentsOf: url, encoding: .utf8)
        return try text.split(separator: "\n").map { try JSONDecoder().decode(LabelledFile.self, from: Data($0.utf8)) }
    }

    /// Labelled rules (not doubtful) found at their exact start line, of those of `split`.
    static func found(split: String, corpus: String) throws -> (found: Int, labelled: Int) {
        var found = 0
        var labelled = 0
        let parser = DocumentParser()
        for file in try labelledFiles() where file.split == split {
            let bytes = try #require(FileManager.default.contents(atPath: "\(corpus)/files/\(file.file)"))
            let kind = try #require(FileKind(rawValue: file.kind))
            guard case .parsed(let document) = parser.parse([UInt8](bytes), path: file.file, kind: kind) else {
                Issue.record("\(file.file) did not parse")
                continue
            }
            let starts = Set(document.rules.map(\.lines.start))
            for rule in file.rules where rule.doubtful != true {
                labelled += 1
                if starts.contains(rule.start) { found += 1 }
            }
        }
        return (found, labelled)
    }

    /// Words as `bench/truth/navigation.py` counts them: runs of letters and digits, each Chinese, Japanese or Korean
    /// letter a word of its own.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for scalar in text.lowercased().unicodeScalars {
            let value = scalar.value
            let isCJK =
                (0x3040...0x30FF).contains(value) || (0x3400...0x9FFF).contains(value)
                || (0xAC00...0xD7AF).contains(value)
            if isCJK {
                if !current.isEmpty { words.append(current) }
                current = ""
                words.append(String(scalar))
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty, scalar != "'" && scalar != "-" {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// Under 1 in 100 list-item rules of every 39th file of the corpus is navigation or a bare name: one or two
    /// words, or a heading of its file repeated (bench/truth/navigation.py measures 200 seeded files the same way).
    @Test(.enabled(if: corpus != nil, "../shared/corpus is absent"))
    func fewListItemRulesAreNavigationOrBareNames() throws {
        let corpus = try #require(Self.corpus)
        let manifest = try String(contentsOfFile: "\(corpus)/manifest.jsonl", encoding: .utf8)
        struct Entry: Decodable {
            var repo: String
            var path: String
            var kind: String
        }
        let entries = try manifest.split(separator: "\n").map {
            try JSONDecoder().decode(Entry.self, from: Data($0.utf8))
        }
        var rules = 0
        var flagged: [String] = []
        let parser = DocumentParser()
        for entry in stride(from: 0, to: entries.count, by: 39).map({ entries[$0] }) {
            guard let kind = FileKind(rawValue: entry.kind),
                let bytes = FileManager.default.contents(atPath: "\(corpus)/files/\(entry.repo)/\(entry.path)"),
                case .parsed(let document) = parser.parse([UInt8](bytes), path: entry.path, kind: kind)
            else { continue }
            let headings = Set(
                document.sections.map { Self.words($0.title).drop { $0.allSatisfy(\.isNumber) } }.map(Array.init))
            for rule in document.rules where rule.source == .listItem {
                rules += 1
                let words = Self.words(rule.text)
                if words.count <= 2 || headings.contains(Array(words.drop { $0.allSatisfy(\.isNumber) })) {
                    flagged.append("\(entry.repo)/\(entry.path):\(rule.lines.start) \(rule.text)")
                }
            }
        }
        #expect(rules > 1_000)
        #expect(Double(flagged.count) < 0.01 * Double(rules), "\(flagged.count) of \(rules): \(flagged.prefix(10))")
    }

    @Test func theLabelledSetsHaveWhatTheyPromise() throws {
        let files = try Self.labelledFiles()
        #expect(files.count >= 30)
        #expect(files.map(\.rules.count).reduce(0, +) >= 300)
        #expect(Set(files.map(\.split)) == ["tune", "heldout"])
    }

    @Test(.enabled(if: corpus != nil, "../shared/corpus is absent"))
    func rulesAreFoundAtTheirLabelledStartLines() throws {
        let corpus = try #require(Self.corpus)
        let tune = try Self.found(split: "tune", corpus: corpus)
        let heldOut = try Self.found(split: "heldout", corpus: corpus)
        // Issue 43 traded a point here for what is not a rule: headings that describe, quotations and label-and-fact
        // items are no longer rules (not-a-rule items reported as rules, blind four-class labels, held out: 0.505 →
        // 0.337). Before: tune 0.97, held out 0.935; measured after: 510 of 529 (0.964), 393 of 421 (0.933).
        // Then lists that only list (no item instructs or asks, no heading that sets rules, no lead-in that instructs)
        // stopped giving rules: not-a-rule items reported 0.377 → 0.230 on the four-class tune part, 0.130 → 0.093
        // on set C's first run; here tune 510 → 504 of 529 (0.953: Korean and Japanese template lines the signal words
        // cannot read, a "when to use" list), held out unchanged.
        #expect(Double(tune.found) >= 0.95 * Double(tune.labelled), "tune: \(tune)")
        #expect(Double(heldOut.found) >= 0.93 * Double(heldOut.labelled), "held out: \(heldOut)")
    }
}
