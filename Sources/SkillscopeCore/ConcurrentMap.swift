internal import Dispatch
internal import Synchronization

extension Array where Element: Sendable {
    /// `map` on `workers` threads; the order is kept.
    ///
    /// Each thread takes the next chunk of 16 elements as it is done with its last, so that a few slow elements
    /// (a big file, a big group) do not leave one thread working alone at the end.
    public func concurrentMap<T: Sendable>(workers: Int = 2, _ transform: @Sendable (Element) -> T) -> [T] {
        guard count > 16, workers > 1 else { return map(transform) }
        let results = ResultSlots<T>(count: count)
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let start = next.add(16, ordering: .relaxed).oldValue
                guard start < count else { break }
                for index in start..<Swift.min(count, start + 16) {
                    results.set(index, transform(self[index]))
                }
            }
        }
        return results.values()
    }
}
/// Slots each written by exactly one worker, read after every worker has finished.
///
/// The slots are one buffer allocated up front: an array's `withUnsafeMutableBufferPointer` moves its storage out
/// for the duration of the call, and two workers calling it at once lose each other's writes.
private final class ResultSlots<T>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<T?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    func set(_ index: Int, _ value: T) { slots[index] = value }

    func values() -> [T] {
        slots.map { slot in
            guard let value = slot else { preconditionFailure("a slot was not written") }
            return value
        }
    }
}
