import SkillscopeCore
import SkillscopeStore
import SkillscopeTesting
import SkillscopeVersions
import Testing

/// "Wrote their own version" where the registry's meaning is known: a skill of the same name close enough in
/// meaning, or another file far closer.
@Suite struct OwnVersionTests {
    /// Meaning as fixed cosines to the subject, by repository.
    struct FixedMeaning: MeaningNeighbours {
        var cosines: [Int64: Float]

        func neighbours(of subject: VersionFinder.Subject) throws -> [Int64] {
            cosines.filter { $0.value >= 0.92 }.map(\.key).sorted()
        }

        func closeness(of subject: VersionFinder.Subject, to ids: [Int64]) throws -> [Int64: Float] {
            cosines.filter { ids.contains($0.key) }
        }
    }

    /// A skill whose every sentence is its own (no five-word phrase shared with the others).
    static func skill(_ name: String, _ rules: [String]) -> String {
        "---\nname: \(name)\ndescription: \(rules[0])\n---\n# \(rules[1])\n\n"
            + rules.map { "- \($0)" }.joined(separator: "\n") + "\n"
    }

    @Test(arguments: StoreEngine.available)
    func aSameNamedSkillCloseInMeaningIsTheirOwnVersion(engine: StoreEngine) throws {
        let directory = TemporaryDirectory()
        let store = try engine.makeEmptyStore(in: directory)
        _ = try store.write(
            repositories: [],
            files: [
                Fixtures.record(
                    "subject/skills", "swiftui-patterns/SKILL.md",
                    Self.skill(
                        "swiftui-patterns", ["Keep each view small enough to read at once.", "Pass state down."])),
                Fixtures.record(
                    "close/skills", "swiftui-patterns/SKILL.md",
                    Self.skill("swiftui-patterns", ["Split a screen into child views early on.", "Prefer bindings."])),
                Fixtures.record(
                    "far/skills", "swiftui-patterns/SKILL.md",
                    Self.skill("swiftui-patterns", ["Sell the product with patterned fabric swatches.", "Ship fast."])),
                Fixtures.record(
                    "renamed/skills", "view-structure/SKILL.md",
                    Self.skill("view-structure", ["Break large views into small focused ones.", "Own little state."])),
            ], seenAt: "2026-11-30T00:00:00Z")
        try store.refreshPassageIndex()
        func id(_ repository: String) throws -> Int64 {
            let files = try store.repositoryFiles(repository)
            return try #require(files.first?.id)
        }
        let meaning = FixedMeaning(cosines: [
            try id("close/skills"): 0.84, try id("far/skills"): 0.41, try id("renamed/skills"): 0.95,
        ])
        let finder = VersionFinder(store: store, meaning: meaning)
        let file = try #require(
            try store.file(.key(FileKey(repository: "subject/skills", path: "swiftui-patterns/SKILL.md"))))
        let report = try finder.versions(of: try finder.subject(for: file))
        let own = try #require(report.bands.first { $0.band == .own })
        #expect(Set(own.versions.map(\.repository)) == ["close/skills", "renamed/skills"])
        #expect(own.versions.first { $0.repository == "close/skills" }?.reason == "same name, close in meaning")
        #expect(own.versions.first { $0.repository == "renamed/skills" }?.reason == "similar meaning")
        #expect(report.otherProjects == 2)
    }
}
