import Dispatch
import Foundation
import MicroHTTP
import SkillscopeSQLite
import SkillscopeTesting
import Synchronization
import Testing

@testable import SkillscopeWeb

/// The heavy queue under more analyses than threads: they wait their turn in order, and only a bound refuses.
@Suite struct HeavyGateTests {
    @Test func turnsGoInTheOrderRequestsArrived() throws {
        let gate = HeavyGate(concurrency: 1, queueLength: 8, wait: .seconds(30))
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let order = Mutex<[Int]>([])
        let group = DispatchGroup()
        Self.spawn(in: group) {
            _ = try? gate.run {
                holding.signal()
                release.wait()
            }
        }
        holding.wait()
        for index in 0..<5 {
            Self.spawn(in: group) {
                _ = try? gate.run { order.withLock { $0.append(index) } }
            }
            // Each waits before the next arrives.
            let deadline = Date().addingTimeInterval(10)
            while gate.waitingNow < index + 1, Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        }
        #expect(gate.waitingNow == 5)
        release.signal()
        group.wait()
        #expect(order.withLock { $0 } == [0, 1, 2, 3, 4])
    }

    /// A real server on loopback whose threads are sized as `serve` sizes them: light ones, and one apart per heavy
    /// place.
    @Test func analysesBeyondTheThreadsWaitTheirTurnAndSucceedWhilePagesAnswer() throws {
        let directory = TemporaryDirectory()
        var limits = WebApp.HeavyLimits()
        limits.queueLength = 6
        let app = WebApp(store: try SQLiteStore(path: directory.appending("r.sqlite")), heavy: limits)
        var configuration = HTTPServer.Configuration()
        configuration.port = 0
        configuration.threads = 2
        configuration.apartThreads = UInt32(limits.places)
        let server = HTTPServer(configuration: configuration) { app.handle($0) }
        let port = try server.start()
        defer { server.stop() }
        // A turn held by an analysis that runs until released, so the others pile up however fast this machine is.
        let gate = app.heavy
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        Self.spawn {
            _ = try? gate.run {
                holding.signal()
                release.wait()
            }
            finished.signal()
        }
        holding.wait()
        var released = false
        defer {
            if !released { release.signal() }
            finished.wait()
        }

        let body = Array(##"{"text": "# Rules\n\n- Run the tests before every push.\n", "kind": "claude"}"##.utf8)
        // Six analyses: more than the two light threads and the one turn, as many as the queue's places.
        let request =
            Array(
                ("POST /api/v1/analyze HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    + "Connection: close\r\nContent-Length: \(body.count)\r\n\r\n").utf8) + body
        let statuses = Mutex<[Int]>([])
        let group = DispatchGroup()
        for _ in 0..<6 {
            Self.spawn(in: group) {
                guard let client = LoopbackConnection(port: port) else { return }
                client.send(request)
                let answer = String(decoding: client.receiveAll(), as: UTF8.self)
                client.close()
                statuses.withLock { $0.append(Self.status(answer)) }
            }
        }
        let deadline = Date().addingTimeInterval(20)
        while gate.waitingNow < 6, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(gate.waitingNow == 6)

        // With every place taken, one more is refused at once, saying which bound it hit.
        let refused = try LoopbackHTTP.exchange(
            "http://127.0.0.1:\(port)/api/v1/analyze", method: "POST", headers: [("Content-Type", "application/json")],
            body: Data(body))
        #expect(refused.status == 503)
        #expect(refused.header("Retry-After") == "10")
        #expect(refused.text.contains("\"busy\"") && refused.text.contains("all 6 places in the queue are taken"))
        // A page meanwhile finds a thread: the waiting analyses hold only their own.
        let started = Date()
        let page = try LoopbackHTTP.exchange("http://127.0.0.1:\(port)/api/v1/search?q=tests")
        #expect(page.status == 200)
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(statuses.withLock { $0 }.isEmpty, "an analysis was answered before its turn")

        released = true
        release.signal()
        #expect(group.wait(timeout: .now() + 60) == .success)
        #expect(statuses.withLock { $0 } == [200, 200, 200, 200, 200, 200])
    }

    /// Runs `body` on a thread of its own: Dispatch's global queue starts a thread about a second after another
    /// blocks, which turns six blocked requests into seconds of waiting for threads.
    static func spawn(in group: DispatchGroup? = nil, _ body: @escaping @Sendable () -> Void) {
        group?.enter()
        Thread.detachNewThread {
            body()
            group?.leave()
        }
    }

    static func status(_ answer: String) -> Int {
        let parts = answer.prefix { $0 != "\r" }.split(separator: " ")
        return parts.count >= 2 ? Int(parts[1]) ?? 0 : 0
    }
}
