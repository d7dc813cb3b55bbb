internal import YAML

/// Rules an agent reads twice or reads both ways: the same rule in a parent and a child instruction file or in two
/// agents' files of one project (`duplicate-rule`), and two rules of one kind with opposite polarity ("always use
/// tabs" against "never use tabs", `contradiction`), each finding naming both lines.
///
/// Only files an agent reads whole at start are compared (CLAUDE.md, AGENTS.md, GEMINI.md, Copilot's repository
/// instructions, always-applied cursor rules, `.cursorrules`, windsurf rules): skills load on demand and scoped
/// rules (`globs`, `applyTo`, `paths`) specialise on purpose. Two files are read together when one's folder holds
/// the other's, a rule folder (`.cursor/rules`, `.claude/rules`, `.github`) counting as its project's folder.
///
/// Each agent reads its own kind of file (CLAUDE.md for Claude Code, GEMINI.md for Gemini CLI, AGENTS.md for Codex,
/// …, as `SkillscopeSync`'s agents are set up), so a rule in two kinds of file is read twice by no agent: such a
/// duplicate is reported only as two copies to keep in step by hand. Rules inside `skillscope sync`'s marked blocks
/// are copies sync keeps in step with their canonical file: they are never duplicates, and they contradict only
/// rules written by hand (a contradiction between two copies is the canonical file's, reported there).
///
/// Rules are of one kind when their content words (stems of five letters, function words, modal words and
/// negations left out) overlap: at least 0.8 of their union for a duplicate reworded, 0.75 for a contradiction,
/// which must also differ in polarity (one carries a negation, the other none).
public enum RuleConflicts {
    /// A rule as compared: its content stems and polarity.
    struct Compared {
        var file: Int
        var rule: Rule
        var key: UInt64
        var stems: Set<String>
        /// nil when the rule's polarity cannot be read (under a "Don'ts" or "Bad" heading, a quoted bad example).
        var negative: Bool?
        /// Inside a block `skillscope sync` wrote and keeps in step.
        var synced = false
    }

    static let duplicateOverlap = 0.8
    static let contradictionOverlap = 0.75

    static let negations: Set<String> = [
        "never", "not", "no", "don", "dont", "doesn", "didn", "shouldn", "mustn", "won", "cannot", "can't", "avoid",
        "nor", "forbidden", "prohibited", "disallowed", "nie", "nicht", "kein", "keine", "jamais", "nunca",
    ]
    static let modalWords: Set<String> = [
        "always", "must", "should", "shall", "please", "do", "does", "make", "sure", "ensure", "t", "s", "only",
        "also", "can", "may", "will", "need", "needs", "required", "we", "i", "our", "us", "they", "them",
    ]
    static let functionWords: Set<String> = [
        "a", "an", "the", "to", "of", "in", "on", "for", "and", "or", "is", "are", "be", "it", "its", "this", "that",
        "with", "as", "at", "by", "from", "you", "your", "all", "any", "each", "every", "when", "if", "into", "than",
        "then", "there", "these", "those", "which", "what", "so", "but",
    ]
    /// Headings and leads under which a rule is a thing not to do, whatever its own words.
    static let negativeSections = [
        "don't", "dont", "do not", "avoid", "never", "anti-pattern", "bad", "wrong",
        "mistake", "pitfall", "forbidden", "not to", "❌",
    ]

    /// The files an agent reads whole, in groups whose rules are never read together with another group's.
    ///
    /// The groups are the tree's top folders (`owner/repo/…` in a corpus), or one group when a file sits at the top,
    /// whose scope reaches every folder.
    public static func groups(_ files: [ProjectCheck.File]) -> [[ProjectCheck.File]] {
        let read = files.filter(isReadWhole)
        guard !read.isEmpty else { return [] }
        if read.contains(where: { scope(of: $0.path).isEmpty }) { return [read] }
        var byTop: [Substring: [ProjectCheck.File]] = [:]
        for file in read { byTop[file.path.split(separator: "/").first ?? "", default: []].append(file) }
        return byTop.sorted { $0.key < $1.key }.map(\.value)
    }

    /// Findings by file path.
    public static func check(_ files: [ProjectCheck.File]) -> [String: [Finding]] {
        let read = files.indices.filter { isReadWhole(files[$0]) }
        guard !read.isEmpty else { return [:] }
        let scopes = files.map { scope(of: $0.path) }
        var rules: [Compared] = []
        for index in read {
            let synced = syncedLines(files[index].document.text)
            for rule in files[index].document.rules {
                let words = Words.split(rule.text)
                let stems = Set(
                    words.filter { !negations.contains($0) && !modalWords.contains($0) && !functionWords.contains($0) }
                        .map { String($0.prefix(5)) })
                guard stems.count >= 2 else { continue }
                rules.append(
                    Compared(
                        file: index, rule: rule, key: RuleKey.of(rule.text), stems: stems,
                        negative: polarity(of: rule, words: words),
                        synced: synced.contains { $0.contains(rule.lines.start) }))
            }
        }
        // Candidates share a stem; the rarest stem of each rule is enough to meet every rule overlapping it by 0.75.
        var byStem: [String: [Int]] = [:]
        for (position, rule) in rules.enumerated() {
            for stem in rule.stems { byStem[stem, default: []].append(position) }
        }
        var findings: [String: [Finding]] = [:]
        var duplicates: [Pair: [(first: Compared, second: Compared, reworded: Bool)]] = [:]
        var seen = Set<Int64>()
        for (position, rule) in rules.enumerated() {
            let rare = rule.stems.sorted { (byStem[$0]?.count ?? 0, $0) < (byStem[$1]?.count ?? 0, $1) }
            // Any rule overlapping by ≥ 0.75 shares at least one of the rarest quarter (plus one) of its stems.
            for stem in rare.prefix(rule.stems.count / 4 + 1) {
                for other in byStem[stem] ?? [] where other > position {
                    guard seen.insert(Int64(position) << 32 | Int64(other)).inserted else { continue }
                    let a = rule
                    let b = rules[other]
                    let sameFile = a.file == b.file
                    guard sameFile || together(scopes[a.file], scopes[b.file]) else { continue }
                    let overlap =
                        Double(a.stems.intersection(b.stems).count) / Double(a.stems.union(b.stems).count)
                    if let an = a.negative, let bn = b.negative, an != bn, overlap >= contradictionOverlap,
                        !sameFile || a.rule.section != b.rule.section, !(a.synced && b.synced)
                    {
                        let (first, second) = order(a, b, files: files, scopes: scopes)
                        let place = files[first.file].path + ":\(first.rule.lines.start)"
                        findings[files[second.file].path, default: []].append(
                            Finding(
                                code: "contradiction", severity: .warning,
                                message:
                                    "contradicts \(place): “\(clip(first.rule.text))” against “\(clip(second.rule.text))”",
                                line: second.rule.lines.start,
                                related: [Finding.Place(path: files[first.file].path, line: first.rule.lines.start)]))
                    } else if !sameFile, !a.synced, !b.synced, a.negative == b.negative,
                        a.key == b.key || (overlap >= duplicateOverlap && a.stems.count >= 3 && b.stems.count >= 3)
                    {
                        let (first, second) = order(a, b, files: files, scopes: scopes)
                        duplicates[Pair(first: first.file, second: second.file), default: []].append(
                            (first, second, a.key != b.key))
                    }
                }
            }
        }
        for (pair, found) in duplicates {
            let firstPath = files[pair.first].path
            let oneAgent = files[pair.first].document.kind == files[pair.second].document.kind
            let nested = scopes[pair.first] != scopes[pair.second]
            let relation =
                oneAgent
                ? (nested ? "a parent and a child file" : "two files of one folder")
                : (nested ? "two agents' files (a parent's and a child's)" : "two agents' files of one folder")
            let consequence =
                oneAgent
                ? "an agent reading both reads it twice, and an edit to one leaves the other behind"
                : "no agent reads both, but an edit to one leaves the other behind; `skillscope sync` keeps one version in every agent's file"
            let sorted = found.sorted { $0.second.rule.lines.start < $1.second.rule.lines.start }
            if sorted.count <= Self.separateDuplicates {
                for duplicate in sorted {
                    let how = duplicate.reworded ? "the same rule, reworded, as" : "the same rule as"
                    findings[files[pair.second].path, default: []].append(
                        Finding(
                            code: "duplicate-rule", severity: .warning,
                            message:
                                "\(how) \(firstPath):\(duplicate.first.rule.lines.start) (“\(clip(duplicate.first.rule.text))”), kept in \(relation): \(consequence)",
                            line: duplicate.second.rule.lines.start,
                            related: [Finding.Place(path: firstPath, line: duplicate.first.rule.lines.start)]))
                }
            } else {
                var lines: [String] = []
                for duplicate in sorted where lines.last != "\(duplicate.second.rule.lines.start)" {
                    lines.append("\(duplicate.second.rule.lines.start)")
                }
                let shown =
                    lines.count > 12 ? lines.prefix(12).joined(separator: ", ") + ", …" : lines.joined(separator: ", ")
                findings[files[pair.second].path, default: []].append(
                    Finding(
                        code: "duplicate-rule", severity: .warning,
                        message:
                            "\(sorted.count) rules of this file (lines \(shown)) repeat \(firstPath), kept in \(relation): "
                            + (oneAgent
                                ? "an agent reading both reads them twice; keep them in one file"
                                : "no agent reads both, but an edit to one leaves the other behind; `skillscope sync` keeps one version in every agent's file"),
                        line: sorted[0].second.rule.lines.start,
                        related: sorted.prefix(50).map {
                            Finding.Place(path: firstPath, line: $0.first.rule.lines.start)
                        }))
            }
        }
        return findings
    }

    /// The lines of `text` inside `skillscope sync`'s marked blocks, `<!-- skillscope:begin … -->` to
    /// `<!-- skillscope:end -->`, markers included.
    public static func syncedLines(_ text: String) -> [ClosedRange<Int>] {
        guard text.contains("skillscope:begin") else { return [] }
        var blocks: [ClosedRange<Int>] = []
        var start: Int?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("<!-- skillscope:begin") {
                start = index + 1
            } else if trimmed.hasPrefix("<!-- skillscope:end"), let first = start {
                blocks.append(first...(index + 1))
                start = nil
            }
        }
        return blocks
    }

    /// Duplicates between two files up to this many are reported one by one; more are one finding.
    static let separateDuplicates = 3

    struct Pair: Hashable {
        var first: Int
        var second: Int
    }

    /// Whether an agent reads `file` whole when it starts in its folder.
    static func isReadWhole(_ file: ProjectCheck.File) -> Bool {
        let document = file.document
        let base = file.path.split(separator: "/").last.map(String.init) ?? file.path
        switch document.kind {
        case .agents, .gemini, .windsurf: return true
        case .claude: return document.frontMatter?["paths"] == nil
        case .copilot:
            let applyTo = document.frontMatter?["applyTo"]?.string
            return applyTo == nil || applyTo == "**" || applyTo == "**/*"
        case .cursor:
            // Cursor reads rules only from `.cursor/rules`; an .mdc elsewhere is a template.
            return base == ".cursorrules"
                || (file.path.contains(".cursor/rules/") && document.frontMatter?["alwaysApply"]?.string == "true")
        case .skill, .skillReference: return false
        }
    }

    /// The folder a file speaks for: its own, or the project's for a file in a rule folder.
    static func scope(of path: String) -> String {
        let parts = path.split(separator: "/").dropLast()
        if let rules = parts.firstIndex(where: { [".cursor", ".claude", ".github", ".windsurf"].contains($0) }) {
            return parts[..<rules].joined(separator: "/")
        }
        return parts.joined(separator: "/")
    }

    static func together(_ a: String, _ b: String) -> Bool {
        a == b || a.isEmpty || b.isEmpty || b.hasPrefix(a + "/") || a.hasPrefix(b + "/")
    }

    /// The polarity of a rule: negative when it carries a negation; nil when a heading above it or its own start
    /// says it is an example of what not to do.
    static func polarity(of rule: Rule, words: [String]) -> Bool? {
        // A table row or a term being defined (“`@Then …` — asserts …”) describes; it orders nothing.
        if rule.source == .tableRow || rule.text.hasPrefix("`") { return nil }
        if let heading = rule.section.last, has(heading, negativeSections) { return nil }
        let start = String(rule.text.prefix(12))
        if ["bad", "wrong", "❌", "incorrect", "instead of", "avoid:"].contains(where: { starts(start, with: $0) }) {
            return nil
        }
        // "Use X, not Y" and "X instead of Y" hold both polarities: no contradiction can be read from them.
        if has(rule.text, mixedMarkers) { return nil }
        return words.contains { negations.contains($0) }
    }

    static let mixedMarkers = [", not ", " instead of ", " rather than ", " over ", "; not ", " — not "]

    /// Whether `text`, lower-cased as ASCII, holds one of `needles` (lower-case): a byte search, as these run for
    /// every rule of a project.
    static func has(_ text: String, _ needles: [String]) -> Bool {
        let haystack = text.utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
        for needle in needles {
            let pattern = Array(needle.utf8)
            guard let first = pattern.first, pattern.count <= haystack.count else { continue }
            var index = 0
            while index + pattern.count <= haystack.count {
                if haystack[index] == first && haystack[index..<(index + pattern.count)].elementsEqual(pattern) {
                    return true
                }
                index += 1
            }
        }
        return false
    }

    static func starts(_ text: String, with prefix: String) -> Bool {
        let lower = text.utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
        return lower.starts(with: prefix.utf8)
    }

    /// Two rules spanning one line (a table row read as two) are no pair.
    static func sameRuleLine(_ a: Compared, _ b: Compared) -> Bool {
        a.file == b.file && a.rule.lines.start == b.rule.lines.start
    }

    /// The pair in reading order: the parent (or the earlier path, or the earlier line) first.
    static func order(
        _ a: Compared, _ b: Compared, files: [ProjectCheck.File], scopes: [String]
    ) -> (Compared, Compared) {
        let sa = scopes[a.file]
        let sb = scopes[b.file]
        if sa != sb { return sa.count < sb.count ? (a, b) : (b, a) }
        let pa = files[a.file].path
        let pb = files[b.file].path
        if pa != pb { return pa < pb ? (a, b) : (b, a) }
        return a.rule.lines.start <= b.rule.lines.start ? (a, b) : (b, a)
    }

    static func clip(_ text: String) -> String {
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return flat.count > 100 ? String(flat.prefix(97)) + "…" : flat
    }
}
