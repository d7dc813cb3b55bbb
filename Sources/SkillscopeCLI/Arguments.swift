/// A command line split into options and positional arguments, read by each command.
///
/// Options are `--name value`, `--name=value` or a flag `--name`; `--` ends options.
public struct Arguments: Sendable {
    private var tokens: [String]
    let command: String

    public init(_ tokens: [String], command: String) {
        self.tokens = tokens
        self.command = command
    }

    /// Takes a flag; `true` when present.
    public mutating func flag(_ name: String) -> Bool {
        guard let index = optionIndex(name) else { return false }
        if tokens[index].contains("=") { return true }
        tokens.remove(at: index)
        return true
    }

    /// Takes an option's value, or `nil` when absent.
    ///
    /// - Parameter short: a one-letter alias, such as `o` for `-o`.
    public mutating func option(_ name: String, short: Character? = nil) throws(CLIError) -> String? {
        guard let index = optionIndex(name) ?? short.flatMap({ letter in tokens.firstIndex(of: "-\(letter)") }) else {
            return nil
        }
        let token = tokens[index]
        if let equals = token.firstIndex(of: "=") {
            tokens.remove(at: index)
            return String(token[token.index(after: equals)...])
        }
        guard index + 1 < tokens.count, tokens[index + 1] != "--" else {
            throw .usage("--\(name) needs a value", command: command)
        }
        let value = tokens[index + 1]
        tokens.removeSubrange(index...(index + 1))
        return value
    }

    /// Takes every value of a repeatable option.
    public mutating func options(_ name: String) throws(CLIError) -> [String] {
        var values: [String] = []
        while let value = try option(name) { values.append(value) }
        return values
    }

    /// Takes an integer option.
    public mutating func integer(_ name: String, in range: ClosedRange<Int>) throws(CLIError) -> Int? {
        guard let text = try option(name) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw .usage(
                "--\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not \(text)",
                command: command)
        }
        return value
    }

    /// Takes what remains as positional arguments; any leftover option is an error.
    public mutating func positionals() throws(CLIError) -> [String] {
        var result: [String] = []
        var afterDashes = false
        for token in tokens {
            if afterDashes {
                result.append(token)
            } else if token == "--" {
                afterDashes = true
            } else if token.hasPrefix("-") && token.count > 1 {
                throw .usage("unknown option \(token)", command: command)
            } else {
                result.append(token)
            }
        }
        tokens = []
        return result
    }

    private func optionIndex(_ name: String) -> Int? {
        let long = "--" + name
        for (index, token) in tokens.enumerated() {
            if token == "--" { return nil }
            if token == long || token.hasPrefix(long + "=") { return index }
        }
        return nil
    }
}
