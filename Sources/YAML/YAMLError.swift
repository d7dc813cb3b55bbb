/// Why a YAML text could not be read, with the 1-based line and column of the problem.
public struct YAMLError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public var line: Int
    public var column: Int
    /// Where the construct being parsed began (a flow sequence left open), when libyaml says.
    public var contextLine: Int?

    public init(message: String, line: Int, column: Int) {
        self.message = message
        self.line = line
        self.column = column
    }

    public var description: String {
        "\(line):\(column): \(message)" + (contextLine.map { " begun at line \($0)" } ?? "")
    }
}
