internal import Foundation
internal import SkillscopeRating
internal import SkillscopeStore

/// `skillscope group`: groups every rule of the registry into kinds and counts what rating needs.
struct GroupCommand: Command {
    static let name = "group"
    static let summary = "group the registry's rules into kinds of the same meaning, for rating"
    static let help = """
        Usage: skillscope group [--db PATH] [--embedder lexical|minilm|static] [--model DIR] [--threshold COSINE]
                                [--json]

        Reads every indexed file's rules, embeds each distinct rule once, and groups rules close in meaning into
        kinds through a nearest-neighbour index (every member within the threshold of its kind's first rule).
        Counts each kind's reach (files holding a rule of it) and the repositories naming each path, command,
        setting, environment variable, host and inline name. Ratings (`skillscope rules`, `analyze`, the file
        page) read what it saves; run it again after ingesting.

        Options:
          --embedder NAME     lexical (hashed words and word pairs, weighted by the registry; the default),
                              minilm (all-MiniLM-L6-v2 in Swift; `skillscope model install`) or static (token
                              vectors distilled from MiniLM; `skillscope model distill`: fast enough for 350,000
                              files)
          --model DIR         the model folder (default: $SKILLSCOPE_MODEL, else where `model install` put it)
          --threshold COSINE  the similarity at which rules are of one kind (default: tuned per embedder)
          --json              print {embedder, threshold, files, repositories, rules, distinctRules, kinds,
                              namedThings}

        Exit codes: 0 done, 64 usage, 66 no registry, 69 the registry cannot be opened.
        """

    var embedder: EmbedderChoice
    var threshold: Float?
    var model: String?

    init(arguments: inout Arguments, context: Context) throws(CLIError) {
        embedder = try EmbedderChoice.parse(try arguments.option("embedder"), command: Self.name)
        model = try arguments.option("model")
        if let value = try arguments.option("threshold") {
            guard let number = Float(value), number > 0, number <= 1 else {
                throw .usage("--threshold must be a cosine in (0, 1]", command: Self.name)
            }
            threshold = number
        }
        guard try arguments.positionals().isEmpty else { throw .usage("group takes no arguments", command: Self.name) }
    }

    func run(context: Context) async throws -> ExitCode {
        let store = try context.openExistingStore()
        let started = Date()
        let builder = RuleKindBuilder(
            store: store,
            configuration: .init(embedder: try embedder.make(context: context, modelFlag: model), threshold: threshold))
        let summary = try builder.build(at: ISO8601DateFormatter().string(from: started)) { message in
            context.output.error("group: \(message)")
        }
        let seconds = Date().timeIntervalSince(started)
        if context.json {
            try context.output.json(summary)
            return .success
        }
        context.output.print(
            "grouped \(summary.rules) rules (\(summary.distinctRules) distinct) of \(summary.files) files in "
                + "\(summary.repositories) repositories into \(summary.kinds) kinds with \(summary.embedder) at "
                + "cosine \(summary.threshold); \(summary.namedThings) named things counted; "
                + String(format: "%.1f s", seconds))
        return .success
    }
}
