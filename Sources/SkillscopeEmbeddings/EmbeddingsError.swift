/// Why an embedder could not be loaded or run.
public struct EmbeddingsError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, for code to switch on.
    ///
    /// New codes can be added without breaking callers.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: Hashable, Sendable { case modelMissing, modelCorrupt, installFailed }
        private let base: Base
        private init(_ base: Base) { self.base = base }
        /// The model folder, or a file it needs, is not there; the message says how to install it.
        public static let modelMissing = Code(.modelMissing)
        /// A model file is there but unreadable or not what it should be.
        public static let modelCorrupt = Code(.modelCorrupt)
        /// Fetching or unpacking the model failed.
        public static let installFailed = Code(.installFailed)
        public var description: String { "\(base)" }
    }
    public var code: Code
    /// A sentence for logs and the CLI.
    public var message: String
    /// The lower-level error, for `String(reflecting:)` and logs.
    public var underlying: (any Error & Sendable)?
    public init(_ code: Code, _ message: String, underlying: (any Error & Sendable)? = nil) {
        (self.code, self.message, self.underlying) = (code, message, underlying)
    }
    public var description: String { message }
}
