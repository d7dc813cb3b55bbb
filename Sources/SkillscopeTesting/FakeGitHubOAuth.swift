public import Foundation

/// The fake of GitHub's OAuth web flow (`Tests/SkillscopeWebTests/Fixtures/fake_github_oauth.py`), run with
/// Python 3 on a free loopback port for one test, and stopped with it: its consent page, its token exchange
/// (codes single use, expiring) and `/user`.
public final class FakeGitHubOAuth {
    /// `http://127.0.0.1:PORT`: both the OAuth pages' and the API's base.
    public let url: String
    public let clientID: String
    public let clientSecret: String
    private let process: Process

    public static var script: String {
        Paths.packageRoot + "/Tests/SkillscopeWebTests/Fixtures/fake_github_oauth.py"
    }

    /// Starts the fake; sign-ins are `login` until ``setLogin(_:)``.
    public init(login: String, clientID: String = "fake-client", clientSecret: String = "fake-secret") throws {
        self.clientID = clientID
        self.clientSecret = clientSecret
        let (process, port) = try FakeGitHub.launch(
            [Self.script, login, clientID, clientSecret], what: "the fake GitHub OAuth server")
        self.process = process
        url = "http://127.0.0.1:\(port)"
    }

    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Expires every code handed out so far.
    public func expireCodes() throws { _ = try post("/control/expire-codes", body: "") }

    /// Later sign-ins are this login.
    public func setLogin(_ login: String) throws { _ = try post("/control/login", body: login) }

    /// The requests answered, one object each (`path`, `status`, and for the token exchange `secret_matched`,
    /// `granted`, `redirect_uri`).
    public func log() throws -> [[String: Any]] {
        let data = try LoopbackHTTP.exchange(url + "/control/log").data
        return try data.split(separator: UInt8(ascii: "\n")).map {
            try JSONSerialization.jsonObject(with: Data($0)) as? [String: Any] ?? [:]
        }
    }

    private func post(_ path: String, body: String) throws -> Data {
        try LoopbackHTTP.exchange(url + path, method: "POST", body: Data(body.utf8)).data
    }
}
