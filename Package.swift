// swift-tools-version:6.0
import PackageDescription

let settings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "skillscope",
    products: [
        .executable(name: "skillscope", targets: ["skillscope"]),
        .library(name: "SkillscopeCore", targets: ["SkillscopeCore"]),
        .library(name: "SkillscopeStore", targets: ["SkillscopeStore"]),
        .library(name: "SkillscopeVersions", targets: ["SkillscopeVersions"]),
        .library(name: "SkillscopeSQLite", targets: ["SkillscopeSQLite"]),
        .library(name: "SkillscopePostgres", targets: ["SkillscopePostgres"]),
        .library(name: "SkillscopeIngest", targets: ["SkillscopeIngest"]),
        .library(name: "SkillscopeSync", targets: ["SkillscopeSync"]),
        .library(name: "SkillscopeCLI", targets: ["SkillscopeCLI"]),
        .library(name: "Allocator", targets: ["Allocator"]),
    ],
    targets: [
        // C shims: a module map and one header each.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(
            name: "CCmarkGFM", pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(name: "CPCRE2", pkgConfig: "libpcre2-8", providers: [.apt(["libpcre2-dev"])]),
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CGit2", pkgConfig: "libgit2", providers: [.apt(["libgit2-dev"])]),
        .systemLibrary(
            name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(name: "CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        .systemLibrary(name: "COpenBLAS", pkgConfig: "openblas", providers: [.apt(["libopenblas-dev"])]),
        .systemLibrary(name: "CJemalloc", pkgConfig: "jemalloc", providers: [.apt(["libjemalloc-dev"])]),
        // The public-names list (scripts/make-public-names.sh), linked in as a data file by names.S.
        .target(name: "CPublicNames", exclude: ["data"], cSettings: [.headerSearchPath("data")]),

        // Wrappers: know nothing of Skillscope.
        .target(name: "SQLite", dependencies: ["CSQLite", "Hashing"], swiftSettings: settings),
        .target(name: "CommonMark", dependencies: ["CCmarkGFM"], swiftSettings: settings),
        .target(name: "YAML", dependencies: ["CYAML"], swiftSettings: settings),
        .target(name: "PCRE", dependencies: ["CPCRE2"], swiftSettings: settings),
        .target(name: "Hashing", dependencies: ["CCrypto"], swiftSettings: settings),
        .target(name: "Git", dependencies: ["CGit2"], swiftSettings: settings),
        .target(name: "MicroHTTP", dependencies: ["CMicroHTTPD"], swiftSettings: settings),
        .systemLibrary(name: "CArchive", pkgConfig: "libarchive", providers: [.apt(["libarchive-dev"])]),
        .target(name: "Archive", dependencies: ["CArchive"], swiftSettings: settings),
        .target(name: "Postgres", dependencies: ["CLibPQ", "Hashing"], swiftSettings: settings),
        .target(name: "BLAS", dependencies: ["COpenBLAS"], swiftSettings: settings),
        .target(name: "SafeTensors", swiftSettings: settings),
        .target(name: "Allocator", dependencies: ["CJemalloc"], swiftSettings: settings),
        .systemLibrary(name: "CFileSystem"),
        .target(name: "FileSystem", dependencies: ["CFileSystem"], swiftSettings: settings),
        .target(name: "JSON", swiftSettings: settings),
        .target(name: "Blocking", swiftSettings: settings),
        // Xapian has only a C++ API: a C face over the part we use, compiled against Debian's libxapian-dev.
        .target(name: "CXapian", linkerSettings: [.linkedLibrary("xapian")]),
        .target(name: "Xapian", dependencies: ["CXapian"], swiftSettings: settings),

        // The domain.
        .target(
            name: "SkillscopeCore", dependencies: ["CommonMark", "YAML", "Hashing", "PCRE"], swiftSettings: settings),
        .target(
            name: "SkillscopeEmbeddings", dependencies: ["BLAS", "SafeTensors", "Hashing", "FileSystem"],
            swiftSettings: settings),
        .target(
            name: "SkillscopeRating",
            dependencies: [
                "SkillscopeCore", "SkillscopeStore", "SkillscopeEmbeddings", "SkillscopeVersions", "Hashing",
                "CPublicNames",
            ],
            swiftSettings: settings),
        .target(
            name: "SkillscopeVersions", dependencies: ["SkillscopeCore", "SkillscopeStore"], swiftSettings: settings),
        .target(
            name: "SkillscopeReport",
            dependencies: [
                "SkillscopeCore", "SkillscopeStore", "SkillscopeRating", "SkillscopeIngest", "YAML", "JSON",
            ],
            swiftSettings: settings),
        .target(
            name: "SkillscopeStore", dependencies: ["SkillscopeCore", "Hashing", "YAML", "FileSystem"],
            swiftSettings: settings),
        .target(
            name: "SkillscopeSQLite", dependencies: ["SkillscopeCore", "SkillscopeStore", "SQLite", "Xapian"],
            swiftSettings: settings),
        .target(
            name: "SkillscopePostgres", dependencies: ["SkillscopeStore", "Postgres", "Hashing"],
            swiftSettings: settings),
        .target(
            name: "SkillscopeIngest",
            dependencies: [
                "SkillscopeCore", "SkillscopeStore", "Git", "Hashing", "YAML", "FileSystem", "JSON", "Blocking",
            ],
            swiftSettings: settings),
        .target(
            name: "SkillscopeWeb",
            dependencies: [
                "SkillscopeCore", "SkillscopeStore", "SkillscopeIngest", "SkillscopeSync", "MicroHTTP", "Hashing",
                "Archive", "SkillscopeRating", "SkillscopeEmbeddings", "SkillscopeReport", "CommonMark", "JSON",
                "SkillscopeVersions",
            ],
            swiftSettings: settings),
        .target(
            name: "SkillscopeMCP",
            dependencies: [
                "SkillscopeCore", "SkillscopeStore", "SkillscopeSync", "MicroHTTP", "Hashing", "YAML",
                "SkillscopeRating", "SkillscopeReport", "JSON", "Blocking", "SkillscopeVersions",
            ],
            swiftSettings: settings),
        .target(
            name: "SkillscopeSync",
            dependencies: ["SkillscopeCore", "SkillscopeStore", "Git", "Hashing", "YAML", "FileSystem"],
            swiftSettings: settings),
        .target(
            name: "SkillscopeCLI",
            dependencies: [
                "SkillscopeCore", "SkillscopeStore", "SkillscopeSQLite", "SkillscopePostgres", "SkillscopeIngest",
                "SkillscopeWeb", "Hashing", "MicroHTTP", "SkillscopeSync", "SkillscopeMCP", "SkillscopeRating",
                "SkillscopeEmbeddings", "Archive", "Allocator", "SkillscopeReport", "JSON", "SkillscopeVersions",
            ],
            swiftSettings: settings),
        .executableTarget(name: "skillscope", dependencies: ["SkillscopeCLI", "Allocator"], swiftSettings: settings),
        .target(
            name: "SkillscopeTesting",
            dependencies: [
                "SkillscopeCore", "SkillscopeStore", "SkillscopeSQLite", "SkillscopePostgres", "SkillscopeIngest",
                "SkillscopeEmbeddings", "SQLite", "Postgres", "FileSystem", "SkillscopeVersions", "Xapian",
            ],
            swiftSettings: settings),

        // Tests: one target per module.
        .testTarget(name: "MicroHTTPTests", dependencies: ["MicroHTTP", "SkillscopeTesting"], swiftSettings: settings),
        .testTarget(name: "ArchiveTests", dependencies: ["Archive", "FileSystem"], swiftSettings: settings),
        .testTarget(name: "BLASTests", dependencies: ["BLAS"], swiftSettings: settings),
        .testTarget(name: "SafeTensorsTests", dependencies: ["SafeTensors"], swiftSettings: settings),
        .testTarget(name: "AllocatorTests", dependencies: ["Allocator"], swiftSettings: settings),
        .testTarget(name: "FileSystemTests", dependencies: ["FileSystem"], swiftSettings: settings),
        .testTarget(
            name: "SkillscopeVersionsTests",
            dependencies: ["SkillscopeVersions", "SkillscopeTesting", "SkillscopeStore", "SkillscopeCore"],
            swiftSettings: settings),
        .testTarget(
            name: "SkillscopeReportTests",
            dependencies: [
                "SkillscopeReport", "SkillscopeTesting", "SkillscopeRating", "SkillscopeCore", "SkillscopeStore",
                "SkillscopeIngest", "SkillscopeSQLite", "JSON",
            ],
            swiftSettings: settings),
        .testTarget(
            name: "SkillscopeRatingTests",
            dependencies: [
                "SkillscopeRating", "SkillscopeTesting", "SkillscopeEmbeddings", "SkillscopeCore", "SkillscopeVersions",
            ],
            swiftSettings: settings),
        .testTarget(
            name: "SkillscopeEmbeddingsTests", dependencies: ["SkillscopeEmbeddings", "SkillscopeTesting"],
            resources: [.copy("Fixtures")], swiftSettings: settings),
        .testTarget(
            name: "SkillscopeWebTests",
            dependencies: ["SkillscopeWeb", "SkillscopeTesting", "SkillscopeSQLite", "MicroHTTP", "Hashing"],
            exclude: ["Fixtures"], swiftSettings: settings),
        .testTarget(
            name: "SkillscopeMCPTests",
            dependencies: [
                "SkillscopeMCP", "SkillscopeTesting", "SkillscopeSQLite", "SkillscopeIngest", "SkillscopeCore",
                "SkillscopeStore", "MicroHTTP", "Hashing", "JSON", "Blocking",
            ],
            swiftSettings: settings),
        .testTarget(name: "SQLiteTests", dependencies: ["SQLite"], swiftSettings: settings),
        .testTarget(name: "XapianTests", dependencies: ["Xapian", "SkillscopeTesting"], swiftSettings: settings),
        .testTarget(name: "CommonMarkTests", dependencies: ["CommonMark"], swiftSettings: settings),
        .testTarget(name: "YAMLTests", dependencies: ["YAML"], swiftSettings: settings),
        .testTarget(name: "PCRETests", dependencies: ["PCRE"], swiftSettings: settings),
        .testTarget(name: "HashingTests", dependencies: ["Hashing"], swiftSettings: settings),
        .testTarget(name: "GitTests", dependencies: ["Git", "SkillscopeTesting"], swiftSettings: settings),
        .testTarget(name: "PostgresTests", dependencies: ["Postgres"], swiftSettings: settings),
        .testTarget(
            name: "SkillscopeStoreTests",
            dependencies: ["SkillscopeStore", "YAML", "SkillscopeTesting", "SkillscopeCore"], swiftSettings: settings),
        .testTarget(
            name: "SkillscopeCoreTests", dependencies: ["SkillscopeCore", "SkillscopeTesting", "YAML"],
            exclude: ["Fixtures/make_measure_cases.py"],
            resources: [
                .copy("Fixtures/measure-cases.json"), .copy("Fixtures/security"), .copy("Fixtures/security-heldout"),
                .copy("Fixtures/security-blind"), .copy("Fixtures/security-blind-c"),
                .copy("Fixtures/security-blind-d"), .copy("Fixtures/security-blind-e"),
                .copy("Fixtures/security-blind-f"),
                .copy("Fixtures/truth"),
            ],
            swiftSettings: settings),
        .testTarget(
            name: "SkillscopeSQLiteTests", dependencies: ["SkillscopeSQLite", "SkillscopeTesting", "Xapian"],
            swiftSettings: settings),
        .testTarget(
            name: "SkillscopePostgresTests",
            dependencies: ["SkillscopePostgres", "SkillscopeTesting", "Postgres", "SkillscopeVersions"],
            swiftSettings: settings),
        .testTarget(
            name: "SkillscopeIngestTests",
            dependencies: ["SkillscopeIngest", "SkillscopeTesting", "SkillscopeCore", "SQLite", "JSON"],
            exclude: ["Fixtures"], swiftSettings: settings),
        .testTarget(
            name: "SkillscopeSyncTests", dependencies: ["SkillscopeSync", "SkillscopeCore", "SkillscopeTesting"],
            swiftSettings: settings),
        .testTarget(
            name: "SkillscopeCLITests",
            dependencies: [
                "SkillscopeCLI", "SkillscopeTesting", "SQLite", "Archive", "Hashing", "SkillscopeSQLite",
                "SkillscopeStore",
            ],
            exclude: ["Browser", "Fixtures"], swiftSettings: settings),
    ],
    cxxLanguageStandard: .cxx17
)
