internal import Foundation

extension WordPieceTokenizer {
    /// Calls `body` with each word of `text` as BERT's normaliser and pre-tokeniser make them, until it returns
    /// `false`.
    ///
    /// The normaliser works on the whole text before the split in the reference; here it runs per
    /// whitespace-separated chunk, which gives the same words: no character outside whitespace decomposes,
    /// lower-cases or is dropped into whitespace or a CJK ideograph, and punctuation is split after normalising.
    func forEachWord(in text: String, _ body: (Word) -> Bool) {
        var chunk: [Unicode.Scalar] = []
        var isASCII = true
        var word = Word()
        func flush() -> Bool {
            defer {
                chunk.removeAll(keepingCapacity: true)
                isASCII = true
            }
            return chunk.isEmpty || splitPunctuation(normalized(chunk, isASCII: isASCII), into: &word, body)
        }
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                if value == 0x20 || value == 0x09 || value == 0x0A || value == 0x0D {
                    guard flush() else { return }
                } else if value >= 0x21 && value != 0x7F {
                    chunk.append(scalar)
                }
                continue  // the other ASCII characters are controls, dropped
            }
            if value == 0xFFFD || Self.isControl(scalar) { continue }
            if scalar.properties.isWhitespace {
                guard flush() else { return }
            } else if Self.isCJK(value) {
                guard flush() else { return }
                chunk.append(scalar)
                guard flush() else { return }
            } else {
                chunk.append(scalar)
                isASCII = false
            }
        }
        _ = flush()
    }

    /// NFD, without non-spacing marks, then each scalar lower-cased (in the Rust normaliser's order).
    private func normalized(_ chunk: [Unicode.Scalar], isASCII: Bool) -> [Unicode.Scalar] {
        if isASCII {
            return chunk.map { $0.value >= 0x41 && $0.value <= 0x5A ? Unicode.Scalar($0.value + 32) ?? $0 : $0 }
        }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: chunk)
        var result: [Unicode.Scalar] = []
        for scalar in String(text).decomposedStringWithCanonicalMapping.unicodeScalars
        where scalar.properties.generalCategory != .nonspacingMark {
            if scalar.value < 0x80 {
                let value = scalar.value
                result.append(value >= 0x41 && value <= 0x5A ? Unicode.Scalar(value + 32) ?? scalar : scalar)
            } else if scalar.properties.changesWhenLowercased {
                result.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return result
    }

    /// Splits `scalars` at punctuation, each punctuation character a word of its own, handing each to `body`.
    private func splitPunctuation(_ scalars: [Unicode.Scalar], into word: inout Word, _ body: (Word) -> Bool) -> Bool {
        word.removeAll()
        for scalar in scalars {
            guard Self.isPunctuation(scalar) else {
                word.append(scalar)
                continue
            }
            if !word.isEmpty {
                guard body(word) else { return false }
                word.removeAll()
            }
            word.append(scalar)
            guard body(word) else { return false }
            word.removeAll()
        }
        return word.isEmpty || body(word)
    }

    /// Cc, Cf and Co characters, which the normaliser drops (tab, newline and carriage return are whitespace).
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: return false
        case 0: return true
        default:
            switch scalar.properties.generalCategory {
            case .control, .format, .privateUse: return true
            default: return false
            }
        }
    }

    /// ASCII punctuation (33–47, 58–64, 91–96, 123–126) and every Unicode P* character.
    static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 {
            return (33...47).contains(value) || (58...64).contains(value) || (91...96).contains(value)
                || (123...126).contains(value)
        }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation:
            return true
        default:
            return false
        }
    }

    /// The CJK ideograph blocks BERT spaces out, as the Rust `tokenizers` lists them (its extension-E range starts
    /// at U+2B920, where the original Python BERT says U+2B820; sentence-transformers runs the Rust one).
    static func isCJK(_ value: UInt32) -> Bool {
        switch value {
        case 0x4E00...0x9FFF, 0x3400...0x4DBF, 0x20000...0x2A6DF, 0x2A700...0x2B73F, 0x2B740...0x2B81F,
            0x2B920...0x2CEAF, 0xF900...0xFAFF, 0x2F800...0x2FA1F:
            return true
        default:
            return false
        }
    }
}
