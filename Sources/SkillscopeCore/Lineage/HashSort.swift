/// Sorting of 64-bit hashes: a file's phrase set is some thousand random hashes, which the standard library's
/// comparison sort (a merge sort) took about a fifth of the fingerprint time to order.
public enum HashSort {
    /// Sorts `hashes` ascending.
    ///
    /// One counting pass spreads the hashes over about as many buckets as there are hashes, by their top bits,
    /// so random hashes land one or two to a bucket; each bucket is then put in order by insertion (or, when
    /// many hashes share their top bits, by a comparison sort). Below 128 hashes a comparison sort is quicker.
    ///
    /// - Complexity: O(n) for random hashes; O(n log n) at worst.
    public static func sort(_ hashes: inout [UInt64]) {
        let count = hashes.count
        guard count >= 128 else {
            hashes.sort()
            return
        }
        // The largest power of two at most `count`, and no more than 2^20 buckets (16 MB of counters: the passage
        // index sorts millions of distinct hashes at once).
        let bits = min(20, Int.bitWidth - 1 - count.leadingZeroBitCount)
        let shift = UInt64(64 - bits)
        var starts = [Int](repeating: 0, count: (1 << bits) + 1)
        for hash in hashes { starts[Int(hash >> shift) + 1] += 1 }
        for bucket in 1..<starts.count { starts[bucket] += starts[bucket - 1] }
        var next = starts
        var sorted = [UInt64](repeating: 0, count: count)
        for hash in hashes {
            let bucket = Int(hash >> shift)
            sorted[next[bucket]] = hash
            next[bucket] += 1
        }
        for bucket in 0..<(1 << bits) {
            let start = starts[bucket]
            let end = starts[bucket + 1]
            if end - start > 16 {
                sorted[start..<end].sort()
                continue
            }
            var index = start + 1
            while index < end {
                let hash = sorted[index]
                var hole = index
                while hole > start, sorted[hole - 1] > hash {
                    sorted[hole] = sorted[hole - 1]
                    hole -= 1
                }
                sorted[hole] = hash
                index += 1
            }
        }
        hashes = sorted
    }
}
