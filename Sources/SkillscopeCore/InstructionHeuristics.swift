internal import Hashing
internal import PCRE

/// Word tests that tell whether a paragraph instructs an agent.
///
/// A list item or a table row is a rule by its place unless it is a bare name or navigation (``RuleExtractor``); a
/// paragraph outside lists is a rule only when it instructs: it opens with an imperative verb (after an optional
/// label such as "Important:", or a condition such as "If the build fails,"), it carries a directive word such as
/// "must", "never" or "make sure", in English or another language, or a marker of the mood in Chinese, Japanese or
/// Korean.
public enum InstructionHeuristics {
    /// Verbs that open imperative sentences in instruction files.
    static let imperativeVerbs: Set<String> = [
        "add", "adopt", "align", "allow", "always", "annotate", "apply", "ask", "assume", "avoid", "be", "begin",
        "break", "build", "bump", "call", "catch", "check", "choose", "clean", "close", "comment", "commit",
        "compile", "configure", "confirm", "consider", "convert", "copy", "create", "declare", "default", "define",
        "delete", "deploy", "describe", "design", "disable", "do", "document", "don't", "dont", "double-check",
        "download", "edit", "emit", "enable", "enforce", "ensure", "escape", "explain", "export", "extract",
        "favor", "favour", "fetch", "fix", "follow", "format", "generate", "give", "group", "handle", "identify",
        "ignore", "implement", "import", "include", "inject", "install", "invoke", "keep", "label", "leave",
        "limit", "lint", "list", "load", "log", "look", "make", "mark", "merge", "migrate", "mirror", "mock",
        "move", "name", "never", "note", "omit", "only", "open", "organize", "organise", "pass", "pin", "place",
        "plan", "point", "prefer", "prefix", "prepare", "preserve", "print", "prioritize", "prioritise",
        "provide", "pull", "push", "put", "read", "rebase", "record", "reduce", "refactor", "refer", "remember",
        "remove", "rename", "reply", "report", "request", "require", "reset", "resolve", "respect", "respond",
        "restart", "return", "reuse", "review", "rewrite", "run", "save", "scan", "search", "see", "select",
        "send", "separate", "set", "ship", "show", "skip", "sort", "specify", "split", "start", "state", "stay",
        "stop", "store", "structure", "submit", "summarize", "summarise", "support", "switch", "take", "tell",
        "test", "think", "treat", "trim", "try", "turn", "type", "update", "upgrade", "use", "validate",
        "verify", "wait", "warn", "watch", "wrap", "write",
        // More English verbs that open rules.
        "act", "adhere", "analyse", "analyze", "answer", "append", "approve", "assert", "assign", "attach", "audit",
        "benchmark", "bundle", "cache", "capture", "cite", "clarify", "collect", "combine", "communicate", "compare",
        "complete", "compose", "consult", "continue", "coordinate", "count", "cover", "debug", "defer", "delegate",
        "deliver", "deprecate", "derive", "detect", "determine", "discuss", "dispatch", "draft", "drop", "duplicate",
        "encode", "encourage", "estimate", "evaluate", "examine", "exclude", "execute", "expand", "expect",
        "expose", "fail", "fill", "filter", "finish", "flag", "focus", "forbid", "gather", "guard", "hide", "honor",
        "honour", "insert", "inspect", "integrate", "introduce", "investigate", "isolate", "iterate", "justify",
        "launch", "lead", "lock", "maintain", "match", "measure", "minimise", "minimize", "modify", "monitor",
        "normalize", "notify", "obey", "obtain", "offer", "optimize", "optimise", "order", "output", "override",
        "parse", "paste", "perform", "persist", "pick", "post", "present", "prevent", "proceed", "process",
        "produce", "profile", "prompt", "propose", "protect", "prototype", "publish", "query", "raise", "re-run",
        "rerun", "redact", "refresh", "register", "reject", "release", "rely", "render", "repeat", "replace",
        "reproduce", "research", "restrict", "retry", "revert", "route", "sanitize", "sanitise", "schedule",
        "scope", "seek", "serialize", "share", "simplify", "stage", "stick", "strip", "suggest", "tag", "target",
        "trace", "track", "translate", "trigger", "understand", "unify", "upload", "utilize", "utilise", "walk",
        "work", "sign", "squash", "recheck", "re-check", "reread", "rate", "step", "pair", "prune", "let", "go", "get",
        "come", "fall",
        // Rules in other languages, by their opening word (German, Spanish, French, Portuguese, Italian, Russian).
        "verwende", "verwenden", "nutze", "nutzen", "benutze", "vermeide", "vermeiden", "achte", "prüfe", "prüfen",
        "stelle", "schreibe", "halte", "füge", "führe", "erstelle", "lies", "lege", "nimm", "frage", "beachte",
        "usa", "utiliza", "evita", "asegúrate", "escribe", "revisa", "mantén", "sigue", "crea", "ejecuta", "añade",
        "utilisez", "évitez", "évite", "vérifiez", "vérifie", "assurez-vous", "écrivez", "gardez",
        "ajoutez", "suivez", "evite", "mantenha", "verifique", "escreva", "usare", "evitare",
        "используй", "используйте", "избегай", "избегайте", "проверь", "проверьте", "проверяй", "пиши", "пишите",
        "добавь", "добавьте", "создай", "создайте", "запусти", "запустите", "следуй", "следуйте", "не",
    ]

    /// Words that make a sentence a directive wherever they stand.
    static let directiveWords: Set<String> = [
        "must", "mustn't", "should", "shouldn't", "never", "always", "avoid", "prefer", "ensure", "required",
        "forbidden", "don't", "important", "critical", "mandatory", "cannot", "can't", "won't", "shall",
        // The same in other languages.
        "niemals", "immer", "muss", "müssen", "musst", "sollte", "sollten", "sollst", "nie", "verboten", "keinesfalls",
        "nunca", "siempre", "debe", "deben", "debes", "jamais", "toujours", "doit", "doivent", "sempre", "deve",
        "devem", "mai", "всегда", "никогда", "должен", "должна", "должны", "нужно", "необходимо", "следует",
        "нельзя", "запрещено", "обязательно",
    ]

    /// Openers that make a short list item a rule though it has no verb: "No emojis", "Only ASCII", "Not `any`".
    static let shortDirectiveOpeners: Set<String> = ["no", "not", "only", "without", "zero", "one"]

    /// Markers of an instruction in languages written without spaces between words (Chinese, Japanese) and in
    /// Korean, whose endings carry the mood: any of them in a text makes it instruct.
    static let scriptMarkers: [String] = [
        // Chinese: must, be sure to, do not, forbidden, please, should, ensure, avoid, may not, never, always,
        // prefer, use, need to, cannot, only, remember, note.
        "必须", "务必", "不要", "禁止", "请", "應該", "应该", "应当", "确保", "確保", "避免", "不得", "切勿", "始终", "总是",
        "永远", "优先", "使用", "需要", "不能", "不可", "勿", "一定要", "只能", "记得", "注意", "严禁", "不允许", "必需",
        // never, should not, as far as possible, recommended.
        "绝不", "不应", "尽量", "建议",
        // Japanese: please do, do not, always, forbidden, avoid, should, use, check, follow, recommended.
        "してください", "ください", "しないで", "必ず", "禁止", "避け", "べき", "ないこと", "すること", "使用する", "使う",
        "使って", "確認", "守る", "推奨", "しない", "ましょう", "こと。", "せよ", "する。", "網羅",
        // Chinese verbs that open a rule: follow, read, call, run, execute, check, keep.
        "遵循", "读取", "调用", "运行", "执行", "检查", "保持",
        // Korean: do (polite imperative), do not, must, forbidden, always, use.
        "하세요", "마세요", "하십시오", "마십시오", "해야", "반드시", "금지", "하지 않", "주세요", "사용하", "항상", "절대",
        // Korean: comply, required, recommended, refrain from; Japanese: allowed.
        "준수", "필수", "권장", "지양", "許可",
    ]

    /// Word pairs and triples that make a sentence a directive wherever they stand.
    static let directivePhrases: Set<[String]> = [
        ["do", "not"], ["make", "sure"], ["be", "sure"], ["need", "to"], ["needs", "to"], ["have", "to"],
        ["has", "to"], ["instead", "of"], ["only", "use"], ["is", "not", "allowed"], ["are", "not", "allowed"],
    ]

    /// The first words of ``directivePhrases``.
    static let phraseOpeners = Set(directivePhrases.compactMap(\.first))

    /// Openers that take a verb after them: "please run", "you must".
    static let addressees: Set<String> = ["please", "you", "agents", "claude", "agent"]

    /// Modal verbs that, after an addressee, make a sentence tell the agent what to do: "you could use …".
    static let modals: Set<String> = [
        "must", "should", "could", "can", "may", "might", "will", "need", "have", "shall", "always", "never", "only",
    ]

    /// Whether `text` (a paragraph's plain text) instructs.
    ///
    /// It does when it holds a ``scriptMarkers`` entry, or has two words or more and: its first word is an
    /// imperative verb; or the word after a colon in its first 40 bytes is; or it opens with an addressee followed
    /// by an imperative verb or a modal ("you could use"); or any of its words is a directive word, or any two or
    /// three in a row a directive phrase; or it opens with a condition or a step and instructs after it
    /// (``opensWithClauseThenInstruction(_:)``).
    ///
    /// Past the first two, a word becomes a string only when ``WordFilter`` lets it through: most words of a
    /// paragraph are neither directive words nor in a phrase, and making each a string and looking it up twice took
    /// 9% of the parse (`perf`, 50,000 files). The reading stops at the first sign found.
    public static func isInstruction(_ text: String) -> Bool {
        var count = 0
        var first = ""
        var found = false
        // The two words before this one, when they may stand in a directive phrase (`nil` otherwise).
        var previous: String?
        var beforePrevious: String?
        forEachLowercaseWord(text) { bytes, beyondASCII in
            count += 1
            var word: String?
            if count <= 2 || beyondASCII || WordFilter.mayMatter(bytes) {
                let plain = String(decoding: bytes, as: UTF8.self)
                word = beyondASCII ? plain.lowercased() : plain
            }
            if count == 1 {
                first = word ?? ""
            } else if count == 2, let second = word {
                found =
                    imperativeVerbs.contains(first) || directiveWords.contains(first)
                    || (addressees.contains(first) && (imperativeVerbs.contains(second) || modals.contains(second)))
            }
            if count >= 2, !found, let word {
                found = directiveWords.contains(word)
                if !found, let previous, phraseOpeners.contains(previous) {
                    found = directivePhrases.contains([previous, word])
                }
                if !found, let beforePrevious, let previous, phraseOpeners.contains(beforePrevious) {
                    found = directivePhrases.contains([beforePrevious, previous, word])
                }
            }
            beforePrevious = previous
            previous = word
            return !found
        }
        if found { return true }
        if hasScriptMarker(text) || opensWithChineseCondition(text) || opensWithChineseVerb(text) { return true }
        guard count >= 2 else { return false }
        if opensWithClauseThenInstruction(text) { return true }
        // An opening label such as "Important:" or "Rule 1:": look at the word after the colon too.
        if let colon = text.utf8.firstIndex(of: UInt8(ascii: ":")),
            text.utf8.distance(from: text.utf8.startIndex, to: colon) < 40
        {
            let rest = lowercaseWords(String(text[text.index(after: colon)...]), limit: 1)
            if let next = rest.first, imperativeVerbs.contains(next) { return true }
        }
        return false
    }

    /// Chinese verbs that tell the agent what to do when they open a sentence or follow its label.
    ///
    /// "DONE： 进入审查": enter, provide, evaluate, add, record, read, resolve, create, write, update, delete, modify,
    /// install, configure, verify, consult, view, run, start, stop, return, report, mark, wait, ask, review, split,
    /// merge, submit, fix; first, then, and the object markers 将 and 把 ("将任务委派给…"). Anywhere else in a
    /// sentence they describe as often as they instruct.
    static let chineseOpeningVerbs: [String.UTF8View] = [
        "进入", "提供", "评估", "添加", "记录", "阅读", "解决", "创建", "编写", "更新", "删除", "修改", "安装", "配置", "验证",
        "参考", "参阅", "查看", "启动", "停止", "返回", "报告", "标记", "等待", "询问", "审查", "拆分", "合并", "提交", "修复",
        "先", "再", "将", "把",
    ].map(\.utf8)

    /// Whether `text`, past a label ending in a colon within its first 48 bytes, opens with one of the
    /// ``chineseOpeningVerbs``.
    static func opensWithChineseVerb(_ text: String) -> Bool {
        var bytes = ArraySlice(text.utf8.prefix(64))
        // Chinese characters (U+4E00–U+9FFF) start with E4–E9.
        guard bytes.contains(where: { $0 >= 0xE4 && $0 <= 0xE9 }) else { return false }
        let colon = Array("：".utf8)
        for index in bytes.indices where index < 48 {
            if bytes[index] == 0x3A {
                bytes = bytes[(index + 1)...]
                break
            }
            if bytes[index...].starts(with: colon) {
                bytes = bytes[(index + colon.count)...]
                break
            }
        }
        while let first = bytes.first, first == 0x20 { bytes = bytes.dropFirst() }
        return chineseOpeningVerbs.contains { bytes.starts(with: $0) }
    }

    /// Chinese openers of a condition ("when …", "if …", "once …"), which the instruction follows after a comma or a
    /// colon: "当无法手动追踪时，添加诊断埋点".
    static let chineseConditionOpeners: [String.UTF8View] = ["当".utf8, "如果".utf8, "若".utf8, "每当".utf8, "一旦".utf8]

    /// Whether `text` opens with one of the ``chineseConditionOpeners`` and goes on past a comma or colon within its
    /// first 90 bytes (about 30 characters).
    static func opensWithChineseCondition(_ text: String) -> Bool {
        let bytes = Array(text.utf8.prefix(96))
        guard chineseConditionOpeners.contains(where: { bytes.starts(with: $0) }) else { return false }
        let stops: [[UInt8]] = [Array("，".utf8), Array("：".utf8), [0x2C], [0x3A]]
        for index in bytes.indices where index < 90 {
            for stop in stops where bytes[index...].starts(with: stop) {
                return text.utf8.count > index + stop.count
            }
        }
        return false
    }

    /// Words that open a condition or a step before the instruction: "If the log is empty, rerun it", "When in
    /// doubt, ask", "Then verify the output".
    static let clauseOpeners: Set<String> = [
        "if", "when", "whenever", "before", "after", "once", "unless", "while", "for", "during", "on", "in", "to",
        "where", "until", "then", "also", "finally", "first", "next", "otherwise", "instead", "afterwards", "and",
        "but", "so", "now", "here", "by", "with", "without", "because", "since", "per",
    ]

    /// Labels that make what follows them an instruction by example: "Bad: …", "Good: …", "Wrong: …".
    static let exampleLabels: Set<String> = [
        "bad", "good", "wrong", "right", "correct", "incorrect", "preferred", "better", "worse", "avoid", "do",
        "don't", "dont", "instead", "rule", "tip", "note", "warning", "caution", "required", "never", "always",
    ]

    /// Whether `text` opens with a condition or a step word and instructs after it: the first word after the
    /// opening clause's comma (or, after "then" and the like, the next word) is an imperative verb, or an
    /// addressee before a modal; or it opens with a label such as "Bad:" or "Good:".
    static func opensWithClauseThenInstruction(_ text: String) -> Bool {
        let head = lowercaseWords(text, limit: 2)
        guard let first = head.first else { return false }
        if exampleLabels.contains(first), let colon = text.utf8.firstIndex(of: UInt8(ascii: ":")),
            text.utf8.distance(from: text.utf8.startIndex, to: colon) <= first.utf8.count + 5
        {
            return true
        }
        guard clauseOpeners.contains(first) else { return false }
        if head.count > 1, imperativeVerbs.contains(head[1]) && first != "to" && first != "for" { return true }
        // The clause ends at its first comma or colon within 160 bytes.
        let utf8 = text.utf8
        guard
            let stop = utf8.firstIndex(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: ":") }),
            utf8.distance(from: utf8.startIndex, to: stop) <= 160
        else { return false }
        let after = lowercaseWords(String(text[text.index(after: stop)...]), limit: 3)
        guard let next = after.first else { return false }
        if imperativeVerbs.contains(next) || directiveWords.contains(next) { return true }
        return addressees.contains(next) && after.count > 1
            && (imperativeVerbs.contains(after[1]) || modals.contains(after[1]))
    }

    /// Whether `word` is an everyday English word of instruction files (never a project's name by itself).
    static func isCommonWord(_ word: String) -> Bool {
        imperativeVerbs.contains(word) || directiveWords.contains(word) || clauseOpeners.contains(word)
            || [
                "agent", "agents", "skill", "skills", "claude", "cursor", "awesome", "rules", "prompts", "tools",
                "local", "project", "starter", "template", "config", "dotfiles", "plugins", "context", "swift",
                "python", "react", "nextjs", "design", "frontend", "backend", "mobile", "open", "super", "smart",
                "swiftui", "kotlin", "flutter", "golang", "node", "angular", "svelte", "django", "rails", "laravel",
                "spring", "docker", "kubernetes", "terraform", "android", "apple", "google", "microsoft", "openai",
                "anthropic", "github", "vercel", "typescript", "javascript", "supabase", "firebase", "expert",
            ].contains(word)
    }

    /// The ``scriptMarkers`` as one PCRE2 alternation: one JIT pass over a text, where a search for each marker
    /// in turn (the standard library's, by characters) took 6% of an ingest's CPU.
    private static let scriptMarkerExpression: RegularExpression? = try? RegularExpression(
        scriptMarkers.map(RegularExpression.escaped).joined(separator: "|"))

    /// Whether `text` holds one of the ``scriptMarkers``.
    ///
    /// Only text with a byte that starts a Chinese, Japanese or Korean letter (U+3000–U+DFFF: lead bytes E3–ED) can,
    /// and only that text is searched.
    static func hasScriptMarker(_ text: String) -> Bool {
        guard text.utf8.contains(where: { $0 >= 0xE3 && $0 <= 0xED }) else { return false }
        return scriptMarkerExpression?.matches(text) ?? scriptMarkers.contains { text.contains($0) }
    }

    /// Whether the UTF-8 of `text` holds `needle`'s (a byte search: no characters are formed).
    static func containsBytes(_ text: String, _ needle: String.UTF8View) -> Bool {
        let bytes = text.utf8.span
        let count = needle.count
        guard let first = needle.first, bytes.count >= count else { return false }
        var index = 0
        while index <= bytes.count - count {
            if bytes[index] == first, needle.enumerated().allSatisfy({ bytes[index + $0.offset] == $0.element }) {
                return true
            }
            index += 1
        }
        return false
    }

    /// Whether a short text (a list item, a table cell) carries anything that instructs: what
    /// ``isInstruction(_:)`` finds, an opener such as "No" or "Only", or an arrow or "instead".
    public static func hasInstructionSignal(_ text: String) -> Bool {
        // The cheap tests on the first eight words first (most list items open with a verb), on their bytes: only
        // the first becomes a string.
        var position = 0
        var found = false
        forEachLowercaseWord(text) { bytes, beyondASCII in
            position += 1
            if position == 1 {
                let plain = String(decoding: bytes, as: UTF8.self)
                let first = beyondASCII ? plain.lowercased() : plain
                found = shortDirectiveOpeners.contains(first) || imperativeVerbs.contains(first)
            }
            found = found || signalWords.contains { $0.elementsEqual(bytes) }
            return !found && position < 8
        }
        return found || isInstruction(text) || ["→", "->", "❌", "✗"].contains { containsBytes(text, $0.utf8) }
    }

    /// Words that make a short text instruct wherever they stand among its first eight: "X instead of Y", "not
    /// `any`", "X over Y", as bytes.
    private static let signalWords: [String.UTF8View] = ["instead".utf8, "not".utf8, "over".utf8]

    /// Whether `text` is a few words at most: three words, none of them more than four letters of a script written
    /// without spaces (Chinese, Japanese), where one "word" is a whole phrase.
    static func isFewWords(_ text: String) -> Bool {
        let words = lowercaseWords(text, limit: 5)
        if words.count > 3 { return false }
        return words.allSatisfy { word in word.unicodeScalars.filter { $0.value >= 0x2E80 }.count <= 4 }
    }

    /// A heading's text as a table of contents repeats it, hashed; nil when nothing is left.
    ///
    /// Its lower-case words alone, the leading numbering dropped: "2. Review Checklist" and "Review checklist"
    /// alike. Hashed as the words go by (FNV-1a over the words and a separator), with no string made: every list's
    /// first item is read this way.
    public static func headingKey(_ title: String) -> UInt64? {
        var hash = FNV1a.basis
        var words = 0
        forEachLowercaseWord(title) { bytes, beyondASCII in
            if words == 0, bytes.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }) { return true }
            if words > 0 { hash = FNV1a.adding(0x20, to: hash) }
            if beyondASCII {
                let lowered = String(decoding: bytes, as: UTF8.self).lowercased()
                for byte in lowered.utf8 { hash = FNV1a.adding(byte, to: hash) }
            } else {
                for byte in bytes { hash = FNV1a.adding(byte, to: hash) }
            }
            words += 1
            return true
        }
        return words == 0 ? nil : hash
    }

    /// Words in a table's header that say its rows instruct: do / don't, use / instead, good / bad, rule, when.
    static let instructingHeaderWords: Set<String> = [
        "do", "don't", "dont", "avoid", "use", "instead", "prefer", "rule", "rules", "never", "always", "bad",
        "good", "wrong", "right", "correct", "incorrect", "should", "must", "when", "action", "fix", "anti-pattern",
        "guideline", "guidelines", "required", "requirement", "convention", "recommended", "recommendation",
        "practice", "pattern", "do's", "don'ts", "instruction", "policy", "how", "preferred", "alternative", "not",
        "replace", "replacement", "better", "allowed", "forbidden", "mistake", "solution", "correction", "then",
    ]

    /// Whether a table's header cells say its rows instruct.
    static func isInstructingHeader(_ cells: [String]) -> Bool {
        cells.contains { cell in
            lowercaseWords(cell, limit: 8).contains(where: instructingHeaderWords.contains)
                || containsBytes(cell, "✅".utf8) || containsBytes(cell, "❌".utf8) || hasScriptMarker(cell)
        }
    }

    /// A test on a lower-case ASCII word's bytes that lets through every directive word and every word of a
    /// directive phrase, and few others: their FNV-1a hashes in a small open-addressed table.
    enum WordFilter {
        private static let slots = 128
        private static let table: [UInt64] = {
            var table = [UInt64](repeating: 0, count: slots)
            for word in directiveWords.union(directivePhrases.joined()) {
                let hash = FNV1a.hash(word.utf8)
                precondition(hash != 0)
                var slot = Int(hash % UInt64(slots))
                while table[slot] != 0 && table[slot] != hash { slot = (slot + 1) % slots }
                table[slot] = hash
            }
            return table
        }()

        /// Whether the word with these bytes may be a directive word or stand in a directive phrase.
        static func mayMatter(_ bytes: [UInt8]) -> Bool {
            let hash = FNV1a.hash(bytes)
            let table = self.table
            var slot = Int(hash % UInt64(slots))
            while table[slot] != 0 {
                if table[slot] == hash { return true }
                slot = (slot + 1) % slots
            }
            return false
        }
    }

    /// Lower-case words of `text`: runs of letters, digits, `'` and `-` (a curly apostrophe counts as `'`).
    ///
    /// Byte by byte: ASCII (most rules) by a switch, other scalars decoded in place; only a word holding one of
    /// those is lower-cased by the standard library.
    static func lowercaseWords(_ text: String, limit: Int = .max) -> [String] {
        var words: [String] = []
        guard limit > 0 else { return words }
        forEachLowercaseWord(text) { bytes, beyondASCII in
            let word = String(decoding: bytes, as: UTF8.self)
            words.append(beyondASCII ? word.lowercased() : word)
            return words.count < limit
        }
        return words
    }

    /// Hands each word of ``lowercaseWords(_:limit:)`` to `body` in order, until `body` returns `false`: its UTF-8
    /// bytes with ASCII letters lower-cased, and whether it holds a scalar beyond ASCII (which is not lower-cased).
    static func forEachLowercaseWord(_ text: String, _ body: (_ bytes: [UInt8], _ beyondASCII: Bool) -> Bool) {
        let bytes = text.utf8.span
        var current: [UInt8] = []
        current.reserveCapacity(32)
        var beyondASCII = false
        var going = true
        func finishWord() {
            guard !current.isEmpty else { return }
            going = body(current, beyondASCII)
            current.removeAll(keepingCapacity: true)
            beyondASCII = false
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x41...0x5A:
                current.append(byte | 0x20)
                index += 1
                continue
            case 0x61...0x7A, 0x30...0x39, 0x27, 0x2D:
                current.append(byte)
                index += 1
                continue
            case 0x80...:
                let scalar = text.scalar(atUTF8Offset: index)
                let width = UTF8.width(scalar)
                if scalar == "\u{2019}" {
                    current.append(0x27)
                    index += width
                    continue
                }
                if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                    for offset in 0..<width { current.append(bytes[index + offset]) }
                    beyondASCII = true
                    index += width
                    continue
                }
                index += width
            default:
                index += 1
            }
            finishWord()
            if !going { return }
        }
        finishWord()
    }
}
