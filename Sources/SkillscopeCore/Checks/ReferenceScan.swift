/// The files a Markdown text names, each with its line: link targets (`[the guide](docs/guide.md)`, images and
/// reference definitions too), paths in inline code (`scripts/fmt.sh`) and Claude Code's `@imports`
/// (`@docs/style.md`).
///
/// Fenced and indented code blocks are skipped, and links and imports inside inline code are not links; Claude Code
/// itself evaluates no import inside code. One pass over the lines.
public struct ReferenceScan: Sendable {
    public struct Reference: Sendable, Hashable {
        public enum Form: Sendable, Hashable {
            case link
            case inlineCode
            case `import`
        }
        public var form: Form
        /// The target as written, its `#fragment` and `?query` removed, percent escapes decoded.
        public var target: String
        public var line: Int
    }

    public private(set) var references: [Reference] = []

    public init(text: String) {
        let all = Array(text.utf8)
        // Most lines name nothing: a text without a backquote, a link or an @ has no reference at all.
        guard all.contains(where: { $0 == UInt8(ascii: "`") || $0 == UInt8(ascii: "]") || $0 == UInt8(ascii: "@") })
        else { return }
        var fence: (marker: UInt8, length: Int)?
        var previousBlank = true
        var line = 0
        var start = 0
        while start <= all.count {
            var end = start
            while end < all.count, all[end] != UInt8(ascii: "\n") { end += 1 }
            line += 1
            var bytes = all[start..<end]
            start = end + 1
            if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
            let indent = bytes.prefix { $0 == UInt8(ascii: " ") }.count
            let rest = bytes.dropFirst(indent)
            if let open = fence {
                let run = rest.prefix { $0 == open.marker }.count
                if indent < 4, run >= open.length, rest.dropFirst(run).allSatisfy({ $0 == 32 || $0 == 9 }) {
                    fence = nil
                }
                continue
            }
            if indent < 4, let marker = rest.first, marker == UInt8(ascii: "`") || marker == UInt8(ascii: "~") {
                let run = rest.prefix { $0 == marker }.count
                if run >= 3 {
                    fence = (marker, run)
                    continue
                }
            }
            let blank = rest.allSatisfy { $0 == 32 || $0 == 9 }
            if indent >= 4 && previousBlank && !blank { continue }  // an indented code block
            if bytes.first == UInt8(ascii: "\t") && previousBlank { continue }
            previousBlank = blank
            if rest.contains(where: {
                $0 == UInt8(ascii: "`") || $0 == UInt8(ascii: "]") || $0 == UInt8(ascii: "@")
            }) {
                scan(line: Array(bytes), number: line)
            }
        }
    }

    /// Finds the links, code spans and imports of one line outside code blocks.
    private mutating func scan(line bytes: [UInt8], number: Int) {
        if let definition = Self.referenceDefinition(bytes) {
            references.append(Reference(form: .link, target: definition, line: number))
            return
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "`") {
                let run = bytes[index...].prefix { $0 == UInt8(ascii: "`") }.count
                if let close = Self.closingRun(bytes, from: index + run, length: run) {
                    let span = String(decoding: bytes[(index + run)..<close], as: UTF8.self)
                    if let path = Self.pathInCode(span) {
                        references.append(Reference(form: .inlineCode, target: path, line: number))
                    }
                    index = close + run
                    continue
                }
                index += run
                continue
            }
            if byte == UInt8(ascii: "]"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "(") {
                if let end = Self.closingParenthesis(bytes, from: index + 2) {
                    if let target = Self.linkTarget(String(decoding: bytes[(index + 2)..<end], as: UTF8.self)) {
                        references.append(Reference(form: .link, target: target, line: number))
                    }
                    index = end + 1
                    continue
                }
            }
            if byte == UInt8(ascii: "@"), index == 0 || Self.opensImport(bytes[index - 1]) {
                var end = index + 1
                while end < bytes.count, Self.isPathByte(bytes[end]) { end += 1 }
                var token = bytes[(index + 1)..<end]
                while let last = token.last, [UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: ":")].contains(last) {
                    token = token.dropLast()
                }
                if let path = Self.importPath(String(decoding: token, as: UTF8.self)) {
                    references.append(Reference(form: .import, target: path, line: number))
                }
                index = end
                continue
            }
            index += 1
        }
    }

    /// `[label]: target` at the start of a line.
    private static func referenceDefinition(_ bytes: [UInt8]) -> String? {
        var rest = bytes.drop { $0 == 32 }
        guard bytes.count - rest.count < 4, rest.first == UInt8(ascii: "["),
            let close = rest.firstIndex(of: UInt8(ascii: "]")), close + 1 < rest.endIndex,
            rest[close + 1] == UInt8(ascii: ":"), rest[rest.startIndex + 1] != UInt8(ascii: "^")
        else { return nil }
        rest = rest[(close + 2)...].drop { $0 == 32 }
        let target = rest.prefix { $0 != 32 }
        return linkTarget(String(decoding: target, as: UTF8.self))
    }

    private static func closingRun(_ bytes: [UInt8], from start: Int, length: Int) -> Int? {
        var index = start
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "`") {
                let run = bytes[index...].prefix { $0 == UInt8(ascii: "`") }.count
                if run == length { return index }
                index += run
            } else {
                index += 1
            }
        }
        return nil
    }

    /// The `)` closing a link destination opened before `start`, balancing parentheses inside it.
    private static func closingParenthesis(_ bytes: [UInt8], from start: Int) -> Int? {
        var depth = 0
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ")"):
                if depth == 0 { return index }
                depth -= 1
            default: break
            }
            index += 1
        }
        return nil
    }

    /// A link destination that names a local file: no scheme, no pure fragment, no placeholder; its title, fragment
    /// and query removed and percent escapes decoded.
    static func linkTarget(_ raw: String) -> String? {
        var text = Substring(raw.trimmingWhitespace())
        if text.hasPrefix("<"), let close = text.firstIndex(of: ">") {
            text = text[text.index(after: text.startIndex)..<close]
        } else if let space = text.firstIndex(of: " ") {
            text = text[..<space]  // a title follows
        }
        if let cut = text.firstIndex(where: { $0 == "#" || $0 == "?" }) { text = text[..<cut] }
        guard !text.isEmpty, !text.contains(":"), !text.hasPrefix("//"),
            !text.contains(where: { "{}<>$%*|\\".contains($0) && $0 != "%" })
        else { return nil }
        guard let decoded = percentDecoded(text), !decoded.isEmpty else { return nil }
        return decoded
    }

    private static func percentDecoded(_ text: Substring) -> String? {
        guard text.contains("%") else { return String(text) }
        var bytes: [UInt8] = []
        var index = text.utf8.startIndex
        let utf8 = text.utf8
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%") {
                let first = utf8.index(after: index)
                guard first < utf8.endIndex, utf8.index(after: first) < utf8.endIndex,
                    let high = hexValue(utf8[first]), let low = hexValue(utf8[utf8.index(after: first)])
                else { return nil }
                bytes.append(high << 4 | low)
                index = utf8.index(first, offsetBy: 2)
            } else {
                bytes.append(byte)
                index = utf8.index(after: index)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Inline code that is a relative file path with a folder and an extension (`scripts/fmt.sh`,
    /// `./references/api.md`): no spaces, globs, variables, placeholders, URLs, absolute or home paths.
    static func pathInCode(_ span: String) -> String? {
        var text = Substring(span.trimmingWhitespace())
        if text.hasPrefix("./") { text = text.dropFirst(2) }
        // The byte tests first: most code spans are no path, and an ASCII span's bytes are its characters, so a
        // slash is looked for by bytes, not by the generic substring search (the dearest part of a tree's check).
        guard text.utf8.allSatisfy(isPathByte) else { return nil }
        let isASCII = text.utf8.allSatisfy { $0 < 0x80 }
        let slashes = isASCII ? text.utf8.contains(UInt8(ascii: "/")) : text.contains("/")
        let double = isASCII ? Self.hasDoubleSlash(text.utf8) : text.contains("//")
        guard slashes, !text.hasPrefix("/"), !text.hasPrefix("~"), !text.hasPrefix("-"), !text.hasSuffix("/"), !double
        else { return nil }
        let components = text.split(separator: "/")
        guard let last = components.last, let dot = last.lastIndex(of: "."), dot != last.startIndex else { return nil }
        let ext = last[last.index(after: dot)...]
        guard (1...8).contains(ext.count), ext.contains(where: \.isLetter) else { return nil }
        let lower = text.lowercased()
        for placeholder in ["path/to/", "your-", "your_", "my-", "foo/", "example/", "xxx", "..."]
        where isASCII ? TextScan.has(lower, placeholder) : lower.contains(placeholder) {
            return nil
        }
        if components.contains(where: { $0 == ".." }) { return nil }
        return String(text)
    }

    /// Whether two slashes stand side by side.
    private static func hasDoubleSlash(_ bytes: Substring.UTF8View) -> Bool {
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == UInt8(ascii: "/"), previous == byte { return true }
            previous = byte
        }
        return false
    }

    /// The path of an `@import` (`@docs/style.md`, `@./notes.md`, `@../shared/rules.md`): a file with an extension
    /// or an explicit relative or home start; `@user`, `@scope/package` and e-mail addresses are none.
    static func importPath(_ token: String) -> String? {
        guard !token.isEmpty, !token.contains("//") else { return nil }
        if token.hasPrefix("~/") || token.hasPrefix("./") || token.hasPrefix("../") || token.hasPrefix("/") {
            return token
        }
        guard let last = token.split(separator: "/").last, let dot = last.lastIndex(of: "."),
            dot != last.startIndex
        else { return nil }
        let ext = last[last.index(after: dot)...].lowercased()
        guard ["md", "mdc", "txt", "markdown", "json", "yaml", "yml", "toml"].contains(ext) else { return nil }
        return token
    }

    private static func opensImport(_ byte: UInt8) -> Bool {
        byte == 32 || byte == 9 || byte == UInt8(ascii: "(") || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "_")
    }

    static func isPathByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "/"), UInt8(ascii: "~"),
            UInt8(ascii: "@"), UInt8(ascii: "+"):
            true
        default: byte >= 0x80
        }
    }
}

extension String {
    fileprivate func trimmingWhitespace() -> Substring {
        var text = self[...]
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
