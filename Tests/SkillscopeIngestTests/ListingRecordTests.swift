import Foundation
import JSON
import SkillscopeCore
import SkillscopeIngest
import SkillscopeSQLite
import SkillscopeStore
import SkillscopeTesting
import Testing

@Suite struct ListingRecordTests {
    static let seenAt = "2026-11-30T09:00:00Z"

    /// A record in the seed's shape, written by us, with fields this program does not know.
    static let record: JSONValue = .object([
        "id": .string("0b9e1c52-7a43-4d5e-9f1a-2c6d8e4b7a10"), "shortId": .string("Qx7Lm2"), "kind": .string("skill"),
        "title": .string("release-notes"), "tagline": .string("Writes release notes from merged pull requests."),
        "description": .string("# Release notes\n\n- Group changes by area.\n- Link every pull request.\n"),
        "tags": .array([.string("release"), .string("notes")]),
        "verified": .bool(false), "liveness": .string("unknown"), "embedding": .null,
        "prices": .array([.object(["amountUsd": .string("0"), "unit": .string("free")])]),
        "sources": .array([
            .object([
                "source": .string("skills_sh"), "sourceId": .string("lena/tools/release-notes"),
                "firstSeenAt": .string("2026-03-01T10:00:00.000Z"), "lastSeenAt": .string("2026-04-01T10:00:00.000Z"),
            ])
        ]),
        "details": .object([
            "useCases": .array([]), "schema": .null,
            "kindDetails": .object([
                "slug": .string("release-notes"), "layout": .string("multi"),
                "github": .object([
                    "repo": .string("lena/tools"), "stars": .integer(42), "topics": .array([.string("agent-skills")]),
                    "license": .string("MIT"), "skill_md_sha": .string("3f1c0d2e9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d"),
                    "skill_md_path": .string("skills/release-notes/SKILL.md"), "default_branch": .string("main"),
                    "pushed_at": .string("2026-04-20T08:00:00Z"),
                ]),
                "frontmatter": .object([
                    "name": .string("release-notes"),
                    "description": .string(
                        "Writes release notes from merged pull requests. Use when cutting a release."),
                ]),
            ]),
        ]),
    ])

    func ingest(_ path: String, into store: SQLiteStore) async throws -> IngestReport {
        try await Ingestor(store: store).run([ListingSource(path: path)], seenAt: Self.seenAt)
    }

    func export(_ key: FileKey, from store: SQLiteStore) throws -> JSONValue {
        let file = try #require(try store.file(.key(key)))
        let rules = try store.rules(ofFile: file.id)
        let quality = QualityScore(
            QualityScore.Inputs(
                kind: file.kind, findings: file.findings, description: file.description, lineCount: file.lineCount,
                ruleCount: rules.count, hasExamples: false, security: file.security.verdict,
                stars: file.repository.stars))
        return ListingRecord.export(file, facts: ListingRecord.Facts(quality: quality))
    }

    static let key = FileKey(repository: "lena/tools", path: "skills/release-notes/SKILL.md")

    @Test func aRecordIsIndexedAndKeptWhole() async throws {
        let directory = TemporaryDirectory()
        try directory.write("one.json", Self.record.text)
        let store = try SQLiteStore(path: directory.appending("r.sqlite"))
        let report = try await ingest(directory.appending("one.json"), into: store)
        #expect(report.indexed == 1 && report.problems.isEmpty)
        let file = try #require(try store.file(.key(Self.key)))
        #expect(file.name == "release-notes")
        #expect(file.description == "Writes release notes from merged pull requests. Use when cutting a release.")
        #expect(file.ruleCount == 2)
        #expect(file.repository.stars == 42 && file.repository.license == "MIT")
        #expect(file.findings.isEmpty)
        #expect(try JSONValue.parse(try #require(file.listingJSON)) == Self.record)
    }

    @Test func exportThenImportGivesTheSameListing() async throws {
        let directory = TemporaryDirectory()
        try directory.write("one.json", Self.record.text)
        let first = try SQLiteStore(path: directory.appending("first.sqlite"))
        _ = try await ingest(directory.appending("one.json"), into: first)
        let exported = try export(Self.key, from: first)
        try directory.write("exported.jsonl", exported.text + "\n")
        let second = try SQLiteStore(path: directory.appending("second.sqlite"))
        _ = try await ingest(directory.appending("exported.jsonl"), into: second)
        #expect(try export(Self.key, from: second) == exported)
        // Our values are set, the record's own kept.
        // 0.20 spec + 0.15 description + 0.03 size (8 lines) + 0.04 rules + 0.15 security + 0.054 stars, of 0.85.
        #expect(exported["qualityScore"]?.string == "0.735")
        let rationale = exported["qualityRationale"]?.string ?? ""
        #expect(rationale.hasPrefix("deterministic score 0.73 from registry signals: · spec: valid (+0.20 of 0.20)"))
        #expect(rationale.contains("stars: 42 github stars (+0.05 of 0.10)"))
        #expect(exported["prices"] == Self.record["prices"])
        #expect(
            exported["details"]?["kindDetails"]?["github"]?["skill_md_sha"]?.string
                == "3f1c0d2e9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d")
        #expect(
            exported["capabilities"]?.array?.compactMap(\.string) == [
                "skill", "source-lena", "skill-release-notes", "topic-agent-skills",
            ])
        #expect(exported["sources"]?.array?.count == 2)
    }

    @Test func badRecordsAreReportedAndTheRestIndexed() async throws {
        let directory = TemporaryDirectory()
        var other = Self.record.object ?? [:]
        other["details"] = .object(["kindDetails": .object(["github": .object(["repo": .string("lena/tools")])])])
        other["title"] = .string("second")
        let lines = [
            Self.record.text, "{not json", ##"{"kind": "skill", "description": "# x"}"##, JSONValue.object(other).text,
        ]
        try directory.write("many.jsonl", lines.joined(separator: "\n") + "\n")
        let store = try SQLiteStore(path: directory.appending("r.sqlite"))
        let report = try await ingest(directory.appending("many.jsonl"), into: store)
        #expect(report.indexed == 2)
        #expect(report.problems.map(\.path) == ["many.jsonl:2", "many.jsonl:3"])
        #expect(report.problems.last?.message.contains("details.kindDetails.github.repo") == true)
        #expect(try store.file(.key(FileKey(repository: "lena/tools", path: "second/SKILL.md"))) != nil)
    }

    @Test func aPathLeavingTheRepositoryIsRefused() throws {
        var bad = Self.record.object ?? [:]
        bad["details"] = .object([
            "kindDetails": .object([
                "github": .object(["repo": .string("lena/tools"), "skill_md_path": .string("../x/SKILL.md")])
            ])
        ])
        #expect(throws: IngestError.self) { try ListingRecord.read(JSONValue.object(bad).text, origin: "x.json") }
    }
}
