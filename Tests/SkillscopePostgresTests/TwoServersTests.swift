import Foundation
import FoundationNetworking
import SkillscopePostgres
import SkillscopeTesting
import Testing

// End to end: two `skillscope serve` processes on one PostgreSQL registry behave as one registry.
@Suite(
    .enabled(
        if: StoreEngine.testServer != nil,
        "SKILLSCOPE_TEST_POSTGRES is not set: no PostgreSQL server to test against (.ci/run starts one)"))
struct TwoServersTests {
    func get(_ port: Int, _ path: String) async throws -> [String: Any] {
        let url = try #require(URL(string: "http://127.0.0.1:\(port)\(path)"))
        let (data, response) = try await URLSession.shared.data(from: url)
        #expect((response as? HTTPURLResponse)?.statusCode == 200, "\(path)")
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func aReviewPostedToOneServerIsSeenByTheOtherAndSearchAgrees() async throws {
        let directory = TemporaryDirectory()
        let configuration = try StoreEngine.makeSchema(in: directory)
        let url =
            configuration.conninfo + (configuration.conninfo.contains("?") ? "&" : "?") + "schema="
            + (configuration.schema ?? "")
        let ingest = try BinaryRunner.run(["ingest", Paths.examples, "--db", url])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        let token = try BinaryRunner.run(["token", "create", "--name", "e2e-agent", "--db", url])
        let secret = token.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(token.status == 0 && secret.hasPrefix("sks_"))

        let servers = try (0..<2).map { _ in try ServerProcess(["--db", url]) }
        let ports = servers.map(\.port)

        // Search answers alike from both.
        let first = try await get(ports[0], "/api/v1/search?q=swiftui%20state&limit=5")
        let second = try await get(ports[1], "/api/v1/search?q=swiftui%20state&limit=5")
        let ids = { (results: [String: Any]) in (results["hits"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } }
        #expect(ids(first) == ids(second) && (ids(first)?.isEmpty == false))
        #expect(first["total"] as? Int == second["total"] as? Int)
        let file = try #require(ids(first)?.first)

        // A review posted to the first is seen by the second at once.
        var post = URLRequest(
            url: try #require(URL(string: "http://127.0.0.1:\(ports[0])/api/v1/files/\(file)/reviews")))
        post.httpMethod = "POST"
        post.setValue("Bearer \(secret)", forHTTPHeaderField: "Authorization")
        post.setValue("application/json", forHTTPHeaderField: "Content-Type")
        post.httpBody = Data(#"{"outcome": "worked", "usedFor": "a settings screen"}"#.utf8)
        let (_, posted) = try await URLSession.shared.data(for: post)
        #expect((posted as? HTTPURLResponse)?.statusCode == 201)
        let seen = try await get(ports[1], "/api/v1/files/\(file)/reviews")
        #expect((seen["summary"] as? [String: Any])?["worked"] as? Int == 1)
        let reviews = try #require(seen["reviews"] as? [[String: Any]])
        #expect(reviews.first?["usedFor"] as? String == "a settings screen")
        #expect(reviews.first?["reviewer"] as? String == "e2e-agent")
        // And it counts in the other's listing.
        let listing = try await get(ports[1], "/api/v1/files/\(file)/listing")
        #expect((listing["agentReviews"] as? [String: Any])?["count"] as? Int == 1)

        for server in servers {
            #expect(server.stop() == 0, "\(server.log.suffix(2000))")
        }
    }
}
