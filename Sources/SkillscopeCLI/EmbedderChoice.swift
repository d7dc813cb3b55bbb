internal import Foundation
internal import SkillscopeEmbeddings
internal import SkillscopeRating
internal import SkillscopeStore
internal import SkillscopeVersions

/// Which embedder groups rules: `lexical` (needs nothing), `minilm` (all-MiniLM-L6-v2 in Swift) or `static`
/// (token vectors distilled from MiniLM: `skillscope model distill`); with no flag, the best one installed.
enum EmbedderChoice: String, CaseIterable {
    case lexical
    case minilm
    case `static`
    /// No flag: MiniLM where its model is installed and the registry holds at most
    /// ``EmbedderChoice/miniLMRuleLimit`` rules; for a larger registry the static table distilled from it (fast
    /// enough for 350,000 files); else the lexical embedder, with a warning saying what is lost and what to run.
    case automatic

    /// Rules up to which MiniLM itself groups a registry by default: above it, the static table distilled
    /// from it, which embeds in microseconds instead of milliseconds (bench/RESULTS.md).
    static let miniLMRuleLimit = 50_000

    /// The choice named by `--embedder` (no flag: ``automatic``).
    static func parse(_ value: String?, command: String) throws(CLIError) -> EmbedderChoice {
        guard let value else { return .automatic }
        guard let choice = EmbedderChoice(rawValue: value), choice != .automatic else {
            throw .usage(
                "unknown embedder '\(value)': use lexical, minilm or static", command: command)
        }
        return choice
    }

    /// The embedder; model-backed ones read the context's model folder (`--model`, `$SKILLSCOPE_MODEL` or the
    /// default, as the CLI resolved it).
    ///
    /// - Parameter registryRules: the registry's rules, for ``automatic`` (nil: a small set).
    func make(context: Context, registryRules: Int? = nil) throws -> any Embedder {
        let folder = context.modelFolder
        do {
            switch self {
            case .lexical: return LexicalEmbedder()
            case .minilm: return try MiniLMEmbedder(modelFolder: folder)
            case .static: return try StaticEmbedder(modelFolder: folder)
            case .automatic:
                let lost =
                    "using the lexical embedder, which finds few rules of the same kind worded differently, so ≈ "
                    + "common and \"their own version\" by meaning are rarely found"
                if (registryRules ?? 0) > Self.miniLMRuleLimit {
                    // MiniLM itself would take hours here (bench/RESULTS.md): the static table or nothing.
                    do { return try StaticEmbedder(modelFolder: folder) } catch {
                        context.output.error(
                            "warning: \(error) — MiniLM is too slow for \(registryRules ?? 0) rules; run `skillscope "
                                + "model distill --corpus DIR` for its static table; \(lost)")
                        return LexicalEmbedder()
                    }
                }
                do { return try MiniLMEmbedder(modelFolder: folder) } catch {
                    context.output.error("warning: \(error) — \(lost)")
                    return LexicalEmbedder()
                }
            }
        } catch {
            throw CLIError("\(error)", exitCode: .unavailable)
        }
    }

    /// The model-backed embedder a registry was grouped with, by its identifier, if its model is installed.
    static func modelEmbedder(context: Context) -> @Sendable (String) -> (any Embedder)? {
        let folder = context.modelFolder
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
