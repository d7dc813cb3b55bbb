/// A three-way merge of a file at rule level: base is the locked version, local the user's copy, upstream the
/// source's new version.
///
/// The three versions are cut into ``Chunk``s (a rule with its exact lines, or one other line). Chunks equal in
/// all three are stable; between stable chunks, a side that left the base alone takes the other side's change,
/// and when both sides changed the same chunks to different text the merge writes conflict markers holding all
/// three versions, so nothing is lost and nothing is decided silently. Gaps of equal length on every side merge
/// chunk by chunk, so edits to neighbouring rules on different sides both land.
public enum RuleMerge {
    /// Two sides changed the same rule (or lines) differently.
    public struct Conflict: Sendable, Hashable, Codable {
        /// The line of the `<<<<<<<` marker in the merged text.
        public var line: Int
        public var local: String
        public var base: String
        public var upstream: String
    }

    /// A merged text and its conflicts.
    public struct Result: Sendable, Hashable {
        public var text: String
        public var conflicts: [Conflict]
        /// Changes taken from the local copy and from upstream, rule by rule (relative to the base).
        public var localChanges: [RuleChange]
        public var upstreamChanges: [RuleChange]
    }

    /// Merges the three texts of the file at `path`.
    public static func merge(base: String, local: String, upstream: String, path: String) -> Result {
        let b = Chunk.split(base, path: path)
        let o = Chunk.split(local, path: path)
        let t = Chunk.split(upstream, path: path)
        var toLocal = [Int?](repeating: nil, count: b.count)
        var toUpstream = [Int?](repeating: nil, count: b.count)
        for (i, j) in Chunk.matches(b.map(\.text), o.map(\.text)) { toLocal[i] = j }
        for (i, j) in Chunk.matches(b.map(\.text), t.map(\.text)) { toUpstream[i] = j }
        var output: [String] = []
        var conflicts: [Conflict] = []
        var lineCount = 0
        func emit(_ text: String) {
            output.append(text)
            lineCount += Chunk.lines(of: text).count
        }
        func merge(_ base: [Chunk], _ ours: [Chunk], _ theirs: [Chunk]) {
            let baseText = base.map(\.text)
            let oursText = ours.map(\.text)
            let theirsText = theirs.map(\.text)
            if oursText == baseText {
                theirsText.forEach(emit)
            } else if theirsText == baseText || oursText == theirsText {
                oursText.forEach(emit)
            } else if base.count == ours.count, base.count == theirs.count, base.count > 1 {
                for index in base.indices { merge([base[index]], [ours[index]], [theirs[index]]) }
            } else {
                let marker = lineCount + 1
                let block = [
                    "<<<<<<< local\n", ended(oursText.joined()), "||||||| locked\n", ended(baseText.joined()),
                    "=======\n", ended(theirsText.joined()), ">>>>>>> upstream\n",
                ]
                block.forEach(emit)
                conflicts.append(
                    Conflict(
                        line: marker, local: ours.map(\.label).joined(separator: "\n"),
                        base: base.map(\.label).joined(separator: "\n"),
                        upstream: theirs.map(\.label).joined(separator: "\n")))
            }
        }
        var (i, j, k) = (0, 0, 0)
        while i <= b.count {
            guard let stable = (i..<b.count).first(where: { toLocal[$0] != nil && toUpstream[$0] != nil }),
                let oj = toLocal[stable], let tk = toUpstream[stable]
            else {
                merge(Array(b[i...]), Array(o[j...]), Array(t[k...]))
                break
            }
            if stable == i, oj == j, tk == k {
                emit(b[i].text)
                (i, j, k) = (i + 1, j + 1, k + 1)
                continue
            }
            merge(Array(b[i..<stable]), Array(o[j..<oj]), Array(t[k..<tk]))
            (i, j, k) = (stable, oj, tk)
        }
        return Result(
            text: output.joined(), conflicts: conflicts,
            localChanges: RuleDiff.changes(from: base, to: local, path: path),
            upstreamChanges: RuleDiff.changes(from: base, to: upstream, path: path))
    }

    /// `text` with a final `\n`, so a marker line that follows starts on its own line.
    private static func ended(_ text: String) -> String {
        text.isEmpty || text.utf8.last == 0x0A ? text : text + "\n"
    }
}
