internal import Foundation
internal import Hashing
internal import SkillscopeEmbeddings

extension ModelCommand {
    /// `model distill`: the static table, from token counts and list items of the corpus when one is given.
    func distill(
        _ folder: ModelFolder, corpus: String?, training: Int, options: StaticEmbedder.Distillation, output: String?,
        context: Context
    ) throws -> ExitCode {
        let model = try MiniLMEmbedder(modelFolder: folder)
        var options = options
        let start = Date()
        if let corpus {
            let texts = try Self.textFiles(under: corpus).compactMap {
                try? String(contentsOfFile: $0, encoding: .utf8)
            }
            options.tokenCounts = StaticEmbedder.countTokens(in: texts, tokenizer: model.tokenizer)
            options.trainingTexts = Self.trainingItems(in: texts, count: training)
            context.output.error(
                "\(texts.count) files, \(options.tokenCounts?.reduce(0, +) ?? 0) word pieces, "
                    + "\(options.trainingTexts.count) list items to fit to")
        }
        let embedder = StaticEmbedder.distill(from: model, options: options)
        let path = output ?? folder.staticFile
        try embedder.write(to: path)
        context.output.error(
            "distilled \(embedder.weights.count) tokens in \(String(format: "%.1f", Date().timeIntervalSince(start))) s"
        )
        context.output.print(path)
        return .success
    }

    /// Up to `count` distinct list items (`- `, `* `, `+ `, `1. `, `1) `) of 20–300 characters from `texts`,
    /// chosen by their SHA-256: the lowest digests, skipping those that start with `0`, which are held out for
    /// evaluation (`bench/peers/rule_sample.py` takes its sample from them).
    static func trainingItems(in texts: [String], count: Int) -> [String] {
        chosenItems(texts.flatMap { $0.split(whereSeparator: \.isNewline).compactMap(listItem) }, count: count)
    }

    /// Up to `count` distinct `items` of 20–300 characters, chosen by their SHA-256 as ``trainingItems(in:count:)``
    /// chooses list items (the held-out ones, whose digest starts with `0`, left out).
    static func chosenItems(_ candidates: [String], count: Int) -> [String] {
        guard count > 0 else { return [] }
        let items = Set(candidates.filter { (20...300).contains($0.unicodeScalars.count) })
        let hashed = items.map { (SHA256.hex(of: Array($0.utf8)), $0) }.filter { !$0.0.hasPrefix("0") }
        return hashed.sorted { $0.0 < $1.0 }.prefix(count).map(\.1)
    }

    /// The text of a Markdown list item line (indented at most six spaces), trimmed; `nil` for other lines.
    static func listItem(_ line: Substring) -> String? {
        var rest = line.drop { $0 == " " }
        guard line.count - rest.count <= 6, let first = rest.first else { return nil }
        if first == "-" || first == "*" || first == "+" {
            rest = rest.dropFirst()
        } else {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard (1...3).contains(digits.count), let mark = rest.dropFirst(digits.count).first,
                mark == "." || mark == ")"
            else { return nil }
            rest = rest.dropFirst(digits.count + 1)
        }
        guard let space = rest.first, space == " " || space == "\t" else { return nil }
        let item = rest.trimmingCharacters(in: .whitespaces)
        return item.isEmpty ? nil : item
    }
    /// The regular files under `root`, sorted.
    static func textFiles(under root: String) throws -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: root) else {
            throw CLIError("no such folder: \(root)", exitCode: .noInput)
        }
        return walker.compactMap { ($0 as? String).map { root + "/" + $0 } }
            .filter { path in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
            }
            .sorted()
    }
}
