internal import Dispatch
internal import Foundation
internal import Synchronization

/// A fixed set of threads that run request handlers, first come first served, apart from libmicrohttpd's threads.
///
/// libmicrohttpd's own thread pool gives each connection to one of its threads for the connection's life, and a
/// handler run there holds every other connection of that thread until it returns: a 5 ms read waited seconds
/// behind an analysis on a client that keeps its connection open (bench/RESULTS.md, issue 47). Here any idle
/// thread takes the oldest request, so a request waits only when every thread is busy. Rejected: Dispatch's global
/// queues, whose width grows while work blocks (handlers block on SQLite and on the heavy queue), so nothing would
/// bound the threads; and one thread per request, for the same reason.
///
/// At most `running` jobs run at once in the shared part; the pool has more threads than that so that a job may
/// step out of it (``HTTPServer/releaseHandlerSlot()``) to wait in a queue of its own, bounded there, without
/// holding a slot the others need. Rejected: as many slots as threads, which let 37 light requests run at once
/// on 2 cores when the heavy queue's places came as threads (more memory and more readers for no throughput).
///
/// The queue itself is bounded by the server's connection limit: a connection has at most one request in it.
final class HandlerPool: Sendable {
    typealias Job = @Sendable () -> Void

    private struct State {
        var jobs: [Job] = []
        /// The index of the oldest job in `jobs`; the slots before it are spent.
        var head = 0
        var isRunning = true
    }

    private let state = Mutex(State())
    private let threads: Int
    /// Counts the jobs queued, and after ``stop()`` one more per thread, to wake it to leave.
    private let available = DispatchSemaphore(value: 0)
    /// Entered per accepted job, left when it has run: ``stop()`` waits for it.
    private let inFlight = DispatchGroup()
    /// The shared part's free slots: a thread takes one before a job, and gives it back when the job ends or steps
    /// out (``Slot/release()``).
    private let slots: DispatchSemaphore

    /// Starts `threads` threads (at least one) that wait for jobs, named `name.0`, `name.1`, …, of which at most
    /// `running` (at least one) run a job at once unless a job steps out.
    init(threads: Int, running: Int, name: String) {
        self.threads = max(1, threads)
        slots = DispatchSemaphore(value: max(1, min(running, self.threads)))
        for index in 0..<self.threads {
            let thread = Thread { [self] in work() }
            thread.name = "\(name).\(index)"
            // As much stack as libmicrohttpd's threads had (the system default): parsers recurse.
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// Queues `job` for the next idle thread; false once the pool is stopping (then nothing was queued).
    func submit(_ job: @escaping Job) -> Bool {
        let accepted = state.withLock { state -> Bool in
            guard state.isRunning else { return false }
            inFlight.enter()
            state.jobs.append(job)
            return true
        }
        if accepted { available.signal() }
        return accepted
    }

    /// Refuses new jobs, waits until every queued and running one has finished, then lets the threads leave.
    ///
    /// Blocking; never call it from a job. A second call returns at once.
    func stop() {
        let wasRunning = state.withLock { state -> Bool in
            defer { state.isRunning = false }
            return state.isRunning
        }
        guard wasRunning else { return }
        inFlight.wait()
        for _ in 0..<threads { available.signal() }
    }

    /// One thread's loop: each signal brings one job, or, once stopped with nothing queued, the word to leave.
    private func work() {
        while true {
            available.wait()
            slots.wait()
            let job = state.withLock { state -> Job? in
                guard state.head < state.jobs.count else { return nil }
                let job = state.jobs[state.head]
                state.head += 1
                if state.head >= 64, state.head * 2 >= state.jobs.count {
                    state.jobs.removeFirst(state.head)
                    state.head = 0
                }
                return job
            }
            guard let job else {
                slots.signal()
                return
            }
            let slot = Slot(slots)
            Thread.current.threadDictionary[Slot.key] = slot
            job()
            Thread.current.threadDictionary.removeObject(forKey: Slot.key)
            slot.release()
            inFlight.leave()
        }
    }

    /// The shared slot a running job holds, given back once: when the job steps out, or when it ends.
    final class Slot: Sendable {
        /// Where a pool thread keeps its job's slot, for ``HTTPServer/releaseHandlerSlot()``.
        static let key = "skillscope.http.slot"
        private let slots: DispatchSemaphore
        private let isHeld = Atomic<Bool>(true)
        init(_ slots: DispatchSemaphore) { self.slots = slots }

        func release() {
            if isHeld.exchange(false, ordering: .acquiringAndReleasing) { slots.signal() }
        }
    }
}
