internal import Foundation
internal import SkillscopeEmbeddings

/// Which embedder groups rules: `lexical` (needs nothing) or a model-backed one.
enum EmbedderChoice: String, CaseIterable {
    case lexical

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

    func make(context: Context) throws -> any Embedder {
        switch self {
        case .lexical: LexicalEmbedder()
        }
    }

    /// The model-backed embedder a registry was grouped with, by its identifier, if its model is installed.
    static func modelEmbedder(context: Context) -> @Sendable (String) -> (any Embedder)? {
        { _ in nil }
    }
}
