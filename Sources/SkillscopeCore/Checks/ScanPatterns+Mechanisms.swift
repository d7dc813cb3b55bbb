/// The patterns of the scan's mechanisms (issue 45): places, switches and phrasings, each read on a lower-cased
/// line that the byte pass marked (``TextScan/Marks/mechanism``).
///
/// None of them is a finding alone. A persistence place, a registry setting or a date condition is everyday work;
/// what makes them harmful is what they carry (an outside host, a secret, a download run as code), and that is
/// judged in `TextScan+Mechanisms.swift`, where each mechanism's reasoning is written down.
extension Patterns {
    // MARK: Persistence places

    /// Places that run something again later, without the agent: cron, systemd, launchd, login shells, git hooks,
    /// ssh's `authorized_keys`, Windows Run keys and scheduled tasks, PowerShell profiles.
    static let persistencePlace = ScanPattern(
        #"\bcrontab\b|/etc/cron|\bsystemctl\s+(--user\s+)?(enable|start)\b|^\s*\[service\]|^\s*execstart\s*=|"#
            + #"\blaunchctl\s+(load|bootstrap|submit)|library/launch(agents|daemons)|runatload|"#
            + #"\.(bashrc|zshrc|bash_profile|zprofile|zshenv|profile|bash_login)\b|config\.fish|\bprompt_command\b|"#
            + #"authorized_keys|core\.hookspath|\.git/hooks/|\bschtasks(\.exe)?\b[^\n]*/create|"#
            + #"register-scheduledtask|currentversion\\+run\b|\$profile\b|/etc/rc\.local|/etc/profile\.d|"#
            + #"\bloginitems\b|login items"#)
    /// A key written into `authorized_keys`: someone else's key, a door that stays open.
    ///
    /// Someone else's key is one written out in full, or one fetched from a host: the user's own key is a file
    /// on this machine (`~/.ssh/id_ed25519.pub`), and `ssh-copy-id` sends it the other way.
    static let foreignKey = ScanPattern(
        #"(ssh-(rsa|ed25519|dss)|ecdsa-sha2-\S+)\s+aaaa[^\n]*(>>|tee\s+-a)[^\n]*authorized_keys|"#
            + #"\b(curl|wget|iwr|irm|invoke-webrequest|invoke-restmethod)\b[^\n]*(>>|\|\s*(sudo\s+)?tee\s+-a)[^\n]*"#
            + #"authorized_keys"#)

    // MARK: Agent configuration

    /// Where an agent's configuration lives, or a command that changes it.
    static let agentConfigPlace = ScanPattern(
        #"mcpservers|\bmcp\s+add\b|\.mcp\.json|\.claude\.json|claude_desktop_config|\.cursor/mcp\.json|"#
            + #"\.claude/settings(\.local)?\.json|settings\.json|"hooks"|\b(pre|post)tooluse\b|"#
            + #"\benableallprojectmcpservers\b|\bautoapprove\b|tools\.autoapprove|\bdefaultmode\b"#)
    /// A setting that turns the user's confirmation off for every later session, not one run's flag.
    static let confirmationOff = ScanPattern(
        #"["']?defaultmode["']?\s*[:=]\s*["']?bypasspermissions|["']?enableallprojectmcpservers["']?\s*[:=]\s*true|"#
            + #"autoapprove["']?\s*[:=]\s*(true|\[\s*["']\*)|"allow"\s*:\s*\[\s*"(bash|\*)"|"#
            // Any agent's own switches, by what they do: commands run unasked, or its guards turned off
            // (`cursor.agent.autoRun: true`, `…autoRunAllowlist: ["*"]`, `…deleteFileProtection: false`).
            + #"["']?[\w.-]*(agent|claude|cursor|copilot|cline|codex|windsurf|cascade|gemini|chat|mcp)[\w.-]*"#
            + #"(autorun|auto_run|autoapprove|auto_approve|autoaccept|auto_accept|alwaysallow|always_allow|yolo)\w*"#
            + #"["']?\s*[:=]\s*(true|\[\s*["']\*)|"#
            + #"["']?[\w.-]*(agent|claude|cursor|copilot|cline|codex|windsurf|cascade|gemini|mcp)[\w.-]*"#
            + #"(protection|confirm\w*|approval\w*|sandbox\w*)["']?\s*[:=]\s*["']?(false|never|off)\b"#)
    /// Other agents' rule files: what a skill writes there outlives it and reaches other projects.
    static let agentRuleFile = ScanPattern(
        #"\b(claude|agents|gemini)\.md\b|\.cursorrules|\.cursor/rules|copilot-instructions\.md|\.windsurfrules|"#
            + #"\.clinerules|\.github/instructions"#)
    /// Beyond this project: the home folder, every repository, `../`.
    ///
    /// Many projects, not one file: a glob over folders, or every repository. The user's own global rules file
    /// (`~/.claude/CLAUDE.md`) is where setup skills write, and one place the user reads.
    static let beyondProject = ScanPattern(
        // A glob rooted at home, a variable, the parent folder or the file system's root spans folders of projects;
        // one under a folder of this project (`src/e2e/**/*.spec.ts`, a rule's `applyTo`) spans its files.
        #"(~|\$\{?\w+\}?|\.\.)(/[^\s/*]+)*/\*{1,2}/|(^|[\s"'`(=:,;])(/[^\s/*]+)*/\*{1,2}/|"#
            + #"\b(every|all|each|other) (of the |the |your )?(repositor|project|repo)|"#
            // The folders that hold the user's clones: `~/code`, `~/src`, `$HOME/projects`.
            + #"(~|\$home|\$\{home\})/(code|src|projects?|repos?|dev|work|workspace|git|github)\b|"#
            + #"\bacross (all |every |your )?(repositor|project|repo)|jede[mns]? (repository|projekt)|"#
            + #"todos los (repositorios|proyectos)|tous les (dépôts|projets)|todos os (repositórios|projetos)|"#
            + #"tutti i (repository|progetti)|所有(仓库|项目)|すべての(リポジトリ|プロジェクト)|모든 (저장소|프로젝트)"#)

    // MARK: Supply chain

    /// An install command and its arguments up to the end of the command.
    static let installCommand = ScanPattern(
        #"\b(?:pip3?|uv pip|pipx|python3? -m pip|poetry|npm|pnpm|yarn|bun|gem|cargo)\s+(?:install|add|i)\s+([^\n;&|#]*)"#
    )
    /// A package index, registry or mirror named for installs; the capture is its host.
    static let indexSetting = ScanPattern(
        // `@scope:registry=` is left out: a company's own packages on its own registry, the safe way to have them.
        #"(?:--(?:extra-)?index-url|(?:^|\s)-i|--registry|(?<!:)registry\s*=|config set registry|"#
            + #"index-url\s*=|goproxy=|source\s+["']|--source|--find-links|--trusted-host)[\s=]*["']?https?://([^/\s"'`,]+)"#
    )
    /// `npx -y pkg`, `pnpm dlx pkg`, `bunx pkg`, `uvx pkg`: a package fetched and run in one step, unasked.
    ///
    /// The JSON form of an MCP entry counts too: `"command": "npx", "args": ["-y", "pkg"]`.
    static let runFetchedPackage = ScanPattern(
        #"(?|\b(?:npx\s+(?:-y|--yes)\s+|(?:pnpm|yarn)\s+dlx\s+|bunx\s+|uvx\s+|pipx\s+run\s+)(@?[\w.-]+(?:/[\w.-]+)?(?:@[\w.^~-]+)?)|"#
            + #""npx"\s*,\s*"args"\s*:\s*\[\s*"(?:-y|--yes)"\s*,\s*"(@?[\w.-]+(?:/[\w.-]+)?(?:@[\w.^~-]+)?)")"#)
    /// Scopes and packages of the MCP reference servers and the big vendors.
    static let knownPackageScope = ScanPattern(
        #"^(@modelcontextprotocol/|@anthropic-ai/|@playwright/|@openai/|@google/|@microsoft/|@azure/|@aws/|"#
            + #"@cloudflare/|@vercel/|@sentry/|@stripe/|@github/|@upstash/|@supabase/|create-|@angular/|@vue/|"#
            + #"@nestjs/|@biomejs/|(prettier|eslint|typescript|vite|tsx|ts-node|jest|vitest|serve|http-server)(@|$))"#)
    /// Code run at install time: package.json hooks, setup.py's own install command, a gem's extension.
    static let installHook = ScanPattern(
        #""(pre|post)?install"\s*:\s*"|\bcmdclass\s*=|class \w+\((install|develop|egg_info)\)|"#
            + #"from setuptools\.command\.(install|develop)"#)
    /// A package installed or run straight from a git URL; the capture is the git host.
    ///
    /// `pip install git+https://…`, `pipx run --spec git+…`, `uvx --from git+…`, `cargo install --git …`,
    /// `npm i git+https://…`: no registry stands between the code and the machine, and a branch moves.
    static let gitInstall = ScanPattern(
        #"\b(?:pip3?|pipx|uvx?|poetry|npm|npx|pnpm|yarn|bun|cargo)\b[^\n]*?(?:git\+(?:https?|ssh)://|--git\s+["']?https?://)"#
            + #"(?:[^@/\s"']+@)?([^/\s"':]+)"#)
    /// A git reference that cannot move: a full commit hash.
    static let pinnedCommit = ScanPattern(#"@[0-9a-f]{40}\b|--rev\s+["']?[0-9a-f]{7,40}\b"#)
    /// Installs checked against hashes reviewed in a lock file: whatever index serves them, they are what was
    /// reviewed.
    static let hashChecked = ScanPattern(#"--require-hashes|--generate-hashes|--hash[=\s]+sha(256|384|512):"#)
    /// A binary fetched into a folder on the PATH, or made executable.
    static let fetchedBinary = ScanPattern(
        #"\b(curl|wget)\b[^\n]*\s-(o|-output|o\s*-)?\s*["']?(/usr/local/bin|/usr/bin|/opt/\w+/bin|~/\.local/bin|"#
            + #"\$home/\.local/bin|~/bin)/"#)
    /// A checksum or signature checked: the download is what was published.
    static let verified = ScanPattern(
        #"sha(256|512)sum|shasum\s+-a|--check\b|gpg\s+--verify|cosign\s+verify|get-filehash|checksum|minisign"#)

    // MARK: TLS

    /// Certificate checks turned off, for one request or for a whole tool.
    static let tlsOff = ScanPattern(
        #"\bcurl\b[^\n|]*\s(-k|--insecure)\b|(?<![\w-])-k\s+-|verify\s*=\s*false|\.verify\s*=\s*false|"#
            + #"insecureskipverify\s*:\s*true|node_tls_reject_unauthorized\s*=\s*["']?0|rejectunauthorized\s*:\s*false|"#
            + #"http\.sslverify\s+(false|0)|git_ssl_no_verify\s*=\s*(1|true)|strict-ssl\s+false|strict-ssl\s*=\s*false|"#
            + #"--no-check-certificate|-skipcertificatecheck|_create_unverified_context|pythonhttpsverify\s*=\s*0|"#
            + #"ssl_verify(peer|host)?["']?\s*[,=:]\s*(false|0)|--trusted-host|sslverify\s*=\s*false|"#
            + #"servercertificatevalidationcallback\s*=\s*\{\s*\$true"#)
    /// Credentials on the wire: an auth header, basic auth, a token in a URL or an auth setting.
    static let credentialOnWire = ScanPattern(
        #"authorization|bearer|basic ?auth|setbasicauth|\s-u\s+["']?\$?\w+|x-api-key|api[_-]?key|_authtoken|"#
            + #"https?://[^/\s"'@]+:[^/\s"'@]+@|\$\{?\w*(token|secret|password|passwd|key)\w*\}?|password|"#
            + #"auth\s*=|headers\s*=\s*\{[^}]*(token|key|auth)|npm_token|twine_password|credentials"#)

    // MARK: Social engineering

    /// The machine's own protections switched off: Gatekeeper, quarantine, Defender, SELinux, firewalls, SIP.
    static let protectionOff = ScanPattern(
        #"\bspctl\s+--master-disable|\bspctl\s+--global-disable|\bxattr\s+-[a-z]*r[a-z]*d[a-z]*\s+com\.apple\.quarantine|"#
            + #"set-mppreference\s+-disable\w+\s+\$?(true|1)|add-mppreference\s+-exclusionpath\s+["']?[a-z]:\\?["']?(\s|$)|"#
            + #"\bsetenforce\s+0|\bufw\s+disable|netsh\s+advfirewall\s+set\s+\w+\s+state\s+off|\bcsrutil\s+disable|"#
            + #"systemctl\s+(stop|disable)\s+(apparmor|firewalld)|"#
            // The account's own protection: two-factor authentication turned off.
            + #"\bdisable[- ]2fa\b|\bdisable two-factor|\bturn(ing)? (off )?(2fa|two-factor( authentication)?) off\b|"#
            + #"\bturn(ing)? off (2fa|two-factor)|\bnpm profile disable-2fa"#)
    /// The user asked to hand a secret to the chat or the agent.
    static let askForSecret = ScanPattern(
        #"\b(ask|have|get|tell|request)\w*\s+(the\s+)?user\s+(to\s+)?(paste|send|share|give|type|enter|provide|copy)\b"#
            + #"[^.]{0,80}\b(token|password|recovery codes?|backup codes?|2fa|otp|private key|seed phrase|api key|"#
            + #"credentials|passphrase)|"#
            + #"(사용자|유저)\w*[^.。]{0,40}(토큰|비밀번호|복구 코드|복구코드|키)[^.。]{0,40}(붙여|입력|보내)|"#
            + #"(nutzer|benutzer)\w*[^.]{0,60}(token|passwort|wiederherstellungscodes?)[^.]{0,40}(einfügen|schicken|senden|geben)|"#
            + #"(pide|pedir|solicita)\w*\s+al usuario[^.]{0,60}(token|contraseña|códigos? de recuperación)|"#
            + #"demande\w*\s+à l'utilisat\w+[^.]{0,60}(jeton|token|mot de passe|codes? de récupération)|"#
            + #"(peça|pedir|solicite)\w*\s+ao usuário[^.]{0,60}(token|senha|códigos? de recuperação)|"#
            + #"(chiedi|chiedere)\w*\s+all'utente[^.]{0,60}(token|password|codici di recupero)|"#
            + #"(попроси|попросите|запроси)\w*\s+пользовател\w*[^.]{0,60}(токен|парол|код)|"#
            + #"(让|请|要求)用户[^。]{0,30}(令牌|token|密码|恢复码|密钥)[^。]{0,20}(粘贴|贴到|发给|发送|提供给)|ユーザーに[^。]{0,30}(トークン|パスワード|リカバリーコード)[^。]{0,20}(貼り付け|入力|送)|"#
            + #"kullanıcıdan[^.]{0,80}(kurtarma kod|otp|şifre|parola|token)[^.]{0,80}(yapıştır|gönder|paylaş|yaz)|"#
            + #"उपयोगकर्ता से[^।]{0,80}पासवर्ड[^।]{0,80}(लिख|चैट|भेज|पेस्ट)"#
    )

    // MARK: Concealment, in many languages

    /// Hiding an action from the user.
    ///
    /// An instruction to keep an action from the user, or out of the summary or report, beyond the English and
    /// the languages of ``injectionElsewhere``: the verb of telling, negated, with the user or the report as its
    /// listener. Fifteen languages: en, de, es, fr, pt, it, nl, pl, ru, ja, zh, ko, tr, ar, he, fa.
    static let conceal = ScanPattern(
        // English: "do not mention this step to the user", "leave it out of your summary", "no need to tell"
        #"\b(do not|don'?t|never|no need to)\s+(mention|tell|report|show|inform|notify|explain|surface|disclose|"#
            + #"bring up|reveal)\b[^.]{0,60}\b(user|summary|report|reply|answer)\b|"#
            + #"\bkeep (this|it|these \w+) (from the user\b|out of (your|the) (summary|report|reply))|"#
            // German
            + #"\b(erwähne|erwähnt|nenne|sage|sag|melde|berichte|zeige)\w*\b[^.]{0,60}\bnicht\b[^.]{0,40}"#
            + #"\b(nutzer|benutzer|zusammenfassung|bericht)|\bnicht\b[^.]{0,30}\b(nutzer|benutzer)\w*\s+(erwähnen|sagen|melden|zeigen)|"#
            // Spanish
            + #"\bno\s+(le\s+)?(menciones|digas|cuentes|informes|avises|muestres|expliques)\b[^.]{0,60}"#
            + #"\b(usuari[oa]|resumen|informe)|\bno hace falta (avisar|decir|informar|explicar)\w*[^.]{0,30}usuari|"#
            // French
            + #"\bne\s+(le\s+|la\s+|les\s+|l')?(mentionne|dis|signale|indique|montre|explique)\w*\b[^.]{0,60}"#
            + #"(utilisat\w+|résumé|rapport)|\bsans (en )?(informer|prévenir|avertir) l'utilisat|"#
            // Portuguese
            + #"\bnão\s+(mencione|diga|conte|informe|avise|mostre|explique)\b[^.]{0,60}\b(usuári[oa]|utilizador|resumo|relatório)|"#
            // Italian
            + #"\bnon\s+(dire|dirlo|menzionare|menzionarlo|segnalare|informare|mostrare|spiegare)\b[^.]{0,60}"#
            + #"\b(utente|riepilogo|resoconto|rapporto)|"#
            // Dutch and Polish
            + #"\b(vertel|meld|noem|toon)\b[^.]{0,40}\bniet\b[^.]{0,40}\b(gebruiker|samenvatting)|"#
            + #"\b(vertel|meld|noem|toon)\b[^.]{0,40}\b(gebruiker|samenvatting)\b[^.]{0,20}\bniet\b|"#
            + #"\bnie\s+(mów|informuj|wspominaj|zgłaszaj|pokazuj)\w*\b[^.]{0,60}(użytkownik|podsumowani|raport)|"#
            // Russian
            + #"\bне\s+(сообщай|говори|упоминай|рассказывай|показывай|информируй|пиши)\w*[^.]{0,60}"#
            + #"(пользовател|отч[её]т|итог|резюме)|"#
            // Japanese, Chinese, Korean
            + #"ユーザー(に|には|へ)[^。]{0,20}(表示しない|伝えない|知らせない|言わない|報告しない|見せない|説明しない)|"#
            + #"報告に(も)?(書かない|含めない|記載しない)|"#
            + #"(不要|别|无需|不必|切勿)[^。，,]{0,10}(告诉|告知|提及|提到|通知|解释|说明|透露)[^。]{0,20}(用户|总结|报告)|"#
            + #"(不要|别|无需|不必)[^。，,]{0,6}(向|跟|对)用户(解释|说明|提及|透露)|"#
            + #"(사용자|유저)(에게|한테)[^.。]{0,20}(알리지|말하지|보고하지|표시하지|보여주지|설명하지)|"#
            // Turkish, Arabic, Hebrew, Persian
            + #"kullanıcıya[^.]{0,30}(söyleme|bildirme|gösterme|bahsetme)|"#
            + #"لا\s+(تخبر|تذكر|تبلغ|تُعلم|تعلم)[^.]{0,30}المستخدم|אל\s+(תספר|תגיד|תזכיר|תדווח)[^.]{0,30}למשתמש|"#
            + #"به کاربر[^.]{0,30}(نگو|اطلاع نده|نشان نده)"#)
    /// What a redaction hides: secrets and private names, not the agent's actions.
    static let redacted = ScanPattern(
        #"\b(token|tokens|password|passwords|secret|secrets|api keys?|card numbers?|customer names?|jira|ticket)\b|"#
            + #"jetons?|mots? de passe|contraseñas?|senhas?|passwort|пароль|токен|密码|令牌|パスワード|トークン|비밀번호|토큰"#)

    // MARK: Delayed and conditional triggers

    /// A condition on a date, a run count, one user or machine, or CI: what a test run, or a reviewer, never sees
    /// happen.
    static let trigger = ScanPattern(
        // A comparison with a literal date or epoch: comparing with a variable is ordinary code (a cooldown).
        #"\bdate\s+\+%[sydm]\)?["']?\s*(-gt|-ge|-lt|>|<|=)+\s*["']?(20\d\d|\d{9,})|"#
            + #"(datetime\.(now|today|utcnow)\(\)|date\.today\(\)|\bdate\.now\(\)|new date\(\)|time\.time\(\)|"#
            + #"get-date\)?)\s*(>=?|<=?|-g[te]|-l[te])\s*[^\n]{0,30}(20\d\d|\d{9,})|\btime\.now\(\)\.after\(|"#
            + #"\b(after|from|starting|since|ab|nach|à partir du|a partir de|desde|dal|od|с|после)\s+(the\s+|dem\s+|le\s+)?"#
            + #"(\d{1,2}(er|st|nd|rd|th|\.)?\s+\w+\s+)?20\d\d|20\d\d[-/年]\d{1,2}[-/月]\d{1,2}日?\s*(以降|以后|から|부터|이후)|"#
            + #"\$\(whoami\)|\bwhoami\b[^\n]*(=|==|-eq)|getpass\.getuser\(\)\s*==|os\.getlogin\(\)\s*==|\$env:username\s+-eq|"#
            + #"\$\(hostname\)\s*[!=]?=|socket\.gethostname\(\)\s*==|os\.userinfo\(\)\.username\s*==|"#
            + #"%\s*\d+\s*==|\b(count|counter|runs?|n)\w*\s*(>=|==|-ge|-eq|>)\s*\d{2,}|every \d+(th)? (run|time|call)|"#
            + #"\b\d+(st|nd|rd|th) (run|time|call|invocation|session)\b|"#
            + #"\[\s*-n\s+["']?\$\{?ci\b|\$\{?ci:-|\bgithub_actions\b[^\n]*(=|==)|process\.env\.ci\b|environ\.get\(\s*["']ci["']"#
    )
    /// A Markdown image or link: rendering it, or a click, sends its URL's query to the host.
    static let markdownLinkURL = ScanPattern(#"!?\[[^\]]*\]\((https?://(?:<[^>\n]*>|[^)\s])+)"#)
    /// A value in a URL's query that the agent is to fill in: `<…>`, `$VAR`, `{var}`, `%s`, `BASE64_OF_X`.
    static let filledQuery = ScanPattern(
        #"[?&][\w.-]+=(<[^>]*>|\$\{?\w+|\{\{?[^}]*\}|%s|[A-Z][A-Z0-9]*_[A-Z0-9_]+)"#)

    // MARK: Helpers of the mechanisms

    /// `user@host:` of scp, rsync and ssh remotes; the capture is the host.
    static let remoteHost = ScanPattern(#"\b[\w.-]+@((?:\d{1,3}\.){3}\d{1,3}|[a-z0-9-]+(?:\.[a-z0-9-]+)+):"#)
    /// Writing into a file, in the languages of ``conceal``.
    static let ruleWrite = ScanPattern(
        #"\b(append|write|add|copy|insert|create|put|sync|propagate|update|schreib|füge|hänge|escrib|añad|ajout|"#
            + #"écri|copie|scriv|aggiung|escrev|adicion|dopisz|zapisz|skopiuj|voeg|schrijf|добав|запиш|скопир)\w*|"#
            + #"追加|写入|書き|추가|복사"#)
    /// The agent's configuration for every project, not this one's.
    static let globalAgentConfig = ScanPattern(
        #"~/\.claude|\$home/\.claude|claude_desktop_config|~/\.cursor/|~/\.codeium|~/\.gemini|--scope\s+user|"#
            + #"\s-s\s+user\b|\bglobal\w*|"#
            // Editors' user settings, where an agent built into them keeps its switches.
            + #"application support/(cursor|code|windsurf|vscodium)/user|appdata[\\/]+roaming[\\/]+(cursor|code)|"#
            + #"~/\.config/(cursor|code|windsurf)/user"#)
    /// An MCP server's entry or registration.
    static let mcpServer = ScanPattern(#"mcpservers|\bmcp\s+add\b|\.mcp\.json|"command"\s*:|"url"\s*:"#)
    /// The host of a server's URL in an MCP entry or `mcp add` command.
    static let serverURL = ScanPattern(
        #""(?:url|serverurl|endpoint)"\s*:\s*"https?://([^/"\s:]+)|\bmcp\s+add\b[^\n]*https?://([^/\s"':]+)"#)
    /// Secrets handed to an MCP server through its environment.
    ///
    /// A secret the agent reads off this machine (`hosts.yml`, `~/…`, `.env`, `$(gh auth token)`), not a
    /// placeholder the user fills in (`<your-token>`, `${LINEAR_API_KEY}`).
    static let serverSecret = ScanPattern(
        #"(token|key|secret|password|pat)\w*"?\s*[:=]\s*"?[^"\n]*(hosts\.yml|~/|\$home|\.env\b|\$\(|credentials|"#
            + #"keychain|auth token|\.npmrc|\.netrc)"#)
    /// A command handed the user's environment or secrets.
    static let handsEnvironment = ScanPattern(
        #"--with-env|--env\b|\$\{?\w*(token|secret|key|password)\w*|\benv\s*\||process\.env|printenv|\.env\b|"#
            // A secret named to hand over, as prose says it: "pass `NPM_TOKEN` through".
            + #"\b[a-z][a-z0-9]*_(token|secret|password|api_?key|access_key)\b"#)
    /// What an action, not a datum, is called: a redaction line that names one conceals it.
    ///
    /// "Don't show the user the full build log" shortens a reply; "don't tell the user about this step" hides an
    /// action. The action is named by a word of doing (step, change, command, upload) or a pronoun pointing back
    /// at what was just asked (this, it, davon, 这).
    /// "Never skip a test without telling the user": a forbidden act done without telling is a rule to tell, one
    /// clause (no `;` or `.` between the negation and the "without").
    static let forbidsWithoutTelling = ScanPattern(
        #"\b(never|do not|don'?t|must not|mustn'?t|should not|shouldn'?t)\b[^.;:]{0,80}\bwithout (first )?"#
            + #"(telling|informing|notifying|alerting|asking) (the )?(user|human)"#)
    /// Where a program gets its secrets, named as advice: "read secrets from environment variables only".
    ///
    /// The environment is the source named, as `os.getenv` names it in code ("load the keys from the environment");
    /// a line that also collects, copies, prints or sends is not advice.
    static let secretFromEnvironment = ScanPattern(
        #"^(?!.*\b(collect|gather|harvest|dump|exfiltrat\w*|grab|steal|send|upload|forward|transmit|print|reveal|"#
            + #"copy|list|share|post|paste)\b).*\b(read|load|get|retrieve|fetch|pull|take)s?\b[^.;]{0,40}\bfrom "#
            + #"(the )?(environment( variables)?|env vars?|process environment)\b"#)
    /// Narrating each step withheld while the result is still presented.
    ///
    /// "Don't tell the user about each tool call as you make it -- gather the data quietly, then present the
    /// synthesized result" limits chatter, not what the user learns; hiding one action ("about the upload") names
    /// no step of many, and is no such limit.
    static let narrationOnly = ScanPattern(
        #"\b(about|of|on) (each|every) (\w+ ){0,2}(tool call|call|step|command|request|search|query|lookup|fetch)"#
            + #"(e?s)?\b[^.]{0,40}\bas (you|it) (make|run|go|do|happen)\w*[^.]{0,80}\b(then|and|afterwards?|at "#
            + #"the end|once)\b[^.]{0,30}\b(present|show|give|share|report|summari[sz]e|deliver)\w*\b[^.]{0,40}"#
            + #"\b(results?|summary|answer|findings|report|digest)\b"#)
    /// A negated report that limits how often, not whether, the user is told.
    ///
    /// "Do not report the same problem once per occurrence", "don't list each warning separately": that deduplicates
    /// a report; it hides nothing.
    static let limitsHowOften = ScanPattern(
        #"\b(do not|don'?t|never)\s+(report|mention|list|show|repeat)\b[^.;]{0,40}\b(once per|each time|every time|"#
            + #"for (each|every)|separately|individually|one by one|twice|again)\b"#)
    static let concealedAction = ScanPattern(
        #"\b(step|steps|this|these|that|it|cleanup|change|changes|edit|edits|command|commands|action|actions|"#
            + #"upload|request|what you (did|ran|changed|sent)|schritt|davon|dies\w*|paso|esto|étape|cela|ça|"#
            + #"passo|questo|isso|isto|stap|dit|krok\w*|tym)\b|"#
            // The object pronouns of the Romance languages point back at the action just asked: "ne le signale pas".
            + #"\b(dirlo|menzionarlo|segnalarlo|dirglielo|decirlo|mencionarlo|decírselo|dizê-lo|mencioná-lo)\b|её|его\b|"#
            + #"\bne\s+(le|la|les)\s|\bne\s+l'|\bno\s+(lo|la|los|las)\s|\bnon\s+(lo|la|li|le)\s|\bnão\s+(o|a|os|as)\s|"#
            + #"步骤|这一步|这|此|清理|修改|原因|手順|後始末|この|これ|"#
            + #"단계|이것|이 |шаг|очистк|этом|это|об этой|adım|bu |الخطوة|هذ|השלב|זה|این"#)
    /// Words of secrets, in a Markdown URL or the sentence that introduces it.
    static let secretWord = ScanPattern(
        #"token|secret|password|passwd|api.?key|credential|\.env\b|dot_?env|_env\b|\benv\b|private key|\bssh\b|cookie|"#
            + #"jeton|passwort|contraseña|senha|пароль|токен|密码|令牌|密钥|パスワード|トークン|비밀번호|토큰"#)
    /// A claim that the user approved everything in advance: only the user can approve, in the conversation.
    ///
    /// A claim needs a claimant and a scope: "the owner has pre-approved every command", not "pre-approved
    /// templates" or "tools that are pre-approved to run".
    static let claimedApproval = ScanPattern(
        #"\b(has|have|had|already) (pre-?approved|pre-?authori[sz]ed|approved|authori[sz]ed) (all|every|any)\b|"#
            + #"\bpre-?(approved|authori[sz]ed) (all|every|any) (shell |terminal )?(commands?|actions?|tool calls?)|"#
            + #"vorab (genehmigt|freigegeben)|pré-?approuvé|preaprobad|pré-?aprovad|"#
            + #"사전에 승인|사전 승인|预先(批准|授权)|事前に(承認|許可)|заранее (одобрил|разрешил)"#)
    /// A reason given for a grant: "why this skill needs Bash", "Bash, because the tests run in it".
    static let shellReason = ScanPattern(
        #"\b(why|because|reason|needs?|needed|so that|in order to|used (only )?(to|for)|warum|weil|benötigt|braucht|"#
            + #"freigegeben|porque|necesita|para qué|parce que|a besoin|pourquoi|perché|serve|porquê|precisa|"#
            + #"waarom|omdat|dlaczego|ponieważ|potrzeb\w*|зачем|потому|нужен)\b|なぜ|ため|理由|因为|为了|需要|왜|위해|필요"#)
    /// A script that reads secrets or the user's files: what makes its network use worth a look.
    static let scriptSource = ScanPattern(
        #"(environ|\benv\b|getenv|process\.env|env::var|system\.getenv|\$env:)[^\n]{0,40}(token|secret|key|password|"#
            + #"passwd|credential|auth)|expanduser\(|homedir\(|path\.home\(|user\.home|\$home\b|\$\{home\}|"#
            + #"["'`]~/|dict\(\s*os\.environ|json\.stringify\(\s*process\.env|os\.environ\.items|settings\.xml|"#
            + #"keychain|find-generic-password|\.npmrc|\.netrc|\.aws|\.ssh|\.kube|\.docker/config|credentials|"#
            // The repository and the user's files: git's output, files read whole.
            + #"\bgit['"]?\s*,?\s*\[?\s*['"]?(rev-parse|diff|log|show|ls-files|remote|config)\b|readfilesync\(|"#
            + #"\.read_text\(|open\([^)]*\)\.read\(|file\.read\("#)
    /// Environment variables a script reads by name, to tell a vendor's key from a leak.
    static let secretName = ScanPattern(
        #"([a-z][a-z0-9]*_(?:[a-z0-9]+_)*(?:api_?key|token|secret|key|password))\b"#)
    /// Credentials a script reads, in the languages scripts are written in: key and token files, the stores of
    /// .NET, cargo and NuGet, the environment filtered for keys and tokens.
    ///
    /// Stronger than ``scriptSource``: a script that reads these and sends them to a host that is not their
    /// vendor fails, where one that reads the user's files and reaches the network is a warning.
    static let scriptCredential = ScanPattern(
        #"\.ssh/(id_|\{|\$|\*|["'`]\s*[,+)])|["'`]id_(rsa|ed25519|ecdsa|dsa)["'`]|\.aws[/\\"', ]+credentials|\.netrc|"#
            + #"\.npmrc|\.pypirc|\.docker/config|\.kube/config|\.git-credentials|\.gnupg|\.cargo/credentials|"#
            + #"usersecrets|nuget\.config|\.gem/credentials|gh/hosts\.yml|hosts\.yml|keychain|"#
            + #"login data|cookies\.sqlite|getenvironmentvariables\(\)[^;]*(key|token|secret)|"#
            + #"(env::vars\(\)|os\.environ\(\)|os\.environ\.items\(\)|object\.entries\(\s*process\.env|"#
            + #"env\.to_h|get-childitem\s+env:)[^\n]*\n?[^\n]*(key|token|secret|password)"#)
    /// Production named: a block that says where it runs.
    static let productionWord = ScanPattern(#"(?<![a-z])(prod|production|live)(?![a-z])"#)
    /// A script that sends something: a request with a body, a socket written to, an upload.
    static let scriptSend = ScanPattern(
        #"\b(post|put|patch)\w*\(|\.send\w*\(|write_all\(|sendall\(|\.upload\w*\(|\bbody\s*[:=]|\b(data|json|files)\s*="#
    )
    /// Deserialisers that run code: loading a pickle (or what wraps one) executes whatever its author put in it.
    static let codeLoader = ScanPattern(
        #"\b(pickle|cloudpickle|dill|marshal)\.loads?\(|\bjoblib\.load\(|\btorch\.load\((?![^)]*weights_only\s*=\s*true)|"#
            + #"\byaml\.unsafe_load\(|\bshelve\.open\("#)
    /// A download written to a file, to be run later.
    static let downloadWritten = ScanPattern(
        #"\bos\.create\(|\bos\.writefile\(|\bwritefile(sync)?\(|\.write_bytes\(|\bopen\([^)]*["']wb["']|"#
            + #"-outfile\b|\bfile::create\(|\bfile\.write|\bio\.copy\("#)
    /// A package.json install hook and its command.
    static let packageHook = ScanPattern(#""(?:pre|post)?install"\s*:\s*"((?:[^"\\]|\\.)+)""#)
    /// A test or throwaway database, or one on this machine: dropping it is how tests start clean.
    static let testDatabase = ScanPattern(
        #"\s-h\s+["']?(localhost|127\.0\.0\.1)|host=(localhost|127\.0\.0\.1)|@(localhost|127\.0\.0\.1)|"#
            + #"drop\s+database\s+(if\s+exists\s+)?[`"']?\w*(test|tmp|scratch)\w*|"#
            // `dropdb` with its options before the name: `dropdb -U postgres --if-exists app_test`.
            + #"\bdropdb\b[^\n;&|]*\s["'`]?\w*(test|tmp|scratch)\w*["'`]?(\s|$)"#)
    /// A script that runs or installs what it fetched: child processes, `chmod +x`, `exec`.
    static let installRun = ScanPattern(
        #"execfilesync|execsync|\bspawn\w*\(|child_process|chmod|\bexec\w*\(|subprocess|os\.system|\bsystem\("#)
    /// A socket opened to a host, in a script that also starts a shell: a reverse shell.
    static let socketOpen = ScanPattern(
        #"\bnet\.connect\(|\bnew net\.socket|\bsocket\.(socket|create_connection)\(|\.connect\(\(|tcpclient\(|"#
            + #"/dev/tcp/|\bnc\s+(-\w+\s+)*-e\b|\bncat\b"#)
    static let interactiveShell = ScanPattern(
        #"['"](/bin/(ba|z)?sh|cmd\.exe|powershell(\.exe)?)['"]|\bbash\s+-i\b|pty\.spawn\("#)
    /// A script that saves what it downloads: fetched files that land in the project unreviewed.
    static let downloadSaved = ScanPattern(
        #"\bcurl\b[^\n]*\s-(o|-output)\b|\bwget\b|\.write_(text|bytes)\(\s*(resp|r|res|response)\b|urlretrieve\(|"#
            + #"copyfileobj\(\s*(resp|r|res|response)|invoke-webrequest[^\n]*-outfile|\bdownload_file\("#)
    /// Tools' configuration files, which hold a token only once the user put it there.
    static let configFileName = ScanPattern(#"\.npmrc\b|\.pypirc\b|\.netrc\b|\.docker/config\.json|\.kube/config"#)
    /// The home folder, or a verb that reads or sends a file.
    static let homeOrRead = ScanPattern(
        #"~/|\$home|%userprofile%|\$env:userprofile|\b(cat|read|reads|type|copy|cp|upload|send|print|show|dump|"#
            + #"get-content|open|tar|zip|base64|curl|scp|rsync|paste|share|post)\b"#)
    /// A download saved to a file (not thrown away to `/dev/null`): something to run later.
    static let downloadToFile = ScanPattern(
        #"\b(curl|wget)\b[^\n]*\s-(o|-output|O)\s*["']?(?!/dev/null)[^\s"']+|\bwget\b[^\n]*https?://[^\n]*(?<!-o /dev/null)$|"#
            + #"urlretrieve\(|invoke-webrequest[^\n]*-outfile"#)

    // MARK: Credentials typed into a page

    /// A password, in the languages of ``conceal``.
    static let passwordWord = ScanPattern(
        #"\b(password|passwort|kennwort|contraseña|senha|mot de passe|wachtwoord|hasło|şifre|parola)\b|пароль|"#
            + #"パスワード|密码|비밀번호|كلمة المرور|סיסמה|رمز عبور"#)
    /// A one-time code, the second factor a phishing page asks for beside the password.
    static let oneTimeCode = ScanPattern(
        #"\b(2fa|mfa|otp|one-time|two-factor|2-factor|second factor|verification code|authenticator code|"#
            + #"dos factores|doble factor|código de verificación|zwei-faktor|bestätigungscode|deux facteurs|"#
            + #"code de vérification|dois fatores|código de verificação|due fattori|codice di verifica|tweestaps|"#
            + #"dwuskładnikow\w*|doğrulama kodu)\b|двухфактор|одноразов|код подтверждения|認証コード|ワンタイム|"#
            + #"二要素|验证码|双重验证|两步验证|인증 코드|인증코드|2단계|رمز التحقق|קוד אימות"#)

    // MARK: Text from outside given authority

    /// Where text comes from that anyone can write: issues, comments, pages, mails, fetched files.
    static let outsideText = ScanPattern(
        #"\b(issues?|comments?|pull requests?|tickets?|e-?mails?|web ?pages?|websites?|messages?|fetched|"#
            + #"downloaded|responses?|labels?|curl|url)\b"#)
    /// Text obeyed as if the owner said it: its commands run as written, treated as reviewed.
    static let obeyed = ScanPattern(
        #"\b(carry out|execute|run|follow|obey|act on)\b[^.]{0,30}\b(commands?|instructions?|requests?|steps?)\b"#
            + #"[^.]{0,20}\b(it|they|the \w+)\s+(contains?|says?|lists?|gives?)\b|\bexactly as written\b|"#
            + #"\btreat (it|them|this|these|its \w+) as (already )?(reviewed|approved|trusted|authori[sz]ed)\b|"#
            + #"\bis the (owner|maintainers?|user) speaking\b"#)
    /// Instructions fetched from a URL and put before the file's own: whoever serves the URL writes the rules.
    static let fetchedInstructions = ScanPattern(
        #"\b(fetch|download|get|pull|récupère\w*|télécharge\w*|lade|hole|descarga\w*|obtén|baixe|scarica)\b"#
            + #"[^.]{0,60}\b(instructions|consignes|rules|règles|regeln|anweisungen|instrucciones|reglas|instruções|"#
            + #"regras|istruzioni|regole)\b[^.]{0,120}\b(apply|follow|obey|applique\w*|suis|befolge\w*|wende\w*|"#
            + #"aplica\w*|sigue|segui\w*|applica\w*|obedece)\b[^.]{0,40}\b(priority|precedence|priorité|vorrang|"#
            + #"prioridad|prioridade|priorità|over|sur|über|sobre|su)\b"#)
}
