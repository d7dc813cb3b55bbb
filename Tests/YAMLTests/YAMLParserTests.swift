import Testing
import YAML

@Suite struct YAMLParserTests {
    @Test func mappingsKeepOrderLinesAndScalarStyle() throws {
        let node = try #require(try YAMLParser.parse("name: demo\nversion: 1.0\nquoted: \"12\"\nlist:\n  - a\n  - b\n"))
        #expect(node.pairs?.map { $0.key.string } == ["name", "version", "quoted", "list"])
        #expect(node["name"]?.string == "demo" && node["name"]?.line == 1 && node["name"]?.column == 7)
        #expect(node["version"]?.string == "1.0")
        guard case .scalar(let quoted) = node["quoted"]?.value else {
            Issue.record("not a scalar")
            return
        }
        #expect(quoted.isPlain == false && quoted.text == "12")
        #expect(node["list"]?.items?.map(\.string) == ["a", "b"])
        #expect(node["list"]?.items?.last?.line == 6)
    }

    @Test func anEmptyTextIsNoDocument() throws {
        #expect(try YAMLParser.parse("") == nil)
    }

    @Test func nullsAreRecognisedOnlyWhenPlain() throws {
        let node = try #require(try YAMLParser.parse("a: ~\nb: 'null'\nc:\n"))
        #expect(node["a"]?.isNull == true && node["b"]?.isNull == false && node["c"]?.isNull == true)
    }

    @Test(arguments: [
        ("name: x\ntags: [a, b\nnext: y\n", 3), ("a: b: c\n", 1), ("a: 1\n\tb: 2\n", 2), ("a: \"open\n", 2),
    ])
    func syntaxErrorsCarryTheirLine(text: String, line: Int) {
        #expect {
            _ = try YAMLParser.parse(text)
        } throws: { error in
            guard let error = error as? YAMLError else { return false }
            return error.line == line && error.column >= 1 && !error.message.isEmpty
        }
    }

    @Test func duplicateKeysAreRefusedWithTheirPosition() {
        #expect(throws: YAMLError(message: "duplicate key 'a'", line: 3, column: 1)) {
            _ = try YAMLParser.parse("a: 1\nb: 2\na: 3\n")
        }
    }

    @Test func aliasesAreRefused() {
        #expect(throws: YAMLError.self) { _ = try YAMLParser.parse("a: &x 1\nb: *x\n") }
    }

    @Test func controlCharactersAreLocatedFromTheirOffset() {
        #expect {
            _ = try YAMLParser.parse("ok: 1\nbad: \u{07}x\n")
        } throws: { error in
            (error as? YAMLError)?.line == 2
        }
    }
}
