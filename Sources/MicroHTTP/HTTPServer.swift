internal import CMicroHTTPD
internal import Foundation
internal import Synchronization

#if canImport(Glibc)
    internal import Glibc
#endif

/// An HTTP/1.1 server on libmicrohttpd: a synchronous handler runs on a pool of threads of its own, one request at
/// a time per thread, with the request read whole first.
///
/// libmicrohttpd's threads only read requests and write answers (epoll). Once a request is read, its connection is
/// suspended (`MHD_suspend_connection`) and the handler runs on the next idle ``HandlerPool`` thread; the answer is
/// queued when the connection resumes. So a request waits only when every handler thread is busy, never behind a
/// long request that arrived on another connection served by the same libmicrohttpd thread.
///
/// Limits: the request line and headers must fit in ``Configuration/maxHeaderBytes`` (MHD answers 431 or closes
/// otherwise), bodies over ``Configuration/maxBodyBytes`` get 413 without reaching the handler, and a connection
/// idle for ``Configuration/timeoutSeconds`` is closed, so slow clients cannot hold a thread.
public final class HTTPServer: Sendable {
    public struct Configuration: Sendable {
        /// An IPv4 address to bind; the default serves this machine only.
        public var host = "127.0.0.1"
        /// 0 picks a free port (see ``start()``'s result).
        public var port: UInt16 = 8080
        /// Handlers that run at once, shared by every connection.
        ///
        /// Size the reader pool to at least this. The default is 4.
        public var threads: UInt32 = 4
        /// Threads beyond ``threads`` for handlers that stepped out of the shared ones.
        ///
        /// A handler steps out (``HTTPServer/releaseHandlerSlot()``) to wait or run in a queue bounded elsewhere:
        /// count one for each place in it (`skillscope serve` gives its heavy queue's). The default is 0.
        public var apartThreads: UInt32 = 0
        /// libmicrohttpd's threads, each polling its share of the connections (epoll).
        ///
        /// They read requests and write answers; handlers never run on them. The default is 1.
        public var pollingThreads: UInt32 = 1
        public var connectionLimit: UInt32 = 512
        public var timeoutSeconds: UInt32 = 30
        public var maxBodyBytes = 1 << 20
        public var maxHeaderBytes = 64 * 1024
        /// The answer to a body over ``maxBodyBytes`` for a path, when a protocol served there has its own error
        /// shape (MCP answers JSON-RPC); nil keeps the default JSON error.
        public var tooLarge: (@Sendable (_ path: String, _ limit: Int) -> HTTPResponse?)?
        public init() {}
    }

    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse
    /// Called once per request after the response is queued: method, path, status, body bytes, seconds.
    public typealias AccessLog = @Sendable (String, String, Int, Int, Double) -> Void

    let configuration: Configuration
    let handler: Handler
    let accessLog: AccessLog?
    private let daemon = Mutex<Daemon?>(nil)

    /// The running daemon and the threads its handlers run on: MHD's handle is thread-safe for the calls made here
    /// (port lookup, one stop).
    private final class Daemon: @unchecked Sendable {
        let pointer: OpaquePointer
        let context: Unmanaged<HTTPServer>
        let pool: HandlerPool
        init(pointer: OpaquePointer, context: Unmanaged<HTTPServer>, pool: HandlerPool) {
            self.pointer = pointer
            self.context = context
            self.pool = pool
        }
    }

    /// The pool handlers run on while the server runs; nil before ``start()`` and from the start of ``stop()``, when
    /// handlers run on libmicrohttpd's thread instead.
    var pool: HandlerPool? { daemon.withLock { $0?.pool } }

    public init(configuration: Configuration = Configuration(), accessLog: AccessLog? = nil, handler: @escaping Handler)
    {
        self.configuration = configuration
        self.handler = handler
        self.accessLog = accessLog
    }

    /// Starts listening; returns the port.
    public func start() throws(HTTPServerError) -> UInt16 {
        try daemon.withLock { (slot: inout Daemon?) throws(HTTPServerError) -> UInt16 in
            if let running = slot { return cmhd_port(running.pointer) }
            signal(SIGPIPE, SIG_IGN)
            let context = Unmanaged.passRetained(self)
            let flags =
                MHD_USE_ERROR_LOG.rawValue | MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue
                | MHD_ALLOW_SUSPEND_RESUME.rawValue
            guard
                let pointer = cmhd_start(
                    flags, configuration.port, configuration.host, serverAccessHandler, context.toOpaque(),
                    serverCompletedHandler, nil, configuration.pollingThreads, configuration.connectionLimit,
                    configuration.timeoutSeconds, configuration.maxHeaderBytes)
            else {
                context.release()
                throw HTTPServerError(
                    "cannot listen on \(configuration.host):\(configuration.port) (address in use, or not an IPv4 address)"
                )
            }
            let port = cmhd_port(pointer)
            let pool = HandlerPool(
                threads: Int(configuration.threads + configuration.apartThreads), running: Int(configuration.threads),
                name: "skillscope.http")
            slot = Daemon(pointer: pointer, context: context, pool: pool)
            return port
        }
    }

    /// Stops accepting, finishes the requests in flight and joins MHD's threads.
    ///
    /// The pool's requests finish first and resume their connections, as MHD requires of a suspended connection
    /// before `MHD_stop_daemon`; a request read meanwhile runs on MHD's thread, which `MHD_stop_daemon` joins.
    public func stop() {
        let running = daemon.withLock { (slot: inout Daemon?) -> Daemon? in
            defer { slot = nil }
            return slot
        }
        guard let running else { return }
        running.pool.stop()
        MHD_stop_daemon(running.pointer)
        running.context.release()
    }

    deinit { stop() }

    /// Takes the calling handler out of the ``Configuration/threads`` that run at once, for the rest of its
    /// request, so that another request may run in its place.
    ///
    /// For a handler about to wait for a turn in a queue, or to run long work that such a queue bounds (an analysis):
    /// the queue must bound how many do so, and ``Configuration/apartThreads`` must count them. Outside a handler
    /// thread, or called twice, it does nothing.
    public static func releaseHandlerSlot() {
        (Thread.current.threadDictionary[HandlerPool.Slot.key] as? HandlerPool.Slot)?.release()
    }

    /// Handles a request whole: routes it, or answers 413 for a body that was too large.
    func respond(to request: HTTPRequest?, path: String) -> HTTPResponse {
        guard let request else {
            if let answer = configuration.tooLarge?(path, configuration.maxBodyBytes) { return answer }
            return HTTPResponse(
                status: 413, contentType: "application/json",
                body:
                    #"{"error":{"code":"too_large","message":"the request body is over \#(configuration.maxBodyBytes) bytes"}}"#
            )
        }
        return handler(request)
    }
}

/// The reason a server could not start.
public struct HTTPServerError: Error, Sendable, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}

/// The state of one request between MHD's calls: its body so far, or that it grew too large, and its answer.
///
/// Only the connection's MHD thread touches it, except ``answer``, which a pool thread fills while the connection
/// is suspended.
final class RequestState {
    var body: [UInt8] = []
    var tooLarge = false
    let started = ContinuousClock.now
    /// Method and path, kept for the access log line written when the answer is queued.
    var method = "GET"
    var path = "/"
    var isHandled = false
    let answer = Answer()
}

/// A handler's answer, handed from the pool thread that made it to the MHD thread that queues it.
final class Answer: Sendable {
    private let response = Mutex<HTTPResponse?>(nil)
    func set(_ value: HTTPResponse) { response.withLock { $0 = value } }
    func take() -> HTTPResponse? { response.withLock { $0.take() } }
}

/// A connection suspended while a pool thread runs its handler.
///
/// `@unchecked Sendable`: MHD neither reads the connection nor frees it while suspended; the one call made with it,
/// `MHD_resume_connection`, is safe from any thread, and the handle is not used after it.
struct SuspendedConnection: @unchecked Sendable {
    let raw: OpaquePointer
}

/// Collects headers or query arguments through MHD's iterator.
final class ValueCollector {
    var values: [String: String] = [:]
    let lowercaseKeys: Bool
    init(lowercaseKeys: Bool) { self.lowercaseKeys = lowercaseKeys }
}

func collectValue(
    _ context: UnsafeMutableRawPointer?, _ kind: MHD_ValueKind, _ key: UnsafePointer<CChar>?,
    _ value: UnsafePointer<CChar>?
) -> MHD_Result {
    guard let context, let key else { return .YES }
    let collector = Unmanaged<ValueCollector>.fromOpaque(context).takeUnretainedValue()
    let name = String(cString: key)
    collector.values[collector.lowercaseKeys ? name.lowercased() : name] = value.map { String(cString: $0) } ?? ""
    return .YES
}

private func values(of connection: OpaquePointer?, kind: MHD_ValueKind, lowercaseKeys: Bool) -> [String: String] {
    let collector = ValueCollector(lowercaseKeys: lowercaseKeys)
    let context = Unmanaged.passRetained(collector)
    _ = MHD_get_connection_values(connection, kind, collectValue, context.toOpaque())
    context.release()
    return collector.values
}

func serverAccessHandler(
    _ context: UnsafeMutableRawPointer?, _ connection: OpaquePointer?, _ url: UnsafePointer<CChar>?,
    _ method: UnsafePointer<CChar>?, _ version: UnsafePointer<CChar>?, _ uploadData: UnsafePointer<CChar>?,
    _ uploadSize: UnsafeMutablePointer<Int>?, _ requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
    guard let context, let requestContext else { return .NO }
    let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
    guard let raw = requestContext.pointee else {
        // The first call brings the headers only.
        requestContext.pointee = Unmanaged.passRetained(RequestState()).toOpaque()
        return .YES
    }
    let state = Unmanaged<RequestState>.fromOpaque(raw).takeUnretainedValue()
    // Called again after the handler's pool thread resumed the connection: queue its answer.
    if let response = state.answer.take() {
        return queue(response, on: connection, state: state, server: server)
    }
    if let uploadSize, uploadSize.pointee > 0 {
        if !state.tooLarge, let uploadData {
            if state.body.count + uploadSize.pointee > server.configuration.maxBodyBytes {
                state.tooLarge = true
                state.body = []
            } else {
                state.body.append(
                    contentsOf: UnsafeRawBufferPointer(start: uploadData, count: uploadSize.pointee))
            }
        }
        uploadSize.pointee = 0
        return .YES
    }
    // Resumed without an answer cannot happen; were it to, closing beats MHD calling again at once, forever.
    guard !state.isHandled else { return .NO }
    state.isHandled = true
    let methodText = method.map { String(cString: $0) } ?? "GET"
    let path = url.map { String(cString: $0) } ?? "/"
    (state.method, state.path) = (methodText, path)
    var request =
        state.tooLarge
        ? nil
        : HTTPRequest(
            method: methodText, path: path,
            query: values(of: connection, kind: .GET_ARGUMENT_KIND, lowercaseKeys: false),
            headers: values(of: connection, kind: .HEADER_KIND, lowercaseKeys: true), body: state.body)
    // The socket stays this connection's while the handler runs: the connection is suspended, and libmicrohttpd
    // closes it only after it resumes.
    let socket = connection.map { cmhd_connection_fd($0) } ?? -1
    if socket >= 0 { request?.isClientGone = { peerHasClosed(socket) } }
    if let connection {
        var address = [CChar](repeating: 0, count: 64)
        cmhd_client_address(connection, &address, address.count)
        request?.clientAddress = String(cString: address)
    }
    guard let connection, let whole = request, let pool = server.pool else {
        // A body too large (answered at once, without the handler), or a server stopping: run it here.
        return queue(server.respond(to: request, path: path), on: connection, state: state, server: server)
    }
    // Suspended before the job is queued, so the pool thread's resume always follows the suspension.
    MHD_suspend_connection(connection)
    let suspended = SuspendedConnection(raw: connection)
    let answer = state.answer
    let job: HandlerPool.Job = {
        answer.set(server.respond(to: whole, path: path))
        MHD_resume_connection(suspended.raw)
    }
    if !pool.submit(job) { job() }
    return .YES
}

/// Queues `response` on `connection` and writes its access log line.
private func queue(
    _ response: HTTPResponse, on connection: OpaquePointer?, state: RequestState, server: HTTPServer
) -> MHD_Result {
    let result = response.body.withUnsafeBytes { bytes -> MHD_Result in
        guard
            let mhdResponse = MHD_create_response_from_buffer(
                bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
        else { return .NO }
        for (name, value) in response.headers { _ = MHD_add_response_header(mhdResponse, name, value) }
        let queued = MHD_queue_response(connection, UInt32(response.status), mhdResponse)
        MHD_destroy_response(mhdResponse)
        return queued
    }
    let seconds = (ContinuousClock.now - state.started) / .seconds(1)
    server.accessLog?(state.method, state.path, response.status, response.body.count, seconds)
    return result
}

func serverCompletedHandler(
    _ context: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
    _ requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, _ termination: MHD_RequestTerminationCode
) {
    guard let requestContext, let raw = requestContext.pointee else { return }
    Unmanaged<RequestState>.fromOpaque(raw).release()
    requestContext.pointee = nil
}

/// Whether the other end of `socket` has closed it or reset it: a peek that does not wait (0 bytes: closed).
///
/// libmicrohttpd reads a connection only between handler calls, so its completion callback cannot tell a running
/// handler that the client left; the socket itself can. Bytes waiting (a pipelined request) mean it is there.
func peerHasClosed(_ socket: Int32) -> Bool {
    var byte: UInt8 = 0
    let count = recv(socket, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
    if count > 0 { return false }
    if count == 0 { return true }
    return errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR
}
