import SkillscopeCore
import SkillscopeRating
import Testing

/// The list `scripts/make-public-names.sh` made.
@Suite struct PublicNamesBundledTests {
    @Test func theBundledListKnowsLibrariesAndStandardNamesAndNoProjectFolder() {
        let bundled = PublicNames.bundled
        #expect(bundled.count > 10_000)
        for name in ["anyhow", "pytest", "requests", "express", "oserror"] {
            #expect(bundled.contains(name), "\(name)")
        }
        for name in ["src", "docs", "scripts", "utils", "config"] { #expect(!bundled.contains(name), "\(name)") }
    }
}
