internal import SkillscopeStore
internal import Synchronization

/// `registry_read`'s answers, kept until the registry changes, as the web keeps its pages: each entry carries the
/// store's change stamp (files, reviews, rule statistics) and is used only while the stamp is the same, so a report
/// filed with `registry_write` shows at once.
///
/// Rating a stored file's rules costs tens of milliseconds; an agent (or many) reading the same popular files
/// would pay it every time, and hold a server thread for it.
final class ReportCache: Sendable {
    private struct Entry {
        var stamp: String
        var output: ReportOutput
        var used: UInt64
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var clock: UInt64 = 0
    }

    private let state = Mutex(State())
    /// Answers kept; past it, the least recently used quarter is dropped.
    let capacity: Int

    init(capacity: Int = 512) { self.capacity = max(4, capacity) }

    /// The kept answer for `key` made at `stamp`, or the one `make` gives (kept for the next caller).
    func output(for key: String, stamp: String, make: () throws -> ReportOutput) throws -> ReportOutput {
        let kept: ReportOutput? = state.withLock { state in
            guard var entry = state.entries[key], entry.stamp == stamp else { return nil }
            state.clock += 1
            entry.used = state.clock
            state.entries[key] = entry
            return entry.output
        }
        if let kept { return kept }
        let made = try make()
        state.withLock { state in
            state.clock += 1
            state.entries[key] = Entry(stamp: stamp, output: made, used: state.clock)
            guard state.entries.count > capacity else { return }
            let oldest = state.entries.sorted { $0.value.used < $1.value.used }.prefix(capacity / 4)
            for (key, _) in oldest { state.entries[key] = nil }
        }
        return made
    }
}
