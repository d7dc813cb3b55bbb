internal import Foundation
internal import SkillscopeEmbeddings

/// `skillscope model bench`: sentences per second of the embedders on the lines of a file, and how closely the
/// static embedder agrees with MiniLM.
struct ModelBench {
    var folder: ModelFolder
    var input: String
    var engines: [String]
    /// Threads per embedder; `nil` is one per core.
    var workers: Int?

    /// One engine's figures.
    struct Figures: Encodable {
        var engine: String
        var sentences: Int
        var seconds: Double
        var sentencesPerSecond: Double
    }

    /// How the static embedder's geometry matches MiniLM's on the same sentences.
    struct Agreement: Encodable {
        /// Pearson's r between the two cosines of every pair of sentences.
        var pairwiseCosineCorrelation: Double
        /// The share of each sentence's 10 nearest MiniLM neighbours that are among its 10 nearest static ones.
        var neighbourOverlapAt10: Double
    }

    struct Report: Encodable {
        var input: String
        var figures: [Figures]
        var agreement: Agreement?
    }

    func run(context: Context) throws -> ExitCode {
        guard let text = try? String(contentsOfFile: input, encoding: .utf8) else {
            throw CLIError("cannot read \(input)", exitCode: .noInput)
        }
        let lines = text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        guard !lines.isEmpty else { throw CLIError("\(input) has no lines", exitCode: .noInput) }
        var figures: [Figures] = []
        var vectors: [String: Embeddings] = [:]
        for engine in engines {
            let embedder: any Embedder
            if engine == "minilm" {
                var configuration = MiniLMEmbedder.Configuration()
                configuration.workers = workers ?? configuration.workers
                embedder = try MiniLMEmbedder(modelFolder: folder, configuration: configuration)
            } else {
                var table = try StaticEmbedder(modelFolder: folder)
                table.configuration.workers = workers ?? table.configuration.workers
                embedder = table
            }
            _ = try embedder.embed(Array(lines.prefix(64)))  // warm-up
            var rounds = 0
            let start = Date()
            repeat {
                vectors[engine] = try embedder.embed(lines)
                rounds += 1
            } while Date().timeIntervalSince(start) < 1
            let seconds = Date().timeIntervalSince(start)
            figures.append(
                Figures(
                    engine: embedder.identifier, sentences: lines.count * rounds, seconds: seconds,
                    sentencesPerSecond: Double(lines.count * rounds) / seconds))
        }
        var agreement: Agreement?
        if let reference = vectors["minilm"], let candidate = vectors["static"] {
            agreement = Self.agreement(reference, candidate)
        }
        let report = Report(input: input, figures: figures, agreement: agreement)
        if context.json {
            try context.output.json(report)
            return .success
        }
        for figure in figures {
            context.output.print(
                "\(figure.engine): \(figure.sentences) sentences in \(String(format: "%.2f", figure.seconds)) s, "
                    + "\(String(format: "%.1f", figure.sentencesPerSecond)) sentences/s")
        }
        if let agreement {
            context.output.print(
                "static vs MiniLM: pairwise cosine r = \(String(format: "%.3f", agreement.pairwiseCosineCorrelation)), "
                    + "top-10 neighbour overlap \(String(format: "%.3f", agreement.neighbourOverlapAt10))")
        }
        return .success
    }

    static func agreement(_ reference: Embeddings, _ candidate: Embeddings) -> Agreement {
        let n = reference.count
        let a = reference.cosines(with: reference)
        let b = candidate.cosines(with: candidate)
        var (sa, sb, saa, sbb, sab, pairs) = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
        for i in 0..<n {
            for j in (i + 1)..<n {
                let (x, y) = (Double(a[i * n + j]), Double(b[i * n + j]))
                (sa, sb, saa, sbb, sab, pairs) = (sa + x, sb + y, saa + x * x, sbb + y * y, sab + x * y, pairs + 1)
            }
        }
        let covariance = sab / pairs - (sa / pairs) * (sb / pairs)
        let spread = ((saa / pairs - pow(sa / pairs, 2)) * (sbb / pairs - pow(sb / pairs, 2))).squareRoot()
        func nearest(_ cosines: [Float], _ i: Int) -> Set<Int> {
            Set((0..<n).filter { $0 != i }.sorted { cosines[i * n + $0] > cosines[i * n + $1] }.prefix(10))
        }
        var overlap = 0.0
        for i in 0..<n { overlap += Double(nearest(a, i).intersection(nearest(b, i)).count) / Double(min(10, n - 1)) }
        return Agreement(
            pairwiseCosineCorrelation: spread > 0 ? covariance / spread : 0, neighbourOverlapAt10: overlap / Double(n))
    }
}
