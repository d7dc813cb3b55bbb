internal import Dispatch
internal import Foundation
internal import MicroHTTP
internal import SkillscopeMCP
internal import SkillscopeRating
internal import SkillscopeStore
internal import SkillscopeWeb
internal import Synchronization

/// `skillscope serve`: the registry's web pages and JSON API.
struct ServeCommand: Command {
    static let name = "serve"
    static let summary = "serve the registry's web pages and JSON API (127.0.0.1:8080 by default)"
    static let help = """
        Usage: skillscope serve [--host ADDRESS] [--port N] [--threads N] [--allow-origin ORIGIN]… [--db PATH]
                                [--github-client-id ID --github-client-secret-file FILE --github-callback-url URL
                                 [--session-key-file FILE] [--github-url URL] [--github-api-url URL]]

        Serves the registry over HTTP: the search page (/), search results (/search?q=…), the file page
        (/files/ID) and the JSON API under /api/v1 (search?q=…, files/ID, files/ID/rules, files/ID/checks,
        files/ID/versions, files/ID/listing), and the MCP server at /mcp (Streamable HTTP: POST a JSON-RPC message;
        send a review token as `Authorization: Bearer TOKEN` to registry_write). Binds to 127.0.0.1 unless --host
        says otherwise. Request bodies over 4 MiB get 413 (a text to analyze may be 1 MiB, encoded), headers over 64 KiB are refused, idle connections close
        after 30 s. One access log line per request goes to stderr. SIGTERM or SIGINT stops accepting, finishes the
        requests in flight and exits 0.

        Versions are measured on a table of every file's phrases, built in the background after the first query and
        after each write (about a minute at 350,000 files); until it is built, each query reads its candidates'.

        Options:
          --host ADDRESS  an IPv4 address to bind (default 127.0.0.1; 0.0.0.0 for every interface)
          --port N        the port (default 8080; 0 picks a free one, printed on start)
          --threads N     pages, searches and reads handled at once (default 4); analyses wait and run apart,
                          on threads of their own, one per place in their queue (1 running, 32 waiting)
          --allow-origin ORIGIN  a browser origin allowed to call /mcp besides this machine's (repeatable)

        Sign-in with GitHub, for reviews from people (without it the file page says reviews need it):
          --github-client-id ID          the OAuth app's client id
          --github-client-secret-file FILE  a file holding the app's client secret (or $SKILLSCOPE_GITHUB_CLIENT_SECRET)
          --github-callback-url URL      this server's /auth/github/callback as the app registered it; https:// makes
                                         the cookies Secure
          --session-key-file FILE        at least 32 bytes that sign the session cookie; without it a key is drawn at
                                         start, and restarting the server signs everyone out
          --github-url URL               where GitHub's OAuth pages are (default https://github.com)
          --github-api-url URL           GitHub's API (default https://api.github.com)
        A person signed in is known by their GitHub login alone: no token of GitHub's and nothing else of the account
        is kept.

        Exit codes: 0 stopped by a signal, 64 usage, 66 no registry (or an unreadable secret or key file), 69 the
        port cannot be bound.
        """

    var configuration: HTTPServer.Configuration = {
        var configuration = HTTPServer.Configuration()
        // A 1 MiB text to analyze, form- or JSON-encoded: newlines, quotes and non-ASCII letters grow on the way.
        configuration.maxBodyBytes = 4 << 20
        configuration.tooLarge = { path, limit in path == "/mcp" ? HTTPTransport.tooLarge(limit: limit) : nil }
        return configuration
    }()
    var mcpConfiguration = HTTPTransport.Configuration()
    var signIn: SignInConfiguration?

    init(arguments: inout Arguments, context: Context) throws(CLIError) {
        if let host = try arguments.option("host") { configuration.host = host }
        if let port = try arguments.integer("port", in: 0...65535) { configuration.port = UInt16(port) }
        if let threads = try arguments.integer("threads", in: 1...64) { configuration.threads = UInt32(threads) }
        mcpConfiguration.allowedOrigins = Set(try arguments.options("allow-origin"))
        signIn = try Self.signIn(arguments: &arguments, context: context)
        guard try arguments.positionals().isEmpty else { throw .usage("serve takes no PATH", command: Self.name) }
    }

    /// The sign-in configuration the options give, or `nil` without `--github-client-id`.
    static func signIn(arguments: inout Arguments, context: Context) throws(CLIError) -> SignInConfiguration? {
        let clientID = try arguments.option("github-client-id")
        let secretFile = try arguments.option("github-client-secret-file")
        let callback = try arguments.option("github-callback-url")
        let keyFile = try arguments.option("session-key-file")
        let githubURL = try arguments.option("github-url") ?? "https://github.com"
        let apiURL = try arguments.option("github-api-url") ?? "https://api.github.com"
        guard let clientID else {
            if secretFile != nil || callback != nil || keyFile != nil {
                throw .usage("--github-client-id is needed to sign people in", command: name)
            }
            return nil
        }
        func read(_ path: String, _ what: String) throws(CLIError) -> String {
            do {
                return try String(contentsOfFile: path, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            } catch {
                throw CLIError("cannot read \(what) from \(path)", exitCode: .noInput)
            }
        }
        let secret =
            try secretFile.map { path throws(CLIError) in try read(path, "the client secret") }
            ?? context.environment["SKILLSCOPE_GITHUB_CLIENT_SECRET"] ?? ""
        guard !secret.isEmpty else {
            throw .usage(
                "--github-client-secret-file (or $SKILLSCOPE_GITHUB_CLIENT_SECRET) is needed with --github-client-id",
                command: name)
        }
        guard let callback, callback.hasPrefix("http://") || callback.hasPrefix("https://") else {
            throw .usage("--github-callback-url must be this server's callback, an http(s) URL", command: name)
        }
        for (option, url) in [("--github-url", githubURL), ("--github-api-url", apiURL)]
        where !(url.hasPrefix("http://") || url.hasPrefix("https://")) {
            throw .usage("\(option) must be an http(s) URL, not \(url)", command: name)
        }
        var key: [UInt8]
        if let keyFile {
            guard let data = FileManager.default.contents(atPath: keyFile) else {
                throw CLIError("cannot read the session key from \(keyFile)", exitCode: .noInput)
            }
            key = Array(data)
            guard key.count >= 32 else {
                throw .usage("the session key in \(keyFile) is \(key.count) bytes; it needs 32 or more", command: name)
            }
        } else {
            var generator = SystemRandomNumberGenerator()
            key = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        }
        var configuration = SignInConfiguration(
            clientID: clientID, clientSecret: secret, callbackURL: callback, sessionKey: key)
        let github = githubURL.hasSuffix("/") ? String(githubURL.dropLast()) : githubURL
        let api = apiURL.hasSuffix("/") ? String(apiURL.dropLast()) : apiURL
        configuration.authorizeURL = github + "/login/oauth/authorize"
        configuration.tokenURL = github + "/login/oauth/access_token"
        configuration.userURL = api + "/user"
        return configuration
    }

    func run(context: Context) async throws -> ExitCode {
        let store = try context.openExistingStore()
        let output = context.output
        // One heavy queue for the pages' analyses and the agents' (registry_analyze at /mcp).
        let limits = WebApp.HeavyLimits()
        let heavy = HeavyGate(limits)
        // Analyses, running or waiting, step out of the light requests' threads into their own, one a place.
        var configuration = configuration
        configuration.apartThreads = UInt32(limits.places)
        var agents = MCPServer.Configuration()
        agents.databasePath = MCPCommand.commandPath(of: context.databasePath)
        agents.heavyQueue = HeavyQueue { isAbandoned, work in try heavy.run(isAbandoned: isAbandoned, work) }
        // One copy of the rule statistics, kinds and files' meaning for the pages and the agents, warmed once.
        let ratingCache = StatisticsCache()
        agents.ratingCache = ratingCache
        let mcp = HTTPTransport(
            server: MCPServer(store: store, configuration: agents, log: { output.error("mcp: \($0)") }),
            configuration: mcpConfiguration)
        let app = WebApp(
            store: store, mcp: { mcp.handle($0) }, modelEmbedder: EmbedderChoice.modelEmbedder(context: context),
            heavyGate: heavy, signIn: signIn, ratingCache: ratingCache)
        let server = HTTPServer(
            configuration: configuration,
            accessLog: { method, path, status, bytes, seconds in
                output.error(
                    "\(ISO8601DateFormatter().string(from: Date())) \(method) \(path) \(status) \(bytes) \(String(format: "%.1f", seconds * 1000))ms"
                )
            },
            handler: { app.handle($0) })
        let port: UInt16
        do {
            port = try server.start()
        } catch {
            throw CLIError(error.description, exitCode: .unavailable)
        }
        output.print("serving \(context.databasePath) at http://\(configuration.host):\(port)/")
        // What the first analysis and file page would otherwise load, loaded now, off the request path.
        Thread.detachNewThread { app.warmUp() }
        await Self.waitForStopSignal()
        server.stop()
        output.error("stopped")
        return .success
    }

    /// Suspends until SIGTERM or SIGINT arrives.
    static func waitForStopSignal() async {
        let signalled = Signalled()
        var sources: [any DispatchSourceSignal] = []
        for signalNumber in [SIGTERM, SIGINT] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { signalled.fire() }
            source.resume()
            sources.append(source)
        }
        await signalled.wait()
        for source in sources { source.cancel() }
    }
}

/// A one-time event: `wait` returns once `fire` was called, before or after.
private final class Signalled: Sendable {
    private struct State: ~Copyable {
        var fired = false
        var waiter: CheckedContinuation<Void, Never>?
    }
    private let state = Mutex(State())

    func fire() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.fired = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = state.withLock { state -> Bool in
                if state.fired { return true }
                state.waiter = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }
}
