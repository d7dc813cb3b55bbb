import Testing

@testable import SkillscopeCore

@Suite struct HiddenUnicodeTests {
    /// The byte pass marks a line exactly where a character the scan counts begins: every scalar from U+0080 to
    /// U+E0FFF (the tag block's neighbours included), inside a text and cut short at its end.
    @Test func aLineIsMarkedExactlyWhereAHiddenCharacterBegins() {
        var checked = 0
        for value in UInt32(0x80)...0xE_0FFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let expected = HiddenUnicode.kind(of: value) != nil
            let bytes = Array("a\(Character(scalar))b".utf8)
            let marked = HiddenUnicode.mayStart(bytes.span, at: 1)
            #expect(marked == expected, "U+\(String(value, radix: 16))")
            // Cut short, a character reads no byte past the end (a check would trap); three bytes decide.
            let cut = Array(String(Character(scalar)).utf8.dropLast())
            let markedCut = !cut.isEmpty && HiddenUnicode.mayStart(cut.span, at: 0)
            #expect(markedCut == (cut.count == 3 && expected), "U+\(String(value, radix: 16))")
            checked += 1
        }
        #expect(checked > 900_000)
    }

    /// Prose full of dashes, quotes, bullets and arrows has no hidden characters, and its lines report none.
    @Test func typographyIsNotHidden() {
        let text = "— “quoted” ‘single’ … • → ✓ ™ € ‰ ⁂\n"
        let report = SecurityScan.scan(DocumentParser().parse(text: text, path: "skills/demo/SKILL.md", kind: .skill))
        #expect(report.findings.isEmpty)
        let bytes = Array(text.utf8)
        let marked = bytes.indices.contains { HiddenUnicode.mayStart(bytes.span, at: $0) }
        #expect(!marked)
    }
}
