import SkillscopeCore
import SkillscopeRating
import Testing

/// The list `scripts/make-public-names.sh` made, as the binary links it in.
@Suite struct PublicNamesBundledTests {
    @Test func theBundledListKnowsLibrariesAndStandardNamesAndNoProjectFolder() {
        let bundled = PublicNames.bundled
        #expect(bundled.count > 100_000)
        for name in ["anyhow", "pytest", "requests", "express", "oserror"] {
            #expect(bundled.contains(name), "\(name)")
        }
        for name in ["src", "docs", "scripts", "utils", "config"] { #expect(!bundled.contains(name), "\(name)") }
    }

    /// The sources the issue named: PyPI and npm packages, the standard libraries of Rust, Go, Java and Node, and the
    /// standard file names of toolchains.
    @Test func itKnowsPackagesStandardLibrariesAndToolchainFiles() {
        let bundled = PublicNames.bundled
        let known = [
            "zustand", "@types/node", "fastapi", "pydantic",  // npm and PyPI
            "PartialEq", "MutexGuard", "std::sync::Arc",  // Rust's std
            "net/http", "ResponseWriter",  // Go's std
            "ConcurrentHashMap", "java.util.concurrent",  // the JDK
            "child_process", "structuredClone",  // Node
            "manage.py", "lib.rs", "conftest.py", "~/.aws/credentials", "test_*.py", "Cargo.lock",  // toolchains
        ]
        for name in known { #expect(bundled.contains(name), "\(name)") }
    }

    /// A file named after a package is still a file: `tokens.ts` is not the `tokens` package's member, while
    /// `json.loads` is the `json` module's.
    @Test func aFileNamedLikeAPackageIsNotPublic() {
        let bundled = PublicNames.bundled
        #expect(bundled.contains("tokens"))
        #expect(!bundled.contains("tokens.ts"))
        #expect(!bundled.contains("hooks.py"))
        #expect(bundled.contains("json.loads"))
        #expect(bundled.contains("requests.get"))
    }
}
