import Foundation
import Hashing
import JSON
import SkillscopeCore
import SkillscopeIngest
import SkillscopeStore
import SkillscopeTesting
import Testing

@testable import SkillscopeMCP

/// The Skills extension and the resources it rests on.
@Suite struct SkillsTests {
    @Test func skillsListGivesCompleteManifestsWithDigests() throws {
        let fixture = try MCPFixture()
        let result = try #require(fixture.request("skills/list")["result"])
        #expect(result["resultType"] == "complete" && result["ttlMs"] != nil && result["cacheScope"] != nil)
        let skills = try #require(result["skills"]?.array)
        #expect(
            skills.compactMap { $0["uri"]?.string }.sorted() == [
                "skill://acme/skills/code-review/SKILL.md", "skill://acme/skills/commit-messages/SKILL.md",
            ])
        let review = try #require(skills.first { $0["uri"] == "skill://acme/skills/code-review/SKILL.md" })
        #expect(review["frontmatter"]?["name"] == "code-review")
        #expect(review["frontmatter"]?["description"]?.string?.hasPrefix("Review a change") == true)
        let resources = try #require(review["resources"]?.array)
        #expect(
            resources.compactMap { $0["uri"]?.string } == [
                "skill://acme/skills/code-review/SKILL.md", "skill://acme/skills/code-review/references/CHECKLIST.md",
            ])
        for resource in resources {
            let uri = try #require(resource["uri"]?.string)
            let read = fixture.request("resources/read", ["uri": .string(uri)])
            let text = try #require(read["result"]?["contents"]?[0]?["text"]?.string)
            #expect(resource["digest"]?.string == "sha256:" + SHA256.hex(of: Array(text.utf8)))
            #expect(resource["size"]?.integer == text.utf8.count)
        }
    }

    @Test func skillsGetAnswersForASkillAndRefusesAnythingElse() throws {
        let fixture = try MCPFixture()
        let got = fixture.request("skills/get", ["uri": "skill://acme/skills/commit-messages/SKILL.md"])
        #expect(got["result"]?["skill"]?["frontmatter"]?["name"] == "commit-messages")
        #expect(got["result"]?["ttlMs"] != nil)
        for uri in [
            "skill://acme/skills/nope/SKILL.md", "skill://acme/skills/code-review/references/CHECKLIST.md",
            "https://example.com/SKILL.md", "skill://acme",
        ] {
            #expect(fixture.request("skills/get", ["uri": .string(uri)])["error"]?["code"]?.integer == -32602, "\(uri)")
        }
        #expect(fixture.request("skills/get")["error"]?["code"]?.integer == -32602)
    }

    @Test func resourcesListTheSkillsAndUnknownOnesAreInvalidParams() throws {
        let fixture = try MCPFixture()
        let resources = fixture.request("resources/list")["result"]?["resources"]?.array ?? []
        #expect(resources.count == 2)
        #expect(resources.allSatisfy { $0["mimeType"] == "text/markdown" })
        #expect(
            fixture.request("resources/read", ["uri": "skill://acme/skills/code-review/NOPE.md"])["error"]?["code"]?
                .integer == -32602)
        #expect(fixture.request("resources/templates/list")["result"]?["resourceTemplates"]?.array?.count == 1)
        #expect(fixture.request("skills/list", ["cursor": "x"])["error"]?["code"]?.integer == -32602)
    }

    @Test func aLowercaseSkillFileIsServedAsSKILLmdAndListedOnce() throws {
        let fixture = try MCPFixture()
        let text = "---\nname: lower\ndescription: A skill whose file is named in lowercase.\n---\n# Lower\n"
        var notes = SkillscopeTesting.Fixtures.record("acme/skills", "lower/references/NOTES.md", "# Notes\n")
        notes.kind = .skillReference
        _ = try fixture.store.write(
            repositories: [], files: [SkillscopeTesting.Fixtures.record("acme/skills", "lower/skill.md", text), notes],
            seenAt: "2026-11-30T10:00:00Z")
        let uri = "skill://acme/skills/lower/SKILL.md"
        let skill = try #require(fixture.request("skills/get", ["uri": .string(uri)])["result"]?["skill"])
        let resources = try #require(skill["resources"]?.array)
        #expect(
            resources.compactMap { $0["uri"]?.string } == [
                "skill://acme/skills/lower/SKILL.md", "skill://acme/skills/lower/references/NOTES.md",
            ])
        let read = fixture.request("resources/read", ["uri": .string(uri)])
        #expect(read["result"]?["contents"]?[0]?["text"]?.string == text)
        #expect(resources[0]["digest"]?.string == "sha256:" + SHA256.hex(of: Array(text.utf8)))
    }

    @Test func frontMatterScalarsKeepTheirYAMLTypes() throws {
        let fixture = try MCPFixture()
        let text =
            "---\nname: typed\ndescription: \"quoted: yes\"\nmetadata:\n  version: 1.5\n  count: 3\n  beta: true\n  tag: '7'\n---\n# T\n"
        _ = try fixture.store.write(
            repositories: [], files: [SkillscopeTesting.Fixtures.record("acme/skills", "typed/SKILL.md", text)],
            seenAt: "2026-11-30T10:00:00Z")
        let skill = fixture.request("skills/get", ["uri": "skill://acme/skills/typed/SKILL.md"])["result"]?["skill"]
        let front = try #require(skill?["frontmatter"])
        #expect(front["description"] == "quoted: yes")
        #expect(front["metadata"]?["version"] == .number(1.5))
        #expect(front["metadata"]?["count"] == .integer(3))
        #expect(front["metadata"]?["beta"] == .bool(true))
        #expect(front["metadata"]?["tag"] == "7")
    }

    @Test func skillsThatCannotBeListedAreNamedWithTheReasonNeverDroppedSilently() throws {
        let fixture = try MCPFixture()
        _ = try fixture.store.write(
            repositories: [],
            files: [
                SkillscopeTesting.Fixtures.record(
                    "odd/repo", "Bad Name/SKILL.md", "---\nname: Bad Name\ndescription: A skill.\n---\n# S\n\n- One.\n"),
                SkillscopeTesting.Fixtures.record(
                    "odd/repo", "quiet/SKILL.md", "---\nname: quiet\n---\n# S\n\n- Two.\n"),
                SkillscopeTesting.Fixtures.record(
                    "odd/repo", "good/SKILL.md", "---\nname: good\ndescription: Fine.\n---\n- Three.\n"),
            ], seenAt: "2026-11-30T10:00:00Z")
        var listed: [String] = []
        var leftOut: [JSONValue] = []
        var cursor: JSONValue? = nil
        repeat {
            let page = fixture.request("skills/list", cursor.map { ["cursor": $0] } ?? [:])["result"]
            listed += page?["skills"]?.array?.compactMap { $0["uri"]?.string } ?? []
            leftOut += page?["_meta"]?["dev.skillscope/leftOut"]?.array ?? []
            cursor = page?["nextCursor"]
        } while cursor != nil && cursor != .null
        #expect(listed.contains("skill://odd/repo/good/SKILL.md"))
        #expect(!listed.contains { $0.contains("Bad") || $0.contains("quiet") })
        let reasons = Dictionary(
            uniqueKeysWithValues: leftOut.compactMap { entry in
                entry["path"]?.string.map { ($0, entry["reason"]?.string ?? "") }
            })
        #expect(reasons.keys.sorted() == ["Bad Name/SKILL.md", "quiet/SKILL.md"])
        #expect(reasons["Bad Name/SKILL.md"]?.contains("naming rules") == true)
        #expect(reasons["quiet/SKILL.md"]?.contains("no description") == true)
        #expect(leftOut.allSatisfy { $0["repository"] == "odd/repo" })
    }

    @Test func sameNamedSkillsInOneRepositoryGetUniqueURIsEndingInTheirName() throws {
        let fixture = try MCPFixture()
        func skill(_ name: String, _ rule: String) -> String {
            "---\nname: \(name)\ndescription: A skill.\n---\n# S\n\n- \(rule)\n"
        }
        _ = try fixture.store.write(
            repositories: [],
            files: [
                SkillscopeTesting.Fixtures.record("dup/repo", "plugin/axiom-ai/SKILL.md", skill("axiom-ai", "First.")),
                SkillscopeTesting.Fixtures.record(
                    "dup/repo", "codex/skills/axiom-ai/SKILL.md", skill("axiom-ai", "Second.")),
                SkillscopeTesting.Fixtures.record("dup/repo", "tools/v2/SKILL.md", skill("review", "Third.")),
                SkillscopeTesting.Fixtures.record("dup/repo", "SKILL.md", skill("root-skill", "Fourth.")),
            ], seenAt: "2026-11-30T10:00:00Z")
        var uris: [String] = []
        var cursor: JSONValue? = nil
        repeat {
            let page = fixture.request("skills/list", cursor.map { ["cursor": $0] } ?? [:])["result"]
            uris += page?["skills"]?.array?.compactMap { $0["uri"]?.string } ?? []
            cursor = page?["nextCursor"]
        } while cursor != nil && cursor != .null
        let mine = uris.filter { $0.hasPrefix("skill://dup/repo/") }.sorted()
        #expect(
            mine == [
                "skill://dup/repo/codex/skills/axiom-ai/SKILL.md", "skill://dup/repo/plugin/axiom-ai/SKILL.md",
                "skill://dup/repo/root-skill/SKILL.md", "skill://dup/repo/tools/v2/review/SKILL.md",
            ])
        #expect(Set(uris).count == uris.count)
        // Each URI reads its own file, and the last segment before SKILL.md is the skill's name.
        for (uri, rule) in [
            ("skill://dup/repo/plugin/axiom-ai/SKILL.md", "First."),
            ("skill://dup/repo/codex/skills/axiom-ai/SKILL.md", "Second."),
            ("skill://dup/repo/tools/v2/review/SKILL.md", "Third."),
            ("skill://dup/repo/root-skill/SKILL.md", "Fourth."),
        ] {
            let text = fixture.request("resources/read", ["uri": .string(uri)])["result"]?["contents"]?.array?.first?[
                "text"]
            #expect(text?.string?.contains(rule) == true, "\(uri)")
        }
    }

    /// A repository laid out as plugin collections are: skills three folders down.
    static func nestedRegistry(_ fixture: MCPFixture) throws {
        _ = try fixture.store.write(
            repositories: [],
            files: [
                SkillscopeTesting.Fixtures.record(
                    "nest/settings", "plugins/git/skills/commit-staged/SKILL.md",
                    "---\nname: commit-staged\ndescription: Commit what is staged. Use when asked to commit.\n---\n"
                        + "# Commit\n\n- Run `scripts/check.sh` before committing.\n- Write the subject in the imperative.\n"
                ),
                SkillscopeTesting.Fixtures.record(
                    "nest/settings", "plugins/git/skills/tidy/SKILL.md",
                    "---\nname: tidy\ndescription: Tidy a branch. Use before a review.\n---\n# Tidy\n\n- Squash fixups.\n"
                ),
                SkillscopeTesting.Fixtures.record(
                    "nest/settings", "plugins/broken/SKILL.md",
                    "---\nname: broken\ndescription: [unclosed: yes\n---\n# Broken\n\n- Keep it short.\n"),
            ], seenAt: "2026-11-30T10:00:00Z")
    }

    @Test func theTemplateFilledWithANestedSkillsNameReadsIt() throws {
        let fixture = try MCPFixture()
        try Self.nestedRegistry(fixture)
        let full = fixture.request(
            "resources/read", ["uri": "skill://nest/settings/plugins/git/skills/commit-staged/SKILL.md"])
        let text = try #require(full["result"]?["contents"]?[0]?["text"]?.string)
        #expect(text.contains("name: commit-staged"))
        // The template's {owner}/{repo}/{name}/{+path}, filled with the skill's name alone.
        let filled = fixture.request("resources/read", ["uri": "skill://nest/settings/commit-staged/SKILL.md"])
        #expect(filled["result"]?["contents"]?[0]?["text"]?.string == text, "\(filled)")
        let got = fixture.request("skills/get", ["uri": "skill://nest/settings/tidy/SKILL.md"])
        #expect(got["result"]?["skill"]?["frontmatter"]?["name"] == "tidy", "\(got)")
        #expect(
            fixture.request("resources/read", ["uri": "skill://nest/settings/nope/SKILL.md"])["error"] != nil)
    }

    @Test func frontMatterThatIsNotYAMLIsLeftOutAndUnheldFilesMakeTheListDynamic() throws {
        let fixture = try MCPFixture()
        try Self.nestedRegistry(fixture)
        var skills: [JSONValue] = []
        var leftOut: [JSONValue] = []
        var cursor: JSONValue? = nil
        repeat {
            let page = fixture.request("skills/list", cursor.map { ["cursor": $0] } ?? [:])["result"]
            skills += page?["skills"]?.array ?? []
            leftOut += page?["_meta"]?["dev.skillscope/leftOut"]?.array ?? []
            cursor = page?["nextCursor"]
        } while cursor != nil && cursor != .null
        let broken = try #require(leftOut.first { $0["path"] == "plugins/broken/SKILL.md" })
        #expect(broken["reason"]?.string?.contains("does not parse as YAML") == true, "\(broken)")
        #expect(!skills.contains { $0["uri"]?.string?.contains("broken") == true })
        let staged = try #require(skills.first { $0["frontmatter"]?["name"] == "commit-staged" })
        #expect(staged["resources"] == "dynamic")
        #expect(staged["_meta"]?["dev.skillscope/notHeld"] == ["scripts/check.sh"])
        let tidy = try #require(skills.first { $0["frontmatter"]?["name"] == "tidy" })
        #expect(tidy["resources"]?.array?.count == 1)
    }
}
