internal import Foundation
internal import MicroHTTP
import Synchronization

/// Responses to page and API reads, kept until the registry changes: each entry carries the store's change stamp
/// (files, reviews, rule statistics) and is served only while the stamp is the same. Several servers on one
/// PostgreSQL stay coherent, since each reads the stamp from the database on every request.
final class PageCache: Sendable {
    private struct Entry: Sendable {
        var stamp: String
        var response: HTTPResponse
        var used: UInt64
    }

    private struct State: Sendable {
        var entries: [String: Entry] = [:]
        var clock: UInt64 = 0
    }

    private let state = Mutex(State())
    let capacity: Int

    init(capacity: Int = 2048) { self.capacity = capacity }

    /// The kept response for `key`, if it was made at `stamp`.
    func response(for key: String, stamp: String) -> HTTPResponse? {
        state.withLock { state in
            guard var entry = state.entries[key], entry.stamp == stamp else { return nil }
            state.clock += 1
            entry.used = state.clock
            state.entries[key] = entry
            return entry.response
        }
    }

    /// Keeps `response` for `key`; past capacity, the least recently used quarter is dropped.
    func keep(_ response: HTTPResponse, for key: String, stamp: String) {
        state.withLock { state in
            state.clock += 1
            state.entries[key] = Entry(stamp: stamp, response: response, used: state.clock)
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

    /// A kept file page with a fresh CSRF token: the old token in the body and cookie replaced by a new one.
    static func refreshingCSRF(_ response: HTTPResponse) -> HTTPResponse {
        let prefix = "\(Reviews.cookie)="
        guard let index = response.headers.firstIndex(where: { $0.name == "Set-Cookie" && $0.value.hasPrefix(prefix) })
        else { return response }
        let value = response.headers[index].value
        let old = String(value.dropFirst(prefix.count).prefix { $0 != ";" })
        guard !old.isEmpty else { return response }
        let fresh = Reviews.newCSRF()
        var refreshed = response
        refreshed.headers[index].value = value.replacingOccurrences(of: old, with: fresh)
        refreshed.body = Array(
            String(decoding: response.body, as: UTF8.self).replacingOccurrences(of: old, with: fresh).utf8)
        return refreshed
    }
}
