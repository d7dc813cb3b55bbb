import Foundation
import SkillscopeTesting
import Testing

@testable import SkillscopeSync

@Suite struct LocaleOrderTests {
    /// Paths in the order `Array.prototype.sort((a, b) => a.localeCompare(b))` gives them in Node 18+ (full ICU,
    /// en-US), following CLDR's root collation: punctuation below digits below letters, `_` before `-` before `.`,
    /// lower case before upper case only when nothing else differs, accents after their letter (acute before grave).
    static let ordered = [
        "_index.md", "-index.md", ".hidden", "#notes.md", "a b.md", "a.md", "A.md", "a(b).md", "a@b.md", "a#b.md",
        "a+b.md", "a~b.md", "a$b.md", "a1.md", "a10.md", "a2.md", "ab.md", "aB.md", "Ab.md", "api_examples.md",
        "api-reference.md", "references/notes_2.md", "references/notes-2.md", "references/notes.2.md",
        "references/notes.md", "references/Notes.md", "resume.md", "Resume.md", "résumé.md", "rèsume.md",
        "scripts/run.sh", "scripts/Run.sh", "SKILL.md", "ß.md", "z.md", "日本.md",
    ]

    @Test func sortsPathsAsJavaScriptsLocaleCompare() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            #expect(Self.ordered.shuffled(using: &generator).sorted(by: LocaleOrder.precedes) == Self.ordered)
        }
        // Code-point order, what skillscope used to compute, disagrees on the CLI's own example.
        #expect(["api-reference.md", "api_examples.md"].sorted() == ["api-reference.md", "api_examples.md"])
        #expect(LocaleOrder.precedes("api_examples.md", "api-reference.md"))
    }

    @Test func computedHashMatchesTheSkillsCLIOnASkillWithUnderscoreAndHyphenNames() {
        let files = SyncFixtures.apiSkill.mapValues { Array($0.utf8) }
        #expect(VercelSkillsLock.computedHash(of: files) == SyncFixtures.apiSkillHash)
        var withGit = files
        withGit[".git/HEAD"] = Array("ref: refs/heads/main\n".utf8)
        withGit["node_modules/x/index.js"] = Array("x\n".utf8)
        #expect(VercelSkillsLock.computedHash(of: withGit) == SyncFixtures.apiSkillHash)
    }
}
