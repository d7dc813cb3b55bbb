/// What a section or a block says about itself, beyond its words: the tests that keep descriptions, facts and
/// examples out of a file's rules.
///
/// Read on blind labelled files (`Tests/SkillscopeCoreTests/Fixtures/truth/rule-classes-*.jsonl`, the tune part):
/// most list items a reader marks "not a rule" stand under a heading that says what follows describes ("When to
/// use", "Tech stack", "Project structure", "Example prompts", "Related skills"), are a label and a fact ("Core:
/// Python 3.10+", "`api.py`: main API client"), or quote an example ("\"Implement clickjacking protection\"").
enum RuleShapes {
    /// What the headings above a block make of it.
    enum SectionRole: Equatable {
        /// What follows describes, lists or shows: when to use a skill, its stack, structure, examples, links.
        case describes
        /// What follows sets rules: conventions, guidelines, a checklist, do and don't. Items there are rules even
        /// when no word of theirs instructs ("Four spaces of indentation in every file").
        case prescribes
        /// Anything else.
        case neutral
    }

    /// Headings of sections that show examples: what stands under them, sub-sections included, is example.
    static let exampleHeadings: [String] = [
        "examples", "example", "example plans", "example prompts", "example usage", "example output", "sample prompts",
        "sample output", "output example", "示例", "使用例", "예시",
    ]

    /// The Chinese, Japanese and Korean ones of ``prescribingHeadingWords``, found inside a heading's words (their
    /// scripts join words without spaces): made once, not filtered at each heading.
    static let prescribingHeadingPhrases = prescribingHeadingWords.filter { !$0.allSatisfy(\.isASCII) }

    /// Heading words of sections that set rules (any word of the heading, lower case).
    static let prescribingHeadingWords: Set<String> = [
        "rule", "rules", "convention", "conventions", "guideline", "guidelines", "standard", "standards", "style",
        "checklist", "practices", "principles", "requirements", "policy", "policies", "do", "dos", "don't", "don'ts",
        "avoid", "must", "never", "always", "constraints", "boundaries", "etiquette", "workflow", "steps",
        "procedure", "instructions", "naming", "formatting", "priority", "order", "mistakes", "pitfalls", "gotchas",
        "anti-patterns", "antipatterns", "checks", "review",
        // Chinese, Japanese, Korean.
        "规范", "规则", "原则", "约定", "要求", "准则", "禁止", "注意事项", "检查清单", "流程", "步骤",
        "ルール", "規約", "規則", "原則", "注意", "手順", "チェックリスト", "禁止事項",
        "규칙", "컨벤션", "원칙", "규약", "주의", "절차", "체크리스트", "금지",
    ]

    /// Heading words (lower case, whole phrases) of sections that describe rather than instruct.
    static let describingHeadings: [String] = [
        "when to use", "use this skill when", "use when", "when not to use", "do not use", "don't use", "triggers",
        "trigger", "when to activate", "when to invoke", "overview", "purpose", "introduction", "about", "what it does",
        "what this skill does", "capabilities", "features", "key features", "knowledge base", "expertise",
        "core competencies", "areas of expertise", "tech stack", "technology stack", "technologies", "stack",
        "project structure", "directory structure", "folder structure", "file structure", "repository structure",
        "codebase structure", "project layout", "directory layout", "repository layout", "key files",
        "key directories", "dependencies", "related skills", "related", "see also", "resources",
        "additional resources", "further reading", "references", "reference files", "links", "example prompts",
        "example plans", "examples", "example", "example usage", "sample prompts", "sample output", "example output",
        "output example", "project overview", "description", "background", "context", "glossary", "terminology",
        "definitions", "changelog", "version history", "credits", "acknowledgements", "license",
        // Chinese, Japanese, Korean.
        "何时使用", "使用场景", "适用场景", "概述", "简介", "示例", "相关技能", "参考", "参考资料", "技术栈", "项目结构",
        "目录结构", "背景", "概要", "使用例", "技術スタック", "ディレクトリ構成", "プロジェクト構成", "構成", "参考資料",
        "개요", "기술 스택", "기술스택", "프로젝트 구조", "디렉토리 구조", "폴더 구조", "참고", "예시", "의존성",
    ]

    /// The role of a block under `headings` (outermost first): the innermost heading that says anything decides.
    static func role(under headings: [String]) -> SectionRole {
        // Everything under an examples heading is example, whatever the headings inside it say ("Example plans",
        // then "Week 1").
        if headings.dropLast().contains(where: { heading in
            let key = headingWords(heading)
            return exampleHeadings.contains(where: { key == $0 || key.hasPrefix($0 + " ") })
        }) {
            return .describes
        }
        for heading in headings.reversed() {
            let key = headingWords(heading)
            if key.isEmpty { continue }
            if describingHeadings.contains(where: { key == $0 || key.hasPrefix($0 + " ") || key.hasPrefix($0 + ":") }) {
                return .describes
            }
            // A heading that names something to do ("Testing rules", "Code style") ends the search.
            let words = key.split(separator: " ").map(String.init)
            let prescribes =
                words.contains(where: prescribingHeadingWords.contains)
                || prescribingHeadingPhrases.contains(where: key.contains)
            return prescribes ? .prescribes : .neutral
        }
        return .neutral
    }

    /// A heading's lower-case words, its numbering, emoji and punctuation dropped.
    ///
    /// "2. When to Use 🎯" gives "when to use".
    static func headingWords(_ title: String) -> String {
        InstructionHeuristics.lowercaseWords(title, limit: 8)
            .drop { word in word.allSatisfy { $0.isNumber || $0 == "." || $0 == "-" } }
            .joined(separator: " ")
    }

    /// Whether `text` tells the agent what to do with a word no description uses.
    ///
    /// That is a directive word or phrase ("must", "never", "do not", "make sure") or a marker of the mood in
    /// Chinese, Japanese or Korean. An opening
    /// verb alone is not enough under a describing heading: "Implement network segmentation" under "When to use" is
    /// a task the skill serves, not an instruction.
    static func hasDirective(_ text: String) -> Bool {
        if InstructionHeuristics.hasScriptMarker(text) { return true }
        let words = InstructionHeuristics.lowercaseWords(text, limit: 60)
        if words.contains(where: InstructionHeuristics.directiveWords.contains) { return true }
        for (index, word) in words.enumerated() where InstructionHeuristics.phraseOpeners.contains(word) {
            for phrase in InstructionHeuristics.directivePhrases where phrase.first == word {
                if index + phrase.count <= words.count, Array(words[index..<index + phrase.count]) == phrase {
                    return true
                }
            }
        }
        return false
    }

    /// Whether `text` is a drawing: a box or a wireframe made of box-drawing characters outside a code block
    /// ("┌──────┐ │ ○ ● ○ [Skip] │"), a third or more of what is not a space.
    static func isDrawing(_ text: String) -> Bool {
        var drawn = 0
        var seen = 0
        for scalar in text.unicodeScalars where scalar != " " {
            seen += 1
            if (0x2500...0x259F).contains(scalar.value) { drawn += 1 }
        }
        return seen > 0 && drawn * 3 >= seen
    }

    /// Whether `text` is only a quotation: an example prompt, message or step ("\"Create secure form validation\"",
    /// "「…」"), possibly followed by a short gloss after a dash.
    static func isQuotation(_ text: String) -> Bool {
        let pairs: [(Character, Character)] = [("\"", "\""), ("“", "”"), ("「", "」"), ("『", "』"), ("'", "'")]
        guard let first = text.first, let close = pairs.first(where: { $0.0 == first })?.1 else { return false }
        guard let end = text.dropFirst().firstIndex(of: close) else { return false }
        let rest = text[text.index(after: end)...].trimmingCharacters(in: " .,;:—–-/")
        // The quotation is most of the item: what follows it is a gloss of a few words at most.
        return rest.count <= max(12, text.distance(from: text.startIndex, to: end) / 3)
            && !InstructionHeuristics.hasInstructionSignal(String(rest))
    }

    /// Whether `text` is a label and a fact: a short label (a few words, a name or a path) then a colon or a dash,
    /// and after it nothing that instructs ("Core: Python 3.10+", "`api.py`: main API client entry point.",
    /// "Kafka: valid for `$source`, `$emit`", "`d3` 7.9 — canvas helpers").
    static func isLabelledFact(_ text: String) -> Bool {
        // Chinese, Japanese and Korean rules open with a label as often as facts do ("들여쓰기: 2칸 공백을 사용합니다"),
        // and their mood is in endings no word test reads: left to the other tests.
        guard !text.unicodeScalars.contains(where: { $0.value >= 0x2E80 }),
            let (label, rest) = splitLabel(text)
        else { return false }
        // A command after a label is what to run ("Unit: `npm run test`"); a question is a check to make
        // ("**Edge cases**: are boundary conditions handled?").
        if rest.hasPrefix("`") || rest.contains("?") || rest.contains("？") { return false }
        let labelWords = InstructionHeuristics.lowercaseWords(label, limit: 8)
        guard !labelWords.isEmpty, labelWords.count <= 5, !rest.isEmpty else { return false }
        // A label that instructs ("Never: …", "Always use:") keeps the item a rule.
        if InstructionHeuristics.hasInstructionSignal(label) { return false }
        if labelWords.contains(where: Self.instructingLabels.contains) { return false }
        // A name or a path before the colon lists a file, a package, a tool; after a word label only a short value
        // is a fact ("Core: Python 3.10+"): a longer one says when to use the thing ("Singleton: for stateless
        // services, …"), which readers count as a rule.
        let namesAThing =
            (label.hasPrefix("`") && label.hasSuffix("`") && label.dropFirst().dropLast().allSatisfy { $0 != "`" })
            || (!label.contains(" ") && (label.contains("/") || label.contains(".")))
        let restWords = InstructionHeuristics.lowercaseWords(rest, limit: 8).count
        guard namesAThing || restWords <= 6 else { return false }
        return !InstructionHeuristics.hasInstructionSignal(rest)
    }

    /// Label words that make what follows one an instruction or a step: "Bad:", "Action:", "Step 2:".
    static let instructingLabels: Set<String> = [
        "bad", "good", "wrong", "right", "avoid", "don't", "do", "action", "actions", "step", "phase", "then", "next",
        "first", "finally", "note", "tip", "important", "rule", "must", "never", "always", "required",
    ]

    /// `text` split at its label's end, if it has one.
    ///
    /// The end is the first colon within 48 bytes, or, after a name in code (`` `d3` 7.9 — ``), a spaced dash within
    /// 40. A dash after words more often ends a rule's title than a label.
    private static func splitLabel(_ text: String) -> (label: String, rest: String)? {
        let separators: [String] = text.hasPrefix("`") ? [": ", " — ", " – ", " - "] : [": "]
        var best: (String.Index, String.Index)?
        for separator in separators {
            let limit = separator.contains(":") || separator.contains("：") ? 48 : 40
            guard let range = text.firstRange(of: separator),
                text.utf8.distance(from: text.startIndex, to: range.lowerBound) <= limit
            else { continue }
            if let current = best, current.0 <= range.lowerBound { continue }
            best = (range.lowerBound, range.upperBound)
        }
        guard let (end, start) = best else { return nil }
        return (String(text[..<end]), text[start...].trimmingCharacters(in: " \t"))
    }
}
