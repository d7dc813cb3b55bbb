internal import PCRE

/// A regular expression compiled once by PCRE2 (Perl syntax, Unicode `\w` and `\b`), matched on a string's UTF-8.
struct ScanPattern: Sendable {
    private let expression: RegularExpression

    init(_ pattern: String) {
        do {
            expression = try RegularExpression(pattern)
        } catch {
            preconditionFailure("bad scan pattern: \(error)")
        }
    }

    func matches(_ text: String) -> Bool {
        expression.matches(text)
    }

    /// `text` with every match removed.
    func removing(from text: String) -> String {
        expression.replacingMatches(in: text, with: "")
    }

    /// The first capture group of every match.
    func captures(_ text: String) -> [String] {
        expression.captures(in: text)
    }

    /// `text` escaped to match itself.
    static func escaped(_ text: String) -> String {
        RegularExpression.escaped(text)
    }
}

/// The security scan's patterns.
///
/// Each reads a line lowercased unless its name says it reads the original case.
enum Patterns {
    // MARK: Telling the agent not to

    /// A line that forbids or warns rather than instructs.
    static let negation = ScanPattern(
        #"\b(never|don'?t|do not|does not|must not|mustn'?t|should not|shouldn'?t|cannot|can'?t|avoid|instead of|"#
            + #"not to|forbid\w*|prohibit\w*|refuse|disallow\w*|den(y|ied|ies)|beware|anti-pattern|bad practice)\b|❌|⛔"#
    )
    /// A line of a reviewer's checklist: it names a risk to catch, not an action to take.
    static let reviewer = ScanPattern(
        #"\b(flag|flags|detect|reject|catch|watch (out )?for|look (out )?for|red flags?|warn (the user )?about|"#
            + #"(is|are) (a )?(dangerous|malicious|unsafe|risky|insecure)|signs? of|dangerous|malicious|attacker\w*|"#
            + #"exploit\w*|payloads?|vulnerab\w*|insecure|unsafe|threats?|red team\w*|evil)\b"#)
    /// The placeholder hosts of attack examples.
    static let demoHost = ScanPattern(#"\b(evil|attacker)\.com\b"#)
    /// A host name, to read the words of a command without it (`x.attacker.example` forbids nothing).
    static let hostName = ScanPattern(
        #"\b[a-z0-9-]+(\.[a-z0-9-]+)*\.(example|com|net|org|io|dev|co|ai|cloud|internal|local|test|invalid)\b"#)
    /// The key of a settings file's list of what is denied: `"deny": [`, `disallowedTools = [`.
    static let denyKey = ScanPattern(
        #"["']?\b(deny|denied|disallow\w*|block(ed|list)?|forbidden|excluded?)\w*["']?\s*[:=]\s*\["#)
    /// The line before a code block that shows what not to do.
    static let badExample = ScanPattern(
        #"\b(never|don'?t|do not|avoid|bad|wrong|incorrect|insecure|unsafe|dangerous|malicious|anti-pattern|"#
            + #"instead of|not this|vulnerable|attack\w*|example of (a |an )?(attack|malicious))\b|❌|⛔"#)
    /// How to write a block, not whether to run it: "append, do not replace", "don't overwrite".
    static let mannerNegation = ScanPattern(#"\b(do not|don'?t|never)\s+(replace|overwrite|forget|hand[- ]edit)\b"#)
    /// The prose after a block that leaves running it to the user: "Do not run it for them".
    static let leftToUser = ScanPattern(
        #"^\s*(\*\*)?(do not|don'?t|never)\s+(run|execute)\s+(it|this|that|these|them|the (command|script|installer))\b"#
    )
    /// Where a secret belongs: a secret store, the CI's secret settings.
    ///
    /// Handing a secret there is storing it, not leaking it.
    static let secretStore = ScanPattern(
        #"\bsecrets? (ui|store|manager|settings|page|vault)\b|\bgh secret set\b|\b(repository|actions|ci|github) secrets?\b|"#
            + #"\bvault kv put\b|\bkubectl create secret\b|\baws secretsmanager\b|\bgcloud secrets\b|\baz keyvault\b"#)
    /// Infrastructure destroyed with its confirmation turned off.
    static let infraDestroy = ScanPattern(
        #"\b(terraform|tofu|terragrunt)\s+destroy\b[^\n]*-auto-approve|\bpulumi\s+destroy\b[^\n]*(--yes|-y)\b|"#
            + #"\bcdk\s+destroy\b[^\n]*--force"#)
    /// A line that describes an attack to teach spotting it.
    static let teaching = ScanPattern(
        #"\b(prompt.injection|injections?|jailbreak attempts?|attacks?|attackers?|malicious|suspicious|adversarial|"#
            + #"such as|e\.g\.|for example|watch (out )?for|look (out )?for|be wary|detect\w*|flag\w*|reject\w*|"#
            + #"refuse|red flags?|phrases? like|inputs? like|text like|patterns? like|treat [^.]* as (untrusted|data))\b"#
    )

    /// Words of a file about attacks: a security guide that quotes `curl | bash` to teach spotting it.
    static let attackTopic = ScanPattern(
        #"\b(attacks?|attackers?|malicious|vulnerabilit(y|ies)|exploits?|threats?|payloads?|cve-\d+|adversar\w+|"#
            + #"red team\w*|penetration test\w*|supply.chain attack\w*|prompt injection)\b"#)

    // MARK: pipe-to-shell

    /// A download piped, maybe through other commands, into a shell; interpreters only when they read stdin.
    ///
    /// A shell named by its path (`| /bin/sh`, `| /usr/bin/env bash`) is the same shell.
    static let pipeToShell = ScanPattern(
        #"\b(curl|wget|iwr|irm|invoke-webrequest|invoke-restmethod|fetch)\b[^\n]*?\|\s*(sudo\s+(-\S+\s+)*)?"#
            + #"(\w+=\S+\s+)*(?:(?:/usr)?(?:/local)?/bin/(?:env\s+)?|env\s+)?"#
            + #"((bash|sh|zsh|ksh|dash|fish|iex|invoke-expression|pwsh|powershell|source)\b|"#
            + #"(python3?|node|perl|ruby)\s*(-\s|-$|$|[|;&)`'"]))"#)
    static let processSubstitution = ScanPattern(
        #"\b(bash|sh|zsh|source|\.)\s+<\(\s*(curl|wget)\b|\b(bash|sh|zsh|python3?|node|perl|ruby|php)\s+-[ce]\s+["']?\$\(\s*"#
            + #"(curl|wget)\b|\beval\s+["']?\$\(\s*(curl|wget)\b"#)
    static let powerShellDownload = ScanPattern(
        #"\b(iex|invoke-expression)\b\s*\(*\s*(\(?new-object\s+(system\.)?net\.webclient\)?\.downloadstring|iwr|irm|"#
            + #"invoke-webrequest|invoke-restmethod)|\.downloadstring\([^)]*\)\s*\|\s*(iex|invoke-expression)"#)
    // MARK: destructive commands

    /// `rm` with a recursive flag on the home folder, the root or a system folder (not `./build`, not `~/x/y`).
    static let removeHomeOrRoot = ScanPattern(
        #"\brm\s+((-[a-z]*\s+|--[a-z-]+\s+)*(-[a-z]*r[a-z]*|--recursive)\s+)(-[a-z]+\s+|--[a-z-]+\s+)*"#
            + #"(["']?(~|\$home|\$\{home\}|\$user_?profile)["']?(/\*?)?["']?|["']?(/|/\*|/(usr|etc|var|home|bin|boot|lib|opt|root)/?)["']?)"#
            + #"(\s|$|[;&|)`])"#
            + #"|\bfind\s+["']?(~|\$home|\$\{home\}|/)["']?/?\s[^\n]*(-delete\b|-exec\s+rm\s+-[a-z]*r)"#
            + #"|\b(remove-item|rmdir)\b[^\n]*(-recurse|/s)\b[^\n]*\s(c:\\?|~|\$home|\$env:userprofile)(\s|$|[;"'])"#
            // The same from a script: `shutil.rmtree(os.path.expanduser("~"))`, `fs.rmSync(os.homedir(), …)`.
            + #"|\b(shutil\.rmtree|rmtree|fs\.rm(sync)?|fs\.rmdirsync)\(\s*(os\.path\.expanduser\(\s*["']~/?["']\s*\)|"#
            + #"path\.home\(\)|pathlib\.path\.home\(\)|os\.homedir\(\)|os\.environ\[["']home["']\]|"#
            + #"os\.getenv\(\s*["']home["']\s*\)|home\b|["']/["'])"#)
    /// `rm -r` on the folders where the user's own work lives, directly under home: `rm -rf ~/Documents "$HOME/src"`.
    ///
    /// A tool's own folder (`~/.cache/tool`, `~/.snapshots`) is its to delete; the user's documents and clones are
    /// not, and no backup step brings them back.
    static let removeUserFolders = ScanPattern(
        #"\brm\s+((-[a-z]*\s+|--[a-z-]+\s+)*(-[a-z]*r[a-z]*|--recursive)\s+)(-[a-z]+\s+|--[a-z-]+\s+)*"#
            + #"["']?(~|\$home|\$\{home\})/(documents|desktop|downloads|pictures|music|videos|projects?|src|code|"#
            + #"repos?|dev|work|workspace|git|github)/?\*?["']?(\s|$|[;&|)`])"#)
    /// The system's logs deleted, as `rm -rf /var/log/app/*` does.
    ///
    /// Logs are the record of what ran on the machine; an instruction file has no reason to remove them, and
    /// removing them hides what else it did.
    static let removeSystemLogs = ScanPattern(#"\b(rm|shred)\s+(-\S+\s+)*[^\n;&|]*?["']?/var/log(/|\s|$|["'])"#)
    /// `git push` forcing a main, master or production branch (`--force`, `-f`, or a `+main` refspec).
    static let forcePushMain = ScanPattern(
        #"\bgit\s+push\b(?=[^\n]*(\s--force(-with-lease)?\b|\s-f\b))[^\n]*\s(origin\s+)?(main|master|prod|production|trunk)\b"#
            + #"|\bgit\s+push\b[^\n]*\s\+(refs/heads/)?(main|master|production)\b"#
            // A refspec onto main forced: `git push --force origin HEAD:main`.
            + #"|\bgit\s+push\b(?=[^\n]*(\s--force\b|\s-f\b))[^\n]*:(refs/heads/)?(main|master|production)\b"#)
    /// Every branch, tag or release of a remote overwritten or deleted at once: a force push onto branches named by
    /// a loop variable, `--all` or `--mirror` forced, every tag deleted, releases deleted in bulk.
    static let rewriteEveryRef = ScanPattern(
        #"\bgit\s+push\b(?=[^\n]*(\s--force\b|\s-f\b))[^\n]*(\s--all\b|\s--mirror\b|:["']?\$)|"#
            + #"\bgit\s+push\b[^\n]*\s(--delete|-d)\s+["']?\$\(\s*git\s+tag\b|\bxargs\b[^\n]*\bgh\s+release\s+delete\b"#
    )
    /// A database dropped whole (`DROP DATABASE`, `dropdb`, `FLUSHALL`, `db.dropDatabase()`), or a table of production.
    static let dropDatabase = ScanPattern(
        #"\bdrop\s+(database|schema)\b|\bdropdb\s+\S|\bflushall\b|\.dropdatabase\(|\bdrop\s+table\b[^\n]*\bprod"#)
    /// Production data or a production cluster deleted: `TRUNCATE` or `DELETE FROM` against a production database,
    /// `kubectl delete namespace production`.
    static let wipeProduction = ScanPattern(
        #"\b(truncate\s+(table\s+)?\w|delete\s+from\s+\w)(?=[^\n]*(?<![a-z])(prod|production|live)(?![a-z]))|"#
            + #"(?<![a-z])(prod|production)(?![a-z])[^\n]*\b(truncate\s+(table\s+)?\w|delete\s+from\s+\w)|\bkubectl\b[^\n]*\bdelete\s+(namespace|ns)\s+"#
            + #"(prod\w*|live|default|kube-system)\b"#)
    /// `chmod -R 777` (or `a+rwx`), either order.
    static let worldWritable = ScanPattern(
        #"\bchmod\s+(-[a-z]*r[a-z]*\s+(0?777|a\+rwx|ugo\+rwx)|(0?777|a\+rwx|ugo\+rwx)\s+-[a-z]*r)\b|\bchmod\s+(-[a-z]+\s+)*0?777\s+/(\s|$)"#
    )
    /// A disk formatted or overwritten.
    static let wipeDisk = ScanPattern(
        #"\bmkfs(\.\w+)?\s+(-\S+\s+)*/dev/|\bdd\b[^\n]*\bof=/dev/(sd|hd|nvme|disk|xvd|vd)|\bformat\s+c:"#)

    static let pipeProse = ScanPattern(
        #"\bpipe\b[^.]{0,40}\b(into|to|through)\s+(a\s+)?(bash|sh|zsh|shell|powershell|iex)\b"#)

    // MARK: encoded-blob

    static let decode = ScanPattern(
        #"(base64\s+(-\w*d\w*|--decode)|b64decode|atob\(|frombase64string|xxd\s+-r|openssl\s+(base64|enc)[^|]*\s-d|"#
            + #"fromhex\(|unhexlify\(|codecs\.decode\(|buffer\.from\([^)]*(base64|hex)|base64\.decode64|unpack1?\(\s*['"]m)"#
    )
    static let execute = ScanPattern(
        #"(\|\s*(sudo\s+)?(bash|sh|zsh|ksh|dash)\b|\beval\b|\bexec\s*\(|\biex\b|invoke-expression|"#
            + #"\|\s*(python3?|node|perl|ruby)\b|\b(bash|sh)\s+-c\b|\bnew function\()"#)
    static let encodedCommand = ScanPattern(
        #"\b(powershell|pwsh)(\.exe)?\b[^\n]*\s-(e|enc|encodedcommand)\s+[a-z0-9+/=]{20,}"#)

    // MARK: secret-access

    static let secretFiles = ScanPattern(
        #"\.ssh/(id_[a-z0-9_]+\b(?!\.pub)|\*)|\bid_(rsa|dsa|ecdsa|ed25519)\b(?!\.pub)|\.aws[/\\]credentials|\.gem/credentials|"#
            + #"\.config/gh/hosts\.yml|\.claude\.json\b|\.netrc\b|\.npmrc\b|\.pypirc\b|"#
            + #"\.docker/config\.json|\.kube/config|\.git-credentials|\.gnupg\b|/etc/shadow|\.(bash|zsh)_history|"#
            + #"login\.keychain|\b(find|dump)-(generic|internet)-password\b|\bdump-keychain\b|\bsecret-tool\s+"#
            + #"(lookup|search)|\bcmdkey\s+/list|\bcredential manager\b|get-storedcredential|\bwallet\.dat\b|"#
            + #"\bseed phrases?\b|\bmnemonic phrases?\b|-----begin [a-z ]*private key-----|\.gradle/gradle\.properties|"#
            + #"\.(keystore|jks|p12|pfx)\b|\bgh auth (status --show-token|token)\b"#)
    /// Using a key, not reading it: `ssh-add`, `ssh -i`, `IdentityFile`.
    ///
    /// GitHub's token handed to a program through its own variable (`GH_TOKEN=$(gh auth token) tool`) is a use too.
    static let keyUse = ScanPattern(
        #"\b(ssh-add|ssh-keygen|identityfile|ssh\s+-i|git_ssh_command|chmod\s+600)\b|"#
            + #"\b(gh|github)_token=["']?\$\(gh auth token\)"#)
    /// A secret piped into a digest, a length or one field: its value does not reach the output.
    static let secretDigest = ScanPattern(
        #"^(?!.*\b(curl|wget|nc|scp)\b).*\|\s*(cut\s+-d\s*\S+\s+-f|wc\b|sha\d*sum\b|shasum\b|md5sum\b|openssl\s+dgst\b)"#
    )
    /// Credential files and key commands that belong to one vendor; ``TextScan/credentialVendors`` names it.
    static let credentialVendor = ScanPattern(
        #"(\.gem/credentials|\.aws|gh auth|hosts\.yml|\.npmrc|\.pypirc|docker/config|\.cargo/credentials)"#)
    /// A verb of reading, copying, showing or sending, in the languages of ``conceal``: a credential file named
    /// without one is only named.
    static let readVerb = ScanPattern(
        #"\b(cat|read|reads|reading|open|print|show|display|copy|cp|send|upload|paste|include|collect|gather|dump|"#
            + #"attach|base64|encode|tar|zip|archive|post|share|grab|extract|load|inspect|list|output|echo|type|"#
            + #"get-content|append|write|save|sync|back up|forward|transmit|move|mv|scp|rsync|curl|fetch|steal|"#
            + #"exfiltrate|harvest|retrieve|publish|"#
            + #"lies|lesen|kopier\w*|sende\w*|schick\w*|hochlad\w*|hänge\w*|zeig\w*|sammel\w*|pack\w*|öffne\w*|"#
            + #"lee|leer|copia\w*|envía\w*|envia\w*|sube|subir|pega\w*|muestra\w*|adjunta\w*|recoge\w*|recopila\w*|"#
            + #"abre|incluye|guarda|publica\w*|lis|lire|copie\w*|envoie\w*|téléverse\w*|colle\w*|affiche\w*|"#
            + #"joins|joindre|récupère\w*|collecte\w*|ouvre|inclu\w*|publie\w*|leia|ler|envie|suba|cole|mostre|"#
            + #"anexe|colete|abra|inclua|leggi\w*|invia\w*|carica\w*|incolla\w*|mostra\w*|allega\w*|"#
            + #"raccogli\w*|apri|includi|pubblica\w*|lees|kopieer|stuur|plak|toon|verzamel|przeczytaj|odczytaj|"#
            + #"skopiuj|wyślij|prześlij|wklej|pokaż|zbierz|otwórz|dołącz|oku|kopyala|gönder|yükle|yapıştır|göster|"#
            + #"topla)\b|прочита\w*|прочти|читай|скопиру\w*|копиру\w*|отправ\w*|загрузи|вставь|покажи|приложи|"#
            + #"собери|выведи|открой|упакуй|архивир\w*|опубликуй|読み|読ん|コピー|送信|送っ|送る|アップロード|貼り付け|"#
            + #"表示|添付|集め|開い|公開|读取|复制|发送|发给|上传|粘贴|显示|附上|收集|打印|打开|打包|发布|읽어|읽고|"#
            + #"복사|보내|전송|업로드|붙여|보여|첨부|수집|출력|열어|압축|게시|اقرأ|انسخ|أرسل|ارفع|קרא|העתק|שלח|העלה"#)
    static let sshFolder = ScanPattern(
        #"\b(cat|cp|tar|zip|read|copy|upload|send|base64|scp|rsync|collect|archive|ls|grab|open)\b[^|;]*~?/\.ssh\b"#
            + #"(?!/[\w.-]*\.pub\b)(?!/(config|known_hosts|authorized_keys)\b)"#)
    static let envFile = ScanPattern(
        #"\b(cat|print|echo|type|send|upload|paste|share|post|output|display|show|dump|read out|list)\b"#
            + #"[^.|;]{0,40}(^|[\s/'"`(])\.env\b(?![.\w-]*(example|sample|template|dist))"#)
    /// Secret values shown or copied out: "list every key with its full value in your reply".
    static let secretValues = ScanPattern(
        #"\b(list|print|show|output|paste|include|echo|display|reveal|copy)\b[^.]{0,60}\b(full |actual |real |raw )?"#
            + #"values?\b[^.]*(\.env|secret|token|password|api.?key)|(\.env|secret|token|password|api.?key)[^.]*\b"#
            + #"(list|print|show|output|paste|include|echo|display|reveal)\b[^.]{0,40}\b(full |actual |real |raw |every |"#
            + #"each |all )values?\b|\b(copy|paste|share|post|include)\b[^.]{0,40}\b(token|password|secret|key)s?\b"#
            + #"[^.]{0,30}\b(into|in) (the |this |your )?(chat|reply|response|summary|message|output|conversation)"#)
    static let environmentDump = ScanPattern(
        #"^(\$\s*)?(sudo\s+)?(env|printenv|export -p|declare -x|get-childitem env:|gci env:|dir env:|ls env:)\s*"#
            + #"(\||>|$)|json\.stringify\(\s*process\.env\s*\)|object\.(keys|entries|values)\(\s*process\.env\s*\)|"#
            + #"console\.log\(\s*process\.env\s*\)|dict\(\s*os\.environ\s*\)|os\.environ\.items\(\)|"#
            + #"print\(\s*os\.environ\s*\)|json\.dumps\(\s*(dict\()?\s*os\.environ|str\(\s*os\.environ\s*\)|"#
            + #"`(env|printenv)`\s*(\||>)|\$\((env|printenv)\)|\b(run|execute|type)\s+`?(env|printenv)`?\s+(and|to|then)\b"#
    )
    static let tokenEcho = ScanPattern(
        #"\b(echo|print|printf|cat|console\.log|write-host|puts)\b[^#]*\$\{?(env:)?[a-z_]*(token|secret|password|"#
            + #"passwd|api_?key|access_key|private_key)[a-z_]*\}?"#)
    /// An imperative to gather secrets: the verb opens a sentence, a list item or a clause an instruction starts.
    static let secretProse = ScanPattern(
        #"(^\s*(\d+[.)]|[-*+])?\s*|[.:;!]\s+|\b(then|also|you|to|must|should|always|please|and)\s+)"#
            + #"(read|collect|gather|extract|harvest|dump|exfiltrate|grab|steal|send|upload|forward|transmit|print|reveal|"#
            + #"copy|list|retrieve)\b[^.;]{0,60}\b(api keys|access tokens?|auth tokens?|(github|npm|bearer|session|"#
            + #"oauth|personal access) tokens?|credentials|secrets|private keys?|passwords|ssh keys?|\.env files?|"#
            + #"environment variables|env vars|cookies|seed phrases?|crypto wallets?)\b"#)
    /// Configuration advice: read one named key from the environment or a secrets manager.
    static let configAdvice = ScanPattern(
        #"os\.environ\[|os\.environ\.get\(|os\.getenv\(|process\.env\.[a-z_]|getenv\(|\benv::var|secrets? manager|"#
            + #"\bvault\b|\bkeyring\b|\$\{\{\s*secrets\.|never (commit|log|print|share)"#)
    static let sendVerb = ScanPattern(
        #"\b(send|sends|sending|upload|uploads|uploading|transmit|exfiltrat\w*|forward)\b|\b(post|paste|share|"#
            + #"email)\s+(it|them|this|these|those|the \w+|all \w+|their \w+)\s+(to|into|with|on)\b|"#
            + #"\|\s*(nc|netcat|curl)\b"#)

    // MARK: exfiltration

    /// Reads the original case: curl's `-F`, `-T` and `-d` differ from `-f`, `-t` and `-D`.
    static let sendMarkerOriginalCase = ScanPattern(
        #"(\bcurl\b[^|\n]*(\s(-d|--data(-binary|-raw|-urlencode)?|-F|--form|-T|--upload-file|--json)[\s=]|"#
            + #"-X\s*(POST|PUT|PATCH)\b|--request\s+(POST|PUT|PATCH)\b)|--post-(data|file)|(requests|httpx|axios|session|client)\.(post|put|patch)\(|"#
            + #"method:\s*['"](POST|PUT|PATCH)|-Method\s+(Post|Put|Patch|POST|PUT)|\bnc\s+\S+\s+\d+|/dev/tcp/|"#
            + #"urllib\.request\.Request\([^)]*data=|\.send\(|sendBeacon\()"#)
    static let sendProse = ScanPattern(
        #"\b(send|upload|post|transmit|forward|exfiltrate|copy|report|submit|share|sync|beacon|pipe)\b[^.]{0,80}"#
            + #"\b(to|into|at)\b[^.]{0,40}https?://"#)
    /// Services that exist to receive data: request bins, tunnels, paste sites.
    static let collectorHost = ScanPattern(
        #"(webhook\.site|requestbin|pipedream\.net|ngrok|pastebin\.com|transfer\.sh|interact\.sh|burpcollaborator|"#
            + #"\boast\.|hooks\.slack\.com|discord(app)?\.com/api/webhooks)"#)
    /// What makes sending harmful: files, secrets, the environment, the conversation, the code.
    ///
    /// Local files attached to a request.
    static let fileUpload = ScanPattern(
        #"(\s-d\s*@|--data(-binary|-raw)?[\s=]*['"]?@|-f\s*['"]?\w+=@|\s-t\s|--upload-file|\$\(cat\b)"#)
    /// What makes sending harmful: secrets, the environment, the conversation, the code.
    static let sensitiveData = ScanPattern(
        #"(\$\((env|printenv)\)|\b(env|printenv)\s*\||credentials\.json|/credentials\b|\.credentials\b|\.ssh|"#
            + #"\.aws|(?<![\w)])\.env\b(?!\.\w)|shell history|conversation|chat log|transcript|source code|codebase|whole repo|"#
            + #"repository contents|git diff|os\.environ\s*\)|dict\(os\.environ|process\.env\s*[),}]|cookies|"#
            + #"clipboard|keychain|@~/\.|@\$home/\.|\bid_rsa\b)"#)
    /// Code that makes a request: a URL on (or just after) such a line is the request's target.
    static let requestCall = ScanPattern(
        #"\b(curl|wget|fetch|axios|requests|httpx|urlopen|request|iwr|irm|invoke-webrequest|invoke-restmethod|"#
            + #"http\.|https\.|got|ky|scp|rsync|nc|netcat|post|put)\b"#)
    static let dnsBeacon = ScanPattern(#"\b(nslookup|dig|host|resolve-dnsname)\s+([-+]\S+\s+)*["']?[^\s"']*\$\("#)
    static let publicGist = ScanPattern(#"\bgh\s+gist\s+create\b[^\n]*(--public|-p\b)"#)
    static let remoteCopy = ScanPattern(#"\b(scp|rsync)\b[^\n|;]*\s[\w.-]+@[\w.-]+:"#)
    static let pushToNewRemote = ScanPattern(#"\bgit\s+push\s+(?!origin\b)(?!-)\w+"#)
    static let url = ScanPattern(#"https?://([^/\s"'`)<>\]]+)"#)
    /// An IPv4 address in quotes, as a script names the host it connects to.
    static let quotedAddress = ScanPattern(#"['"`]((\d{1,3}\.){3}\d{1,3})['"`:]"#)
    static let wholeURL = ScanPattern(#"https?://[^\s"'`)<>\]]+"#)

    // MARK: prompt-injection

    /// Phrasings that override the agent's instructions or hide what it does from the user.
    static let injection = ScanPattern(
        #"\b(ignore|disregard|forget)\s+(all\s+)?(of\s+)?((the|your|any|these|those)\s+)?(previous|prior|above|"#
            + #"earlier|preceding|original|existing|system|safety|other)\s+(instructions|system prompt|guidelines|"#
            + #"directives|guardrails|rules|prompts|restrictions|policies|constraints)\b|\b(ignore|disregard|forget)\s+"#
            + #"(all\s+)?(of\s+)?(the|your|any)\s+(instructions|system prompt|guidelines|guardrails|rules|restrictions)\b|"#
            + #"\b(override|bypass)\s+(all\s+)?(of\s+)?(your|the agent'?s|the system'?s|any)\s+((previous|prior|existing|"#
            + #"system|safety|original)\s+)?(instructions|system prompt|guardrails|safety rules|restrictions|policies)\b|"#
            + #"\b(override|bypass)\s+(the\s+)?(safety (checks|rules|guidelines)|system prompt|guardrails|"#
            + #"permission (checks|prompts))\b|\b(the|your) system prompt (is now|has been replaced|no longer applies|does not apply)|\bnew (system )?instructions\b[^.]{0,20}:|\byour (real|true|"#
            + #"actual|new) (instructions|task|purpose|goal|objective)\b|\byou are now\b[^.]{0,40}\b(developer mode|"#
            + #"dan|jailbroken|unrestricted|unfiltered|free of|no longer bound|in god mode)|\b(enter|switch to|act in|"#
            + #"respond in|activate) (developer|god|dan) mode\b|\bdan mode\b|"#
            + #"\bdo anything now\b|precedence over (any |all )?(earlier|previous|prior|other|your|the operator'?s?) "#
            + #"(instructions|guidance|rules|guidelines)|\byou are no longer (a|an|bound)\b|\b(from now on|from this point "#
            + #"on),? (you are|do not ask|never ask|ignore|you will)|\[system (notice|message|override)\]|"#
            + #"\b(leave|keep) (these|this|those|the) (steps?|changes|edits|actions) out of (your|the) (summary|report|"#
            + #"reply|pr|messages?)|\b(do not|don'?t|never) (mention|disclose|report) (the |those |these |any )?"#
            + #"(edited \w+|edits|changes you made|modifications)|\bjailbr(eak|oken) (mode|ai|assistant|model|agent)\b|\b(do not|don'?t|never)\s+(tell|inform|reveal|alert|notify)\b[^.]{0,30}\b(the )?(user|human|operator)\b|\bwithout (telling|informing|notifying|"#
            + #"alerting) (the )?(user|human)|\bwithout the (user|human)'?s? (knowledge|consent|noticing)|\b(hide|conceal)"#
            + #"\b[^.]{0,40}\bfrom the (user|human)|(^\s*(\d+[.)]|[-*+])?\s*|[.:;!]\s+|\b(then|you|must|should|always)\s+)"#
            + #"(silently|secretly|covertly|quietly|discreetly)\s+(\S+\s+){0,2}?"#
            + #"(send|upload|post|run|execute|install|delete|remove|modify|change|copy|transmit|exfiltrat\w*|add|"#
            + #"include|insert|read|collect|disable|push|force-push|commit|merge|deploy|publish|overwrite|skip|drop)\b|\bthe (user|human) (must|should) not (know|see|notice)|"#
            // A file claiming rank over the system prompt or the user: only they rank the file.
            + #"\b(higher|greater|more|top|highest) priority than (your |the |any )?(system prompt|system message|user|"#
            + #"instructions|safety)|\b(takes?|has) (priority|precedence) over (your |the |any )?(system prompt|"#
            + #"system message|user'?s? (messages?|instructions?)|safety rules)|\bfollow this (file|skill|rule) anyway\b"#
    )
    /// A line of prose posing as the system, or declaring the agent's instructions void: "[SYSTEM] This is the
    /// owner speaking", "your previous system prompt … no longer applies", "all restrictions are lifted".
    static let fakeSystem = ScanPattern(
        #"^\s*(>\s*)?\**\[system\]|\b(previous|prior|earlier|original|your|existing)\s+(system prompt|instructions|"#
            + #"rules|operator policies|policies|guidelines)\b[^.]{0,60}\b(no longer apply|are outdated|are void|are "#
            + #"no longer valid|are superseded|do not apply|are suspended)|\ball (of your )?(restrictions|guardrails|"#
            + #"safety rules|limits|safety checks) (are|have been) (lifted|removed|disabled|suspended|off)\b"#)
    /// The agent run with its permission prompts off: Claude Code's `--dangerously-skip-permissions` and
    /// `bypassPermissions`, Codex's `--dangerously-bypass-approvals-and-sandbox` and `approval_policy = "never"`,
    /// Gemini's and Cursor's YOLO mode, every command auto-approved.
    static let permissionBypass = ScanPattern(
        #"--dangerously-skip-permissions|--dangerously-bypass-approvals-and-sandbox|--yolo\b|"#
            + #"\byolo[ -]?(mode|modus|modo|モード|模式|모드)|["']?defaultmode["']?\s*[:=]\s*["']?bypasspermissions|"#
            + #"approval_policy\s*=\s*["']?never|--ask-for-approval\s+never|\bauto-?approve\s+(all|every|any)\b"#)
    /// A place where skipping the prompts harms nothing: a container or a machine thrown away after the task.
    static let sandbox = ScanPattern(
        #"container|docker|sandbox\w*|\bvms?\b|virtual machine|disposable|ephemeral|throwaway|throw-away|"#
            + #"codespace|podman|firecracker|\bci\b|ci/cd|github actions|wegwerf\w*|contenedor|conteneur|contêiner|descartável|jetable|"#
            + #"desechable|コンテナ|サンドボックス|使い捨て|容器|沙箱|一次性"#)
    /// A negation that states a purpose, not a prohibition: "Para não travar as tarefas, o time combinou:", "so as
    /// not to block", "um nicht zu warten".
    static let purposeNegation = ScanPattern(
        #"\b(para|pra)\s+(não|no)\b[^,.:;]*|\bpour ne pas\b[^,.:;]*|\bum\b[^,.:;]*\bnicht\b[^,.:;]*\bzu\b|"#
            + #"\b(so as|in order) not to\b[^,.:;]*|\bper non\b[^,.:;]*|为了不[^，,。]*|ないように|止めないため|"#
            + #"\bpour (l'|les |cela |ça )?éviter\b[^,.:;]*|\bpara (evitar\w*|no tener que)\b[^,.:;]*|"#
            + #"\bum\b[^,.:;]*\bzu vermeiden\b|\bto avoid (this|that|it)\b"#)
    /// Softer: acting without the user's say-so.
    static let withoutAsking = ScanPattern(
        #"\bwithout (asking|confirmation|confirming|checking with|permission|approval)\b[^.]{0,30}|"#
            + #"\b(do not|don'?t|never) (ask|wait) (the user )?for (confirmation|permission|approval)"#)
    /// A build tool's marker in a comment ("generated by scripts/build.ts; do not hand-edit"): it speaks to editors.
    static let generatedMarker = ScanPattern(
        #"\b(do not|don'?t|never) (hand[- ])?(edit|modify|change)\b|\b(auto-?generated|generated (by|from|with))\b|"#
            + #"\b(begin|end)[ _-]?(generated|auto|inline)|_(begin|end)\b"#)
    /// An HTML comment addressing an agent with an instruction.
    static let agentDirective = ScanPattern(
        #"\b(ai|assistants?|agents?|claude|llms?|models?|copilot|cursor|codex|gemini|chatgpt|gpt)\b"#)
    static let imperative = ScanPattern(
        #"\b(must|always|never|run|execute|send|read|fetch|download|delete|ignore|do not|don'?t|include|add|"#
            + #"insert|call|open|upload|install|write|remove|instead)\b"#)

    // MARK: Bundled scripts

    static let scriptNetwork = ScanPattern(
        #"\b(curl|wget|invoke-webrequest|iwr|irm)\b|requests\.(get|post|put|session)|\burllib\b|http\.client|"#
            + #"\bhttps?\.(get|request)\(|"#
            + #"\bhttpx\b|\baiohttp\b|\bfetch\(|\baxios\b|\bsocket\.|net\.connect|new websocket|xmlhttprequest|"#
            + #"/dev/tcp/|\bnc\s|\bnet/http\b|\bopen-uri\b|"#
            // Rust, Go, C#, Java, Ruby, Swift and PowerShell clients and sockets.
            + #"\btcpstream::connect|\breqwest\b|\bureq::|\bnet\.dial\w*\(|\bhttp\.(post|postform|newrequest)\(|"#
            + #"\bhttpclient\b|\bwebclient\b|\b(post|send|put)async\(|\bnet::http\b|\bfaraday\b|\bhttparty\b|"#
            + #"\burlsession\b|\bokhttp\b|java\.net\.http|\.openconnection\(|\binvoke-restmethod\b|\btcpclient\b"#)
    static let scriptSpawn = ScanPattern(
        #"subprocess\.\w+\([^)]*shell\s*=\s*true|\bos\.system\(|\bos\.popen\(|\bshell\s*:\s*true|\bexecsync\(|"#
            + #"\bspawn\w*\(\s*['"](/bin/|/usr/bin/)?(ba|z)?sh['"]|"#
            + #"\beval\(|\bexec\(|\beval\s+["'$]|\b(bash|sh)\s+-c\b|pty\.spawn|runtime\.getruntime\(\)\.exec|"#
            + #"\bshell_exec\(|\bproc_open\(|\bsystem\(\s*["'][^"']*["']\s*\)|\bstart-process\b"#)
    /// `curl … -o FILE` (or `wget -O FILE`): the file a download is saved to, to see whether it is run after.
    static let downloadTarget = ScanPattern(
        #"\b(?:curl\b[^|\n]*\s-(?:[a-z]*o|-output)\s*|wget\b[^|\n]*\s-(?:o|-output-document)\s*)["']?([^\s"';|&]+)"#)
    static let downloadExecute = ScanPattern(
        #"\bexec\s*\(\s*(urlopen|urllib|requests\.get|httpx\.get)|\beval\s*\(\s*(await\s+)?\(?\s*(await\s+)?fetch\b|"#
            + #"\bnew function\s*\(\s*(await\s+)?\(?\s*(await\s+)?fetch\b"#)
}
