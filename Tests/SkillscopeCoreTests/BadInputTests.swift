import SkillscopeCore
import Testing

@Suite struct BadInputTests {
    let parser = DocumentParser()

    func document(_ bytes: [UInt8], kind: FileKind = .agents) throws -> Document {
        guard case .parsed(let document) = parser.parse(bytes, path: "AGENTS.md", kind: kind) else {
            Issue.record("the file was rejected")
            throw CancellationError()
        }
        return document
    }

    func lines(_ document: Document) -> [Int] { document.rules.map(\.lines.start) }

    @Test func invalidUTF8IsReplacedAndReportedWithItsLine() throws {
        let bytes =
            Array("# T\n\n- Keep the first rule.\n- Use the bad ".utf8) + [0xFF, 0xFE] + Array(" byte rule.\n".utf8)
        let parsed = try document(bytes)
        #expect(parsed.diagnostics.map(\.code) == [.invalidUTF8])
        #expect(parsed.diagnostics.first?.line == 4)
        #expect(parsed.rules.map(\.text) == ["Keep the first rule.", "Use the bad \u{FFFD}\u{FFFD} byte rule."])
        #expect(lines(parsed) == [3, 4])
    }

    @Test func aFileWithNULBytesIsRejectedAsBinary() {
        let outcome = parser.parse(Array("# T\n\n- rule\n".utf8) + [0, 1, 2], path: "AGENTS.md", kind: .agents)
        guard case .rejected(let diagnostic) = outcome else {
            Issue.record("a binary file was parsed")
            return
        }
        #expect(diagnostic.code == .binary && diagnostic.line == 4)
    }

    @Test func aFileOverTheLimitIsRejected() {
        var configuration = DocumentParser.Configuration()
        configuration.maxFileBytes = 100
        let outcome = DocumentParser(configuration: configuration).parse(
            Array(repeating: UInt8(ascii: "a"), count: 101), path: "AGENTS.md", kind: .agents)
        guard case .rejected(let diagnostic) = outcome else {
            Issue.record("an oversized file was parsed")
            return
        }
        #expect(diagnostic.code == .tooLarge)
        #expect(diagnostic.message.contains("101"))
    }

    @Test func theDefaultLimitIsOneMebibyte() {
        #expect(DocumentParser.Configuration().maxFileBytes == 1_048_576)
    }

    @Test func crlfLoneCRAndABOMKeepEditorLineNumbers() throws {
        let crlf = try document(
            Array("---\r\nname: x\r\n---\r\n# T\r\n\r\n- Run one.\r\n- Run two.\r\n".utf8), kind: .skill)
        #expect(lines(crlf) == [6, 7])
        #expect(crlf.name == "x")
        let cr = try document(Array("# T\r\r- Run one.\r- Run two.\r".utf8))
        #expect(lines(cr) == [3, 4])
        let bom = try document([0xEF, 0xBB, 0xBF] + Array("---\nname: b\n---\n- Run one.\n".utf8), kind: .skill)
        #expect(lines(bom) == [4])
        #expect(bom.name == "b")
    }

    @Test func tabsAndCJKTextKeepLineNumbers() throws {
        let parsed = try document(Array("# 規則\n\n-\t常に日本語で答えてください。\n-\tテストを書いてください。\n\t\n- Use tabs.\n".utf8))
        #expect(lines(parsed) == [3, 4, 6])
        #expect(parsed.rules.first?.text == "常に日本語で答えてください。")
        #expect(parsed.rules.first?.section == ["規則"])
    }

    @Test func emptyFilesParseWithAWarning() throws {
        let parsed = try document([])
        #expect(parsed.rules.isEmpty && parsed.diagnostics.map(\.code) == [.empty])
        #expect(parsed.lineCount == 0)
    }

    @Test(arguments: [
        "---", "---\n---", "- [", "|", "```", "<!--", "> - quoted", "---\n:\n---", "\u{0}", "# \n##\n###",
        "---\nname: &a x\nb: *a\n---\n", String(repeating: "- nest\n  ", count: 200),
        String(repeating: "> ", count: 500) + "x",
    ])
    func oddTextNeverCrashesTheParser(text: String) {
        _ = parser.parse(Array(text.utf8), path: "AGENTS.md", kind: .agents)
    }
}
