internal import FileSystem
internal import Foundation
internal import SkillscopeMCP

/// `skillscope mcp`: the registry as an MCP server over stdio, for agents that start it themselves.
struct MCPCommand: Command {
    static let name = "mcp"
    static let summary = "serve the registry to agents over MCP on stdin and stdout"
    static let help = """
        Usage: skillscope mcp [--db PATH] [--token-file FILE]

        Speaks the Model Context Protocol on stdin and stdout, one JSON-RPC message a line: nothing but protocol
        messages goes to stdout, messages for people go to stderr. Both protocol eras are served: 2026-07-28
        (server/discover, the version in each request's _meta) and clients that send initialize (2025-11-25,
        2025-06-18). Tools: registry_search, registry_read, registry_analyze, registry_write (action report) and
        registry_install_plan; skills are served through the Skills extension (skills/list, skills/get,
        skill://owner/repo/name/SKILL.md resources). Agents start the server with almost no environment, so give
        the registry with --db. Exits when stdin ends.

        The review token registry_write files reports with (skillscope token create) comes from the environment
        or a file, never the command line, where every user of the machine can read it (ps):

          SKILLSCOPE_TOKEN   the token itself (an MCP client's "env" setting)
          --token-file FILE  a file holding it (its first line; keep it mode 0600)

        Exit codes: 0 stdin ended, 64 bad usage, 66 no registry or no token file.
        """

    var tokenFile: String?

    init(arguments: inout Arguments, context: Context) throws(CLIError) {
        if try arguments.option("token") != nil {
            throw .usage(
                "--token would put the secret in the process list; give it as SKILLSCOPE_TOKEN or --token-file FILE",
                command: Self.name)
        }
        tokenFile = try arguments.option("token-file")
        guard try arguments.positionals().isEmpty else { throw .usage("mcp takes no PATH", command: Self.name) }
    }

    /// The token from `--token-file` (its first line) or `SKILLSCOPE_TOKEN`; nil when neither gives one.
    func token(context: Context) throws -> String? {
        if let tokenFile {
            guard let bytes = FileSystem.contents(atPath: tokenFile, maximumBytes: 64 * 1024) else {
                throw CLIError("cannot read the token file \(tokenFile)", exitCode: .noInput)
            }
            let line = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).first ?? ""
            let token = line.trimmingCharacters(in: .whitespaces)
            guard !token.isEmpty else { throw CLIError("the token file \(tokenFile) is empty", exitCode: .noInput) }
            return token
        }
        return context.environment["SKILLSCOPE_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The registry as a command run elsewhere names it with `--db`: a file's absolute path, a URL as it is.
    static func commandPath(of databasePath: String) -> String {
        guard !databasePath.contains("://"), !databasePath.hasPrefix("/") else { return databasePath }
        return URL(fileURLWithPath: databasePath).standardizedFileURL.path
    }

    func run(context: Context) async throws -> ExitCode {
        let store = try context.openExistingStore()
        var configuration = MCPServer.Configuration()
        configuration.token = try token(context: context)
        configuration.databasePath = Self.commandPath(of: context.databasePath)
        let output = context.output
        let server = MCPServer(
            store: store, configuration: configuration, log: { output.error("skillscope mcp: \($0)") })
        output.error("skillscope mcp: serving \(context.databasePath) on stdio")
        await StdioTransport(server: server).run()
        return .success
    }
}
