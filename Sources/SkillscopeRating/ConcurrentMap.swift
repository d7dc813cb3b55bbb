import Dispatch

extension Array where Element: Sendable {
    /// `map` on `workers` threads, each taking every `workers`-th stripe of 64 elements; the order is kept.
    public func concurrentMap<T: Sendable>(workers: Int = 2, _ transform: @Sendable (Element) -> T) -> [T] {
        guard count > 64, workers > 1 else { return map(transform) }
        let results = ResultSlots<T>(count: count)
        let stripes = (count + 63) / 64
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for stripe in stride(from: worker, to: stripes, by: workers) {
                for index in stripe * 64..<Swift.min(count, stripe * 64 + 64) {
                    results.set(index, transform(self[index]))
                }
            }
        }
        return results.values()
    }
}

/// Slots each written by exactly one worker, read after every worker has finished.
private final class ResultSlots<T>: @unchecked Sendable {
    private var slots: [T?]
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: T) {
        slots.withUnsafeMutableBufferPointer { $0[index] = value }
    }
    func values() -> [T] {
        slots.map { slot in
            guard let value = slot else { preconditionFailure("a slot was not written") }
            return value
        }
    }
}
