internal import Foundation
public import SkillscopeEmbeddings

/// The all-MiniLM-L6-v2 folder tests use: `$SKILLSCOPE_TEST_MODEL` (CI fetches the model there with
/// `scripts/fetch-model.sh`), else where `skillscope model` would look (`$SKILLSCOPE_MODEL`, else the default
/// install folder); `nil` when it holds no model, and the tests that need it skip.
public enum TestModel {
    public static let folder: ModelFolder? = {
        let environment = ProcessInfo.processInfo.environment
        let folder = ModelFolder.resolve(flag: environment["SKILLSCOPE_TEST_MODEL"], environment: environment)
        return folder.isInstalled ? folder : nil
    }()

    /// The folder's path, for tests that hand it to the binary.
    public static var path: String? { folder?.path }

    /// Whether the model is there, for `.enabled(if:)`.
    public static var isAvailable: Bool { folder != nil }

    /// The model, loaded once for all tests.
    public static let embedder: MiniLMEmbedder? = folder.flatMap { try? MiniLMEmbedder(modelFolder: $0) }
}
