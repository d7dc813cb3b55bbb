import Foundation
import FoundationNetworking
import SkillscopeTesting
import Testing

/// End-to-end: the real binary serving a registry on a free loopback port.
@Suite struct ServeTests {
    /// Reads the "serving … at http://127.0.0.1:PORT/" line.
    func port(of process: Process) throws -> Int {
        let pipe = try #require(process.standardOutput as? Pipe)
        var text = ""
        let deadline = Date().addingTimeInterval(20)
        while !text.contains("\n"), Date() < deadline {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        let match = try #require(text.split(separator: ":").last?.split(separator: "/").first)
        return try #require(Int(match))
    }

    @Test func servesPagesAndTheAPIAndStopsCleanlyOnSIGTERM() async throws {
        let directory = TemporaryDirectory()
        let database = directory.appending("r.sqlite")
        #expect(try BinaryRunner.run(["ingest", Paths.examples, "--db", database]).status == 0)
        let server = try BinaryRunner.start(["serve", "--port", "0", "--db", database])
        defer { if server.isRunning { server.terminate() } }
        let port = try port(of: server)

        let search = URL(string: "http://127.0.0.1:\(port)/api/v1/search?q=swiftui&limit=3")!
        let (data, response) = try await URLSession.shared.data(from: search)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let results = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let hits = try #require(results["hits"] as? [[String: Any]])
        let first = try #require(hits.first?["id"] as? Int)

        let (page, pageResponse) = try await URLSession.shared.data(
            from: URL(string: "http://127.0.0.1:\(port)/files/\(first)")!)
        #expect((pageResponse as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: page, as: UTF8.self).contains("<h2 id=\"rules\">Rules</h2>"))
        #expect((pageResponse as? HTTPURLResponse)?.value(forHTTPHeaderField: "X-Content-Type-Options") == "nosniff")

        var big = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/api/v1/search")!)
        big.httpMethod = "POST"
        big.httpBody = Data(repeating: 120, count: (1 << 20) + 10_000)
        let (_, bigResponse) = try await URLSession.shared.data(for: big)
        #expect((bigResponse as? HTTPURLResponse)?.statusCode == 413)

        server.terminate()  // SIGTERM
        server.waitUntilExit()
        #expect(server.terminationStatus == 0)
        let log = try #require(server.standardError as? Pipe).fileHandleForReading.readDataToEndOfFile()
        let lines = String(decoding: log, as: UTF8.self)
        #expect(lines.contains("GET /files/\(first) 200"))
        #expect(lines.contains("POST /api/v1/search 413"))
        #expect(lines.contains("stopped"))
    }

    @Test func aBusyPortExits69() throws {
        let directory = TemporaryDirectory()
        let database = directory.appending("r.sqlite")
        #expect(try BinaryRunner.run(["ingest", Paths.examples, "--db", database]).status == 0)
        let first = try BinaryRunner.start(["serve", "--port", "0", "--db", database])
        defer { first.terminate() }
        let port = try port(of: first)
        let second = try BinaryRunner.run(["serve", "--port", String(port), "--db", database])
        #expect(second.status == 69)
        #expect(second.stderr.contains("cannot listen on 127.0.0.1:\(port)"))
    }
}
