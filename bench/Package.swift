// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "skillscope-bench",
    dependencies: [.package(name: "skillscope", path: "..")],
    targets: [
        .executableTarget(
            name: "skillscope-bench",
            dependencies: [
                .product(name: "SkillscopeCore", package: "skillscope"),
                .product(name: "SkillscopeIngest", package: "skillscope"),
                .product(name: "SkillscopeSQLite", package: "skillscope"),
                .product(name: "SkillscopePostgres", package: "skillscope"),
                .product(name: "SkillscopeStore", package: "skillscope"),
                .product(name: "SkillscopeVersions", package: "skillscope"),
                .product(name: "Allocator", package: "skillscope"),
            ])
    ]
)
