internal import Foundation
internal import SkillscopeEmbeddings
internal import SkillscopeRating
internal import SkillscopeReport
internal import SkillscopeStore

/// `skillscope group`: groups every rule of the registry into kinds and counts what rating needs.
struct GroupCommand: Command {
    static let name = "group"
    static let summary = "group the registry's rules into kinds of the same meaning, for rating"
    static let help = """
        Usage: skillscope group [--db PATH] [--embedder lexical|minilm|static] [--model DIR] [--threshold COSINE]
                                [--evaluate PAIRS] [--json]

        Reads every indexed file's rules, embeds each distinct rule once, and groups rules close in meaning into
        kinds through a nearest-neighbour index (every member within the threshold of its kind's first rule).
        Counts each kind's reach (files holding a rule of it) and the repositories naming each path, command,
        setting, environment variable, host and inline name. Ratings (`skillscope rules`, `analyze`, the file
        page) read what it saves; run it again after ingesting.

        Options:
          --embedder NAME     lexical (hashed words and word pairs, weighted by the registry), minilm
                              (all-MiniLM-L6-v2 in Swift; `skillscope model install`) or static (token vectors
                              distilled from MiniLM; `skillscope model distill`: fast enough for 350,000 files).
                              Default: minilm when installed and the registry holds at most 50,000 rules;
                              above that static, distilled from the registry's own rules first if MiniLM is
                              installed and the table is not; lexical (with a warning) only when no model is
          --model DIR         the model folder (default: $SKILLSCOPE_MODEL, else where `model install` put it)
          --threshold COSINE  the similarity at which rules are of one kind (default: tuned per embedder)
          --evaluate PAIRS    group nothing: score the embedder on labelled rule pairs (JSON lines with a, b
                              and same) and print precision, recall and F1 per threshold, and the tuned one
                              (best F1 with precision at least 0.6)
          --json              print {embedder, threshold, files, repositories, rules, distinctRules, kinds,
                              namedThings}

        Exit codes: 0 done, 64 usage, 66 no registry, 69 the registry cannot be opened.
        """

    var embedder: EmbedderChoice
    var threshold: Float?
    var evaluate: String?

    init(arguments: inout Arguments, context: Context) throws(CLIError) {
        embedder = try EmbedderChoice.parse(try arguments.option("embedder"), command: Self.name)
        evaluate = try arguments.option("evaluate")
        if let value = try arguments.option("threshold") {
            guard let number = Float(value), number > 0, number <= 1 else {
                throw .usage("--threshold must be a cosine in (0, 1]", command: Self.name)
            }
            threshold = number
        }
        guard try arguments.positionals().isEmpty else { throw .usage("group takes no arguments", command: Self.name) }
    }

    func run(context: Context) async throws -> ExitCode {
        if let evaluate { return try evaluatePairs(evaluate, context: context) }
        let store = try context.openExistingStore()
        let started = Date()
        let rules = embedder == .automatic ? try store.stats().rules : nil
        if let rules, rules > EmbedderChoice.miniLMRuleLimit {
            try distillIfMissing(store: store, context: context)
        }
        let builder = RuleKindBuilder(
            store: store,
            configuration: .init(
                embedder: try embedder.make(context: context, registryRules: rules),
                threshold: threshold))
        let summary = try builder.build(at: ISO8601DateFormatter().string(from: started)) { message in
            context.output.error("group: \(message)")
        }
        // Search hits carry each file's versions, origin and quality: worked out now that the kinds (and the
        // meaning that finds their own versions) are current.
        let summarising = Date()
        let summaries = try FileSummaryBuilder(
            rater: RegistryRater(store: store, modelEmbedder: EmbedderChoice.modelEmbedder(context: context)),
            threads: ProcessInfo.processInfo.activeProcessorCount
        ).build { message in context.output.error("group: \(message)") }
        let summarySeconds = Date().timeIntervalSince(summarising)
        let seconds = Date().timeIntervalSince(started)
        if context.json {
            /// The grouping's summary, then the search summaries'.
            struct View: Encodable {
                var embedder: String
                var threshold: Float
                var files, repositories, rules, distinctRules, kinds, namedThings: Int
                var summarised, summarisedWithVersions, likelyOrigins: Int
                var summarySeconds, seconds: Double
            }
            try context.output.json(
                View(
                    embedder: summary.embedder, threshold: summary.threshold, files: summary.files,
                    repositories: summary.repositories, rules: summary.rules, distinctRules: summary.distinctRules,
                    kinds: summary.kinds, namedThings: summary.namedThings, summarised: summaries.files,
                    summarisedWithVersions: summaries.withVersions, likelyOrigins: summaries.origins,
                    summarySeconds: summarySeconds, seconds: seconds))
            return .success
        }
        context.output.print(
            "grouped \(summary.rules) rules (\(summary.distinctRules) distinct) of \(summary.files) files in "
                + "\(summary.repositories) repositories into \(summary.kinds) kinds with \(summary.embedder) at "
                + "cosine \(summary.threshold); \(summary.namedThings) named things counted; "
                + String(format: "%.1f s", seconds - summarySeconds))
        context.output.print(
            "summarised \(summaries.files) files for search (\(summaries.withVersions) with versions, "
                + "\(summaries.origins) likely origins) in " + String(format: "%.1f s", summarySeconds))
        return .success
    }

    /// Distils MiniLM's static table from the registry's own rules when MiniLM is installed and the table is not.
    ///
    /// With no `--embedder`, a registry too large for MiniLM itself groups by meaning through the static table
    /// distilled from it: it is distilled here, from the
    /// registry's own rules (word-piece counts over every rule, fitted to MiniLM on 40,000 of its list items), and
    /// kept in the model folder (2–3 minutes for the shared corpus, once). Without MiniLM nothing is made and the
    /// lexical embedder is used, with its warning.
    private func distillIfMissing(store: any Store, context: Context) throws {
        let folder = context.modelFolder
        guard (try? StaticEmbedder(modelFolder: folder)) == nil, let model = try? MiniLMEmbedder(modelFolder: folder)
        else { return }
        context.output.error("group: distilling MiniLM's static table from the registry's rules (once)")
        let started = Date()
        var rules: [String] = []
        var after: Int64 = 0
        while true {
            let page = try store.fileRules(after: after, limit: 5000)
            guard let last = page.last else { break }
            for file in page { rules += file.rules }
            after = last.id
        }
        var options = StaticEmbedder.Distillation()
        options.tokenCounts = StaticEmbedder.countTokens(in: rules, tokenizer: model.tokenizer)
        options.trainingTexts = ModelCommand.chosenItems(rules, count: 40_000)
        let embedder = StaticEmbedder.distill(from: model, options: options)
        do {
            try embedder.write(to: folder.staticFile)
        } catch {
            throw CLIError("cannot write the static table to \(folder.staticFile): \(error)", exitCode: .unavailable)
        }
        context.output.error(
            "group: distilled \(embedder.weights.count) tokens in "
                + String(format: "%.1f s", Date().timeIntervalSince(started)) + " into \(folder.staticFile)")
    }

    private func evaluatePairs(_ path: String, context: Context) throws -> ExitCode {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CLIError("cannot read \(path)", exitCode: .noInput)
        }
        var pairs: [PairEvaluation.Pair] = []
        for (number, line) in String(decoding: data, as: UTF8.self).split(separator: "\n").enumerated() {
            do {
                pairs.append(try JSONDecoder().decode(PairEvaluation.Pair.self, from: Data(line.utf8)))
            } catch {
                throw CLIError("\(path):\(number + 1): not a pair {a, b, same}: \(error)", exitCode: .dataError)
            }
        }
        var chosen = try embedder.make(context: context)
        if let lexical = chosen as? LexicalEmbedder {
            chosen = LexicalEmbedder(
                dimension: lexical.dimension,
                vocabulary: LexicalEmbedder.Vocabulary(counting: pairs.flatMap { [$0.a, $0.b] }))
        }
        let started = Date()
        let evaluation = try PairEvaluation(pairs: pairs, embedder: chosen)
        let seconds = Date().timeIntervalSince(started)
        let tuned = evaluation.tuned()
        // The point `group` itself would group at with this embedder: its flag's threshold, else its own default.
        let shipped = evaluation.point(at: threshold ?? RuleKindBuilder.threshold(for: evaluation.embedder))
        if context.json {
            struct View: Encodable {
                var embedder: String
                var pairs: Int
                var seconds: Double
                var sweep: [PairEvaluation.Point]
                var best: PairEvaluation.Point
                var tuned: PairEvaluation.Point?
                var `default`: PairEvaluation.Point
            }
            try context.output.json(
                View(
                    embedder: evaluation.embedder, pairs: pairs.count, seconds: seconds, sweep: evaluation.sweep,
                    best: evaluation.best, tuned: tuned, default: shipped))
            return .success
        }
        context.output.print("\(evaluation.embedder) on \(pairs.count) pairs (\(String(format: "%.1f", seconds)) s)")
        for point in evaluation.sweep {
            context.output.print(
                String(
                    format: "  %.2f  precision %.3f  recall %.3f  F1 %.3f", point.threshold, point.precision,
                    point.recall, point.f1))
        }
        let best = evaluation.best
        context.output.print(String(format: "best F1 %.3f at %.2f", best.f1, best.threshold))
        context.output.print(
            String(
                format: "default (what group uses): %.2f, precision %.3f, recall %.3f, F1 %.3f", shipped.threshold,
                shipped.precision, shipped.recall, shipped.f1))
        if let tuned {
            context.output.print(
                String(
                    format: "tuned (best F1 with precision ≥ 0.6): %.2f, precision %.3f, recall %.3f, F1 %.3f",
                    tuned.threshold, tuned.precision, tuned.recall, tuned.f1))
        } else {
            context.output.print("no threshold reaches precision 0.6")
        }
        return .success
    }
}
