/// An error from a registry ``Store``, whatever the engine.
public struct StoreError: Error, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// What went wrong, for code to switch on.
    ///
    /// New codes can be added without breaking callers.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: Hashable, Sendable { case notFound, conflict, unavailable, corrupt, invalidQuery }
        private let base: Base
        private init(_ base: Base) { self.base = base }
        public static let notFound = Code(.notFound)
        /// A uniqueness rule was broken.
        public static let conflict = Code(.conflict)
        /// The database cannot be opened or is locked past the timeout.
        public static let unavailable = Code(.unavailable)
        /// The file is not a registry, or is damaged, or its schema is newer than this program.
        public static let corrupt = Code(.corrupt)
        /// A search query could not be understood.
        public static let invalidQuery = Code(.invalidQuery)
        public var description: String { "\(base)" }
    }
    public var code: Code
    /// A sentence for logs and the CLI.
    public var message: String
    /// The engine's own error, for `String(reflecting:)` and logs.
    public var underlying: (any Error & Sendable)?

    public init(_ code: Code, _ message: String, underlying: (any Error & Sendable)? = nil) {
        (self.code, self.message, self.underlying) = (code, message, underlying)
    }

    public var description: String { message }
    public var debugDescription: String {
        message + (underlying.map { " (\(String(reflecting: $0)))" } ?? "")
    }
}
