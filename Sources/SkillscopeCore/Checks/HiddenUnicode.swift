/// The invisible characters the security scan looks for, and when they are legitimate.
enum HiddenUnicode {
    enum Kind {
        /// Bidi embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069): text that displays in
        /// another order than it is read ("Trojan Source").
        case bidi
        /// Unicode tag characters (U+E0000–U+E007F): invisible copies of ASCII, used to smuggle instructions.
        case tag
        /// Zero-width spaces, joiners, word joiners, invisible operators and a byte-order mark inside the text.
        case zeroWidth
        /// Left-to-right and right-to-left marks, legitimate beside right-to-left text.
        case directionMark
    }

    static func kind(of value: UInt32) -> Kind? {
        switch value {
        case 0x202A...0x202E, 0x2066...0x2069: .bidi
        case 0xE0000...0xE007F: .tag
        case 0x200B, 0x200C, 0x200D, 0x2060...0x2064, 0xFEFF, 0x180E: .zeroWidth
        case 0x200E, 0x200F, 0x061C: .directionMark
        default: nil
        }
    }

    /// Whether the UTF-8 bytes starting at `index` begin a hidden character (one ``kind(of:)`` names); the byte
    /// pass uses it to mark lines, and only marked lines are decoded.
    ///
    /// Three bytes are read, not two: U+2000–U+207F (two bytes `E2 80`/`E2 81`) hold the dashes, quotes and
    /// bullets of ordinary prose, and a line marked by each of them was decoded for nothing.
    static func mayStart(_ bytes: Span<UInt8>, at index: Int) -> Bool {
        let lead = bytes[index]
        guard lead == 0xE2 || lead == 0xEF || lead == 0xF3 || lead == 0xD8 || lead == 0xE1,
            index + 1 < bytes.count
        else { return false }
        let second = bytes[index + 1]
        if lead == 0xD8 { return second == 0x9C }  // U+061C
        guard index + 2 < bytes.count else { return false }
        let third = bytes[index + 2]
        switch lead {
        case 0xE2:
            // U+200B–U+200F, U+202A–U+202E; U+2060–U+2064, U+2066–U+2069.
            if second == 0x80 { return (0x8B...0x8F).contains(third) || (0xAA...0xAE).contains(third) }
            return second == 0x81 && ((0xA0...0xA4).contains(third) || (0xA6...0xA9).contains(third))
        case 0xEF: return second == 0xBB && third == 0xBF  // U+FEFF
        case 0xF3: return second == 0xA0 && (third == 0x80 || third == 0x81)  // U+E0000–U+E007F
        default: return second == 0xA0 && third == 0x8E  // U+180E
        }
    }

    /// Right-to-left letters (Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms), beside which
    /// direction marks are ordinary.
    static func isRightToLeft(_ value: UInt32) -> Bool {
        (0x0590...0x08FF).contains(value) || (0xFB1D...0xFDFF).contains(value) || (0xFE70...0xFEFC).contains(value)
    }

    /// The positions of tag characters that spell a subdivision flag, as emoji do.
    ///
    /// A flag is 🏴 (U+1F3F4), two to six tag letters or digits (`gbsct`), then the cancel tag U+E007F: Scotland's
    /// flag is not a smuggled instruction.
    static func flagTags(_ scalars: [Unicode.Scalar]) -> Set<Int> {
        var positions = Set<Int>()
        for (index, scalar) in scalars.enumerated() where scalar.value == 0x1F3F4 {
            var end = index + 1
            while end < scalars.count,
                (0xE0061...0xE007A).contains(scalars[end].value)
                    || (0xE0030...0xE0039).contains(scalars[end].value)
            {
                end += 1
            }
            let count = end - index - 1
            guard end < scalars.count, scalars[end].value == 0xE007F, (2...6).contains(count) else { continue }
            positions.formUnion((index + 1)...end)
        }
        return positions
    }

    /// Whether a zero-width joiner or non-joiner at `index` joins what it should: emoji sequences (👩‍💻) or the
    /// letters of scripts that need it (Persian, Indic); or a zero-width space marks a word boundary in a script
    /// written without spaces (Thai, Lao, Khmer, Myanmar, Tibetan), where line breaking needs it.
    static func isLegitimateJoiner(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        let value = scalars[index].value
        if value == 0x200B, index > 0, index + 1 < scalars.count {
            return isWrittenWithoutSpaces(scalars[index - 1].value) && isWrittenWithoutSpaces(scalars[index + 1].value)
        }
        guard value == 0x200D || value == 0x200C, index > 0, index + 1 < scalars.count else { return false }
        let before = scalars[index - 1]
        let after = scalars[index + 1]
        if value == 0x200D {
            let emojiBefore =
                before.properties.isEmoji && before.value > 0xFF || before.value == 0xFE0F
                || (0x1F3FB...0x1F3FF).contains(before.value)
            return emojiBefore && after.properties.isEmoji && after.value > 0xFF
        }
        return before.value > 0x2FF && after.value > 0x2FF && before.properties.isAlphabetic
            && after.properties.isAlphabetic
    }

    /// Letters of scripts that put no space between words: Thai, Lao, Tibetan, Myanmar, Khmer.
    static func isWrittenWithoutSpaces(_ value: UInt32) -> Bool {
        (0x0E00...0x0EFF).contains(value) || (0x0F00...0x0FFF).contains(value) || (0x1000...0x109F).contains(value)
            || (0x1780...0x17FF).contains(value)
    }
}
