public import SkillscopeCore
public import SkillscopeStore
internal import Synchronization

/// Parses kept for the copies of a file further down a listing, so that each content is parsed once.
///
/// Instruction files are copied word for word across repositories: 13.5% of the shared corpus's files repeat
/// another's bytes, and a parse (Markdown, rules, security scan, phrases, encoded columns) costs more than reading
/// and storing the copy. A source that knows each file's content before reading it (a manifest's sha256, a git
/// blob id: ``IngestEntry/expectedContent``) lets the ingest see where each content comes again; a parse is kept
/// until its last copy is met, and when the kept files pass the byte budget, the parse whose next copy is furthest
/// away is dropped first (which keeps the most reuses a budget allows).
///
/// The forecast only decides what is kept: a parse is reused for a file whose own sha256 equals the kept one's.
final class SharedParses: Sendable {
    /// What a copy reuses of its content's first parse.
    struct Parse: Sendable {
        var document: Document
        var encoded: EncodedFile
        /// The security report, when it was made without bundled scripts (which depend on the file's folder).
        var security: SecurityReport?
    }

    private struct Kept {
        var parse: Parse
        var next: Int
        var bytes: Int
    }

    private struct State {
        var kept: [String: Kept] = [:]
        /// A max-heap of (next use, sha256); an item whose next use is no longer its kept parse's is stale.
        var heap: [(next: Int, sha256: String)] = []
        var bytes = 0
        /// Listing positions already looked up (chunks are parsed in parallel, so not quite in order).
        var passed: [Bool]
    }

    /// For each listing position, the next position with the same expected content (`-1`: none).
    private let nextUse: [Int32]
    private let budget: Int
    private let state: Mutex<State>

    /// Plans for `entries`, keeping parsed files up to `budget` bytes of file content.
    init(entries: [IngestEntry], budget: Int) {
        var nextUse = [Int32](repeating: -1, count: entries.count)
        var seen: [UInt64: Int32] = [:]
        // By index: reversing `enumerated()` would first copy every entry into an array of pairs.
        for position in entries.indices.reversed() {
            guard let content = entries[position].expectedContent else { continue }
            if let later = seen.updateValue(Int32(position), forKey: content) { nextUse[position] = later }
        }
        self.nextUse = nextUse
        self.budget = budget
        state = Mutex(State(passed: [Bool](repeating: false, count: entries.count)))
    }

    /// The parse kept for a file whose sha256 is `sha256` at listing position `position` (counted from the listing's
    /// first entry), if any; `nil` for `sha256` only marks the position passed (a file unread, or unchanged).
    ///
    /// Every position is to be passed once, so that nothing is kept for a copy already gone by. A parse taken by its
    /// content's last position is let go even if a chunk behind still holds an earlier copy: that copy, looked up
    /// late, is parsed again.
    func take(_ sha256: String?, at position: Int) -> Parse? {
        state.withLock { state in
            state.passed[position] = true
            guard let sha256, var kept = state.kept[sha256] else { return nil }
            let next = upcoming(after: position, passed: state.passed)
            if next < 0 {
                state.kept[sha256] = nil
                state.bytes -= kept.bytes
            } else if next != kept.next {
                kept.next = next
                state.kept[sha256] = kept
                Self.push((next, sha256), onto: &state.heap)
            }
            return kept.parse
        }
    }

    /// Keeps `parse` of a file of `bytes` bytes at listing position `position`, if a copy of it is still to come.
    func keep(_ parse: Parse, sha256: String, bytes: Int, at position: Int) {
        guard nextUse[position] >= 0, bytes <= budget else { return }
        state.withLock { state in
            let next = upcoming(after: position, passed: state.passed)
            guard next >= 0 else { return }
            if var kept = state.kept[sha256] {
                guard next < kept.next else { return }
                kept.next = next
                state.kept[sha256] = kept
            } else {
                state.kept[sha256] = Kept(parse: parse, next: next, bytes: bytes)
                state.bytes += bytes
            }
            Self.push((next, sha256), onto: &state.heap)
            while state.bytes > budget, let (far, sha) = Self.pop(&state.heap) {
                guard let kept = state.kept[sha], kept.next == far else { continue }
                state.kept[sha] = nil
                state.bytes -= kept.bytes
            }
            // Stale items pile up as parses are reused: rebuild from the live ones when they outnumber them.
            if state.heap.count > 4 * state.kept.count + 1024 {
                state.heap = []
                for (sha, kept) in state.kept { Self.push((kept.next, sha), onto: &state.heap) }
            }
        }
    }

    /// Bytes of file content held now.
    var heldBytes: Int { state.withLock { $0.bytes } }

    /// The first position after `position` expected to hold the same content and not yet passed; `-1` for none.
    private func upcoming(after position: Int, passed: [Bool]) -> Int {
        var next = Int(nextUse[position])
        while next >= 0, passed[next] { next = Int(nextUse[next]) }
        return next
    }

    private static func push(_ item: (next: Int, sha256: String), onto heap: inout [(next: Int, sha256: String)]) {
        heap.append(item)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[parent].next < heap[child].next else { break }
            heap.swapAt(parent, child)
            child = parent
        }
    }

    private static func pop(_ heap: inout [(next: Int, sha256: String)]) -> (next: Int, sha256: String)? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let top = heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var largest = parent
            if left < heap.count, heap[left].next > heap[largest].next { largest = left }
            if right < heap.count, heap[right].next > heap[largest].next { largest = right }
            guard largest != parent else { break }
            heap.swapAt(parent, largest)
            parent = largest
        }
        return top
    }
}
