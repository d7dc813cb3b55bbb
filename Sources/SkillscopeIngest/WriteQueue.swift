internal import Dispatch
internal import SkillscopeStore
internal import Synchronization

/// Parsed chunks waiting for the single writer, written a full batch at a time: a group commit.
///
/// Chunks join the queue in listing order, and the writer, on a thread of its own (``serve(_:seenAt:turn:)``),
/// takes them in that order: once ``maxFiles`` listed files are queued, it takes the oldest chunks up to that many
/// and writes their files in one transaction. The last chunks of a listing go together at its end, and the caller
/// can ``hurry()`` the writer when it must wait for a turn.
///
/// Why larger: each transaction adds one segment to the search index (``SearchIndexBatch`` in the SQLite engine),
/// and FTS5's cost for a file falls as its segments grow: indexing 20,000 of the 50,000-file corpus's texts alone
/// took 15–32% less CPU in transactions of 4,096 files than of 512, and writing a 350,000-file corpus passed 34.5 GB
/// to the disk instead of 45.4 GB (bench/RESULTS.md, `bench/fts5_transactions.py`). The committed registry is
/// still a prefix of the listing, so an ingest killed at any moment resumes as before.
///
/// Why a thread of its own: when each chunk's write was an async task chained to the one before, every write
/// first had to get one of the cooperative pool's threads, busy with parsing chunks that each run for a long
/// time, and the writer idled in between.
final class WriteQueue: Sendable {
    /// One parsed chunk's writes.
    struct Chunk: Sendable {
        /// Repositories met first in this chunk.
        var repositories: [RepositoryRecord]
        var files: [FileRecord]
        /// Files whose content is already stored: only their last-seen time moves.
        var unchanged: [FileKey]
        /// Files the chunk listed, written or not.
        var listed: Int
    }

    /// What one turn of the writer did.
    struct Turn: Sendable {
        var summary = WriteSummary()
        var busy: Duration = .zero
        /// Chunks written, oldest first.
        var chunks = 0
    }

    private struct State {
        var pending: [Chunk] = []
        /// Listed files in `pending`.
        var listed = 0
        var closed = false
        /// Take what is queued now, even less than a full batch.
        var hurried = false
    }

    /// Most listed files one transaction takes; never less than one chunk.
    let maxFiles: Int
    private let state = Mutex(State())
    /// Rung for every chunk added, every hurry and the close; the writer waits on it while less than a batch waits
    /// and none of those came.
    private let doorbell = DispatchSemaphore(value: 0)

    init(maxFiles: Int) {
        self.maxFiles = maxFiles
    }

    /// Queues the next chunk in listing order.
    func add(_ chunk: Chunk) {
        state.withLock {
            $0.pending.append(chunk)
            $0.listed += chunk.listed
        }
        doorbell.signal()
    }

    /// Lets the writer take what is queued without waiting for a full batch: called before the caller waits for a
    /// turn, so that the two never wait for each other.
    func hurry() {
        state.withLock { $0.hurried = true }
        doorbell.signal()
    }

    /// No more chunks: the writer ends once it has written those queued, or at once, dropping them, when
    /// `discarding`.
    func close(discarding: Bool = false) {
        state.withLock { state in
            state.closed = true
            if discarding {
                state.pending = []
                state.listed = 0
            }
        }
        doorbell.signal()
    }

    /// Writes turn after turn until the queue is closed and empty, reporting each turn; after a failed one it
    /// drops what is queued and ends.
    ///
    /// Blocking: run it on the writer's thread.
    func serve(_ store: any Store, seenAt: String, turn: (Result<Turn, any Error>) -> Void) {
        while let batch = take() {
            do {
                turn(.success(try Self.write(batch, to: store, seenAt: seenAt)))
            } catch {
                close(discarding: true)
                turn(.failure(error))
                return
            }
        }
    }

    /// The oldest chunks, up to ``maxFiles`` listed files, once that many are queued (or the queue is closed, or
    /// hurried); `nil` once closed and empty.
    func take() -> [Chunk]? {
        while true {
            let batch = state.withLock { state -> [Chunk]? in
                guard let first = state.pending.first else { return state.closed ? nil : [] }
                guard state.listed >= maxFiles || state.closed || state.hurried else { return [] }
                state.hurried = false
                var count = 1
                var listed = first.listed
                while count < state.pending.count, listed + state.pending[count].listed <= maxFiles {
                    listed += state.pending[count].listed
                    count += 1
                }
                state.listed -= listed
                defer { state.pending.removeFirst(count) }
                return Array(state.pending.prefix(count))
            }
            guard let batch else { return nil }
            if !batch.isEmpty { return batch }
            doorbell.wait()
        }
    }

    /// Writes `batch` in one transaction; its unchanged files' last-seen times follow in a second.
    static func write(_ batch: [Chunk], to store: any Store, seenAt: String) throws -> Turn {
        let start = ContinuousClock.now
        let summary = try store.write(
            repositories: batch.flatMap(\.repositories), files: batch.flatMap(\.files), seenAt: seenAt)
        try store.markSeen(batch.flatMap(\.unchanged), at: seenAt)
        return Turn(summary: summary, busy: ContinuousClock.now - start, chunks: batch.count)
    }
}
