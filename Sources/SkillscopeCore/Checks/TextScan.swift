internal import Foundation

/// One text read by the security scan: a byte pass marks the lines worth reading, then each category's patterns
/// read only those (``SecurityScan``).
struct TextScan {
    /// What a line holds, from the byte pass.
    struct Marks: OptionSet {
        let rawValue: UInt16
        static let download = Marks(rawValue: 1 << 0)
        static let decode = Marks(rawValue: 1 << 1)
        static let secret = Marks(rawValue: 1 << 2)
        static let url = Marks(rawValue: 1 << 3)
        static let injection = Marks(rawValue: 1 << 4)
        static let comment = Marks(rawValue: 1 << 5)
        static let hidden = Marks(rawValue: 1 << 6)
        /// Secret files and keychain commands (`.ssh`, `.aws`, `secret-tool`).
        static let secretFile = Marks(rawValue: 1 << 7)
        /// The environment as a whole (`env`, `printenv`, `os.environ`).
        static let environment = Marks(rawValue: 1 << 8)
        /// Acting without the user's say-so ("without asking", "for confirmation").
        static let asking = Marks(rawValue: 1 << 9)
        /// Commands that can destroy (`rm`, `chmod`, `git push`, `drop`, `mkfs`).
        static let destructive = Marks(rawValue: 1 << 10)
        /// Permission prompts turned off (`--dangerously-skip-permissions`, `yolo`).
        static let permissions = Marks(rawValue: 1 << 11)
        /// The words of the scan's mechanisms (issue 45): persistence places, agent configuration, installs,
        /// TLS switches, protections, concealment and trigger phrasings (``TextScan/mechanismFindings``).
        static let mechanism = Marks(rawValue: 1 << 12)
    }

    /// A word that marks a line; `word` asks for no letter or digit on either side.
    private struct Trigger {
        var bytes: [UInt8]
        var marks: Marks
        var word: Bool
    }

    /// The triggers as plain data, read by the byte pass without reference counting: their bytes one after
    /// another in `pool`, and for each first byte `b` the entries `first[b]..<first[b + 1]`.
    private struct TriggerTable: Sendable {
        struct Entry: Sendable {
            var start: Int
            var count: Int
            var marks: Marks
            var word: Bool
            /// The trigger's first eight bytes (fewer when shorter), the first in the low byte, and which bytes
            /// of the word they fill: most words a trigger's first two bytes let through differ within eight.
            var prefix: UInt64
            var prefixMask: UInt64
        }
        var pool: [UInt8] = []
        var entries: [Entry] = []
        var first: [Int] = []
        /// Each byte's ``ByteClass`` bits.
        var classes: [UInt8] = []
        /// The second bytes of the triggers, by first byte: one test rules out most word starts.
        ///
        /// Byte `c` (folded to lower case) follows first byte `b` in some trigger when bit `c % 64` of
        /// `second[b * 4 + c / 64]` is set.
        var second: [UInt64] = Array(repeating: 0, count: 256 * 4)

        init(_ byFirstByte: [[Trigger]]) {
            for triggers in byFirstByte {
                first.append(entries.count)
                for trigger in triggers {
                    let head = Int(trigger.bytes[0]) * 4
                    if trigger.bytes.count > 1 {
                        let next = trigger.bytes[1]
                        second[head + Int(next >> 6)] |= 1 << UInt64(next & 63)
                    } else {
                        for word in 0..<4 { second[head + word] = ~0 }
                    }
                    var prefix: UInt64 = 0
                    var prefixMask: UInt64 = 0
                    for (offset, byte) in trigger.bytes.prefix(8).enumerated() {
                        prefix |= UInt64(byte) << UInt64(offset * 8)
                        prefixMask |= 0xFF << UInt64(offset * 8)
                    }
                    entries.append(
                        Entry(
                            start: pool.count, count: trigger.bytes.count, marks: trigger.marks, word: trigger.word,
                            prefix: prefix, prefixMask: prefixMask))
                    pool += trigger.bytes
                }
            }
            first.append(entries.count)
            classes = (0..<256).map { value in
                let byte = UInt8(value)
                let folded = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                var kind: UInt8 = 0
                if TextScan.isBase64(byte) { kind |= ByteClass.base64 }
                if TextScan.isWordByte(byte) { kind |= ByteClass.word }
                if folded >= 0x61 && folded <= 0x7A { kind |= ByteClass.letter }
                if first[Int(folded)] < first[Int(folded) + 1] { kind |= ByteClass.trigger }
                if kind & ByteClass.letter != 0 || (byte >= 0x30 && byte <= 0x39 && kind & ByteClass.trigger == 0) {
                    kind |= ByteClass.inner
                }
                return kind
            }
        }
    }

    /// What the byte pass asks of a byte, as bits: one table lookup a byte.
    private enum ByteClass {
        /// In the base64 alphabet (with the URL-safe `-` and `_`).
        static let base64: UInt8 = 1 << 0
        /// A letter, digit or underscore.
        static let word: UInt8 = 1 << 1
        /// An ASCII letter.
        static let letter: UInt8 = 1 << 2
        /// Some trigger starts with it (either case).
        static let trigger: UInt8 = 1 << 3
        /// A letter, or a digit no trigger starts with: after a word byte, nothing to do.
        static let inner: UInt8 = 1 << 4
    }

    /// The triggers, by their first byte.
    private static let table: TriggerTable = {
        var table = [[Trigger]](repeating: [], count: 256)
        func add(_ marks: Marks, word: Bool = false, _ words: String...) {
            for text in words {
                let bytes = Array(text.utf8)
                table[Int(bytes[0])].append(Trigger(bytes: bytes, marks: marks, word: word))
            }
        }
        add(.download, word: true, "curl", "wget", "iwr", "irm", "pipe", "fetch")
        add(.destructive, word: true, "rm", "chmod", "push", "drop", "dropdb", "mkfs", "dd", "rmdir", "flushall")
        add(
            .destructive, "remove-item", "dropdatabase", "format c:", "-delete", "truncate", "kubectl", "delete from",
            "rmtree", "rmsync", "fs.rm(")
        add(.download, "invoke-webrequest", "invoke-restmethod", "downloadstring", "downloadfile", "net.webclient")
        add(
            .decode, "base64", "atob(", "buffer.from(", "b64decode", "frombase64string", "xxd", "-enc",
            "encodedcommand", "fromhex",
            "unhexlify", "codecs.decode")
        add(
            .secret, word: true, "token", "tokens", "secret", "secrets", "password", "passwords", "cookie", "cookies",
            "credential", "credentials", "wallet", "wallets")
        add(.secret, "api_key", "apikey", "api key", "api-key", "_token", "_secret", "_key", "_password", "seed phrase")
        add([.secret, .environment], word: true, "env", "printenv", "environ")
        add([.secret, .environment], "export -p", "declare -x", "env:")
        add([.secret, .secretFile], word: true, "keychain", "cmdkey", "wallet.dat")
        add(
            [.secret, .secretFile], ".ssh", "id_rsa", "hosts.yml", "gem/credentials", ".claude.json", "id_ed25519",
            "id_ecdsa", "id_dsa", ".aws", "-password",
            "secret-tool", ".netrc", ".npmrc", ".pypirc", "docker/config", "kube/config", "git-credentials", ".gnupg",
            "/etc/shadow", "_history", "private key", "mnemonic", "credential manager", "-----begin", ".keystore",
            ".jks", ".p12", ".pfx", "gradle.properties", "gh auth", "storedcredential")
        add(.url, "http://", "https://", "webhook", "ngrok", "pastebin", "requestbin", "pipedream", "/dev/tcp")
        add(
            .url, word: true, "nc", "netcat", "upload", "exfiltrate", "scp", "rsync", "nslookup", "dig", "gist",
            "remote")
        // Injection triggers are the phrases' own openings, not "the user" or "instructions", which half the
        // lines of an instruction file hold.
        add(
            .injection, word: true, "ignore", "disregard", "forget", "override", "bypass", "silently", "secretly",
            "covertly", "quietly", "discreetly", "jailbreak", "jailbroken", "precedence", "hide", "conceal")
        add(
            .injection, "system prompt", "developer mode", "god mode", "dan mode", "do anything now", "you are now",
            "you are no longer", "from now on", "from this point", "[system", "new instructions", "new system",
            "your real", "your true", "your actual", "your new", "out of your", "not tell", "'t tell",
            "never tell", "not inform", "'t inform", "not reveal", "'t reveal", "not notify", "not alert",
            "not mention", "'t mention", "never mention", "not disclose", "never disclose", "not report",
            "without tell", "without inform", "without notif", "without alert", "without the user",
            "without the human", "must not know", "should not know", "must not see", "should not see",
            "must not notice", "should not notice")
        add(
            .asking, "without ask", "without confirm", "without permission", "without approval", "without checking",
            "for confirmation", "for permission", "for approval")
        // The same openings in other languages (``Patterns/injectionElsewhere``).
        add(
            .injection, "ignorier", "ignora", "ignorez", "ignorer", "vergiss", "vergesst", "missacht", "olvida",
            "olvide", "omite", "descarta",
            "oublie", "esqueç", "esquece", "desconsider", "dimentica", "systemanweisung", "systemprompt", "nichts",
            "cuentes", "digas", "informes", "menciones", "avises", "rien", "conte ", "diga ", "informe ", "mencione",
            "avise ", "informieren", "benachrichtig", "無視", "システムプロンプト", "伝えない", "知らせない", "言わない",
            "報告しない", "気づかれない", "忽略", "无视", "忘记", "忽视", "用户", "使用者", "安全检查",
            "no longer apply", "restrictions are", "restrictions have", "guardrails are", "guardrails have",
            "safety rules are", "limits are")
        add(
            .asking, "ohne rückfrage", "ohne nachfrage", "ohne bestätigung", "ohne zu fragen", "ohne erlaubnis",
            "sin pedir", "sin preguntar", "sin solicitar", "sin confirm", "sans demander", "sans confirm",
            "sans autoris", "sem pedir", "sem perguntar", "sem solicitar", "sem confirm", "確認なし", "確認を求めない",
            "確認せず", "承認なし", "無確認", "自動承認", "无需确认", "不要确认", "不需要确认", "无需批准", "自动批准",
            "直接批准", "senza chiedere", "senza conferma", "senza autorizz", "zonder te vragen", "zonder bevestig",
            "zonder toestem", "bez pytania", "bez pytać", "bez potwierdz", "bez zgody", "без подтвержд", "без запрос",
            "без спрос", "без разрешен", "не спрашива", "sormadan", "onay almadan", "onaysız", "않아도", "확인 없이",
            "허락 없이", "승인 없이", "확인없이", "묻지 말고")
        add(
            .permissions, "skip-permissions", "bypasspermissions", "bypass-approvals", "--yolo", "yolo ", "yolo-",
            "yolo mod", "yoloモ", "yolo模", "approval_policy",
            "ask-for-approval", "auto-approve", "autoapprove")
        add(.comment, "<!--", "[//]: #")
        for (word, words) in Self.mechanismTriggers {
            for text in words {
                let bytes = Array(text.utf8)
                table[Int(bytes[0])].append(Trigger(bytes: bytes, marks: .mechanism, word: word))
            }
        }
        return TriggerTable(table)
    }()

    /// Whether `byte` is in the base64 alphabet (with the URL-safe `-` and `_`).
    private static func isBase64(_ byte: UInt8) -> Bool {
        isWordByte(byte) || byte == 0x2B || byte == 0x2F || byte == 0x3D || byte == 0x2D
    }

    /// A run of base64 or hex characters long enough to hide a payload.
    struct Blob {
        var line: Int
        var length: Int
        var isHex: Bool
    }

    let file: String?
    let isScript: Bool
    let lines: TextLines
    private(set) var marks: [Marks]
    private(set) var blobs: [Blob] = []
    /// For each line inside a fenced code block, the line index of its opening fence; `nil` in prose.
    private(set) var fenceOf: [Int?]

    /// Runs at least this long are blobs.
    static let blobLength = 200

    init(_ text: String, file: String?, isScript: Bool = false) {
        self.init(lines: TextLines(text), file: file, isScript: isScript)
    }

    /// Scans a text whose lines were found already.
    init(lines: TextLines, file: String?, isScript: Bool = false) {
        let text = lines.text
        self.file = file
        self.isScript = isScript
        self.lines = lines
        marks = Array(repeating: [], count: lines.count)
        fenceOf = Array(repeating: nil, count: lines.count)
        let table = Self.table
        markLines(
            text.utf8.span, pool: table.pool.span, entries: table.entries.span, first: table.first.span,
            classes: table.classes.span, second: table.second.span)
        if !isScript { findFences(text.utf8.span) }
    }

    private mutating func markLines(
        _ bytes: Span<UInt8>, pool: Span<UInt8>, entries: Span<TriggerTable.Entry>, first: Span<Int>,
        classes: Span<UInt8>, second: Span<UInt64>
    ) {
        var line = 0
        var runStart = -1
        var runLine = 0
        var previousIsWord = false
        var index = 0
        let count = bytes.count
        // Reads below are unchecked: every index is below `count` (tested just before), and `classes` has an entry
        // for each of the 256 byte values.
        precondition(classes.count == 256)
        while index < count {
            // Inside a word, letters and digits neither end a base64 run nor start a trigger: most bytes.
            if previousIsWord {
                while index < count, classes[unchecked: Int(bytes[unchecked: index])] & ByteClass.inner != 0 {
                    index += 1
                }
                if index == count { break }
            }
            let byte = bytes[unchecked: index]
            let kind = classes[unchecked: Int(byte)]
            if kind & ByteClass.base64 != 0 {
                if runStart < 0 {
                    runStart = index
                    runLine = line
                }
            } else {
                if runStart >= 0 {
                    if index - runStart >= Self.blobLength, let blob = Self.blob(bytes, runStart..<index, line: runLine)
                    {
                        blobs.append(blob)
                    }
                    runStart = -1
                }
                if byte == 0x0A {
                    line += 1
                    previousIsWord = false
                    index += 1
                    continue
                }
                if byte >= 0x80, HiddenUnicode.mayStart(bytes, at: index) { marks[line].insert(.hidden) }
            }
            // Triggers open words: inside a word only those starting with punctuation (`.ssh`, `_token`) can begin.
            if kind & ByteClass.trigger != 0, kind & ByteClass.letter == 0 || !previousIsWord, index + 1 < count {
                let folded = kind & ByteClass.letter != 0 ? byte | 0x20 : byte
                let following = bytes[unchecked: index + 1]
                let next = classes[unchecked: Int(following)] & ByteClass.letter != 0 ? following | 0x20 : following
                if second[Int(folded) &* 4 &+ Int(next >> 6)] & (1 << UInt64(next & 63)) != 0 {
                    // The next eight bytes, folded, against each trigger's first eight at once.
                    var window = UInt64(folded) | UInt64(next) << 8
                    var offset = 2
                    while offset < 8, index + offset < count {
                        let byte = bytes[unchecked: index + offset]
                        let lower = classes[unchecked: Int(byte)] & ByteClass.letter != 0 ? byte | 0x20 : byte
                        window |= UInt64(lower) << UInt64(offset * 8)
                        offset += 1
                    }
                    for entry in first[Int(folded)]..<first[Int(folded) + 1] {
                        let trigger = entries[entry]
                        if window & trigger.prefixMask != trigger.prefix { continue }
                        if Self.matches(trigger, pool, bytes, at: index) { marks[line].insert(trigger.marks) }
                    }
                }
            }
            previousIsWord = kind & ByteClass.word != 0
            index += 1
        }
        if runStart >= 0, count - runStart >= Self.blobLength,
            let blob = Self.blob(bytes, runStart..<count, line: runLine)
        {
            blobs.append(blob)
        }
    }

    /// The blob a long run of base64 bytes is, if it is one: hex digits with at least one digit, or upper- and
    /// lower-case letters and digits with at most one separator (`+ / = - _`) in ten.
    private static func blob(_ bytes: Span<UInt8>, _ run: Range<Int>, line: Int) -> Blob? {
        var upper = false
        var lower = false
        var digit = false
        var separators = 0
        var hex = true
        for index in run {
            let byte = bytes[index]
            switch byte {
            case 0x41...0x5A:
                upper = true
                if byte > 0x46 { hex = false }
            case 0x61...0x7A:
                lower = true
                if byte > 0x66 { hex = false }
            case 0x30...0x39: digit = true
            default:
                separators += 1
                hex = false
            }
        }
        let isHex = hex && digit
        guard isHex || (upper && lower && digit && separators * 10 <= run.count) else { return nil }
        return Blob(line: line, length: run.count, isHex: isHex)
    }

    private static func matches(
        _ trigger: TriggerTable.Entry, _ pool: Span<UInt8>, _ bytes: Span<UInt8>, at index: Int
    ) -> Bool {
        guard index + trigger.count <= bytes.count else { return false }
        // The first eight bytes matched already.
        for offset in min(8, trigger.count)..<trigger.count {
            let byte = bytes[index + offset]
            let folded = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            if folded != pool[trigger.start + offset] { return false }
        }
        guard trigger.word else { return true }
        if index > 0, isWordByte(bytes[index - 1]) { return false }
        let end = index + trigger.count
        return end == bytes.count || !isWordByte(bytes[end])
    }

    /// Whether `text` holds `needle`, by bytes: cheaper than a regular expression, so it guards them.
    static func has(_ text: String, _ needle: String) -> Bool {
        let haystack = text.utf8.span
        let pin = needle.utf8.span
        guard !pin.isEmpty else { return true }
        guard haystack.count >= pin.count else { return false }
        let first = pin[0]
        var start = 0
        search: while start <= haystack.count - pin.count {
            defer { start += 1 }
            guard haystack[start] == first else { continue }
            for offset in 1..<pin.count where haystack[start + offset] != pin[offset] { continue search }
            return true
        }
        return false
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == 0x5F
    }

    /// Marks the lines inside fenced code blocks (``` or ~~~, indented at most three spaces).
    private mutating func findFences(_ bytes: Span<UInt8>) {
        var open: (index: Int, byte: UInt8, width: Int)?
        for index in lines.indices {
            let line = lines.byteRange(index)
            var start = line.lowerBound
            while start < line.upperBound, bytes[start] == 0x20 { start += 1 }
            let byte = start < line.upperBound ? bytes[start] : 0
            if start - line.lowerBound <= 3, byte == 0x60 || byte == 0x7E {
                var end = start
                while end < line.upperBound, bytes[end] == byte { end += 1 }
                let width = end - start
                if width >= 3 {
                    if let current = open {
                        var rest = end
                        while rest < line.upperBound, bytes[rest] == 0x20 || bytes[rest] == 0x09 || bytes[rest] == 0x0D
                        {
                            rest += 1
                        }
                        if byte == current.byte, width >= current.width, rest == line.upperBound {
                            fenceOf[index] = current.index
                            open = nil
                            continue
                        }
                    } else {
                        open = (index, byte, width)
                        continue
                    }
                }
            }
            if let current = open { fenceOf[index] = current.index }
        }
    }

    // MARK: Findings

    func findings() -> [SecurityReport.Finding] {
        var found: [SecurityReport.Finding] = []
        // By line number: a dictionary's hashing cost more than the lines it kept.
        var lowered = [String?](repeating: nil, count: lines.count)
        func lower(_ index: Int) -> String {
            if let text = lowered[index] { return text }
            let text = Lowercase.of(lines[index])
            lowered[index] = text
            return text
        }
        func add(_ category: SecurityReport.Category, _ level: SecurityReport.Verdict, _ message: String, _ index: Int)
        {
            found.append(
                SecurityReport.Finding(
                    category: category, level: level, message: message, file: file, line: index + 1,
                    evidence: SecurityScan.evidence(lines[index])))
        }
        var blocksSeen: Set<Int> = []
        var units: [Int: Unit] = [:]
        for index in lines.indices where !marks[index].isEmpty {
            let mark = marks[index]
            if mark.contains(.hidden) {
                for (level, message) in hiddenCharacters(index) { add(.hiddenUnicode, level, message, index) }
            }
            guard mark.subtracting(.hidden) != [] else { continue }
            let text = lower(index)
            // Whether the line forbids what it names is asked only of lines a pattern matched: it is the dearer
            // question, and most marked lines match nothing.
            var negation: [Int: Bool] = [:]
            func negated(_ line: Int) -> Bool {
                if let known = negation[line] { return known }
                let answer = isNegated(line, lower(line))
                negation[line] = answer
                return answer
            }
            if mark.contains(.download) || mark.contains(.decode) {
                var hits = runsDownload(continued(index, lower: lower))
                if mark.contains(.download), let message = runsSavedDownload(index, text, lower: lower) {
                    hits.append((.pipeToShell, message))
                }
                if !hits.isEmpty, !negated(index) {
                    for (category, message) in hits { add(category, .fail, message, index) }
                }
            }
            if mark.contains(.permissions), let message = bypassesPermissions(index, text) {
                add(.broadTools, .warn, message, index)
            }
            // Every harm a line holds is reported: `rm -rf / && psql -c 'DROP DATABASE app'` is two.
            // Infrastructure destroyed unasked, where the block or its introduction names production.
            if mark.contains(.destructive) || Self.has(text, "destroy"), Patterns.infraDestroy.matches(text),
                context(index).contains(where: { Patterns.productionWord.matches(lower($0)) }), !negated(index)
            {
                add(.destructive, .fail, "destroys production infrastructure with its confirmation turned off", index)
            }
            if mark.contains(.destructive), Patterns.removeSystemLogs.matches(text), !negated(index) {
                add(.conceal, .warn, "deletes the system's logs, the record of what ran on the machine", index)
            }
            if mark.contains(.destructive), case let messages = Self.destroys(text), !messages.isEmpty,
                !negated(index)
            {
                for message in messages { add(.destructive, .fail, message, index) }
            }
            if mark.contains(.url) || mark.contains(.secret) {
                let unit: Unit
                if let fence = isScript ? -1 : fenceOf[index], let cached = units[fence] {
                    unit = cached
                } else {
                    unit = self.unit(index, lower: lower)
                    if unit.lines != nil { units[unit.start] = unit }
                }
                if mark.contains(.url), !blocksSeen.contains(unit.start),
                    let (line, level, message) = exfiltration(unit, lower: lower), !negated(line)
                {
                    add(.exfiltration, level, message, line)
                }
                // A block is read for sending once, from its first line that names a URL or a sending command.
                if mark.contains(.url), unit.lines != nil { blocksSeen.insert(unit.start) }
                if mark.contains(.secret),
                    let (level, message) = secretAccess(text, index: index, unit: unit, lower: lower), !negated(index)
                {
                    add(.secretAccess, level, message, index)
                }
            }
            if !mark.isDisjoint(with: [.injection, .asking]), let (level, message) = injection(text, index: index) {
                add(.promptInjection, level, message, index)
            }
        }
        found += htmlComments(lower: lower)
        found += mechanismFindings(found, lower: lower)
        for blob in blobs {
            let text = lower(blob.line)
            if Self.has(text, "data:image/") || Self.has(text, "integrity=") || Self.has(text, "sha512-") { continue }
            add(
                .encodedBlob, .warn,
                "a \(blob.length)-character \(blob.isHex ? "hex" : "base64") blob; what it decodes to cannot be read here",
                blob.line)
        }
        return found
    }

    /// `text` without its quoted parts.
    ///
    /// Quotes are double quotes, curly quotes, guillemets, corner brackets and backticks.
    /// `text` without its quoted parts, read by its UTF-8 bytes.
    ///
    /// Only five bytes can start a quotation mark (`"`, `` ` ``, and the lead bytes of «, of the curly quotes and of
    /// the corner brackets; none is ever a continuation byte), so the text is copied in runs between them and a
    /// scalar is decoded only there. A line that quotes nothing is returned as it is. A quotation mark followed by a
    /// combining mark is one character with it, and quotes nothing, as when the text was read by `Character`s
    /// (which cost this function a grapheme break and a dictionary lookup a character).
    static func removingQuotes(_ text: String) -> String {
        let bytes = text.utf8.span
        let count = bytes.count
        var kept: [UInt8] = []
        var removed = false
        var keptFrom = 0
        var closing: UInt32 = 0
        var index = 0
        while index < count {
            let byte = bytes[index]
            guard byte == 0x22 || byte == 0x60 || byte == 0xC2 || byte == 0xE2 || byte == 0xE3 else {
                index += 1
                continue
            }
            let (value, length) = scalar(bytes, at: index)
            let next = index + length
            let opens: UInt32 = value == 0x22 || value == 0x60 ? value : closingQuote(of: value)
            guard opens != 0 || (closing != 0 && value == closing) else {
                index = next
                continue
            }
            // A mark that extends the quotation mark makes one character of both: no quote.
            let extended = next < count && Unicode.Scalar(scalar(bytes, at: next).value).map(extendsCharacter) == true
            if closing != 0 {
                if value == closing, !extended {
                    closing = 0
                    keptFrom = next
                }
            } else if !extended {
                if kept.isEmpty { kept.reserveCapacity(count) }
                bytes.withUnsafeBufferPointer { kept.append(contentsOf: $0[keptFrom..<index]) }
                removed = true
                closing = opens
            }
            index = next
        }
        guard removed else { return text }
        if closing == 0 {
            bytes.withUnsafeBufferPointer { kept.append(contentsOf: $0[keptFrom...]) }
        }
        return String(decoding: kept, as: UTF8.self)
    }

    /// The closing mark of an opening quotation mark of another language (“…”, „…“, «…», 「…」, 『…』), or 0.
    static func closingQuote(of value: UInt32) -> UInt32 {
        switch value {
        case 0x201C: 0x201D
        case 0x201E: 0x201C
        case 0xAB: 0xBB
        case 0x300C: 0x300D
        case 0x300E: 0x300F
        default: 0
        }
    }

    /// The scalar whose UTF-8 starts at `index` of valid UTF-8, and its length in bytes.
    private static func scalar(_ bytes: Span<UInt8>, at index: Int) -> (value: UInt32, length: Int) {
        let lead = UInt32(bytes[index])
        if lead < 0x80 { return (lead, 1) }
        if lead < 0xE0 { return ((lead & 0x1F) << 6 | UInt32(bytes[index + 1]) & 0x3F, 2) }
        if lead < 0xF0 {
            return ((lead & 0x0F) << 12 | (UInt32(bytes[index + 1]) & 0x3F) << 6 | UInt32(bytes[index + 2]) & 0x3F, 3)
        }
        return (
            (lead & 0x07) << 18 | (UInt32(bytes[index + 1]) & 0x3F) << 12 | (UInt32(bytes[index + 2]) & 0x3F) << 6
                | UInt32(bytes[index + 3]) & 0x3F, 4
        )
    }

    /// Whether a scalar joins the one before it into one character (a combining mark, a joiner, an emoji modifier).
    private static func extendsCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x200D || scalar.properties.isGraphemeExtend
            || scalar.properties.generalCategory == .spacingMark
    }

    /// Whether a lower-cased text forbids, warns or reviews rather than instructs, in English or another language.
    ///
    /// Emphasis marks, purpose clauses ("para não travar as tarefas, …"), URLs and host names are left out: `?expire=never` or `x.attacker.example` in a command forbid nothing.
    static func forbids(_ text: String) -> Bool {
        var words =
            Self.has(text, ".") ? Patterns.hostName.removing(from: Patterns.wholeURL.removing(from: text)) : text
        words = Patterns.purposeNegation.removing(from: words)
        // "Do **not** open": emphasis is not a word.
        if words.utf8.contains(UInt8(ascii: "*")) { words.removeAll { $0 == "*" } }
        return Patterns.negation.matches(words) || Patterns.reviewer.matches(words)
            || Patterns.negationElsewhere.matches(words) || Patterns.reviewerElsewhere.matches(words)
            || Patterns.demoHost.matches(text)
    }

    /// ``forbids(_:)`` on a text without its phrases of acting unasked in other languages: "確認を求めないこと" ("do
    /// not ask for confirmation") carries a negation of its own, which forbids nothing.
    static func forbidsBesidesAsking(_ text: String) -> Bool {
        forbids(Patterns.withoutAskingElsewhere.removing(from: text))
    }

    /// The line a list item or a wrapped sentence starts on, for a line of prose that continues one (up to four
    /// lines back): "- Do **not** open `~/.ssh/id_*`,\n  `~/.aws/credentials` …" forbids on its second line too.
    func sentenceStart(_ index: Int) -> Int {
        var start = index
        while start > 0, index - start < 4, fenceOf[start - 1] == nil {
            let line = lines[start].drop { $0 == " " || $0 == "\t" }
            if line.isEmpty || Self.isListItem(line) || line.hasPrefix("#") || line.hasPrefix("|") { break }
            let previous = lines[start - 1].drop { $0 == " " || $0 == "\t" }
            if previous.isEmpty || previous.hasPrefix("#") || previous.hasPrefix("|") { break }
            if let last = previous.last(where: { !$0.isWhitespace }), ".!?。！？".contains(last) { break }
            start -= 1
        }
        return start
    }

    /// The lower-cased lines of the sentence that `index` continues, before it ("" when it starts one).
    func sentenceBefore(_ index: Int) -> String {
        (sentenceStart(index)..<index).map { Lowercase.of(lines[$0]) }.joined(separator: " ")
    }

    /// ``sentenceBefore(_:)`` with the lines lower-cased by `lower`, which keeps them for the next line's question.
    func sentenceBefore(_ index: Int, lower: (Int) -> String) -> String {
        let start = sentenceStart(index)
        return start == index ? "" : (start..<index).map(lower).joined(separator: " ")
    }

    private static func isListItem(_ line: Substring) -> Bool {
        guard let first = line.first else { return false }
        if "-*+".contains(first) { return line.dropFirst().first == " " }
        let digits = line.prefix { $0.isNumber }
        return !digits.isEmpty && [".", ")"].contains(line.dropFirst(digits.count).first)
    }

    /// Whether a list item sits under a heading or an introducing line ("Never:", "## Anti-patterns", "Konkret
    /// ablehnen, wenn …:") that negates the whole list; a line continuing an item counts as the item.
    func isInNegatedList(_ index: Int) -> Bool {
        guard fenceOf[index] == nil else { return false }
        let itemLine = sentenceStart(index)
        let item = lines[itemLine].drop { $0 == " " }
        guard let first = item.first, "-*+|".contains(first) || first.isNumber else { return false }
        var before = itemLine - 1
        while before >= 0, itemLine - before <= 30 {
            let line = lines[before].drop { $0 == " " }
            if line.hasPrefix("#") || (line.hasSuffix(":") && !(line.first.map { "-*+".contains($0) } ?? false))
                || line.hasSuffix(":**") || line.hasSuffix("：")
            {
                // An introducing sentence may wrap: read it from its start.
                let earlier = line.hasPrefix("#") ? "" : sentenceBefore(before)
                let text = earlier.isEmpty ? Lowercase.of(line) : earlier + " " + Lowercase.of(line)
                return Self.forbids(text) || Patterns.badExample.matches(text)
            }
            before -= 1
        }
        return false
    }

    /// Whether a line of a code block sits in a deny list of a settings file: `"deny": [ … "Read(~/.ssh/**)" ]`.
    private func isInDenyList(_ index: Int) -> Bool {
        guard let fence = fenceOf[index] else { return false }
        var before = index - 1
        while before > fence {
            let line = Lowercase.of(lines[before])
            if Self.has(line, "]") { return false }
            if Self.has(line, "["), Patterns.denyKey.matches(line) { return true }
            before -= 1
        }
        return false
    }

    /// Whether a line tells the agent not to do what it names, or sits in a code block shown as a bad example.
    func isNegated(_ index: Int, _ text: String) -> Bool {
        if Self.forbids(text) || isInNegatedList(index) || isInDenyList(index) { return true }
        if fenceOf[index] == nil, !isScript {
            // The sentence's earlier lines, from their last full stop on.
            var earlier = sentenceBefore(index)
            if let stop = earlier.range(of: ". ", options: .backwards) { earlier = String(earlier[stop.upperBound...]) }
            if !earlier.isEmpty, Self.forbids(earlier) { return true }
        }
        guard let fence = fenceOf[index] else { return false }
        var before = fence - 1
        while before >= 0, lines[before].allSatisfy(\.isWhitespace) { before -= 1 }
        if before >= 0, fenceOf[before] == nil,
            Patterns.badExample.matches(Patterns.mannerNegation.removing(from: Lowercase.of(lines[before])))
        {
            return true
        }
        // The prose right after a block may leave it to the user: "Do not run it for them".
        return paragraphAfterBlock(index).first.map { Patterns.leftToUser.matches(Lowercase.of(lines[$0])) } ?? false
    }

    /// What a lower-cased line's command would destroy, every harm once, or none: look-alikes such as `rm -rf ./build` or
    /// `rm -rf node_modules` are not findings.
    static func destroys(_ text: String) -> [String] {
        var found: [String] = []
        if Patterns.removeHomeOrRoot.matches(text) { found.append("deletes the home folder or the root, recursively") }
        if Patterns.removeUserFolders.matches(text) {
            found.append("deletes the folders where the user's own work lives (documents, projects, clones)")
        }
        if Patterns.forcePushMain.matches(text) { found.append("force-pushes to a main branch, rewriting its history") }
        if Patterns.rewriteEveryRef.matches(text) {
            found.append("overwrites or deletes every branch, tag or release of a remote at once")
        }
        // A test database, or one on this machine, is rebuilt by the tests: dropping it is how they start clean.
        if Patterns.dropDatabase.matches(text), !Patterns.testDatabase.matches(text) {
            found.append("drops a database")
        }
        if Patterns.wipeProduction.matches(text) {
            found.append(
                Self.has(text, "kubectl")
                    ? "deletes a production namespace and everything in it"
                    : "deletes the rows of a production database")
        }
        if Patterns.worldWritable.matches(text) { found.append("makes a tree writable by everyone (chmod -R 777)") }
        if Patterns.wipeDisk.matches(text) { found.append("formats or overwrites a disk") }
        return found
    }

    /// Whether a line tells the agent to run with its permission prompts off, outside a container or a machine
    /// thrown away after the task (named on the line or the three before it).
    private func bypassesPermissions(_ index: Int, _ text: String) -> String? {
        guard Patterns.permissionBypass.matches(text) else { return nil }
        if Self.forbidsBesidesAsking(text) || isInNegatedList(index) { return nil }
        if (max(0, index - 3)...index).contains(where: { Patterns.sandbox.matches(Lowercase.of(lines[$0])) }) {
            return nil
        }
        return "turns the agent's permission prompts off: every command runs without the user's confirmation"
    }

    /// A line of code with the lines a trailing backslash continues it on (up to six), joined as the shell reads
    /// them: `curl -fsSL \` / `"$URL" \` / `| sudo bash` is one command.
    private func continued(_ index: Int, lower: (Int) -> String) -> String {
        var text = lower(index)
        guard isScript || fenceOf[index] != nil else { return text }
        var next = index + 1
        while next < lines.count, next - index <= 6, isScript || fenceOf[next] == fenceOf[index] {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasSuffix("\\") else { break }
            text = String(trimmed.dropLast()) + " " + lower(next).trimmingCharacters(in: .whitespaces)
            next += 1
        }
        return text
    }

    /// Downloads or decoded text run as code on one line.
    private func runsDownload(_ text: String) -> [(SecurityReport.Category, String)] {
        var found: [(SecurityReport.Category, String)] = []
        if Patterns.pipeToShell.matches(text) || Patterns.processSubstitution.matches(text) {
            found.append((.pipeToShell, "pipes a download into a shell: whatever the server sends runs unread"))
        } else if Patterns.powerShellDownload.matches(text) {
            found.append((.pipeToShell, "runs a downloaded PowerShell script with Invoke-Expression"))
        } else if Patterns.pipeProse.matches(text) {
            found.append((.pipeToShell, "tells the agent to pipe something into a shell"))
        }
        if Patterns.decode.matches(text), Patterns.execute.matches(text) {
            found.append((.encodedBlob, "decodes encoded text and runs it as code"))
        } else if Patterns.encodedCommand.matches(text) {
            found.append((.encodedBlob, "runs an encoded PowerShell command"))
        }
        return found
    }

    /// A download saved to a file that the same code block (or script) then runs.
    private func runsSavedDownload(_ index: Int, _ text: String, lower: (Int) -> String) -> String? {
        guard isScript || fenceOf[index] != nil else { return nil }
        let targets = Patterns.downloadTarget.captures(text).filter { !$0.hasPrefix("-") && !$0.isEmpty }
        guard !targets.isEmpty else { return nil }
        var after = index + 1
        var rest: [String] = []
        while after < lines.count, after - index <= 40, isScript || fenceOf[after] == fenceOf[index] {
            rest.append(lower(after))
            after += 1
        }
        let following = rest.joined(separator: "\n")
        for target in targets {
            let name = ScanPattern.escaped(target)
            let base = ScanPattern.escaped(String(target.split(separator: "/").last ?? Substring(target)))
            let run = ScanPattern(
                #"\b(bash|sh|zsh|source|python3?|node|ruby|perl|pwsh|powershell|iex)\s+(-\S+\s+)*["']?"#
                    + #"(\S*/)?"# + base + #"\b|(^|\s)\.\s+["']?"# + name + #"|\./"# + base + #"\b"#
                    // Made executable, or started in the background: a program, not a file to read.
                    + #"|\bchmod\s+[+ugoa]*\+?[0-7]*x?\S*\s+["']?"# + name + #"|\bnohup\s+["']?"# + name)
            // A download the user reads before it runs (`less`, an editor, a checksum) is not run unread.
            let inspected = ScanPattern(
                #"\b(less|more|cat|bat|view|vim?|nano|code|\$editor|\$pager|sha256sum|shasum|gpg\s+--verify)\s+"#
                    + #"(-\S+\s+)*["']?"# + name)
            if run.matches(following), !inspected.matches(following) {
                return "downloads a script to \(target) and runs it: whatever the server sent runs unread"
            }
        }
        return nil
    }

    /// The lines read together: a whole fenced code block, or one line of prose.
    struct Unit {
        var start: Int
        var text: String
        var original: String
        /// The code lines of a block or script; `nil` for a line of prose.
        var lines: ClosedRange<Int>?
    }

    func unit(_ index: Int, lower: (Int) -> String) -> Unit {
        if isScript {
            // A script is read whole: a request is often built over several lines.
            return Unit(
                start: -1, text: lines.indices.map(lower).joined(separator: "\n"),
                original: lines.joined(separator: "\n"),
                lines: 0...(lines.count - 1))
        }
        guard let fence = fenceOf[index] else {
            return Unit(start: index, text: lower(index), original: String(lines[index]))
        }
        var end = index
        while end + 1 < lines.count, fenceOf[end + 1] == fence { end += 1 }
        let range = (fence + 1)...end
        return Unit(
            start: fence, text: range.map(lower).joined(separator: "\n"),
            original: range.map { String(lines[$0]) }.joined(separator: "\n"), lines: range)
    }

    /// Well-known platforms whose APIs skills document: a file uploaded there is the skill's purpose more often
    /// than a leak, so it is a warning; the same upload to an unknown host fails.
    static let knownServices = [
        "openai.com", "anthropic.com", "googleapis.com", "google.com", "cloudflare.com", "github.com",
        "githubusercontent.com", "gitlab.com", "amazonaws.com", "azure.com", "microsoft.com", "datadoghq.com",
        "elevenlabs.io", "bunnycdn.com", "slack.com", "stripe.com", "twilio.com", "sentry.io", "vercel.com",
        "netlify.com", "supabase.co", "huggingface.co", "atlassian.net", "notion.com", "linear.app", "figma.com",
        "mistral.ai", "cohere.ai", "replicate.com", "fal.ai", "deepgram.com", "assemblyai.com", "pinecone.io",
    ]

    static func isKnownService(_ host: String) -> Bool {
        let name = host.split(separator: ":").first.map(String.init) ?? host
        return knownServices.contains { Hosts.isUnder(name, $0) }
    }

    /// Hosts of the URLs in `text` that are not this machine or a documentation placeholder.
    static func outsideHosts(_ text: String) -> [String] {
        Patterns.url.captures(text).map { $0.lowercased() }.filter { host in
            let name = host.split(separator: ":").first.map(String.init) ?? host
            // A name without a dot is a service of the same network or a placeholder (`http://agent/task`);
            // `Hosts.isLocal` says which `.test` names stand for outside hosts.
            return !Hosts.isLocal(name) && name != "host" && !name.hasPrefix("${")
                && !name.hasPrefix("$") && !name.hasPrefix("<") && !name.hasPrefix("{")
        }
    }

    /// Data sent to an outside URL.
    ///
    /// In prose the line is read whole; in code a URL counts only as a request's
    /// target (a request call on its line or the two before), and the request is read from there to six lines on.
    func exfiltration(_ unit: Unit, lower: (Int) -> String) -> (line: Int, SecurityReport.Verdict, String)? {
        if let found = remoteCopy(unit, lower: lower) { return found }
        guard let lineRange = unit.lines else {
            return exfiltration(text: unit.text, original: unit.original).map { (unit.start, $0.0, $0.1) }
        }
        var worst: (line: Int, SecurityReport.Verdict, String)?
        for index in lineRange where Self.has(lower(index), "http") && !Self.outsideHosts(String(lines[index])).isEmpty
        {
            let callStart = max(lineRange.lowerBound, index - 2)
            guard (callStart...index).contains(where: { Patterns.requestCall.matches(lower($0)) }) else { continue }
            let window = callStart...min(lineRange.upperBound, index + 6)
            let text = window.map(lower).joined(separator: "\n")
            let original = window.map { String(lines[$0]) }.joined(separator: "\n")
            if let (level, message) = exfiltration(
                text: text, original: original, host: Self.outsideHosts(String(lines[index])).first),
                worst.map({ $0.1 < level }) ?? true
            {
                worst = (index, level, message)
            }
        }
        return worst
    }

    /// Copies that need no URL: `scp`/`rsync` to `user@host:`, public gists, pushes to a remote added on the spot,
    /// and DNS lookups whose name is built from command output (a beacon).
    private func remoteCopy(_ unit: Unit, lower: (Int) -> String) -> (line: Int, SecurityReport.Verdict, String)? {
        let range = unit.lines ?? unit.start...unit.start
        // Each pattern runs only where its command is named: a byte search is cheap, a regular expression not.
        for index in range where marks[index].contains(.url) {
            let text = lower(index)
            if text.utf8.contains(UInt8(ascii: "$")),
                Self.has(text, "nslookup") || Self.has(text, "dig ")
                    || Self.has(text, "host ") || Self.has(text, "resolve-dnsname"), Patterns.dnsBeacon.matches(text)
            {
                return (index, .fail, "encodes local data into a DNS lookup, which leaves the machine unseen")
            }
            if Self.has(text, "gist"), Patterns.publicGist.matches(text) {
                return (index, .fail, "publishes local files in a public gist")
            }
            if Self.has(text, "scp") || Self.has(text, "rsync"), Patterns.remoteCopy.matches(text) {
                let sensitive = Patterns.sensitiveData.matches(text) || Self.has(text, "stricthostkeychecking=no")
                // A copy between machines of one organisation (`db01.corp.example` to `nas01.corp.example`) stays
                // in its own network: the file names another host of the destination's domain.
                if !sensitive, let host = Patterns.remoteHost.captures(text).first, isOwnNetwork(host, lower: lower) {
                    continue
                }
                return (index, sensitive ? .fail : .warn, "copies local files to another machine over ssh")
            }
            if Self.has(text, "git remote add"), Patterns.pushToNewRemote.matches(unit.text),
                !Self.outsideHosts(String(lines[index])).isEmpty
            {
                return (index, .fail, "pushes the repository to a remote added here, outside the project's own")
            }
        }
        return nil
    }

    /// Whether the file names another host of `host`'s registered domain: the organisation's own machines.
    private func isOwnNetwork(_ host: String, lower: (Int) -> String) -> Bool {
        let labels = host.split(separator: ".")
        guard labels.count >= 3 else { return false }
        let domain = labels.suffix(2).joined(separator: ".")
        let names = ScanPattern(#"\b([a-z0-9-]+(?:\.[a-z0-9-]+)*)\."# + ScanPattern.escaped(domain) + #"\b"#)
        let others = Set(lines.indices.flatMap { names.captures(lower($0)) })
        return others.count >= 2
    }

    private func exfiltration(text: String, original: String, host: String? = nil) -> (SecurityReport.Verdict, String)?
    {
        guard let host = host ?? Self.outsideHosts(original).first else { return nil }
        let collector = Patterns.collectorHost.matches(text)
        let sends = Patterns.sendMarkerOriginalCase.matches(original) || Patterns.sendProse.matches(text)
        guard sends else { return nil }
        // What is sent is read outside the URLs: `/v1/audio/transcriptions` names an endpoint, not a transcript.
        if Patterns.sensitiveData.matches(Patterns.wholeURL.removing(from: text)) {
            return (.fail, "sends secrets, the environment, the conversation or the code to \(host)")
        }
        let known = Self.isKnownService(host)
        if collector {
            // A chat webhook is how builds notify a team; a request bin is how data leaves unseen.
            return known
                ? (.warn, "sends data to \(host), a webhook; check what it posts")
                : (.fail, "sends data to \(host), a service made to collect requests")
        }
        if Patterns.fileUpload.matches(Lowercase.of(original)) {
            if known { return (.warn, "uploads local files to \(host); check which") }
            return (.fail, "uploads local files to \(host), a service the registry does not know")
        }
        // A request to a well-known platform's API, carrying neither files nor secrets, is the API in use.
        if known { return nil }
        return (.warn, "sends data to \(host); check what leaves the machine")
    }

    private func secretAccess(_ text: String, index: Int, unit: Unit, lower: (Int) -> String)
        -> (SecurityReport.Verdict, String)?
    {
        let what: String
        let mark = marks[index]
        if mark.contains(.secretFile),
            Patterns.secretFiles.matches(text) || Patterns.sshFolder.matches(text), !Patterns.keyUse.matches(text),
            !Self.namesConfigOnly(text), !usesCredentialAsMeant(index, text, lower: lower)
        {
            what = "reads private keys, credentials or keychains"
        } else if mark.contains(.environment),
            Patterns.environmentDump.matches(text.trimmingCharacters(in: .whitespaces))
                || Patterns.envFile.matches(text)
        {
            what =
                mark.contains(.environment) && Patterns.envFile.matches(text)
                ? "prints or copies secrets" : "dumps every environment variable (tokens and keys among them)"
        } else if Patterns.tokenEcho.matches(text) && !Patterns.secretDigest.matches(text)
            || Patterns.secretValues.matches(text)
        {
            what = "prints or copies secrets"
        } else if fenceOf[index] == nil, !isScript, Patterns.secretProse.matches(text),
            !Patterns.configAdvice.matches(text), !Patterns.secretFromEnvironment.matches(text)
        {
            // Prose alone is a warning: "upload the private key to the load balancer" is also how mTLS is set up.
            return (.warn, "asks the agent to gather secrets")
        } else {
            return nil
        }
        // A secret handed to a secret store (the CI's secrets, a vault) is being stored where it belongs.
        if Patterns.secretStore.matches(text) || Patterns.secretStore.matches(sentenceBefore(index)) { return nil }
        let sent =
            (!isScript && Patterns.sendVerb.matches(text))
            || (!Self.outsideHosts(unit.original).isEmpty && Patterns.sendMarkerOriginalCase.matches(unit.original))
        return sent ? (.fail, what + " and sends them out") : (.warn, what)
    }

    /// Whether a line names a credential file or key command without reading it out: prose that says where a tool
    /// finds its key (no verb of reading, copying or sending in its sentence), or the key handed to its own vendor
    /// (every host around it is the vendor's: `~/.gem/credentials` sent to `rubygems.org`).
    ///
    /// A vendor's key used with that vendor is the key in use, not a leak (issue 45, "warnings that mean something").
    func usesCredentialAsMeant(_ index: Int, _ text: String, lower: (Int) -> String) -> Bool {
        if fenceOf[index] == nil, !isScript, !Patterns.readVerb.matches(sentenceBefore(index) + " " + text) {
            return true
        }
        // Prose on how scripts get the CLI's own token, with no host but the vendor's named, is the token in use.
        if fenceOf[index] == nil, !isScript, Self.has(text, "gh auth token"), !Patterns.sendVerb.matches(text),
            Patterns.url.captures(text).allSatisfy({ Hosts.isUnder(Hosts.name($0), "github.com") })
        {
            return true
        }
        let vendors = Patterns.credentialVendor.captures(text).flatMap { key in
            Hosts.vendorDomains(ofSecret: Self.credentialVendors[key] ?? key)
        }
        guard !vendors.isEmpty else { return false }
        let window = max(0, index - 2)...min(lines.count - 1, index + 2)
        let hosts = window.flatMap { Patterns.url.captures(lower($0)) }.map(Hosts.name)
        return !hosts.isEmpty && hosts.allSatisfy { host in vendors.contains { Hosts.isUnder(host, $0) } }
    }

    /// The vendor a credential file or key command belongs to, as ``Hosts/vendorDomains(ofSecret:)`` names it.
    static let credentialVendors: [String: String] = [
        ".gem/credentials": "rubygems", ".aws": "aws", "gh auth": "github", "hosts.yml": "github", ".npmrc": "npm",
        ".pypirc": "pypi", "docker/config": "docker", ".cargo/credentials": "cargo",
    ]

    /// Whether a line only names a tool's configuration file (`.npmrc` of the project, as a label or a file to
    /// write), without the home folder or a verb that reads or sends it: naming a file is not reading its secrets.
    static func namesConfigOnly(_ text: String) -> Bool {
        guard Patterns.configFileName.matches(text), !Patterns.homeOrRead.matches(text) else { return false }
        return !Patterns.secretFiles.matches(Patterns.configFileName.removing(from: text))
    }

    /// Whether a lower-cased text overrides the agent's instructions or hides actions from the user, in English or
    /// another language; a `[SYSTEM]` opening a line of prose poses as the system.
    static func isInjection(_ text: String, prose: Bool = true) -> Bool {
        Patterns.injection.matches(text) || Patterns.injectionElsewhere.matches(text)
            || (prose && Patterns.fakeSystem.matches(text))
    }

    private func injection(_ text: String, index: Int) -> (SecurityReport.Verdict, String)? {
        // Quoted phrases are named, not said; regular expressions in code are detectors.
        let unquoted = Self.removingQuotes(text)
        if fenceOf[index] != nil, Self.has(text, "\\s") || Self.has(text, "\\b") { return nil }
        if marks[index].contains(.injection), Self.isInjection(unquoted, prose: fenceOf[index] == nil),
            !isInNegatedList(index), !Patterns.forbidsWithoutTelling.matches(unquoted),
            !Patterns.narrationOnly.matches(unquoted)
        {
            guard !Patterns.teaching.matches(text) else { return nil }
            return (.fail, "overrides the agent's instructions or hides actions from the user")
        }
        if marks[index].contains(.asking),
            Patterns.withoutAsking.matches(unquoted) || Patterns.withoutAskingElsewhere.matches(unquoted),
            // The sentence may start a line earlier: "Nessun comando di rete … / … è consentito senza chiedere."
            !Self.forbidsBesidesAsking(text), !isInNegatedList(index),
            fenceOf[index] != nil || isScript || !Self.forbidsBesidesAsking(sentenceBefore(index) + " " + text)
        {
            return (.warn, "tells the agent to act without the user's confirmation")
        }
        return nil
    }

    private func htmlComments(lower: (Int) -> String) -> [SecurityReport.Finding] {
        var findings: [SecurityReport.Finding] = []
        var index = 0
        while index < lines.count {
            guard marks[index].contains(.comment), fenceOf[index] == nil else {
                index += 1
                continue
            }
            let start = index
            var text = lower(index)
            while !Self.has(text, "-->"), index + 1 < lines.count, index - start < 50 {
                index += 1
                text += "\n" + lower(index)
            }
            for comment in Self.commentBodies(text) + Self.markdownComments(text) {
                let line = start + (text.prefix(upTo: comment.startIndex).filter { $0 == "\n" }.count)
                let body = String(comment)
                if Self.isInjection(body) || Patterns.pipeToShell.matches(body)
                    || Patterns.secretProse.matches(body)
                {
                    findings.append(
                        SecurityReport.Finding(
                            category: .promptInjection, level: .fail,
                            message:
                                "instructions hidden in an HTML comment, which a reader of the rendered file never sees",
                            file: file, line: line + 1, evidence: SecurityScan.evidence(lines[line])))
                } else if Patterns.agentDirective.matches(body), Patterns.imperative.matches(body),
                    !Patterns.generatedMarker.matches(body)
                {
                    findings.append(
                        SecurityReport.Finding(
                            category: .promptInjection, level: .warn,
                            message: "an instruction to the agent hidden in an HTML comment", file: file,
                            line: line + 1, evidence: SecurityScan.evidence(lines[line])))
                }
            }
            index += 1
        }
        return findings
    }

    /// The texts of Markdown link-reference comments, `[//]: # (…)`.
    static func markdownComments(_ text: String) -> [Substring] {
        var bodies: [Substring] = []
        var rest = text[...]
        while let open = rest.range(of: "[//]: #") {
            let after = rest[open.upperBound...]
            let end = after.firstIndex(of: "\n") ?? after.endIndex
            bodies.append(after[..<end])
            rest = after[end...]
        }
        return bodies
    }

    /// The texts between `<!--` and `-->`.
    static func commentBodies(_ text: String) -> [Substring] {
        var bodies: [Substring] = []
        var rest = text[...]
        while let open = rest.range(of: "<!--") {
            let after = rest[open.upperBound...]
            guard let close = after.range(of: "-->") else {
                bodies.append(after)
                break
            }
            bodies.append(after[..<close.lowerBound])
            rest = after[close.upperBound...]
        }
        return bodies
    }

    private func hiddenCharacters(_ index: Int) -> [(SecurityReport.Verdict, String)] {
        let scalars = Array(lines[index].unicodeScalars)
        let rightToLeft = scalars.contains { HiddenUnicode.isRightToLeft($0.value) }
        var results: [(SecurityReport.Verdict, String)] = []
        var tagText = ""
        var tags = 0
        var bidi = 0
        var zeroWidth = 0
        var marksWithoutRTL = 0
        let flags = HiddenUnicode.flagTags(scalars)
        for (position, scalar) in scalars.enumerated() {
            switch HiddenUnicode.kind(of: scalar.value) {
            case .tag?:
                if flags.contains(position) { continue }
                tags += 1
                let ascii = scalar.value - 0xE0000
                if (0x20...0x7E).contains(ascii), let character = Unicode.Scalar(ascii) {
                    tagText.unicodeScalars.append(character)
                }
            case .bidi?: bidi += 1
            case .zeroWidth?:
                if !HiddenUnicode.isLegitimateJoiner(scalars, at: position) { zeroWidth += 1 }
            case .directionMark?: if !rightToLeft { marksWithoutRTL += 1 }
            case nil: break
            }
        }
        if tags > 0 {
            let spelled = tagText.isEmpty ? "" : ", spelling \"\(tagText.prefix(120))\""
            results.append((.fail, "\(tags) invisible Unicode tag characters\(spelled)"))
        }
        if bidi > 0 {
            results.append(
                (
                    rightToLeft ? .warn : .fail,
                    "\(bidi) bidi control character\(bidi == 1 ? "" : "s"): the text displays in another order than it reads"
                ))
        }
        if zeroWidth > 0 {
            results.append(
                (
                    zeroWidth >= 3 ? .fail : .warn,
                    "\(zeroWidth) zero-width character\(zeroWidth == 1 ? "" : "s") hidden in the text"
                ))
        }
        if marksWithoutRTL > 0 {
            results.append((.warn, "direction marks in left-to-right text"))
        }
        return results
    }
}
