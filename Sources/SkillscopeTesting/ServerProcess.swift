public import Foundation
import Synchronization

#if canImport(Glibc)
    internal import Glibc
#endif

/// A real `skillscope serve` process on a free loopback port, for end-to-end tests.
///
/// Both output pipes are read on threads of their own for as long as the server runs. The server writes an access
/// log line per request to standard error; a pipe nobody reads fills after 64 KiB, the server then blocks on its
/// next log line, and the test waiting for an answer waits for ever.
public final class ServerProcess {
    /// The running binary.
    public let process: Process
    /// The port it listens on, read from its "serving … at http://127.0.0.1:PORT/" line.
    public let port: Int
    private let standardOutput: PipeReader
    private let standardError: PipeReader

    /// Starts `skillscope serve --port PORT arguments…` (a free port by default) and waits up to `timeout` seconds
    /// for its first line.
    public init(_ arguments: [String], environment: [String: String] = [:], port: Int = 0, timeout: Double = 60)
        throws
    {
        process = try BinaryRunner.start(["serve", "--port", String(port)] + arguments, environment: environment)
        guard let out = process.standardOutput as? Pipe, let err = process.standardError as? Pipe else {
            throw ServerProcessError(message: "the server's output is not piped")
        }
        standardOutput = PipeReader(out.fileHandleForReading)
        standardError = PipeReader(err.fileHandleForReading)
        let deadline = Date().addingTimeInterval(timeout)
        var banner = ""
        while Date() < deadline {
            banner = standardOutput.text
            if banner.contains("\n") || standardOutput.isClosed { break }
            usleep(10_000)
        }
        guard let found = Self.port(in: banner) else {
            Foundation.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            standardError.waitForEnd(seconds: 5)
            throw ServerProcessError(
                message: "the server printed no address within \(Int(timeout)) s: \(banner)\(standardError.text)")
        }
        self.port = found
    }

    deinit {
        if process.isRunning {
            Foundation.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// `http://127.0.0.1:PORT/`.
    public var url: String { "http://127.0.0.1:\(port)/" }

    /// What the server printed to standard error so far: its access log and messages.
    public var log: String { standardError.text }

    /// Sends SIGTERM and waits up to `seconds` for the server to stop (SIGKILL after that); returns its exit status
    /// once everything it printed has been read.
    @discardableResult public func stop(within seconds: Double = 30) -> Int32 {
        if process.isRunning { process.terminate() }
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        standardOutput.waitForEnd(seconds: 5)
        standardError.waitForEnd(seconds: 5)
        return process.terminationStatus
    }

    /// The port of the first "http://HOST:PORT/" in `banner`.
    static func port(in banner: String) -> Int? {
        guard let start = banner.range(of: "http://") else { return nil }
        let address = banner[start.upperBound...].prefix { $0 != "/" && !$0.isWhitespace }
        return address.split(separator: ":").last.flatMap { Int($0) }
    }
}

/// The server did not start as a test expected.
public struct ServerProcessError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// Reads a pipe to its end on a thread of its own, keeping everything read.
private final class PipeReader: Sendable {
    private let state = Mutex<(data: Data, closed: Bool)>((Data(), false))

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                state.withLock { $0.data.append(chunk) }
            }
            state.withLock { $0.closed = true }
        }
    }

    var text: String { state.withLock { String(decoding: $0.data, as: UTF8.self) } }
    var isClosed: Bool { state.withLock { $0.closed } }

    /// Waits up to `seconds` for the end of the pipe.
    func waitForEnd(seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        while !isClosed && Date() < deadline { usleep(5_000) }
    }
}

extension ServerProcess {
    /// A loopback port free now (the kernel's pick for a socket bound to port 0, closed again): for a server whose
    /// arguments must name its own address before it starts, as a sign-in callback URL does.
    public static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw ServerProcessError(message: "no socket for a free port") }
        defer { Glibc.close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(socket, raw, length) == 0 && getsockname(socket, raw, &length) == 0
            }
        }
        guard bound else { throw ServerProcessError(message: "no free loopback port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
