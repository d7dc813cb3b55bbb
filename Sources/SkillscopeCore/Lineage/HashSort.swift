/// Sorting of 64-bit hashes, by least-significant-digit radix sort: a file's phrase set is some thousand random
/// hashes, which the standard library's comparison sort (a merge sort) took about a fifth of the fingerprint time
/// to order.
public enum HashSort {
    /// Sorts `hashes` ascending.
    ///
    /// Eight passes of one byte each, skipping a pass when every hash has the same byte there. Below 128 hashes a
    /// comparison sort is quicker.
    public static func sort(_ hashes: inout [UInt64]) {
        let count = hashes.count
        guard count >= 128 else {
            hashes.sort()
            return
        }
        var spare = [UInt64](repeating: 0, count: count)
        var histogram = [Int](repeating: 0, count: 256 * 8)
        for hash in hashes {
            for digit in 0..<8 { histogram[digit << 8 | Int((hash >> UInt64(digit * 8)) & 0xFF)] += 1 }
        }
        for digit in 0..<8 {
            let base = digit << 8
            let shift = UInt64(digit * 8)
            // A byte every hash shares leaves the order as it is.
            if histogram[base | Int((hashes[0] >> shift) & 0xFF)] == count { continue }
            var total = 0
            for bucket in base..<base + 256 {
                let next = total + histogram[bucket]
                histogram[bucket] = total
                total = next
            }
            for hash in hashes {
                let bucket = base | Int((hash >> shift) & 0xFF)
                spare[histogram[bucket]] = hash
                histogram[bucket] += 1
            }
            swap(&hashes, &spare)
        }
    }
}
