internal import CPCRE2

/// A regular expression compiled once by PCRE2 (JIT-compiled where the machine allows), matched against the UTF-8
/// bytes of Swift strings with no copy.
///
/// Patterns are Perl syntax in UTF mode with Unicode properties on (`PCRE2_UCP`): `\w`, `\b`, `\d` and `\s` mean
/// what they mean in ICU and Foundation's `NSRegularExpression`, so a pattern written for either reads the same.
/// One value is safe to use from any number of threads at once: each match gets its own match data.
public final class RegularExpression: Sendable {
    /// The pattern as given.
    public let pattern: String
    /// The compiled pattern.
    ///
    /// PCRE2 never changes compiled code while matching, so sharing it is safe.
    private nonisolated(unsafe) let code: OpaquePointer

    /// Compiles `pattern`; throws a ``PCREError`` naming the offset of the first mistake.
    public init(_ pattern: String) throws(PCREError) {
        self.pattern = pattern
        var errorCode: Int32 = 0
        var errorOffset = 0
        let compiled = pattern.utf8.withContiguousStorageIfAvailable { bytes in
            pcre2_compile_8(
                bytes.baseAddress, bytes.count, UInt32(PCRE2_UTF | PCRE2_UCP), &errorCode, &errorOffset, nil)
        }
        guard let compiled = compiled ?? nil else {
            throw PCREError(code: errorCode, offset: errorOffset, pattern: pattern)
        }
        code = compiled
        // Where the JIT is unavailable (a system that forbids executable memory), matches run the interpreter.
        pcre2_jit_compile_8(compiled, UInt32(PCRE2_JIT_COMPLETE))
    }

    deinit { pcre2_code_free_8(code) }

    /// Whether the pattern matches anywhere in `text`.
    public func matches(_ text: String) -> Bool {
        firstMatch(in: text, from: 0) != nil
    }

    /// Every match in `text`, left to right and not overlapping; an empty match moves one character on.
    public func allMatches(in text: String) -> [Match] {
        var found: [Match] = []
        var start = 0
        let end = text.utf8.count
        while start <= end, let match = firstMatch(in: text, from: start) {
            found.append(match)
            if match.range.isEmpty {
                guard match.range.upperBound < end else { break }
                start = Self.nextCharacter(in: text, after: match.range.upperBound)
            } else {
                start = match.range.upperBound
            }
        }
        return found
    }

    /// The first capture group of every match, as text; matches where the group took no part are left out.
    public func captures(in text: String, group: Int = 1) -> [String] {
        let bytes = Array(text.utf8)
        return allMatches(in: text).compactMap { match in
            guard group < match.groups.count, let range = match.groups[group] else { return nil }
            return String(decoding: bytes[range], as: UTF8.self)
        }
    }

    /// `text` with every match replaced by `replacement` (taken literally).
    public func replacingMatches(in text: String, with replacement: String) -> String {
        let matches = allMatches(in: text)
        guard !matches.isEmpty else { return text }
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var kept = 0
        for match in matches {
            result += bytes[kept..<match.range.lowerBound]
            result += replacement.utf8
            kept = match.range.upperBound
        }
        result += bytes[kept...]
        return String(decoding: result, as: UTF8.self)
    }

    /// `text` with every character that means something in a pattern escaped, to match it literally.
    public static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            let isWordCharacter =
                (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9")
                || scalar == "_" || scalar.value >= 0x80
            if !isWordCharacter { result.unicodeScalars.append("\\") }
            result.unicodeScalars.append(scalar)
        }
        return result
    }

    /// The first match at or after byte `start` of `text`'s UTF-8.
    public func firstMatch(in text: String, from start: Int = 0) -> Match? {
        var text = text
        return text.withUTF8 { bytes in
            if let base = bytes.baseAddress { return match(base, count: bytes.count, from: start) }
            // PCRE2 10.42 wants a pointer even for an empty subject.
            var zero: UInt8 = 0
            return withUnsafePointer(to: &zero) { match($0, count: 0, from: 0) }
        }
    }

    private func match(_ subject: UnsafePointer<UInt8>, count: Int, from start: Int) -> Match? {
        guard let data = pcre2_match_data_create_from_pattern_8(code, nil) else { return nil }
        defer { pcre2_match_data_free_8(data) }
        // Swift strings are valid UTF-8, so PCRE2's own check of the subject is skipped.
        var status = pcre2_match_8(code, subject, count, start, UInt32(PCRE2_NO_UTF_CHECK), data, nil)
        if status == PCRE2_ERROR_JIT_STACKLIMIT {
            // The JIT's stack (32 KiB) ran out on deep backtracking: the interpreter keeps its own on the heap.
            status = pcre2_match_8(code, subject, count, start, UInt32(PCRE2_NO_UTF_CHECK | PCRE2_NO_JIT), data, nil)
        }
        guard status > 0, let vector = pcre2_get_ovector_pointer_8(data) else { return nil }
        let pairs = Int(pcre2_get_ovector_count_8(data))
        var groups: [Range<Int>?] = []
        groups.reserveCapacity(pairs)
        for pair in 0..<pairs {
            // An unset group holds PCRE2_UNSET, all bits set: -1 as Swift's Int.
            let lower = vector[2 * pair]
            let upper = vector[2 * pair + 1]
            groups.append(pair < Int(status) && lower >= 0 && upper >= lower ? lower..<upper : nil)
        }
        guard let whole = groups[0] else { return nil }
        return Match(range: whole, groups: groups)
    }

    /// The byte offset of the character after the one starting at `offset`.
    private static func nextCharacter(in text: String, after offset: Int) -> Int {
        let bytes = text.utf8
        var next = offset + 1
        var index = bytes.index(bytes.startIndex, offsetBy: next)
        while index < bytes.endIndex, bytes[index] & 0xC0 == 0x80 {
            next += 1
            index = bytes.index(after: index)
        }
        return next
    }
}

/// One match: byte ranges into the subject's UTF-8.
public struct Match: Sendable, Equatable {
    /// The whole match.
    public var range: Range<Int>
    /// Group 0 (the whole match) then each capture group; `nil` where a group took no part.
    public var groups: [Range<Int>?]
}
