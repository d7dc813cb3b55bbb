/// Winnowing (Schleimer, Wilkerson and Aiken, 2003): from each window of `window` consecutive phrase hashes keep
/// the smallest (the rightmost on ties), so two texts that share a passage of at least `window + 4` words share
/// at least one kept hash.
///
/// With phrases of five words, a shared run of `window + 4` words holds `window` shared consecutive phrases,
/// one full window, whose minimum both texts keep. Skillscope uses ``defaultWindow`` = 12: every shared passage of
/// 16 words or more proposes its files as candidates, and about 2/(12+1) ≈ 15% of a text's phrases are kept.
public enum Winnowing {
    /// The window in phrases.
    ///
    /// The default guarantee is 16 words.
    public static let defaultWindow = 12

    /// The fingerprints of a text's phrase hashes in text order (not deduplicated by the caller), sorted and
    /// distinct.
    ///
    /// Each window keeps its smallest hash, the rightmost of equal ones. While the last window's choice is still
    /// inside the next window, only the hash entering it can take its place; the window is read again only when
    /// the choice falls out of it.
    ///
    /// - Complexity: O(n) for random hashes; O(n × window) at worst.
    public static func fingerprints(ofSequence hashes: [UInt64], window: Int = defaultWindow) -> [UInt64] {
        guard hashes.count > window else { return Array(Set(hashes)).sorted() }
        var kept: [UInt64] = []
        kept.reserveCapacity(hashes.count * 2 / (window + 1) + 2)
        var lastIndex = -1
        var minIndex = -1
        for start in 0...(hashes.count - window) {
            let entering = start + window - 1
            if minIndex < start {
                minIndex = start
                for index in start...entering where hashes[index] <= hashes[minIndex] { minIndex = index }
            } else if hashes[entering] <= hashes[minIndex] {
                minIndex = entering
            }
            if minIndex != lastIndex {
                kept.append(hashes[minIndex])
                lastIndex = minIndex
            }
        }
        kept.sort()
        return kept.uniqued()
    }
}
