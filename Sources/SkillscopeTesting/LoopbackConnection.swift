public import Foundation

#if canImport(Glibc)
    internal import Glibc
#endif

/// A raw TCP connection to a server on loopback: what a test needs to send a request and leave before the answer,
/// as a client that gives up does (URLSession always waits).
public final class LoopbackConnection {
    private var socket: Int32

    /// Connects to 127.0.0.1:`port`; nil when the connection is refused.
    public init?(port: UInt16) {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            Glibc.close(socket)
            return nil
        }
    }

    /// Sends all of `bytes`; false when the connection broke.
    @discardableResult public func send(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return Glibc.send(socket, base + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
            }
            if count <= 0 { return false }
            sent += count
        }
        return true
    }

    /// A request with a body, as an HTTP/1.1 client writes it.
    public static func request(
        _ method: String, _ path: String, body: [UInt8] = [], contentType: String = "application/json"
    ) -> [UInt8] {
        Array(
            "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: \(contentType)\r\nContent-Length: \(body.count)\r\n\r\n"
                .utf8) + body
    }

    /// Reads until the server closes the connection (or `limit` bytes).
    public func receiveAll(limit: Int = 64 << 20) -> [UInt8] {
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while out.count < limit {
            let count = buffer.withUnsafeMutableBytes { Glibc.recv(socket, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            out += buffer.prefix(count)
        }
        return out
    }

    /// Closes the connection: the server sees its client leave.
    public func close() {
        if socket >= 0 {
            Glibc.close(socket)
            socket = -1
        }
    }

    deinit { close() }
}

/// One HTTP/1.1 exchange with a server on loopback, redirects not followed: what a test needs to see a 302's
/// `Location` and `Set-Cookie` headers.
public enum LoopbackHTTP {
    public struct Response {
        public var status: Int
        /// Header names lowercased; repeated headers (`set-cookie`) in order.
        public var headers: [(name: String, value: String)]
        public var data: Data
        public var text: String { String(decoding: data, as: UTF8.self) }
        public func header(_ name: String) -> String? { headers.first { $0.name == name.lowercased() }?.value }
        public func headers(_ name: String) -> [String] { headers.filter { $0.name == name.lowercased() }.map(\.value) }
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// `url` is `http://127.0.0.1:PORT/path?query`.
    public static func exchange(
        _ url: String, method: String = "GET", headers: [(String, String)] = [], body: Data = Data()
    ) throws -> Response {
        guard url.hasPrefix("http://127.0.0.1:") else { throw Failure(description: "not a loopback URL: \(url)") }
        let rest = url.dropFirst("http://127.0.0.1:".count)
        let portText = rest.prefix { $0.isNumber }
        guard let port = UInt16(portText) else { throw Failure(description: "no port in \(url)") }
        var target = String(rest.dropFirst(portText.count))
        if target.isEmpty { target = "/" }
        guard let connection = LoopbackConnection(port: port) else {
            throw Failure(description: "nothing listens at \(url)")
        }
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body.count)\r\n\r\n"
        guard connection.send(Array(head.utf8) + Array(body)) else {
            throw Failure(description: "the request to \(url) could not be sent")
        }
        let raw = connection.receiveAll()
        guard let end = raw.firstRange(of: Array("\r\n\r\n".utf8)) else {
            throw Failure(description: "no HTTP answer from \(url)")
        }
        let lines = String(decoding: raw[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines.first?.split(separator: " ") ?? []
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw Failure(description: "a bad status line from \(url): \(lines.first ?? "")")
        }
        let parsed = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (
                line[..<colon].lowercased(),
                line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            )
        }
        return Response(status: status, headers: parsed, data: Data(raw[end.upperBound...]))
    }
}
