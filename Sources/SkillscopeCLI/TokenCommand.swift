internal import Foundation
internal import Hashing
internal import SkillscopeStore

/// `skillscope token create --name NAME`: a token that may write reviews.
struct TokenCommand: Command {
    static let name = "token"
    static let summary = "create a token that may write reviews (printed once, stored hashed)"
    static let help = """
        Usage: skillscope token create --name NAME [--db PATH]

        Creates a review token and prints it once. The registry keeps only its SHA-256, so a lost token cannot
        be shown again: create another. Send it as `Authorization: Bearer TOKEN` to POST
        /api/v1/files/ID/reviews, or paste it in the file page's review form. One review per token per file
        version (a second replaces the first); 60 reviews a minute per token.

        Exit codes: 0 created, 64 usage, 65 the name is taken, 66 no registry.
        """

    var tokenName: String

    init(arguments: inout Arguments, context: Context) throws(CLIError) {
        let name = try arguments.option("name")
        let rest = try arguments.positionals()
        guard rest == ["create"] else { throw .usage("the only action is `token create`", command: Self.name) }
        guard let name, !name.isEmpty, name.count <= 100 else {
            throw .usage(
                "give the token a --name (who or what will use it), at most 100 characters", command: Self.name)
        }
        tokenName = name
    }

    func run(context: Context) async throws -> ExitCode {
        let store = try context.openExistingStore()
        var generator = SystemRandomNumberGenerator()
        let secret = "sks_" + (0..<4).map { _ in Self.hex(generator.next() as UInt64) }.joined()
        do {
            _ = try store.createToken(
                name: tokenName, secretSHA256: SHA256.hex(of: Array(secret.utf8)),
                at: ISO8601DateFormatter().string(from: Date()))
        } catch let error as StoreError where error.code == .conflict {
            throw CLIError("a token named \(tokenName) exists; pick another name", exitCode: .dataError)
        }
        context.output.print(secret)
        return .success
    }

    /// Sixteen hex digits, zero-padded.
    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
