/// Finds the things a rule names (``NamedThing``): inline code spans, paths, URLs and hosts, environment
/// variables, project commands and setting keys, in plain text or in backticks.
public enum NamedThings {
    /// The distinct things `text` names, in order of appearance.
    public static func of(_ text: String) -> [NamedThing] {
        var found: [NamedThing] = []
        var seen = Set<String>()
        func add(_ thing: NamedThing) {
            guard thing.text.count >= 3, seen.insert(thing.key).inserted else { return }
            found.append(thing)
        }
        let parts = text.split(separator: "`", omittingEmptySubsequences: false)
        for (index, part) in parts.enumerated() {
            let isCode = index % 2 == 1 && index < parts.count - 1
            if isCode {
                let code = part.trimmingCharacters(in: " ")
                if let command = command(in: code) {
                    add(NamedThing(text: command, kind: .command))
                } else if let kind = kind(ofToken: code) {
                    add(NamedThing(text: code, kind: kind))
                } else if !code.isEmpty, !code.contains(" ") || code.count <= 40 {
                    add(NamedThing(text: code, kind: .code))
                }
            } else {
                forEachToken(part) { raw in
                    guard mayNameSomething(raw.utf8) else { return }
                    let token = trim(linkTarget(raw) ?? raw)
                    if let kind = kind(ofToken: token) { add(NamedThing(text: token, kind: kind)) }
                }
            }
        }
        return found
    }

    /// Calls `body` with each run of `text` between spaces, tabs and newlines (split on bytes, not characters).
    static func forEachToken(_ text: Substring, _ body: (Substring) -> Void) {
        let utf8 = text.utf8
        var start = utf8.startIndex
        var index = start
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A {
                if start != index { body(text[start..<index]) }
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        if start != index { body(text[start..<index]) }
    }

    /// Whether a plain-text token could be a path, host, setting or environment variable: it holds `/`, `_`,
    /// `$`, `=` or `:`, or a `.` before its last byte.
    ///
    /// Plain words skip every other check.
    static func mayNameSomething(_ token: Substring.UTF8View) -> Bool {
        guard token.count >= 3 else { return false }
        let last = token.index(before: token.endIndex)
        for index in token.indices {
            switch token[index] {
            case UInt8(ascii: "/"), UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "="), UInt8(ascii: ":"):
                return true
            case UInt8(ascii: ".") where index != last: return true
            default: continue
            }
        }
        return false
    }

    /// The project script a command runs: `npm run release`, `make deploy-staging`, `./scripts/x.sh`.
    static func command(in code: String) -> String? {
        let words = code.split(separator: " ").map(String.init)
        guard let first = words.first else { return nil }
        let runners: [String: Int] = [
            "npm": 2, "pnpm": 2, "yarn": 2, "bun": 2, "make": 1, "just": 1, "task": 1, "rake": 1, "invoke": 1,
            "poe": 1, "nox": 1, "tox": 1,
        ]
        if first.hasPrefix("./") || first.hasPrefix("scripts/") || first.hasPrefix("bin/") {
            return first
        }
        if first == "python" || first == "python3" || first == "bash" || first == "sh" || first == "node",
            words.count > 1, words[1].contains("/") || words[1].hasSuffix(".py") || words[1].hasSuffix(".sh")
        {
            return words[1]
        }
        guard let position = runners[first], words.count > position - (first == "npm" ? 0 : 1) else { return nil }
        if first == "npm" || first == "bun" || first == "pnpm" || first == "yarn" {
            // A workspace of the project: `pnpm --filter dashboard build`, `npm -w api test`, `yarn workspace web`.
            if words.count > 2, ["--filter", "-F", "-w", "--workspace", "workspace"].contains(words[1]) {
                return "\(first) \(words[1]) \(words[2])"
            }
            // `npm run X`, `pnpm X` (not the built-ins, nor the scripts nearly every project defines).
            let builtIns: Set<String> = [
                "install", "i", "ci", "test", "add", "remove", "update", "init", "exec", "dlx", "publish", "audit",
                "outdated", "link", "why", "x", "create", "build", "start", "dev", "lint", "format", "typecheck",
                "type-check", "clean", "preview", "serve", "watch", "check", "fmt",
            ]
            let index = words.count > 1 && words[1] == "run" ? 2 : 1
            guard words.count > index, !builtIns.contains(words[index]), !words[index].hasPrefix("-") else {
                return nil
            }
            // As the rule writes it (`pnpm start:all`); ``NamedThing/key`` counts `pnpm run start:all` with it.
            return words[0...index].joined(separator: " ")
        }
        guard words.count > 1, !words[1].hasPrefix("-") else { return nil }
        let builtIns: Set<String> = ["test", "build", "install", "clean", "all", "check", "lint", "format"]
        return builtIns.contains(words[1]) ? nil : "\(first) \(words[1])"
    }

    /// The kind of a single token when its shape says it is project-like; nil for plain words.
    static func kind(ofToken token: String) -> NamedThing.Kind? {
        guard token.count >= 3, !token.contains(" ") else { return nil }
        let lower = token.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") { return .url }
        if token.hasPrefix("$"), isEnvironmentName(Substring(token.dropFirst().trimmingCharacters(in: "{}"))) {
            return .environmentVariable
        }
        if isEnvironmentName(Substring(token)) { return .environmentVariable }
        if isHost(lower) { return .url }
        if isPath(token) { return .path }
        if isSettingKey(token) { return .setting }
        return nil
    }

    /// `API_BASE_URL`: upper-case letters and digits with at least one underscore.
    static func isEnvironmentName(_ token: Substring) -> Bool {
        guard token.count >= 4, token.contains("_"), let first = token.first, first.isUppercase else { return false }
        return token.allSatisfy { ($0.isASCII && ($0.isUppercase || $0.isNumber)) || $0 == "_" }
            && token.contains(where: \.isLetter)
    }

    /// `api.example.com`, `staging.acme.io`: dotted names ending in a common top-level domain.
    static func isHost(_ token: String) -> Bool {
        let labels = token.split(separator: ".")
        guard labels.count >= 2, let last = labels.last, !token.contains("/") else { return false }
        let domains: Set<Substring> = ["com", "io", "dev", "org", "net", "app", "ai", "co", "cloud", "sh"]
        return domains.contains(last) && labels.allSatisfy { !$0.isEmpty && $0.allSatisfy(Self.isHostCharacter) }
    }

    private static func isHostCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "-")
    }

    /// `src/lib/db.ts`, `scripts/release.sh`, `.env.local`, `docker-compose.yml`: a folder, or a file name with a
    /// known extension.
    static func isPath(_ token: String) -> Bool {
        if token.contains("/") {
            let parts = token.split(separator: "/")
            guard !parts.isEmpty, parts.allSatisfy({ part in part.allSatisfy { !$0.isWhitespace && $0 != "(" } }),
                !token.contains("://"), token != "and/or", token.contains(where: \.isLetter)
            else { return false }
            // `next/image` or `react-dom/client` is a package's module, not a project's path: a path starts at
            // `.`, `/` or `~`, ends in `/`, holds a glob, has three parts or more, or ends in a file name.
            if let first = token.first, first == "." || first == "/" || first == "~" { return true }
            if token.hasSuffix("/") || token.contains("*") || parts.count >= 3 { return true }
            return parts.last.map { hasKnownExtension(String($0)) } ?? false
        }
        return hasKnownExtension(token)
    }

    private static func hasKnownExtension(_ token: String) -> Bool {
        guard let dot = token.lastIndex(of: "."), dot != token.index(before: token.endIndex) else { return false }
        let extensions: Set<String> = [
            "md", "mdc", "json", "yaml", "yml", "toml", "sh", "py", "ts", "tsx", "js", "jsx", "swift", "go", "rs",
            "rb", "env", "lock", "ini", "cfg", "conf", "sql", "txt", "xml", "gradle", "kt", "java", "cs", "php",
        ]
        return extensions.contains(token[token.index(after: dot)...].lowercased())
    }

    /// `compilerOptions.strict`, `editor.formatOnSave`, `FEATURE=on`: a dotted key of identifiers, or key=value.
    static func isSettingKey(_ token: String) -> Bool {
        // A command-line flag (`--fail-under=0`) is the tool's, not the project's.
        guard !token.hasPrefix("-") else { return false }
        if let equals = token.firstIndex(of: "="), equals != token.startIndex,
            token[..<equals].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "-" })
        {
            return true
        }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count >= 2
            && parts.allSatisfy { part in
                guard let first = part.first, first.isLetter else { return false }
                return part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            } && token.contains(where: \.isUppercase)
    }

    /// The target of a Markdown link that ends in `token` (`[tokens](./src/tokens.ts)` → `./src/tokens.ts`),
    /// without its `#section`; nil when the token holds no link target or the target is a web address.
    static func linkTarget(_ token: Substring) -> Substring? {
        guard let open = token.firstRange(of: "](") else { return nil }
        var target = token[open.upperBound...]
        if let close = target.firstIndex(of: ")") { target = target[..<close] }
        if let anchor = target.firstIndex(of: "#") { target = target[..<anchor] }
        guard !target.isEmpty, !target.contains("://"), !target.hasPrefix("mailto:") else { return nil }
        return target
    }

    private static func trim(_ token: Substring) -> String {
        let punctuation: Set<Character> = [",", ";", ":", "(", ")", "\"", "'", "!", "?", "*", "[", "]", "<", ">"]
        var result = token
        while let first = result.first, punctuation.contains(first) { result = result.dropFirst() }
        while let last = result.last, punctuation.contains(last) || last == "." { result = result.dropLast() }
        return String(result)
    }
}

extension StringProtocol {
    func trimmingCharacters(in set: String) -> String {
        var result = Substring(self)
        while let first = result.first, set.contains(first) { result = result.dropFirst() }
        while let last = result.last, set.contains(last) { result = result.dropLast() }
        return String(result)
    }
}
