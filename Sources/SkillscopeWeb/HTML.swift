/// HTML built by hand, every value escaped on the way in.
enum HTML {
    /// `text` safe inside element content and quoted attribute values.
    static func escape(_ text: some StringProtocol) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    /// A whole page: landmarks (header, nav, main, footer), a viewport for phones, one small stylesheet.
    static func page(title: String, query: String = "", body: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title)) · Skillscope</title>
        <style>\(style)</style>
        <script src="/static/app.js" defer></script>
        </head>
        <body>
        <header role="banner"><a class="brand" href="/">Skillscope</a>
        <form role="search" action="/search" method="get"><label for="q" class="visually-hidden">Search instruction files</label>
        <input id="q" name="q" type="search" value="\(escape(query))" placeholder="Search skills, CLAUDE.md, AGENTS.md…">
        <button type="submit">Search</button></form></header>
        <nav id="trail" aria-label="Files you opened"></nav>
        <main id="main">
        \(body)
        </main>
        <footer role="contentinfo"><p>Skillscope: where agent instructions come from, what they say, whether they work.</p></footer>
        </body>
        </html>
        """
    }

    /// Dark text on light ground (contrast over 7:1), readable at 320 px.
    static let style = """
        body{font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#fff;margin:0}
        header,main,footer,#trail{max-width:60rem;margin:0 auto;padding:.75rem 1rem}
        header{display:flex;flex-wrap:wrap;gap:.75rem;align-items:center;border-bottom:1px solid #ccc}
        .brand{font-weight:700;color:#1a1a1a;text-decoration:none}
        form[role=search]{display:flex;flex:1;gap:.5rem}input[type=search]{flex:1;min-width:10rem;padding:.4rem}
        a{color:#0645ad}.muted{color:#444}.visually-hidden{position:absolute;left:-9999px}
        ol.rules li{margin:.3rem 0}pre.text{overflow-x:auto;background:#f6f6f6;padding:.5rem;font-size:.85rem}
        pre.text span.line{display:block}pre.text span.line:target{background:#fff3b0}
        pre.text a.number{display:inline-block;width:3.5em;color:#444;text-decoration:none;user-select:none}
        .verdict-fail{color:#a00000}.verdict-warn{color:#7a4b00}.verdict-pass{color:#05631f}
        table{border-collapse:collapse}td,th{padding:.2rem .5rem;border-bottom:1px solid #ddd;text-align:left}
        """
}
