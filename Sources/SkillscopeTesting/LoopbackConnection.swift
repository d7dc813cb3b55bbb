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
            let count = bytes.withUnsafeBytes { raw in
                Glibc.send(socket, raw.baseAddress! + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
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

    /// Closes the connection: the server sees its client leave.
    public func close() {
        if socket >= 0 {
            Glibc.close(socket)
            socket = -1
        }
    }

    deinit { close() }
}
