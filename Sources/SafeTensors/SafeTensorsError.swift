/// Why a safetensors file could not be read or written; the message names the file.
public struct SafeTensorsError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, for code to switch on.
    ///
    /// New codes can be added without breaking callers.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: Hashable, Sendable { case unreadable, malformed, missingTensor, unsupportedType }
        private let base: Base
        private init(_ base: Base) { self.base = base }
        /// The file is missing or cannot be read or written.
        public static let unreadable = Code(.unreadable)
        /// The header or the data do not follow the format.
        public static let malformed = Code(.malformed)
        /// No tensor of the name asked for.
        public static let missingTensor = Code(.missingTensor)
        /// The tensor is not of the element type asked for.
        public static let unsupportedType = Code(.unsupportedType)
        public var description: String { "\(base)" }
    }
    public var code: Code
    /// A sentence naming the file.
    public var message: String
    public init(_ code: Code, _ message: String) {
        (self.code, self.message) = (code, message)
    }
    public var description: String { message }
}
