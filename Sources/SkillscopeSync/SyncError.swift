/// An error from ``SkillscopeSync``: installing, locking, merging or syncing.
public struct SyncError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, for code to switch on.
    ///
    /// New codes can be added without breaking callers.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: Hashable, Sendable { case unsafePath, notFound, mismatch, invalid, unavailable, io, risk }
        private let base: Base
        private init(_ base: Base) { self.base = base }
        /// A name or path would leave its folder (`..`, an absolute path, a link pointing out).
        public static let unsafePath = Code(.unsafePath)
        public static let notFound = Code(.notFound)
        /// What is on disk differs from the lock, or a file exists that is not ours to replace.
        public static let mismatch = Code(.mismatch)
        /// Bad input: a malformed lock, an invalid skill, an unknown agent.
        public static let invalid = Code(.invalid)
        /// A source that cannot be reached offline (a network URL).
        public static let unavailable = Code(.unavailable)
        /// Reading or writing a file failed.
        public static let io = Code(.io)
        /// The security scan fails on what would be installed, and the risk was not accepted (`--allow-risk`).
        public static let risk = Code(.risk)
        public var description: String { "\(base)" }
    }
    public var code: Code
    /// One sentence for the CLI.
    public var message: String
    public var underlying: (any Error & Sendable)?

    public init(_ code: Code, _ message: String, underlying: (any Error & Sendable)? = nil) {
        (self.code, self.message, self.underlying) = (code, message, underlying)
    }
    public var description: String { message }
}
