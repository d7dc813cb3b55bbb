internal import CCmarkGFM

#if canImport(Glibc)
    internal import Glibc
#endif

extension CommonMarkParser {
    /// `text` rendered as HTML by cmark-gfm, safe to put in a page: raw HTML and `javascript:` links are left out
    /// (cmark's default without `CMARK_OPT_UNSAFE`).
    public static func html(_ text: String) -> String {
        var source = text
        let rendered = source.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                cmark_markdown_to_html(chars.baseAddress, chars.count, CMARK_OPT_DEFAULT)
            }
        }
        guard let rendered else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }
}
