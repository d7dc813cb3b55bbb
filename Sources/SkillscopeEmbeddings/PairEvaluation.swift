/// Precision and recall of "same kind" on labelled rule pairs, per threshold, and the threshold it tunes.
///
/// The tuning rule: the threshold (in steps of 0.05) with the best F1 among those whose precision is at least
/// `minimumPrecision`; grouping needs its kinds to be right more than it needs them to be complete.
public struct PairEvaluation: Sendable {
    /// One labelled pair.
    public struct Pair: Sendable, Decodable {
        public var a: String
        public var b: String
        public var same: Bool
        public init(a: String, b: String, same: Bool) {
            self.a = a
            self.b = b
            self.same = same
        }
    }

    /// Counts at one threshold.
    public struct Point: Sendable, Encodable {
        public var threshold: Float
        public var precision: Double
        public var recall: Double
        public var f1: Double
    }

    public var embedder: String
    /// The cosine of each pair, in order.
    public var scores: [Float]
    public var labels: [Bool]

    /// Embeds both sides of every pair with `embedder`.
    public init(pairs: [Pair], embedder: any Embedder) throws {
        let rows = try embedder.embed(pairs.flatMap { [$0.a, $0.b] })
        self.embedder = embedder.identifier
        scores = pairs.indices.map { rows.cosine(2 * $0, 2 * $0 + 1) }
        labels = pairs.map(\.same)
    }

    public func point(at threshold: Float) -> Point {
        var truePositives = 0
        var falsePositives = 0
        var falseNegatives = 0
        for (score, same) in zip(scores, labels) {
            switch (score >= threshold, same) {
            case (true, true): truePositives += 1
            case (true, false): falsePositives += 1
            case (false, true): falseNegatives += 1
            case (false, false): break
            }
        }
        let precision = truePositives == 0 ? 0 : Double(truePositives) / Double(truePositives + falsePositives)
        let recall = truePositives == 0 ? 0 : Double(truePositives) / Double(truePositives + falseNegatives)
        let f1 = precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall)
        return Point(threshold: threshold, precision: precision, recall: recall, f1: f1)
    }

    /// Every threshold from 0.05 to 0.95 in steps of 0.05.
    public var sweep: [Point] { (1...19).map { point(at: Float($0) / 20) } }

    /// The best F1 over the sweep.
    public var best: Point { sweep.max { $0.f1 < $1.f1 } ?? point(at: 0.5) }

    /// The tuned threshold: best F1 with precision at least `minimumPrecision`; nil when no threshold reaches it.
    public func tuned(minimumPrecision: Double = 0.6) -> Point? {
        sweep.filter { $0.precision >= minimumPrecision && $0.recall > 0 }.max { $0.f1 < $1.f1 }
    }
}
