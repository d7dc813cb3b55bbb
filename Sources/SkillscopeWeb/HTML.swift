internal import CommonMark
internal import Foundation

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

    /// One line of Markdown (a rule, a description) as inline HTML: code spans as code, emphasis and links kept,
    /// raw HTML left out (cmark-gfm's safe rendering).
    static func inline(_ text: String) -> String {
        var html = CommonMarkParser.html(text).trimmingCharacters(in: .whitespacesAndNewlines)
        if html.hasPrefix("<p>") && html.hasSuffix("</p>") && !html.dropFirst(3).contains("<p>") {
            html = String(html.dropFirst(3).dropLast(4))
        }
        return html
    }

    /// The pages' icon, inline (no request, no 404): a lens over three lines of text.
    static let icon =
        "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E"
        + "%3Cpath d='M2 3h8M2 6h6M2 9h4' stroke='%23356' stroke-width='1.5'/%3E"
        + "%3Ccircle cx='10' cy='10' r='3.5' fill='none' stroke='%23356' stroke-width='1.5'/%3E"
        + "%3Cpath d='M12.5 12.5 15 15' stroke='%23356' stroke-width='1.5'/%3E%3C/svg%3E"

    /// A whole page: landmarks (header, nav, main, footer), a skip link, a viewport for phones, one small stylesheet.
    static func page(title: String, query: String = "", body: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title)) · Skillscope</title>
        <link rel="icon" href="\(icon)">
        <style>\(style)</style>
        <script src="/static/app.js" defer></script>
        </head>
        <body>
        <a class="skip" href="#main">Skip to the content</a>
        <header role="banner"><a class="brand" href="/">Skillscope</a>
        <form role="search" action="/search" method="get"><label for="q" class="visually-hidden">Search instruction files</label>
        <input id="q" name="q" type="search" value="\(escape(query))" placeholder="Search skills, CLAUDE.md, AGENTS.md…">
        <button type="submit">Search</button></form>
        <a class="analyze-link" href="/analyze">Analyze your own</a></header>
        <nav id="trail" aria-label="Files you opened"></nav>
        <main id="main">
        \(body)
        </main>
        <footer role="contentinfo"><p>Skillscope: where agent instructions come from, what they say, whether they work.</p></footer>
        </body>
        </html>
        """
    }

    /// One type scale (a ratio of 1.25), one spacing scale, a colour per rating, and dark mode through
    /// `prefers-color-scheme`; text over 7:1 against its ground in both, readable from 320 px up.
    static let style = """
        :root{--step--1:.8rem;--step-0:1rem;--step-1:1.25rem;--step-2:1.563rem;--step-3:1.953rem;
        --s1:.25rem;--s2:.5rem;--s3:.75rem;--s4:1rem;--s5:1.5rem;--s6:2rem;
        --fg:#1a1a1a;--muted:#4a4a4a;--bg:#fff;--panel:#f4f4f2;--rule:#d6d6d2;--link:#0645ad;--mark:#fff3b0;
        --common:#0b5e3c;--common-bg:#e3f4ea;--distinctive:#4b2a8c;--distinctive-bg:#eee8fa;
        --specific:#8a3b00;--specific-bg:#fcebdc;--ins:#d7f5dd;--del:#fbe0e0;color-scheme:light dark}
        @media (prefers-color-scheme:dark){:root{--fg:#ececea;--muted:#b9b9b4;--bg:#141414;--panel:#1f1f1e;
        --rule:#3a3a38;--link:#8ab4ff;--mark:#4a4000;--common:#7fd8a8;--common-bg:#12301f;--distinctive:#c6b2ff;
        --distinctive-bg:#261c3d;--specific:#ffb37a;--specific-bg:#3a2312;--ins:#12381c;--del:#451818}}
        body{font:var(--step-0)/1.55 system-ui,sans-serif;color:var(--fg);background:var(--bg);margin:0}
        body>header,main,footer,#trail{max-width:60rem;margin:0 auto;padding:var(--s3) var(--s4)}
        main{overflow-wrap:anywhere}
        body>header{display:flex;flex-wrap:wrap;gap:var(--s3);align-items:center;border-bottom:1px solid var(--rule)}
        #trail{font-size:var(--step--1)}#trail button{padding:0 var(--s2);font-size:var(--step--1)}
        .brand{font-weight:700;font-size:var(--step-1);color:var(--fg);text-decoration:none}
        form[role=search]{display:flex;flex:1;gap:var(--s2);min-width:14rem}
        input,textarea,select,button{font:inherit;color:inherit}
        input[type=search],input:not([type]),input[type=password],textarea{flex:1;min-width:0;max-width:100%;padding:var(--s2);
        background:var(--bg);border:1px solid var(--rule);border-radius:4px;box-sizing:border-box}
        textarea{width:100%}
        button,.button{display:inline-block;padding:var(--s2) var(--s4);border:1px solid var(--link);border-radius:4px;
        background:var(--link);color:var(--bg);text-decoration:none;cursor:pointer}
        h1{font-size:var(--step-3);line-height:1.2;margin:var(--s5) 0 var(--s3)}
        h2{font-size:var(--step-2);line-height:1.25;margin:var(--s6) 0 var(--s3);padding-top:var(--s3);border-top:1px solid var(--rule)}
        h3{font-size:var(--step-1);margin:var(--s5) 0 var(--s2)}
        p,ul,ol{margin:0 0 var(--s3)}li{margin:var(--s1) 0}
        a{color:var(--link)}.muted{color:var(--muted)}.visually-hidden{position:absolute;left:-9999px}
        form.inline{display:inline;margin:0}
        button.link{display:inline;padding:0;border:0;background:none;color:var(--link);text-decoration:underline}
        .form-error{color:#9b1c1c;border-left:3px solid #9b1c1c;padding-left:var(--s2)}
        .notice{border-left:3px solid var(--link);padding-left:var(--s2)}.token-made code{word-break:break-all}
        .lead{font-size:var(--step-1)}.facts{color:var(--muted)}.path{font-size:var(--step--1)}
        code{font-size:.9em;background:var(--panel);padding:0 var(--s1);border-radius:3px}
        .badge{font-size:var(--step--1);border:1px solid var(--rule);border-radius:999px;padding:0 var(--s2)}
        .rating{font-weight:600;border-radius:3px;padding:0 var(--s1)}
        .rating-common{color:var(--common)}.rating.rating-common{background:var(--common-bg)}
        .rating-distinctive{color:var(--distinctive)}.rating.rating-distinctive{background:var(--distinctive-bg)}
        .rating-very-specific{color:var(--specific)}.rating.rating-very-specific{background:var(--specific-bg)}
        ul.rating-summary{list-style:none;padding:0;display:grid;gap:var(--s3);grid-template-columns:repeat(auto-fit,minmax(10rem,1fr))}
        ul.rating-summary li{background:var(--panel);padding:var(--s3);border-radius:6px;margin:0}
        ul.rating-summary .count{display:block;font-size:var(--step-3);line-height:1.1}
        .rating-filter{border:1px solid var(--rule);border-radius:6px;margin:0 0 var(--s3);padding:var(--s2) var(--s3)}
        .rating-filter label{margin-right:var(--s4);white-space:nowrap}
        .rules-section:has(#show-common:not(:checked)) ol.rules li[data-rating=common],
        .rules-section:has(#show-distinctive:not(:checked)) ol.rules li[data-rating=distinctive],
        .rules-section:has(#show-very-specific:not(:checked)) ol.rules li[data-rating=very-specific]{display:none}
        ol.rules li{margin:var(--s2) 0}.evidence{font-size:var(--step--1)}
        ul.versions,ul.repository{padding-left:var(--s5)}.band h3{font-size:var(--step-0)}
        pre.text{background:var(--panel);padding:var(--s2);font-size:var(--step--1);white-space:pre-wrap;
        overflow-wrap:anywhere}
        pre.text span.line{display:block;padding-left:3.5em;text-indent:-3.5em}
        pre.text span.line:target{background:var(--mark)}
        pre.text a.number{display:inline-block;width:3.5em;text-indent:0;color:var(--muted);text-decoration:none;
        user-select:none}
        nav.contents{margin:var(--s1) 0}
        a.skip{position:absolute;left:-999px}a.skip:focus{left:var(--s1);top:var(--s1);background:var(--bg);z-index:1}
        .verdict-fail{color:#c00000}.verdict-warn{color:var(--specific)}.verdict-pass{color:var(--common)}
        table{border-collapse:collapse}td,th{padding:var(--s1) var(--s2);border-bottom:1px solid var(--rule);text-align:left}
        figure.lineage{margin:0;overflow-x:auto}svg.lineage{max-width:100%;height:auto}
        svg.lineage text{fill:var(--fg)}svg.lineage .axis{fill:var(--muted)}
        svg.lineage .edge{stroke:var(--muted);stroke-width:1}svg.lineage .edge-head{fill:var(--muted)}
        svg.lineage .guide{stroke:var(--rule);stroke-dasharray:2 3}
        svg.lineage circle{fill:var(--bg);stroke:var(--link);stroke-width:1.5}svg.lineage .subject circle{fill:var(--link)}
        ol.results{padding-left:var(--s5)}ol.results li{margin:var(--s4) 0}ol.results .hit{font-weight:600;font-size:var(--step-1)}
        ol.results .facts,ol.results .snippet{display:block}.snippet{font-size:var(--step--1)}
        .filters p{margin:var(--s1) 0;font-size:var(--step--1)}
        .empty{background:var(--panel);padding:var(--s3) var(--s4);border-radius:6px}
        ol.changes{padding-left:var(--s5)}li.change{margin:var(--s4) 0}.change-head{margin:0;color:var(--muted)}
        .change .before,.change .after{margin:var(--s1) 0;padding:var(--s1) var(--s2);border-left:3px solid var(--rule)}
        ins{background:var(--ins);text-decoration:none}del{background:var(--del)}
        .your-own{background:var(--panel);padding:var(--s3) var(--s4);border-radius:6px;margin-top:var(--s6)}
        .your-own h2{border-top:0;margin-top:var(--s2)}
        fieldset{border:1px solid var(--rule);border-radius:6px}
        footer{border-top:1px solid var(--rule);color:var(--muted);font-size:var(--step--1)}
        @media (max-width:40rem){h1{font-size:var(--step-2)}h2{font-size:var(--step-1)}}
        """
}
