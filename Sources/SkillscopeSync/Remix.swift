internal import Foundation
internal import Hashing
public import SkillscopeCore

/// Builds a new skill from chosen rules of several files, with the sources credited in `metadata`.
///
/// The result is valid under the Agent Skills specification: `name` of `[a-z0-9-]` equal to its folder, a
/// description, `metadata` a map of strings. Each rule keeps its exact lines (and its examples' lines), dedented,
/// under a heading per source.
public enum Remix {
    /// Rules picked from one file.
    public struct Pick: Sendable {
        /// How the file is named in the attribution: a path, `owner/repo/path` or a registry id.
        public var label: String
        /// The file's text: its digest goes in the attribution, and the rules' lines are copied from it.
        public var text: String
        /// The heading its rules stand under (the file's title or name; else the label).
        public var title: String?
        public var rules: [Rule]
        public init(label: String, text: String, title: String?, rules: [Rule]) {
            self.label = label
            self.text = text
            self.title = title
            self.rules = rules
        }

        /// Rules of a parsed file.
        public init(label: String, document: Document, rules: [Rule]) {
            self.init(label: label, text: document.text, title: document.title ?? document.name, rules: rules)
        }
    }

    /// The rules of `document` a selector names: `3`, `2-5`, `1,4`, `L12` (the rule on line 12), 1-based.
    ///
    /// - Throws: ``SyncError`` `.invalid` for a selector naming no rule.
    public static func select(_ selector: String, in document: Document) throws(SyncError) -> [Rule] {
        var rules: [Rule] = []
        for part in selector.split(separator: ",").map({ String($0).trimmingWhitespace() }) {
            var found: [Rule] = []
            if part.hasPrefix("L") || part.hasPrefix("l"), let line = Int(part.dropFirst()) {
                found = document.rules.filter { $0.lines.start <= line && line <= $0.lines.end }
            } else if let dash = part.firstIndex(of: "-"), let low = Int(part[..<dash]),
                let high = Int(part[part.index(after: dash)...]), low >= 1, low <= high
            {
                found = document.rules.filter { $0.position + 1 >= low && $0.position + 1 <= high }
            } else if let number = Int(part) {
                found = document.rules.filter { $0.position + 1 == number }
            }
            guard !found.isEmpty else {
                throw SyncError(
                    .invalid, "\(document.path)#\(part) names no rule (it has \(document.rules.count) rules)")
            }
            rules += found.filter { rule in !rules.contains { $0.position == rule.position } }
        }
        return rules
    }

    /// The `SKILL.md` text of a skill named `name` made of `picks`.
    ///
    /// - Throws: ``SyncError`` `.invalid` when `name` or `description` breaks the specification.
    public static func skill(name: String, description: String?, picks: [Pick]) throws(SyncError) -> String {
        let nameIsValid =
            !name.isEmpty && name.count <= 64 && !name.hasPrefix("-") && !name.hasSuffix("-") && !name.contains("--")
            && name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
        guard nameIsValid else {
            throw SyncError(
                .invalid, "\(name) is no valid skill name: 1-64 of a-z, 0-9 and '-', no leading, trailing or double '-'"
            )
        }
        // A rule an earlier pick already gives, word for word or in other words (``RuleKeeping``, the notion compare
        // and measured "common" use), is left out, and the attribution says so.
        var given = RuleKeeping.Version(rules: [])
        var leftOut: [String] = []
        var picks = picks
        for index in picks.indices {
            let rules = picks[index].rules
            picks[index].rules = rules.filter { !RuleKeeping.keeps($0.text, in: given) }
            leftOut += rules.filter { !picks[index].rules.contains($0) }.map {
                "source-\(index + 1)#\($0.position + 1)"
            }
            let all = picks[...index].flatMap(\.rules).map(\.text)
            given = RuleKeeping.Version(rules: all)
        }
        let sources = picks.map(\.label)
        let text =
            description
            ?? "Rules remixed from \(sources.joined(separator: ", ")). Use when working under the conventions these rules set."
        guard !text.isEmpty, text.count <= 1024 else {
            throw SyncError(.invalid, "a description is 1-1024 characters")
        }
        var yaml = "---\nname: \(name)\ndescription: \(quote(text))\nmetadata:\n"
        yaml += "  generator: \(quote("skillscope remix"))\n"
        for (index, pick) in picks.enumerated() {
            let positions = pick.rules.map { String($0.position + 1) }.joined(separator: ",")
            let digest = SHA256.hex(of: Array(pick.text.utf8))
            let picked = pick.rules.isEmpty ? "" : "#\(positions)"
            yaml += "  source-\(index + 1): \(quote("\(pick.label)\(picked) sha256:\(digest)"))\n"
        }
        if !leftOut.isEmpty {
            yaml += "  left-out: \(quote("\(leftOut.joined(separator: ", ")): given by an earlier source"))\n"
        }
        yaml += "---\n\n"
        var body = "# \(title(name))\n"
        let lines = pick(lines: picks)
        for (pick, blocks) in zip(picks, lines) where !blocks.isEmpty {
            body += "\n## From \(pick.title ?? pick.label)\n\n"
            body += "Source: `\(pick.label)`.\n\n"
            body += blocks.joined(separator: "\n")
        }
        return yaml + body
    }

    /// The exact lines of each picked rule and its examples, dedented, per pick.
    private static func pick(lines picks: [Pick]) -> [[String]] {
        picks.map { pick in
            let all = pick.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            return pick.rules.map { rule in
                // An example keeps the label above it ("❌ BAD:"), or the anti-pattern would read as advice; a table
                // row keeps its table's header, or its cells would mean nothing.
                var spans = [rule.lines] + rule.examples.map { labelled($0.lines, in: all, rule: rule.lines) }
                if rule.source == .tableRow, let header = tableHeader(above: rule.lines.start, in: all) {
                    spans.append(header)
                }
                spans.sort { $0.start < $1.start }
                // An example inside the rule's own lines (an indented fence under a list item) is copied once.
                var merged: [LineSpan] = []
                for span in spans {
                    if let last = merged.last, span.start <= last.end {
                        merged[merged.count - 1] = LineSpan(start: last.start, end: max(last.end, span.end))
                    } else {
                        merged.append(span)
                    }
                }
                var chosen: [String] = []
                for span in merged where span.start >= 1 && span.end <= all.count {
                    let next = all[span.start - 1].trimmingWhitespace()
                    // A table's rows follow its header with no blank line between, or the table would break.
                    if let last = chosen.last, !last.isEmpty,
                        !(next.hasPrefix("|") && last.trimmingWhitespace().hasPrefix("|"))
                    {
                        chosen.append("")
                    }
                    chosen += all[(span.start - 1)..<span.end]
                }
                let indent =
                    chosen.filter { !$0.trimmingWhitespace().isEmpty }
                    .map { $0.prefix { $0 == " " }.count }.min() ?? 0
                return chosen.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }
                    .joined(separator: "\n") + "\n"
            }
        }
    }

    /// `span` with the label line just above it (one blank line may stand between) when that line is a short label
    /// ("✅ GOOD:", "**Bad:**", "Don't write:") outside the rule's own lines.
    static func labelled(_ span: LineSpan, in lines: [String], rule: LineSpan) -> LineSpan {
        for above in [span.start - 1, span.start - 2] {
            guard above >= 1, above <= lines.count, !(rule.start...rule.end).contains(above) else { break }
            let line = lines[above - 1].trimmingWhitespace()
            if line.isEmpty { continue }
            return isLabel(line) ? LineSpan(start: above, end: span.end) : span
        }
        return span
    }

    /// A short line that names what the example below it is.
    static func isLabel(_ line: String) -> Bool {
        guard line.count <= 80 else { return false }
        var bare = Substring(line)
        while let first = bare.first, "*_#> ".contains(first) { bare = bare.dropFirst() }
        while let last = bare.last, "*_ ".contains(last) { bare = bare.dropLast() }
        if bare.hasSuffix(":") { return true }
        let marks = ["✅", "❌", "✔", "✗", "✘", "👍", "👎", "⛔", "🚫"]
        return marks.contains { bare.hasPrefix($0) }
    }

    /// The header of the Markdown table a row at `line` stands in (its first line and the `|---|` line below it),
    /// or nil when the row is the header or no table is above.
    static func tableHeader(above line: Int, in lines: [String]) -> LineSpan? {
        var first = line
        while first > 1, lines[first - 2].trimmingWhitespace().hasPrefix("|") { first -= 1 }
        guard first + 1 < line, first + 1 <= lines.count else { return nil }
        let separator = lines[first].trimmingWhitespace()
        guard separator.hasPrefix("|"), separator.contains("---") else { return nil }
        return LineSpan(start: first, end: first + 1)
    }

    /// The relative files the picked rules name: Markdown link targets and inline-code paths such as
    /// `references/style.md` or `scripts/fmt.sh` (a folder part and an extension; no URL, no absolute path, no `..`).
    public static func referencedPaths(in rules: [Rule], of text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var found: [String] = []
        for rule in rules where rule.lines.start >= 1 && rule.lines.end <= lines.count {
            let body = lines[(rule.lines.start - 1)..<rule.lines.end].joined(separator: "\n")
            var candidates: [Substring] = []
            var rest = body[...]
            while let open = rest.range(of: "](") {
                let after = rest[open.upperBound...]
                guard let close = after.firstIndex(of: ")") else { break }
                candidates.append(after[..<close])
                rest = after[close...]
            }
            let parts = body.split(separator: "`", omittingEmptySubsequences: false)
            for (index, part) in parts.enumerated() where index % 2 == 1 { candidates.append(part) }
            for candidate in candidates {
                let path = String(candidate.split(separator: "#").first ?? "").trimmingWhitespace()
                guard path.contains("/"), !path.contains(" "), !path.contains(":"), !path.hasPrefix("/"),
                    (path as NSString).pathExtension.count >= 1,
                    (try? SafePath.checkRelative(path.hasPrefix("./") ? String(path.dropFirst(2)) : path)) != nil
                else { continue }
                let clean = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
                if !found.contains(clean) { found.append(clean) }
            }
        }
        return found
    }

    private static func title(_ name: String) -> String {
        name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    /// A YAML double-quoted scalar: a JSON string literal is one (YAML 1.2 is a superset of JSON).
    static func quote(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return (try? encoder.encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }
}
