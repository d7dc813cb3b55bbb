internal import Foundation
internal import Synchronization

extension SecurityScan {
    /// The findings of texts read already in one run, by their bytes: each text is read by ``TextScan`` once.
    ///
    /// A `check` over a tree reads a skill's reference Markdown twice, as a file of its own and as what the skill
    /// bundles, and a corpus repeats files word for word (1,063 of the shared corpus's 7,892). A text's findings
    /// depend on its bytes and on whether it is read as code, nothing else (the file's path only labels them), so a
    /// second reading of the same bytes takes the first one's findings. Bytes, not `String` equality: two texts
    /// that are canonically equivalent but spelled apart can scan apart (the byte pass reads bytes).
    ///
    /// One memo is safe to share between threads; two threads may both scan a text new to it, and the second
    /// result stored is the same as the first.
    public final class Memo: Sendable {
        private let found: Mutex<[Key: [SecurityReport.Finding]]> = Mutex([:])

        public init() {}

        /// A text, compared and hashed by its UTF-8 bytes, and how it is read.
        struct Key: Hashable, Sendable {
            var text: String
            var isScript: Bool
            /// The bytes' hash, made once: the dictionary asks again whenever it grows.
            var bytesHash: Int

            init(text: String, isScript: Bool) {
                self.text = text
                self.isScript = isScript
                var hasher = Hasher()
                text.utf8.span.bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
                bytesHash = hasher.finalize()
            }

            static func == (lhs: Key, rhs: Key) -> Bool {
                guard lhs.bytesHash == rhs.bytesHash, lhs.isScript == rhs.isScript,
                    lhs.text.utf8.count == rhs.text.utf8.count
                else { return false }
                return lhs.text.utf8.span.bytes.withUnsafeBytes { left in
                    rhs.text.utf8.span.bytes.withUnsafeBytes { right in
                        guard let first = left.baseAddress, let second = right.baseAddress else { return true }
                        return memcmp(first, second, left.count) == 0
                    }
                }
            }

            func hash(into hasher: inout Hasher) {
                hasher.combine(isScript)
                hasher.combine(bytesHash)
            }
        }

        /// The findings of `lines` read as code or not, labelled with `file`: those of the same bytes found before,
        /// else a new scan's.
        func findings(_ lines: TextLines, file: String?, isScript: Bool) -> [SecurityReport.Finding] {
            let key = Key(text: lines.text, isScript: isScript)
            let known = found.withLock { $0[key] }
            let unlabelled =
                known
                ?? {
                    let scanned = TextScan(lines: lines, file: nil, isScript: isScript).findings()
                    found.withLock { $0[key] = scanned }
                    return scanned
                }()
            guard let file else { return unlabelled }
            return unlabelled.map { finding in
                var labelled = finding
                labelled.file = file
                return labelled
            }
        }
    }

    /// The findings of ``TextScan`` over `lines`, through `memo` when there is one.
    static func textFindings(_ lines: TextLines, file: String?, isScript: Bool = false, memo: Memo?)
        -> [SecurityReport.Finding]
    {
        memo?.findings(lines, file: file, isScript: isScript)
            ?? TextScan(lines: lines, file: file, isScript: isScript).findings()
    }
}
