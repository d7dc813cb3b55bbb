internal import SkillscopeMCP

/// `skillscope mcp`: the registry as an MCP server over stdio, for agents that start it themselves.
struct MCPCommand: Command {
    static let name = "mcp"
    static let summary = "serve the registry to agents over MCP on stdin and stdout"
    static let help = """
        Usage: skillscope mcp [--db PATH] [--token TOKEN]

        Speaks the Model Context Protocol on stdin and stdout, one JSON-RPC message a line: nothing but protocol
        messages goes to stdout, messages for people go to stderr. Both protocol eras are served: 2026-07-28
        (server/discover, the version in each request's _meta) and clients that send initialize (2025-11-25,
        2025-06-18). Tools: registry_search, registry_read, registry_analyze, registry_write (action report) and
        registry_install_plan; skills are served through the Skills extension (skills/list, skills/get,
        skill://owner/repo/name/SKILL.md resources). Agents start the server with almost no environment, so give
        the registry with --db. Exits when stdin ends.

        Options:
          --token TOKEN  the review token registry_write files reports with (skillscope token create)

        Exit codes: 0 stdin ended, 66 no registry.
        """

    var token: String?

    init(arguments: inout Arguments, context: Context) throws(CLIError) {
        token = try arguments.option("token")
        guard try arguments.positionals().isEmpty else { throw .usage("mcp takes no PATH", command: Self.name) }
    }

    func run(context: Context) async throws -> ExitCode {
        let store = try context.openExistingStore()
        var configuration = MCPServer.Configuration()
        configuration.token = token
        let output = context.output
        let server = MCPServer(
            store: store, configuration: configuration, log: { output.error("skillscope mcp: \($0)") })
        output.error("skillscope mcp: serving \(context.databasePath) on stdio")
        await StdioTransport(server: server).run()
        return .success
    }
}
