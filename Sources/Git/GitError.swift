internal import CGit2

/// An error from libgit2, with its error code and class kept.
public struct GitError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, for code to switch on.
    ///
    /// New codes can be added without breaking callers.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: Hashable, Sendable { case notFound, ambiguous, invalid, failed }
        private let base: Base
        private init(_ base: Base) { self.base = base }
        /// No repository, reference, object or path of that name (`GIT_ENOTFOUND`).
        public static let notFound = Code(.notFound)
        /// A short id or a name matched more than one object (`GIT_EAMBIGUOUS`).
        public static let ambiguous = Code(.ambiguous)
        /// A revision or path that cannot be parsed (`GIT_EINVALIDSPEC`), or an object of the wrong type.
        public static let invalid = Code(.invalid)
        /// Anything else libgit2 reported.
        public static let failed = Code(.failed)
        public var description: String { "\(base)" }
    }

    public var code: Code
    /// libgit2's return value, such as -3 for `GIT_ENOTFOUND`; 0 for errors raised by the wrapper itself.
    public var libgit2Code: Int32
    /// libgit2's own message, with what the wrapper was doing.
    public var message: String

    public init(code: Code, libgit2Code: Int32, message: String) {
        self.code = code
        self.libgit2Code = libgit2Code
        self.message = message
    }

    public var description: String { message }

    /// The error libgit2 recorded for the call that returned `result`, prefixed by `action`.
    static func last(_ result: Int32, _ action: String) -> GitError {
        let detail = git_error_last().flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "error \(result)"
        let code: Code =
            switch result {
            case GIT_ENOTFOUND.rawValue: .notFound
            case GIT_EAMBIGUOUS.rawValue: .ambiguous
            case GIT_EINVALIDSPEC.rawValue: .invalid
            default: .failed
            }
        return GitError(code: code, libgit2Code: result, message: "\(action): \(detail)")
    }
}
