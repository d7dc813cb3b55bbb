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

    /// Phrases that make a sentence a directive wherever they stand.
    static let directiveWords: Set<String> = [
        "must", "mustn't", "should", "shouldn't", "never", "always", "avoid", "prefer", "ensure", "required",
        "forbidden", "don't", "do not", "make sure", "be sure", "need to", "needs to", "have to", "has to",
        "is not allowed", "are not allowed", "instead of", "only use", "important",
    ]

    /// Whether `text` (a paragraph's plain text) instructs.
    public static func isInstruction(_ text: String) -> Bool {
        let words = lowercaseWords(text)
        guard words.count >= 2 else { return false }
        var first = words[0]
        // Skip an opening label such as "Important:" or "Rule 1:" by looking at the word after a colon too.
        if imperativeVerbs.contains(first) { return true }
        if let colon = text.firstIndex(of: ":"), text.distance(from: text.startIndex, to: colon) < 40 {
            let rest = lowercaseWords(String(text[text.index(after: colon)...]))
            if let next = rest.first, imperativeVerbs.contains(next) { return true }
        }
        if first == "please" || first == "you" || first == "agents" || first == "claude", words.count > 1 {
            first = words[1]
            if imperativeVerbs.contains(first) || first == "must" || first == "should" { return true }
        }
        let joined = " " + words.joined(separator: " ") + " "
        for phrase in directiveWords where joined.contains(" " + phrase + " ") { return true }
        return false
    }

    /// Lower-case words of `text`: runs of letters, digits, `'` and `-`.
    static func lowercaseWords(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber || character == "'" || character == "’" || character == "-" {
                current.append(character == "’" ? "'" : character)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
