public import Foundation

/// Where the package, its built binary and the shared material are.
public enum Paths {
    /// The package root (the folder holding Package.swift).
    public static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// The `skillscope` binary of the current build, or `$SKILLSCOPE_TEST_BINARY` (to replay the end-to-end tests
    /// against another build, such as an older commit's).
    public static var binary: String {
        if let given = ProcessInfo.processInfo.environment["SKILLSCOPE_TEST_BINARY"], !given.isEmpty { return given }
        for configuration in ["debug", "release"] {
            let candidate = packageRoot + "/.build/\(configuration)/skillscope"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return packageRoot + "/.build/debug/skillscope"
    }

    /// `examples/`, the bundled example corpus.
    public static var examples: String { packageRoot + "/examples" }

    /// `../shared/corpus`, when present.
    public static var sharedCorpus: String? {
        let path = (packageRoot as NSString).deletingLastPathComponent + "/shared/corpus"
        return FileManager.default.fileExists(atPath: path + "/manifest.jsonl") ? path : nil
    }

    /// `../shared/seeds`, when present.
    public static var seeds: String? {
        let path = (packageRoot as NSString).deletingLastPathComponent + "/shared/seeds"
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }
}
