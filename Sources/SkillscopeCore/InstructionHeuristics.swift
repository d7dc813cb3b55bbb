internal import Hashing

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

    /// Openers that take a verb after them: "please run", "you must".
    static let addressees: Set<String> = ["please", "you", "agents", "claude"]

    /// Whether `text` (a paragraph's plain text) instructs.
    ///
    /// It does when it has two words or more and: its first word is an imperative verb; or the word after a colon
    /// in its first 40 bytes is; or it opens with an addressee followed by an imperative verb, "must" or "should";
    /// or any of its words is a directive word, or any two or three in a row a directive phrase.
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
                    || (addressees.contains(first)
                        && (imperativeVerbs.contains(second) || second == "must" || second == "should"))
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
        guard count >= 2 else { return false }
        // An opening label such as "Important:" or "Rule 1:": look at the word after the colon too.
        if let colon = text.utf8.firstIndex(of: UInt8(ascii: ":")),
            text.utf8.distance(from: text.utf8.startIndex, to: colon) < 40
        {
            let rest = lowercaseWords(String(text[text.index(after: colon)...]), limit: 1)
            if let next = rest.first, imperativeVerbs.contains(next) { return true }
        }
        return false
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
