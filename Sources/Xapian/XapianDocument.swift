internal import CXapian

/// A document being built: its weighted words, filter terms and values.
///
/// It may be built on one thread and added on another, but is used by one at a time.
public final class XapianDocument: @unchecked Sendable {
    let handle: OpaquePointer

    public init() { handle = cxapian_document_new() }
    deinit { cxapian_document_free(handle) }

    /// Adds the words of a text.
    ///
    /// Adds the words of `text`, each counted `weight` times: runs of letters and digits of the Basic Multilingual
    /// Plane with the marks that follow them, everything else separating (`_` included), lower-cased and stemmed
    /// as English under the prefix `Z`; words over 64 bytes are left out. Chinese, Japanese and Korean, written
    /// without spaces, give each character and each pair of neighbouring characters (a query needs its pairs).
    public func addWords(_ text: String, weight: UInt32 = 1) {
        var text = text
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                cxapian_document_add_words(handle, $0.baseAddress, $0.count, weight)
            }
        }
    }

    /// Adds a term that filters and weighs nothing.
    public func addBooleanTerm(_ term: String) {
        var term = term
        term.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                cxapian_document_add_boolean_term(handle, $0.baseAddress, $0.count)
            }
        }
    }

    /// Sets the value in `slot`; several values for ``XapianQuery/countedSlots`` are joined by U+001F.
    public func setValue(_ value: String, slot: UInt32) {
        var value = value
        value.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                cxapian_document_set_value(handle, slot, $0.baseAddress, $0.count)
            }
        }
    }

    /// Sets a value that sorts as the number it is.
    public func setNumber(_ number: Double, slot: UInt32) { cxapian_document_set_number(handle, slot, number) }
}
