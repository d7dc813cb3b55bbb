/// A process exit status with a meaning (sysexits numbers where one fits).
public struct ExitCode: Sendable, Hashable, CustomStringConvertible {
    public var rawValue: Int32
    public init(_ rawValue: Int32) { self.rawValue = rawValue }
    public static let success = ExitCode(0)
    /// The command ran and found something wrong (a search with no result, a failed check).
    public static let failure = ExitCode(1)
    /// The command line was wrong.
    public static let usage = ExitCode(64)
    /// The input data was malformed.
    public static let dataError = ExitCode(65)
    /// An input file or folder does not exist.
    public static let noInput = ExitCode(66)
    /// A service (the registry) is unavailable.
    public static let unavailable = ExitCode(69)
    /// An error nobody planned for (sysexits' EX_SOFTWARE): not "nothing found", which is 1.
    public static let internalError = ExitCode(70)
    public var description: String { "\(rawValue)" }
}

/// An error the CLI reports as one sentence on stderr, exiting with ``exitCode``.
public struct CLIError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var exitCode: ExitCode
    public init(_ message: String, exitCode: ExitCode) {
        self.message = message
        self.exitCode = exitCode
    }
    public var description: String { message }

    static func usage(_ message: String, command: String? = nil) -> CLIError {
        let hint = command.map { " (see `skillscope \($0) --help`)" } ?? " (see `skillscope --help`)"
        return CLIError(message + hint, exitCode: .usage)
    }
}
