/// Word tests that tell whether a paragraph instructs an agent.
///
/// A list item or a table row is a rule by its place; a paragraph outside lists is a rule only when it
/// instructs: it opens with an imperative verb (after an optional bold label such as "Important:"), or it
/// carries a directive word such as "must", "never" or "make sure".
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
    ]

    /// Words that make a sentence a directive wherever they stand.
    static let directiveWords: Set<String> = [
        "must", "mustn't", "should", "shouldn't", "never", "always", "avoid", "prefer", "ensure", "required",
        "forbidden", "don't", "important",
    ]

    /// Word pairs and triples that make a sentence a directive wherever they stand.
    static let directivePhrases: Set<[String]> = [
        ["do", "not"], ["make", "sure"], ["be", "sure"], ["need", "to"], ["needs", "to"], ["have", "to"],
        ["has", "to"], ["instead", "of"], ["only", "use"], ["is", "not", "allowed"], ["are", "not", "allowed"],
    ]

    /// The first words of ``directivePhrases``.
    static let phraseOpeners = Set(directivePhrases.compactMap(\.first))

    /// Whether `text` (a paragraph's plain text) instructs.
    public static func isInstruction(_ text: String) -> Bool {
        let words = lowercaseWords(text)
        guard words.count >= 2 else { return false }
        if imperativeVerbs.contains(words[0]) { return true }
        // An opening label such as "Important:" or "Rule 1:": look at the word after the colon too.
        if let colon = text.utf8.firstIndex(of: UInt8(ascii: ":")),
            text.utf8.distance(from: text.utf8.startIndex, to: colon) < 40
        {
            let rest = lowercaseWords(String(text[text.index(after: colon)...]), limit: 1)
            if let next = rest.first, imperativeVerbs.contains(next) { return true }
        }
        if ["please", "you", "agents", "claude"].contains(words[0]) {
            if imperativeVerbs.contains(words[1]) || words[1] == "must" || words[1] == "should" { return true }
        }
        for (index, word) in words.enumerated() {
            if directiveWords.contains(word) { return true }
            // Only a few words open a directive phrase; test those without building pairs for every word.
            guard phraseOpeners.contains(word) else { continue }
            if index + 1 < words.count, directivePhrases.contains([word, words[index + 1]]) { return true }
            if index + 2 < words.count, directivePhrases.contains([word, words[index + 1], words[index + 2]]) {
                return true
            }
        }
        return false
    }

    /// Lower-case words of `text`: runs of letters, digits, `'` and `-` (a curly apostrophe counts as `'`).
    ///
    /// Byte by byte: ASCII (most rules) by a switch, other scalars decoded in place; only a word holding one of
    /// those is lower-cased by the standard library.
    static func lowercaseWords(_ text: String, limit: Int = .max) -> [String] {
        let bytes = text.utf8.span
        var words: [String] = []
        var current: [UInt8] = []
        current.reserveCapacity(32)
        var beyondASCII = false
        func finishWord() {
            guard !current.isEmpty else { return }
            let word = String(decoding: current, as: UTF8.self)
            words.append(beyondASCII ? word.lowercased() : word)
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
            if words.count >= limit { return words }
        }
        finishWord()
        return words
    }
}
