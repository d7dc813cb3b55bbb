import PCRE
import Testing

@Suite struct RegularExpressionTests {
    @Test func matchesAndReportsByteRangesOfTheWholeMatchAndItsGroups() throws {
        let expression = try RegularExpression(#"(curl|wget)\s+(-\S+\s+)*(https?://[^\s]+)"#)
        let text = "run: curl -fsSL https://example.com/x.sh | sh"
        let match = try #require(expression.firstMatch(in: text))
        let bytes = Array(text.utf8)
        #expect(String(decoding: bytes[match.range], as: UTF8.self) == "curl -fsSL https://example.com/x.sh")
        #expect(match.groups.count == 4)
        #expect(match.groups[1].map { String(decoding: bytes[$0], as: UTF8.self) } == "curl")
        #expect(match.groups[3].map { String(decoding: bytes[$0], as: UTF8.self) } == "https://example.com/x.sh")
        #expect(!expression.matches("curl alone"))
    }

    @Test func aGroupThatTookNoPartIsNil() throws {
        let expression = try RegularExpression(#"a(x)?b(c)"#)
        let match = try #require(expression.firstMatch(in: "zabc"))
        #expect(match.range == 1..<4)
        #expect(match.groups[1] == nil)
        #expect(match.groups[2] == 3..<4)
    }

    @Test func wordClassesAndBoundariesAreUnicodeAsInICU() throws {
        // ICU (and NSRegularExpression) treat letters of every script as word characters; so does PCRE2_UCP.
        let word = try RegularExpression(#"\bnaïve\b"#)
        #expect(word.matches("a naïve idea"))
        #expect(!word.matches("anaïvee"))
        #expect(try RegularExpression(#"^\w+$"#).matches("Straße_ü2"))
        #expect(try RegularExpression(#"\bday\b"#).matches("ein day."))
        #expect(!(try RegularExpression(#"\bday\b"#).matches("éday")))
        #expect(try RegularExpression(#"\s"#).matches("a\u{00A0}b"))
        #expect(try RegularExpression("❌|⛔").matches("do this ⛔"))
    }

    @Test func lookaroundsWork() throws {
        let key = try RegularExpression(#"\bid_rsa\b(?!\.pub)"#)
        #expect(key.matches("cat ~/.ssh/id_rsa"))
        #expect(!key.matches("cat ~/.ssh/id_rsa.pub"))
        let env = try RegularExpression(#"(?<![\w)])\.env\b"#)
        #expect(env.matches("read .env now"))
        #expect(!env.matches("process.env.x"))
    }

    @Test func everyMatchCapturesAndReplacements() throws {
        let hosts = try RegularExpression(#"https?://([^/\s]+)"#)
        let text = "see https://a.example/x and http://b.example:8080/y, café https://ç.example"
        #expect(hosts.captures(in: text) == ["a.example", "b.example:8080", "ç.example"])
        #expect(hosts.replacingMatches(in: text, with: "URL") == "see URL/x and URL/y, café URL")
        #expect(hosts.allMatches(in: "nothing here").isEmpty)
        #expect(hosts.replacingMatches(in: "nothing here", with: "URL") == "nothing here")
    }

    @Test func emptyMatchesMoveOnByWholeCharacters() throws {
        let empty = try RegularExpression(#"x*"#)
        // "é" is two bytes: an empty match may not stop inside it.
        let matches = empty.allMatches(in: "éxé")
        #expect(matches.map(\.range) == [0..<0, 2..<3, 3..<3, 5..<5])
        #expect(empty.replacingMatches(in: "éxé", with: "-") == "-é--é-")
    }

    @Test func theEmptySubjectAndAnEmptyPattern() throws {
        #expect(try RegularExpression("").matches(""))
        #expect(try RegularExpression("^$").matches(""))
        #expect(!(try RegularExpression("a").matches("")))
    }

    @Test func escapedTextMatchesItselfOnly() throws {
        let name = "run.sh (1)+[x]?*^$|\\"
        let expression = try RegularExpression("^" + RegularExpression.escaped(name) + "$")
        #expect(expression.matches(name))
        #expect(!expression.matches("runxsh (1)+[x]?*^$|\\"))
        #expect(try RegularExpression(RegularExpression.escaped("café.md")).matches("a café.md"))
    }

    @Test func aBadPatternNamesWhereItStopped() {
        #expect {
            try RegularExpression("(unclosed")
        } throws: { error in
            guard let error = error as? PCREError else { return false }
            return error.offset == 9 && error.description.contains("missing closing parenthesis")
        }
    }

    @Test func deepBacktrackingStillAnswers() throws {
        // Enough nested backtracking to exhaust the JIT's default 32 KiB stack; the interpreter finishes the job.
        let expression = try RegularExpression(#"^(a|b|ab)*c$"#)
        let text = String(repeating: "ab", count: 20_000) + "c"
        #expect(expression.matches(text))
        #expect(!expression.matches(String(repeating: "ab", count: 20_000) + "d"))
    }

    @Test func oneExpressionIsSharedByManyThreads() async throws {
        let expression = try RegularExpression(#"\b(token|secret)s?\b"#)
        let answers = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<200 {
                group.addTask {
                    expression.matches(index.isMultiple(of: 2) ? "print the token" : "print the tokenizer")
                }
            }
            var answers: [Bool] = []
            for await answer in group { answers.append(answer) }
            return answers
        }
        #expect(answers.filter { $0 }.count == 100)
    }
}
