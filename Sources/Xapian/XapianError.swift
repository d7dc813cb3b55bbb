/// A failure Xapian reported, with its description (`DatabaseLockError: Unable to get write lock on …`).
public struct XapianError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }

    /// Whether the database could not be opened or read as one: missing, damaged, or of another format.
    public var isUnreadable: Bool {
        message.hasPrefix("DatabaseOpeningError") || message.hasPrefix("DatabaseCorruptError")
            || message.hasPrefix("DatabaseVersionError") || message.hasPrefix("DatabaseNotFoundError")
    }
}
