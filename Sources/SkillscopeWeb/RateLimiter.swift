internal import Foundation
internal import Synchronization

/// At most `limit` events per key in a sliding window.
///
/// Kept in memory for at most `maxKeys` keys (the least recently used go first). Per process: a server started
/// twice counts twice.
final class RateLimiter: Sendable {
    let limit: Int
    let window: Double
    let maxKeys: Int
    private let events = Mutex<[String: [Double]]>([:])

    init(limit: Int, window: Double, maxKeys: Int = 50_000) {
        self.limit = limit
        self.window = window
        self.maxKeys = maxKeys
    }

    /// Counts an event for `key` and says whether it is within the limit (a refused one is not counted).
    func allow(_ key: String, now: Double = Date().timeIntervalSinceReferenceDate) -> Bool {
        events.withLock { events in
            var times = (events[key] ?? []).filter { $0 > now - window }
            guard times.count < limit else {
                events[key] = times
                return false
            }
            times.append(now)
            if events[key] == nil, events.count >= maxKeys {
                // Drop the keys whose newest event is oldest.
                let oldest = events.sorted { ($0.value.last ?? 0) < ($1.value.last ?? 0) }.prefix(maxKeys / 10 + 1)
                for (stale, _) in oldest { events[stale] = nil }
            }
            events[key] = times
            return true
        }
    }
}
