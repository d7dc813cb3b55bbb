/// What the security scan knows about hosts: which are well known, whose a key is, and which pretend.
///
/// A host is judged by what it is, not by a list of bad hosts: attackers register new names every day, but the
/// names they imitate are few (forges, package registries, the big vendors), and a key's vendor is named in the
/// key's own variable name (`OPENAI_API_KEY`, `STRIPE_SECRET_KEY`).
enum Hosts {
    /// Forges, package registries and vendors whose names are worth imitating, and whose own hosts are no sink
    /// for what the user gives them.
    static let wellKnown = [
        "github.com", "github.io", "githubusercontent.com", "raw.githubusercontent.com", "gitlab.com", "bitbucket.org",
        "pypi.org", "files.pythonhosted.org", "pythonhosted.org", "npmjs.org", "registry.npmjs.org", "npmjs.com",
        "yarnpkg.com", "crates.io", "rubygems.org", "golang.org", "go.dev", "proxy.golang.org", "nuget.org",
        "docker.io", "docker.com", "ghcr.io", "brew.sh", "rustup.rs", "rust-lang.org", "debian.org", "ubuntu.com",
        "apache.org", "maven.org", "gradle.org", "nodejs.org", "python.org", "k8s.io", "kubernetes.io",
        "google.com", "googleapis.com", "microsoft.com", "apple.com", "amazonaws.com", "anthropic.com",
        "openai.com", "cloudflare.com", "stripe.com", "slack.com", "atlassian.net", "atlassian.com",
        "hashicorp.com", "astral.sh", "deno.land", "jsdelivr.net", "unpkg.com", "sourceforge.net", "pkg.dev",
    ]

    /// The forges' and registries' own domains, whose one-letter typos are registered to catch a hurried eye.
    static let typoTargets = [
        "github.com", "gitlab.com", "pypi.org", "npmjs.org", "npmjs.com", "rubygems.org", "crates.io",
        "githubusercontent.com", "nuget.org", "golang.org", "bitbucket.org", "docker.com", "pythonhosted.org",
    ]

    /// Package registries and indexes run by the ecosystems themselves, or forges' package services.
    static let registries = [
        "pypi.org", "test.pypi.org", "files.pythonhosted.org", "registry.npmjs.org", "npmjs.org", "npmjs.com",
        "registry.yarnpkg.com", "npm.pkg.github.com", "maven.pkg.github.com", "nuget.pkg.github.com",
        "rubygems.pkg.github.com", "crates.io", "index.crates.io", "github.com", "rubygems.org", "proxy.golang.org",
        "sum.golang.org", "api.nuget.org", "nuget.org", "repo.maven.apache.org", "repo1.maven.org",
        "plugins.gradle.org", "download.pytorch.org", "pkg.dev", "gitlab.com", "jsr.io", "registry.yarnpkg.com",
        "conda.anaconda.org", "anaconda.org", "hex.pm", "pub.dev", "cocoapods.org", "packagist.org",
    ]

    /// A URL's authority as a host name: without user, password, port and a sentence's closing dot.
    static func name(_ authority: String) -> String {
        var name = authority.split(separator: "@").last.map(String.init) ?? authority
        if !name.hasPrefix("[") { name = name.split(separator: ":").first.map(String.init) ?? name }
        // A list of hosts ends at its comma: `GOPROXY=https://proxy.golang.org,direct`.
        if let comma = name.firstIndex(of: ",") { name = String(name[..<comma]) }
        while name.hasSuffix(".") || name.hasSuffix(",") { name.removeLast() }
        return name
    }

    /// Whether `host` is `domain` or a name under it.
    static func isUnder(_ host: String, _ domain: String) -> Bool {
        if host == domain { return true }
        // By bytes, with no `"." + domain` made for each of the dozens of domains a host is held against: for the
        // ASCII domain names asked about, a suffix of bytes after a dot is a suffix of characters.
        let name = host.utf8
        let tail = domain.utf8
        guard name.count > tail.count else { return false }
        let dot = name.index(name.endIndex, offsetBy: -tail.count - 1)
        return name[dot] == UInt8(ascii: ".") && name[name.index(after: dot)...].elementsEqual(tail)
    }

    static func isWellKnown(_ host: String) -> Bool {
        wellKnown.contains { isUnder(host, $0) } || TextScan.isKnownService(host)
    }

    static func isRegistry(_ host: String) -> Bool {
        registries.contains { isUnder(host, $0) } || host.hasSuffix(".pkg.dev") || host.hasSuffix(".jfrog.io")
    }

    /// Whether `host` is this machine, its network or a placeholder: no data leaves for it.
    ///
    /// `.test` is the one judgement call. Laravel Valet and similar tools serve local projects as `name.test`, so a
    /// two-label name stays local; a deeper name (`sync.team-tools.test`) is what documentation writes for a real
    /// outside host, since `.test` is reserved for exactly that, and counts as outside.
    static func isLocal(_ host: String) -> Bool {
        let name = host.split(separator: ":").first.map(String.init) ?? host
        if ["localhost", "127.0.0.1", "0.0.0.0", "[::1]", "host.docker.internal"].contains(name) { return true }
        if name.hasPrefix("10.") || name.hasPrefix("192.168.") || name.hasPrefix("172.16.") { return true }
        if !name.contains(".") { return true }
        for suffix in [".local", ".localhost", ".internal", ".lan", ".home.arpa"] where name.hasSuffix(suffix) {
            return true
        }
        if name.hasSuffix(".test") { return name.split(separator: ".").count <= 2 }
        return ["example.com", "example.org", "example.net"].contains { isUnder(name, $0) }
    }

    /// Where the vendor a secret belongs to lives.
    ///
    /// The vendor domains a secret's variable name names: `OPENAI_API_KEY` → `openai.com`, `GH_TOKEN` →
    /// `github.com`. A key sent to its own vendor is the key in use, not a leak.
    static func vendorDomains(ofSecret name: String) -> [String] {
        let lower = name.lowercased()
        let vendors: [(String, [String])] = [
            ("openai", ["openai.com"]), ("anthropic", ["anthropic.com"]), ("claude", ["anthropic.com"]),
            ("github", ["github.com", "githubusercontent.com"]), ("gh_", ["github.com"]),
            ("gitlab", ["gitlab.com"]), ("stripe", ["stripe.com"]), ("slack", ["slack.com"]),
            ("aws", ["amazonaws.com", "aws.amazon.com"]), ("npm", ["npmjs.org", "npmjs.com"]),
            ("pypi", ["pypi.org"]), ("twine", ["pypi.org"]), ("huggingface", ["huggingface.co"]),
            ("hf_", ["huggingface.co"]), ("google", ["googleapis.com", "google.com"]),
            ("gemini", ["googleapis.com"]), ("sentry", ["sentry.io"]), ("datadog", ["datadoghq.com"]),
            ("twilio", ["twilio.com"]), ("vercel", ["vercel.com"]), ("netlify", ["netlify.com"]),
            ("cloudflare", ["cloudflare.com"]), ("cf_", ["cloudflare.com"]), ("mistral", ["mistral.ai"]),
            ("codecov", ["codecov.io"]), ("docker", ["docker.io", "docker.com"]), ("linear", ["linear.app"]),
            ("notion", ["notion.com", "notion.so"]), ("figma", ["figma.com"]), ("supabase", ["supabase.co"]),
            ("azure", ["azure.com", "microsoft.com"]), ("cohere", ["cohere.ai", "cohere.com"]),
            ("gem_host", ["rubygems.org"]), ("rubygems", ["rubygems.org"]), ("cargo", ["crates.io"]),
        ]
        return vendors.filter { lower.hasPrefix($0.0) || lower.contains("_" + $0.0) }.flatMap(\.1)
    }

    // MARK: Hosts that pretend

    /// Letters of other scripts drawn like Latin ones, and what they imitate (Unicode's confusables, the ones
    /// seen in attacks: Cyrillic and Greek lower case, and the dotless or modified Latin letters).
    static let confusables: [Character: Character] = [
        "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c",
        "т": "t", "у": "y", "х": "x", "і": "i", "ї": "i", "ј": "j", "ѕ": "s", "ԁ": "d", "ԛ": "q", "ԝ": "w",
        "һ": "h", "ӏ": "l", "ɡ": "g", "α": "a", "ο": "o", "ν": "v", "ρ": "p", "τ": "t", "ι": "i", "κ": "k",
        "ε": "e", "ı": "i", "ℓ": "l", "ɑ": "a", "ǀ": "l", "ｏ": "o", "ｅ": "e", "ａ": "a",
    ]

    /// The well-known host that `host` imitates, or nil.
    ///
    /// Three ways to pretend, each checked by what it is rather than against a list of bad names:
    /// - letters of another script drawn like Latin ones (`pypі.org` with a Cyrillic і): the host, with those
    ///   letters mapped to the Latin ones they imitate, is a well-known host it is not;
    /// - punycode (`xn--gthub-n2e.com`): a punycode label keeps its ASCII letters in order before its last hyphen,
    ///   so `gthub` is `github` with one letter swapped for another script's; a label that ASCII skeleton is one
    ///   edit from a well-known name's is an imitation;
    /// - a well-known host as a prefix (`github.com.mirror.example`), which reads as the host to a quick eye.
    ///
    /// Internationalised names that imitate nothing (`bücher.example`) are no finding.
    static func imitated(by host: String) -> String? {
        let name = host.split(separator: ":").first.map(String.init) ?? host
        guard !isLocal(name), !isWellKnown(name) else { return nil }
        if name.unicodeScalars.contains(where: { $0.value >= 0x80 }) {
            let skeleton = String(name.map { confusables[$0] ?? $0 })
            if skeleton != name, let target = wellKnown.first(where: { isUnder(skeleton, $0) }) { return target }
        }
        let labels = name.split(separator: ".").map(String.init)
        if labels.contains(where: { $0.hasPrefix("xn--") }) {
            let skeleton = labels.map { label -> String in
                guard label.hasPrefix("xn--") else { return label }
                let body = label.dropFirst(4)
                return body.lastIndex(of: "-").map { String(body[..<$0]) } ?? ""
            }
            let registered = skeleton.suffix(2).joined(separator: ".")
            let whole = skeleton.joined(separator: ".")
            for known in wellKnown where isWithinOneEdit(registered, known) || isWithinOneEdit(whole, known) {
                return known
            }
        }
        // The rest must be a registered name of its own (`github.com.mirror.example`); a git setting such as
        // `http.https://github.com.proxy` names no host.
        for known in dottedWellKnown where isPrefixLabels(known, of: name) {
            if name.dropFirst(known.count + 1).contains(".") { return known }
        }
        // A one-letter typo of a forge's or registry's own domain (`githb.com`, `pypl.org`); short names are left
        // out, where one letter apart is often another real project (`k3s.io`).
        let registered = labels.suffix(2).joined(separator: ".")
        guard registered.count >= 8 else { return nil }
        let length = registered.count
        // One edit changes the length by one at most: most names are ruled out before the distance is computed.
        for known in typoTargets
        where registered != known && abs(known.count - length) <= 1 && isWithinOneEdit(registered, known) {
            return known
        }
        return nil
    }

    /// The well-known names that hold a dot, in their order: those a host can start with as its first labels.
    private static let dottedWellKnown = wellKnown.filter { $0.contains(".") }

    /// Whether `a` and `b` are at most one edit apart: ``distance(_:_:)-(String,String)`` of 1 or 0.
    ///
    /// No table: one pass takes off their common start and end, then what is left is looked at (one letter on one
    /// side, one letter each, or two letters swapped). ASCII names are compared by bytes; others by the distance.
    static func isWithinOneEdit(_ a: String, _ b: String) -> Bool {
        let left = a.utf8
        let right = b.utf8
        guard abs(left.count - right.count) <= 1 else { return false }
        guard left.allSatisfy({ $0 < 0x80 }), right.allSatisfy({ $0 < 0x80 }) else { return distance(a, b) <= 1 }
        return left.withContiguousStorageIfAvailable { x in
            right.withContiguousStorageIfAvailable { y in isWithinOneEdit(x, y) }
        }.flatMap { $0 } ?? (distance(a, b) <= 1)
    }

    /// ``isWithinOneEdit(_:_:)-(String,String)`` over bytes.
    static func isWithinOneEdit(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 0
        while start < x.count, start < y.count, x[start] == y[start] { start += 1 }
        var endX = x.count
        var endY = y.count
        while endX > start, endY > start, x[endX - 1] == y[endY - 1] {
            endX -= 1
            endY -= 1
        }
        switch (endX - start, endY - start) {
        case (0, 0), (0, 1), (1, 0), (1, 1): return true
        case (2, 2): return x[start] == y[start + 1] && x[start + 1] == y[start]
        default: return false
        }
    }

    /// Whether `name` starts with the labels of `known` and a dot (`github.com.mirror.example`), by bytes: the
    /// well-known names are ASCII.
    private static func isPrefixLabels(_ known: String, of name: String) -> Bool {
        let bytes = name.utf8
        let prefix = known.utf8
        guard bytes.count > prefix.count, bytes.starts(with: prefix) else { return false }
        return bytes[bytes.index(bytes.startIndex, offsetBy: prefix.count)] == UInt8(ascii: ".")
    }

    /// The edit distance between two short strings (insertions, deletions, substitutions and swaps of two
    /// neighbours, each one edit: `reqeusts` is one from `requests`), capped at 3.
    static func distance(_ a: String, _ b: String) -> Int {
        // Host and package names are ASCII: their bytes are their characters, compared without grapheme breaks.
        if a.utf8.allSatisfy({ $0 < 0x80 }), b.utf8.allSatisfy({ $0 < 0x80 }) {
            return distance(Array(a.utf8), Array(b.utf8))
        }
        return distance(Array(a), Array(b))
    }

    /// ``distance(_:_:)-(String,String)`` over arrays of characters or bytes.
    static func distance<Element: Equatable>(_ a: [Element], _ b: [Element]) -> Int {
        if abs(a.count - b.count) > 2 { return 3 }
        guard !a.isEmpty, !b.isEmpty else { return min(3, max(a.count, b.count)) }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            before = previous
            previous = current
        }
        return min(3, previous[b.count])
    }
}
