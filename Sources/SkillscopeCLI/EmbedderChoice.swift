internal import Foundation
internal import SkillscopeEmbeddings
internal import SkillscopeRating
internal import SkillscopeStore

/// Which embedder groups rules: `lexical` (needs nothing), `minilm` (all-MiniLM-L6-v2 in Swift) or `static`
/// (token vectors distilled from MiniLM: `skillscope model distill`).
enum EmbedderChoice: String, CaseIterable {
    case lexical
    case minilm
    case `static`

    /// The choice named by `--embedder` (default lexical).
    static func parse(_ value: String?, command: String) throws(CLIError) -> EmbedderChoice {
        guard let value else { return .lexical }
        guard let choice = EmbedderChoice(rawValue: value) else {
            throw .usage(
                "unknown embedder '\(value)': use \(allCases.map(\.rawValue).joined(separator: ", "))",
                command: command)
        }
        return choice
    }

    /// The embedder; model-backed ones read the model folder of `--model`, `$SKILLSCOPE_MODEL` or the default.
    func make(context: Context, modelFlag: String? = nil) throws -> any Embedder {
        let folder = ModelFolder.resolve(flag: modelFlag, environment: context.environment)
        do {
            switch self {
            case .lexical: return LexicalEmbedder()
            case .minilm: return try MiniLMEmbedder(modelFolder: folder)
            case .static: return try StaticEmbedder(modelFolder: folder)
            }
        } catch {
            throw CLIError("\(error)", exitCode: .unavailable)
        }
    }

    /// The model-backed embedder a registry was grouped with, by its identifier, if its model is installed.
    static func modelEmbedder(context: Context) -> @Sendable (String) -> (any Embedder)? {
        let folder = ModelFolder.resolve(flag: nil, environment: context.environment)
        return { identifier in
            if identifier == "all-MiniLM-L6-v2" { return try? MiniLMEmbedder(modelFolder: folder) }
            guard let embedder = try? StaticEmbedder(modelFolder: folder), embedder.identifier == identifier else {
                return nil
            }
            return embedder
        }
    }
}

extension RegistryRater {
    /// The rater of a command that asks the registry once: its version finders measure on the candidates alone
    /// (``VersionFinder/TableScope/candidates``) instead of building the whole registry's lineage table for one
    /// query, which reads every phrase set (63 s at 350,000 files; bench/RESULTS.md).
    static func forOneQuery(store: any Store, context: Context) -> RegistryRater {
        var rater = RegistryRater(store: store, modelEmbedder: EmbedderChoice.modelEmbedder(context: context))
        rater.versionConfiguration.tableScope = .candidates
        return rater
    }
}
