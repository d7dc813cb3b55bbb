internal import Foundation

/// The order of JavaScript's `a.localeCompare(b)` with no locale or options, as Node computes it with full ICU: the
/// CLDR root collation (which `en-US` uses), so the skills CLI's `computedHash` can be reproduced byte for byte.
///
/// Three levels, each compared over the whole string before the next: primary (the characters, with punctuation
/// and symbols weighed, in CLDR's order, below digits and digits below letters), secondary (accents) and tertiary
/// (lower case before upper case). So `_` comes before `-`, `-` before `.`, `.` before `/`, and `a.md` before
/// `A.md` before `ab.md`.
///
/// ASCII is exact; an accented Latin letter sorts with its base letter, after it (its canonical decomposition);
/// any other character sorts after every ASCII letter by code point, which ICU does not promise.
/// Related documentation: <https://www.unicode.org/reports/tr10/>, CLDR root collation.
enum LocaleOrder {
    /// ASCII whitespace, punctuation and symbols, lowest first, as CLDR's root collation orders them.
    private static let symbols: [UInt8] = Array("\t\n\u{0B}\u{0C}\r _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$".utf8)
    /// Common accents, lowest first, as CLDR weighs them at the secondary level (acute before grave); any other
    /// accent comes after them by code point.
    private static let accents: [UInt32] = [
        0x301, 0x300, 0x306, 0x302, 0x30C, 0x30A, 0x308, 0x30B, 0x303, 0x307, 0x327, 0x328, 0x304, 0x323, 0x331,
    ]

    /// Whether `left` comes strictly before `right`.
    static func precedes(_ left: String, _ right: String) -> Bool {
        let (a, b) = (key(left), key(right))
        if a.primary != b.primary { return a.primary.lexicographicallyPrecedes(b.primary) }
        if a.secondary != b.secondary { return a.secondary.lexicographicallyPrecedes(b.secondary) }
        if a.tertiary != b.tertiary { return a.tertiary.lexicographicallyPrecedes(b.tertiary) }
        return left.unicodeScalars.lexicographicallyPrecedes(right.unicodeScalars)  // equal to ICU: any fixed order
    }

    /// The weights of each level: one primary, secondary and tertiary weight a character, then one secondary weight
    /// for each accent on it.
    private static func key(_ text: String) -> (primary: [UInt32], secondary: [UInt32], tertiary: [UInt32]) {
        var primary: [UInt32] = []
        var secondary: [UInt32] = []
        var tertiary: [UInt32] = []
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
            let value = scalar.value
            if scalar.properties.generalCategory == .nonspacingMark {
                let known = accents.firstIndex(of: value).map { UInt32($0) }
                secondary.append(1 + (known ?? UInt32(accents.count) + value))
                continue
            }
            if value == 0xDF {  // ß sorts as "ss", after "SS"
                primary += [200 + 0x73 - 0x61, 200 + 0x73 - 0x61]
                secondary += [0, 0]
                tertiary += [2, 2]
                continue
            }
            let weight: UInt32
            var upper: UInt32 = 0
            if value < 0x80 {
                let byte = UInt8(value)
                if let index = symbols.firstIndex(of: byte) {
                    weight = 1 + UInt32(index)
                } else if (0x30...0x39).contains(byte) {
                    weight = 100 + value - 0x30
                } else if (0x61...0x7A).contains(byte) {
                    weight = 200 + value - 0x61
                } else if (0x41...0x5A).contains(byte) {
                    weight = 200 + value - 0x41
                    upper = 1
                } else {
                    continue  // control characters: ignored at every level
                }
            } else {
                weight = 0x1000 + value
            }
            primary.append(weight)
            secondary.append(0)
            tertiary.append(upper)
        }
        return (primary, secondary, tertiary)
    }
}
