internal import CXapian

/// A page of matches, best first, with what Xapian knows of the rest.
public final class XapianResults: @unchecked Sendable {
    let handle: OpaquePointer

    init(handle: OpaquePointer) { self.handle = handle }
    deinit { cxapian_results_free(handle) }

    /// The page: document ids and weights.
    public var matches: [(id: UInt32, weight: Double)] {
        (0..<cxapian_results_size(handle)).map { (cxapian_results_id(handle, $0), cxapian_results_weight(handle, $0)) }
    }

    /// Bounds on the number of matches; when they agree it is exact.
    public var lowerBound: Int { Int(cxapian_results_lower_bound(handle)) }
    public var upperBound: Int { Int(cxapian_results_upper_bound(handle)) }
    /// Xapian's estimate of the number of matches.
    public var estimate: Int { Int(cxapian_results_estimate(handle)) }
    /// The matches ``counts`` were made over.
    public var counted: Int { Int(cxapian_results_counted(handle)) }

    /// For each of the query's ``XapianQuery/countedSlots``, how many counted matches had each value.
    public var counts: [UInt32: [String: Int]] {
        guard let text = cxapian_results_counts(handle) else { return [:] }
        defer { cxapian_free(text) }
        var counts: [UInt32: [String: Int]] = [:]
        for record in String(cString: text).split(separator: "\u{1E}") {
            let fields = record.split(separator: "\u{1F}", omittingEmptySubsequences: false)
            guard fields.count == 3, let slot = UInt32(fields[0]), let count = Int(fields[2]) else { continue }
            counts[slot, default: [:]][String(fields[1])] = count
        }
        return counts
    }

    /// A passage of at most `bytes` bytes of `text` where the search's words are, "…" where text was left out:
    /// plain text, as the file has it (Xapian escapes it for HTML, which every surface does itself: `React.FC<Props>`
    /// came out as `React.FC&lt;Props&gt;` on the page, in JSON and in MCP).
    public func snippet(of text: String, bytes: Int) -> String {
        var text = text
        let snippet = text.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                cxapian_results_snippet(handle, $0.baseAddress, $0.count, bytes)
            }
        }
        guard let snippet else { return "" }
        defer { cxapian_free(snippet) }
        // `&amp;` last: a text that says `&lt;` was escaped to `&amp;lt;`.
        return String(cString: snippet).replacing("&lt;", with: "<").replacing("&gt;", with: ">")
            .replacing("&quot;", with: "\"").replacing("&#39;", with: "'").replacing("&amp;", with: "&")
    }
}
