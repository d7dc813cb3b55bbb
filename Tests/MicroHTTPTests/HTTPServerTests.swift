import Foundation
import FoundationNetworking
import MicroHTTP
import SkillscopeTesting
import Synchronization
import Testing

/// A real server on a free loopback port, driven by URLSession.
@Suite struct HTTPServerTests {
    func fetch(_ request: URLRequest) async throws -> (Int, [String: String], Data) {
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields { headers["\(key)".lowercased()] = "\(value)" }
        return (http.statusCode, headers, data)
    }

    @Test func theHandlerSeesMethodPathQueryHeadersAndBody() async throws {
        var configuration = HTTPServer.Configuration()
        configuration.port = 0
        let server = HTTPServer(configuration: configuration) { request in
            let summary = [
                request.method, request.path, request.query["q"] ?? "-", request.header("X-Test") ?? "-",
                String(decoding: request.body, as: UTF8.self),
            ].joined(separator: "|")
            return HTTPResponse(status: 201, headers: [("X-Echo", "yes")], body: Array(summary.utf8))
        }
        let port = try server.start()
        defer { server.stop() }
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/a/b%20c?q=x%26y")!)
        request.httpMethod = "POST"
        request.httpBody = Data("hello".utf8)
        request.setValue("42", forHTTPHeaderField: "X-Test")
        let (status, headers, data) = try await fetch(request)
        #expect(status == 201)
        #expect(headers["x-echo"] == "yes")
        #expect(String(decoding: data, as: UTF8.self) == "POST|/a/b c|x&y|42|hello")
    }

    @Test func aRunningHandlerSeesItsClientLeave() throws {
        var configuration = HTTPServer.Configuration()
        configuration.port = 0
        let seen = Mutex<(there: Bool, gone: Bool)?>(nil)
        let server = HTTPServer(configuration: configuration) { request in
            let there = !request.isClientGone()
            var gone = false
            let deadline = ContinuousClock.now + .seconds(20)
            while !gone, ContinuousClock.now < deadline {
                Thread.sleep(forTimeInterval: 0.01)
                gone = request.isClientGone()
            }
            seen.withLock { $0 = (there, gone) }
            return HTTPResponse(status: 200)
        }
        let port = try server.start()
        defer { server.stop() }
        let client = try #require(LoopbackConnection(port: port))
        #expect(client.send(LoopbackConnection.request("POST", "/slow", body: Array("{}".utf8))))
        // The handler runs, finds the client there; the client leaves; the handler sees that.
        Thread.sleep(forTimeInterval: 0.3)
        #expect(seen.withLock { $0 } == nil)
        client.close()
        let deadline = Date().addingTimeInterval(20)
        while seen.withLock({ $0 }) == nil && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        let result = try #require(seen.withLock { $0 })
        #expect(result.there && result.gone)
    }

    @Test func aQuickRequestIsAnsweredWhileASlowOneRunsOnTheSamePollingThread() throws {
        var configuration = HTTPServer.Configuration()
        configuration.port = 0
        // One libmicrohttpd thread serves both connections, as one of a pool serves many: the slow handler must not
        // hold the quick one, nor the slow connection's next request.
        configuration.pollingThreads = 1
        configuration.threads = 2
        let slow = Mutex<(started: Bool, released: Bool, finished: Bool)>((false, false, false))
        let server = HTTPServer(configuration: configuration) { request in
            guard request.path == "/slow" else {
                return HTTPResponse(status: 200, contentType: "text/plain", body: "quick")
            }
            slow.withLock { $0.started = true }
            let deadline = ContinuousClock.now + .seconds(20)
            while !slow.withLock({ $0.released }), ContinuousClock.now < deadline {
                Thread.sleep(forTimeInterval: 0.01)
            }
            slow.withLock { $0.finished = true }
            return HTTPResponse(status: 200, contentType: "text/plain", body: "slow")
        }
        let port = try server.start()
        defer { server.stop() }
        let kept = try #require(LoopbackConnection(port: port))
        #expect(kept.send(LoopbackConnection.request("POST", "/slow", body: Array("{}".utf8))))
        let deadline = Date().addingTimeInterval(20)
        while !slow.withLock({ $0.started }), Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        try #require(slow.withLock { $0.started })

        let start = ContinuousClock.now
        let quick = try LoopbackHTTP.exchange("http://127.0.0.1:\(port)/quick")
        let waited = ContinuousClock.now - start
        #expect(quick.status == 200 && quick.text == "quick")
        #expect(waited < .seconds(2), "the quick request took \(waited)")
        #expect(!slow.withLock { $0.finished }, "the slow request finished before the quick one was answered")

        // The slow one answers once released, and its connection serves the next request.
        slow.withLock { $0.released = true }
        let next = "GET /after HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        #expect(kept.send(Array(next.utf8)))
        let both = String(decoding: kept.receiveAll(), as: UTF8.self)
        #expect(both.components(separatedBy: "HTTP/1.1 200").count == 3, "\(both)")
        #expect(both.contains("slow") && both.hasSuffix("quick"))
    }

    @Test func aHandlerThatStepsOutLetsAnotherRunInItsSlotOnAThreadApart() throws {
        var configuration = HTTPServer.Configuration()
        configuration.port = 0
        // One slot and one thread apart: a waiting handler that released its slot leaves it to the next request.
        configuration.threads = 1
        configuration.apartThreads = 1
        let waiting = Mutex<(started: Bool, released: Bool)>((false, false))
        let server = HTTPServer(configuration: configuration) { request in
            guard request.path == "/wait" else {
                return HTTPResponse(status: 200, contentType: "text/plain", body: "quick")
            }
            HTTPServer.releaseHandlerSlot()
            HTTPServer.releaseHandlerSlot()  // a second call gives nothing back twice
            waiting.withLock { $0.started = true }
            let deadline = ContinuousClock.now + .seconds(20)
            while !waiting.withLock({ $0.released }), ContinuousClock.now < deadline {
                Thread.sleep(forTimeInterval: 0.01)
            }
            return HTTPResponse(status: 200, contentType: "text/plain", body: "waited")
        }
        let port = try server.start()
        defer { server.stop() }
        let kept = try #require(LoopbackConnection(port: port))
        #expect(kept.send(Array("GET /wait HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)))
        let deadline = Date().addingTimeInterval(20)
        while !waiting.withLock({ $0.started }), Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        try #require(waiting.withLock { $0.started })

        // Two quick ones in turn: the one slot serves each, and was given back only once.
        for _ in 0..<2 {
            let start = ContinuousClock.now
            let quick = try LoopbackHTTP.exchange("http://127.0.0.1:\(port)/quick")
            #expect(quick.status == 200 && quick.text == "quick")
            #expect(ContinuousClock.now - start < .seconds(2))
        }
        waiting.withLock { $0.released = true }
        #expect(String(decoding: kept.receiveAll(), as: UTF8.self).hasSuffix("waited"))
    }

    @Test func stopWaitsForTheRequestsInFlight() throws {
        var configuration = HTTPServer.Configuration()
        configuration.port = 0
        let state = Mutex<(started: Bool, finished: Bool)>((false, false))
        let server = HTTPServer(configuration: configuration) { _ in
            state.withLock { $0.started = true }
            Thread.sleep(forTimeInterval: 0.5)
            state.withLock { $0.finished = true }
            return HTTPResponse(status: 200)
        }
        let port = try server.start()
        let client = try #require(LoopbackConnection(port: port))
        #expect(client.send(LoopbackConnection.request("POST", "/work", body: Array("{}".utf8))))
        let deadline = Date().addingTimeInterval(20)
        while !state.withLock({ $0.started }), Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        try #require(state.withLock { $0.started })
        server.stop()
        #expect(state.withLock { $0.finished })
        #expect(LoopbackConnection(port: port) == nil, "the server still listens after stop()")
    }

    @Test func aClientThatWaitsIsNotTakenForGone() async throws {
        var configuration = HTTPServer.Configuration()
        configuration.port = 0
        let server = HTTPServer(configuration: configuration) { request in
            Thread.sleep(forTimeInterval: 0.2)
            return HTTPResponse(status: request.isClientGone() ? 500 : 200)
        }
        let port = try server.start()
        defer { server.stop() }
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/wait")!)
        request.httpMethod = "POST"
        request.httpBody = Data(repeating: 65, count: 70_000)
        let (status, _, _) = try await fetch(request)
        #expect(status == 200)
    }

    @Test func anOversizedBodyGets413WithoutReachingTheHandler() async throws {
        var configuration = HTTPServer.Configuration()
        configuration.port = 0
        configuration.maxBodyBytes = 1000
        let server = HTTPServer(configuration: configuration) { _ in
            Issue.record("the handler saw an oversized body")
            return HTTPResponse(status: 200)
        }
        let port = try server.start()
        defer { server.stop() }
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/upload")!)
        request.httpMethod = "POST"
        request.httpBody = Data(repeating: 65, count: 5000)
        let (status, _, data) = try await fetch(request)
        #expect(status == 413)
        #expect(String(decoding: data, as: UTF8.self).contains("too_large"))
    }

    @Test func manyConcurrentRequestsAreAnsweredAndLogged() async throws {
        var configuration = HTTPServer.Configuration()
        configuration.port = 0
        let logged = LogCount()
        let server = HTTPServer(configuration: configuration, accessLog: { _, _, _, _, _ in logged.add() }) {
            HTTPResponse(status: 200, contentType: "text/plain", body: $0.path)
        }
        let port = try server.start()
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<50 {
                group.addTask {
                    let url = URL(string: "http://127.0.0.1:\(port)/n/\(index)")!
                    return try await fetch(URLRequest(url: url)).0
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        server.stop()
        #expect(statuses.count == 50 && statuses.allSatisfy { $0 == 200 })
        #expect(logged.count == 50)
    }

    @Test func aPortInUseIsAClearError() throws {
        var configuration = HTTPServer.Configuration()
        configuration.port = 0
        let first = HTTPServer(configuration: configuration) { _ in HTTPResponse(status: 200) }
        let port = try first.start()
        defer { first.stop() }
        configuration.port = port
        let second = HTTPServer(configuration: configuration) { _ in HTTPResponse(status: 200) }
        #expect(throws: HTTPServerError.self) { try second.start() }
    }
}

final class LogCount: Sendable {
    private let value = Mutex(0)
    func add() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}
