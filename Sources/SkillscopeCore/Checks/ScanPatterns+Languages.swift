/// The security scan's patterns for instruction files written in other languages than English: German, Spanish,
/// French, Portuguese, Italian, Japanese and Chinese. Each reads a lower-cased line.
///
/// Injection phrasings and the words that forbid or warn are what changes with the language; commands, paths and
/// hosts do not, so the other categories need none.
extension Patterns {
    /// Words that forbid, as ``negation`` does in English: "nicht", "não", "ne … jamais", "禁止", "不要".
    static let negationElsewhere = ScanPattern(
        #"\b(nicht|niemals|nie|keine?[nrs]?|verboten|untersagt|vermeide\w*|"#
            + #"nunca|jamás|prohibid[oa]s?|evita[rn]?|no\s+((lo|la|los|las|le|les|te|se)\s+)?(uses|ejecutes|abras|leas|copies|hagas|pegues|instales|"#
            + #"subas|envíes|compartas|muestres|imprimas|incluyas|accedas|toques|borres|intentes|publiques|"#
            + #"se debe|debes|debe|está permitido)|"#
            + #"jamais|interdit[es]?|évite[rz]?|n(e\s+|')\S+\s+(pas|jamais|rien|aucun\w*)|"#
            + #"não|nem|proibid[oa]s?|evite|"#
            + #"mai|vietat[oi]|nessun\w*|ningún|ninguna?|nenhum\w*|geen|żaden|żadne\w*|hiçbir|никако\w*|"#
            // Dutch, Polish, Russian, Turkish
            + #"nooit|verboden|niet\s+(gebruiken|uitvoeren|lezen|openen|sturen|aanraken)|nigdy|zabronione|"#
            + #"nie\s+(używaj|uruchamiaj|czytaj|otwieraj|wysyłaj|ruszaj)|никогда|нельзя|запрещ\w*|"#
            + #"не\s+(трогай|проси|присылай|запускай|читай|открывай|отправляй|используй|выполняй|изменяй|меняй)\w*|asla|yasak\w*)\b|"#
            // Korean: "건드리지 않는다", "하지 말 것", "금지"
            + #"지\s*않는다|지\s*않습니다|지\s*말\s*것|지\s*마세요|지\s*마라|금지|안\s*된다|"#
            + #"しない|ないこと|ないで|禁止|厳禁|してはいけない|してはならない|避けて|"#
            + #"不要|禁止|切勿|不得|严禁|绝不|不能|不可以|避免"#)

    /// A reviewer's words in other languages: what to reject, detect, or call dangerous.
    static let reviewerElsewhere = ScanPattern(
        #"\b(ablehnen|zurückweisen|zurückgewiesen|abgelehnt|gefährlich\w*|bösartig\w*|verdächtig\w*|angriff\w*|"#
            + #"rechaza\w*|detecta\w*|peligros[oa]s?|malicios[oa]s?|sospechos[oa]s?|ataques?|"#
            + #"rejet\w*|refuse[rz]?|détecte[rz]?|dangereu(x|se)|malveillant\w*|suspect\w*|attaques?|"#
            + #"rejeit\w*|recus\w*|perigos[oa]s?|suspeit[oa]s?|"#
            + #"rifiut\w*|pericolos[oa]|sospett[oa])\b|"#
            + #"却下|拒否|危険|悪意|不審|攻撃|拒绝|驳回|危险|恶意|可疑|攻击"#)

    /// Phrasings that override the agent's instructions or hide what it does from the user.
    static let injectionElsewhere = ScanPattern(
        // German
        #"\b(ignorier\w*|vergiss|vergesst|missachte\w*)\b[^.]{0,40}\b(vorherigen|bisherigen|früheren|obigen|"#
            + #"vorangegangenen|system\w*)\s*(anweisungen|instruktionen|regeln|vorgaben|prompts?)?|"#
            + #"\bsystem(anweisungen|prompt)\b[^.]{0,40}\b(gelten nicht mehr|ungültig|außer kraft)|"#
            + #"\b(sag|sage|erzähl|erwähne|melde)\w*\s+(dem|der)\s+(nutzer|benutzer|anwender)\w*\s+nichts|"#
            + #"\b(ohne|nicht)\b[^.]{0,20}\b(nutzer|benutzer)\w*\s+(zu\s+)?(informieren|benachrichtigen)|"#
            // Spanish
            + #"\b(ignora|ignore|ignorad|olvida|olvide|omite|descarta)\s+(todas\s+|todo\s+)?(las\s+|lo\s+)?"#
            + #"(instrucciones|indicaciones|reglas|normas|directrices)\s+(anteriores|previas|del sistema|originales)|"#
            + #"\bno\s+(le\s+)?(cuentes|digas|informes|menciones|avises)\b[^.]{0,30}\b(usuario|usuaria)|"#
            // French
            + #"\b(ignore|ignorez|oublie|oubliez)\s+(toutes\s+|tout\s+)?(les\s+|ce qui précède)?"#
            + #"(instructions|consignes|règles|directives)?\s*(précédentes|antérieures|du système|ci-dessus)|"#
            + #"\bne\s+(dis|dites|mentionne|mentionnez|signale|signalez)\s+rien\b[^.]{0,30}\butilisat\w+|"#
            // Portuguese
            + #"\b(ignore|ignora|esqueça|esquece|desconsidere)\s+(todas\s+)?(as\s+)?"#
            + #"(instruções|regras|orientações|diretrizes)\s+(anteriores|prévias|do sistema|originais)|"#
            + #"\bnão\s+(conte|diga|informe|mencione|avise)\b[^.]{0,30}\b(usuário|usuária|utilizador)|"#
            // Italian
            + #"\b(ignora|dimentica)\s+(tutte\s+)?(le\s+)?(istruzioni|regole)\s+(precedenti|del sistema)|"#
            // Japanese
            + #"(これより前|以前|前|上記|これまで|今まで|先)の(指示|命令|ルール|指令)[^。]{0,30}無視|"#
            + #"システムプロンプト[^。]{0,20}(無視|無効)|ユーザーに(は)?[^。]{0,10}(伝えない|知らせない|言わない|"#
            + #"報告しない|気づかれない)|"#
            // Chinese
            + #"(忽略|无视|忘记|忽视)[^。]{0,10}(之前|以前|上面|前面|先前|所有|系统)[^。]{0,10}(指令|指示|规则|说明|提示)|"#
            + #"(不要|别|切勿|不得)(告诉|通知|告知|提醒)(用户|使用者)|(关闭|禁用|跳过)(所有|全部)?(的)?安全检查"#)

    /// Acting without the user's say-so, in other languages ("ohne Rückfrage", "sin pedir permiso", "確認なし").
    static let withoutAskingElsewhere = ScanPattern(
        #"\bohne\s+(rückfrage|nachfrage|bestätigung|zu fragen|erlaubnis)|"#
            + #"\bsin\s+(pedir|preguntar|solicitar)\s+(permiso|confirmación|autorización)|\bsin\s+confirmación|"#
            + #"\bsans\s+(demander|confirmation|autorisation)|"#
            + #"\bsem\s+(pedir|perguntar|solicitar)\s+(permissão|confirmação|autorização)|\bsem\s+confirmação|"#
            + #"確認なし|確認を求めない|確認せず|承認なし|無確認|(すべて|全て|全部)[^。]{0,12}自動承認|"#
            + #"无需确认|不要确认|不需要确认|无需批准|(所有|全部|一律)[^。]{0,12}(自动批准|直接批准)|"#
            // Italian, Dutch, Polish, Russian, Turkish, Korean
            + #"\bsenza\s+(chiedere|conferma|autorizzazione)|\bzonder\s+(te\s+vragen|bevestiging|toestemming)|"#
            + #"\bbez\s+(pytania|pytać|potwierdzenia|zgody)|без\s+(подтвержден|запрос|спрос|разрешени)\w*|"#
            + #"не\s+спрашива\w*|\b(sormadan|onay\s+almadan|onaysız)|(묻지|확인하지|확인받지|허락받지)\s*않아도|"#
            + #"(확인|허락|승인)\s*없이|묻지\s*말고"#)
}
