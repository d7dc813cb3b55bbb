internal import Foundation
internal import MicroHTTP
import Synchronization

/// Responses to page and API reads, kept until the registry changes: each entry carries the store's change stamp
/// (files, reviews, rule statistics) and is served only while the stamp is the same.
///
/// Several servers on one
/// PostgreSQL stay coherent, since each reads the stamp from the database on every request.
final class PageCache: Sendable {
    private struct Entry: Sendable {
        var stamp: String
        var response: HTTPResponse
        /// For a page carrying a CSRF token: its body cut at each occurrence of the token, and the token.
        var pieces: [ArraySlice<UInt8>]?
        var token: String?
        var used: UInt64
    }

    private struct State: Sendable {
        var entries: [String: Entry] = [:]
        var clock: UInt64 = 0
    }

    private let state = Mutex(State())
    let capacity: Int

    init(capacity: Int = 2048) { self.capacity = capacity }

    /// The kept response for `key`, if it was made at `stamp`; a page with a CSRF token gets a fresh one.
    func response(for key: String, stamp: String) -> HTTPResponse? {
        let kept: Entry? = state.withLock { state in
            guard var entry = state.entries[key], entry.stamp == stamp else { return nil }
            state.clock += 1
            entry.used = state.clock
            state.entries[key] = entry
            return entry
        }
        guard let kept else { return nil }
        guard let pieces = kept.pieces, let old = kept.token else { return kept.response }
        let fresh = Reviews.newCSRF()
        var response = kept.response
        var body: [UInt8] = []
        body.reserveCapacity(response.body.count + pieces.count * 8)
        for (index, piece) in pieces.enumerated() {
            if index > 0 { body += fresh.utf8 }
            body += piece
        }
        response.body = body
        for index in response.headers.indices where response.headers[index].name == "Set-Cookie" {
            response.headers[index].value = response.headers[index].value.replacingOccurrences(of: old, with: fresh)
        }
        return response
    }

    /// Keeps `response` for `key`; past capacity, the least recently used quarter is dropped.
    func keep(_ response: HTTPResponse, for key: String, stamp: String) {
        let token = Self.csrfToken(response)
        let pieces = token.map { Self.cut(response.body, at: Array($0.utf8)) }
        state.withLock { state in
            state.clock += 1
            state.entries[key] = Entry(
                stamp: stamp, response: response, pieces: pieces, token: token, used: state.clock)
            guard state.entries.count > capacity else { return }
            let cut = state.entries.values.map(\.used).sorted()[state.entries.count / 4]
            state.entries = state.entries.filter { $0.value.used > cut }
        }
    }

    /// The cache key of a GET: its path and its query, sorted.
    static func key(_ request: HTTPRequest) -> String {
        request.path + "?"
            + request.query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
    }

    /// The CSRF token a response sets in its cookie, if any.
    static func csrfToken(_ response: HTTPResponse) -> String? {
        let prefix = "\(Reviews.cookie)="
        guard
            let value = response.headers.first(where: { $0.name == "Set-Cookie" && $0.value.hasPrefix(prefix) })?.value
        else { return nil }
        let token = String(value.dropFirst(prefix.count).prefix { $0 != ";" })
        return token.isEmpty ? nil : token
    }

    /// `bytes` cut at every occurrence of `separator` (which is left out).
    static func cut(_ bytes: [UInt8], at separator: [UInt8]) -> [ArraySlice<UInt8>] {
        var pieces: [ArraySlice<UInt8>] = []
        var start = 0
        var index = 0
        while index + separator.count <= bytes.count {
            if bytes[index] == separator[0], bytes[index..<index + separator.count].elementsEqual(separator) {
                pieces.append(bytes[start..<index])
                index += separator.count
                start = index
            } else {
                index += 1
            }
        }
        pieces.append(bytes[start...])
        return pieces
    }
}
